#pragma once

#include "flatindex.h"
#include "labels.h"

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// @brief Interns strings (sources, cost object names, label text) to dense ids, each text
/// stored once (the index holds ids and hash bits, not copies).
class StringPool final
{
public:
    std::uint32_t intern(std::string_view s);
    /// Appends `s` without looking it up: the caller knows the pool does not hold it (a
    /// loader of a dictionary whose texts are unique). Indexed at the next intern or find.
    std::uint32_t appendUnique(std::string &&s);
    const std::string &at(std::uint32_t id) const { return m_strings[id]; }
    size_t size() const { return m_strings.size(); }
    /// Id of `s`, or -1.
    std::int64_t find(std::string_view s) const;

private:
    void indexAll() const;

    std::vector<std::string> m_strings;
    mutable FlatIndex m_index;    ///< over m_strings[0, m_indexed)
    mutable size_t m_indexed = 0; ///< strings appended by appendUnique are indexed lazily
    std::uint32_t m_last = 0;     ///< the id found last: loaders often meet one string in a row
};

class LabelSetPool;

/// @brief One interned label set, read in place: what LabelMap offers, without copying text.
class LabelSetRef final
{
public:
    LabelSetRef(const LabelSetPool &pool, std::uint32_t id)
        : m_pool(&pool)
        , m_id(id)
    {}
    /// Value for `key`, or nullptr when absent.
    const std::string *find(std::string_view key) const;
    size_t size() const;
    bool empty() const { return size() == 0; }
    /// Key and value of label `i` (0 ≤ i < size()), in key order.
    const std::string &key(size_t i) const;
    const std::string &value(size_t i) const;
    LabelMap toMap() const;

private:
    const LabelSetPool *m_pool;
    std::uint32_t m_id;
};

/// @brief Interns label sets so that attribution works per distinct set, not per row.
///
/// Each key and each value text is held once (a pool for keys, one for values); a set is a
/// run of (key id, value id) pairs in key order. Memory follows the distinct texts plus the labels
/// per set, not a copy of every text per set, and an owner key is read as a column of value
/// ids (valueId), so per-request metadata (sessions, end users, IPs) that makes sets about
/// as many as rows stays cheap.
class LabelSetPool final
{
public:
    struct Pair
    {
        std::uint32_t key = 0, value = 0; ///< ids of keyText() and valueText()
        friend bool operator==(const Pair &, const Pair &) = default;
    };
    static constexpr std::uint32_t kAbsent = 0xffffffffU;

    /// Ids are handed out in first-seen order.
    std::uint32_t intern(const LabelMap &labels);
    /// Interns a set given as ids (internKey, internValue) sorted by key text, keys unique.
    std::uint32_t internPairs(std::span<const Pair> pairs);
    /// The hash internPairs uses.
    static std::uint64_t hashOf(std::span<const Pair> pairs);
    /// Starts loading the index slot a set of that hash will probe: a loader that interns many
    /// sets translates a few thousand, prefetches each, then interns them in order.
    void prefetchHash(std::uint64_t hash) const;
    /// internPairs given hashOf(pairs).
    std::uint32_t internHashedPairs(std::span<const Pair> pairs, std::uint64_t hash);
    std::uint32_t internKey(std::string_view s) { return m_keys.intern(s); }
    std::uint32_t internValue(std::string_view s) { return m_values.intern(s); }
    /// StringPool::appendUnique for a value text.
    std::uint32_t appendUniqueValue(std::string &&s) { return m_values.appendUnique(std::move(s)); }

    /// Room for `sets` sets of `labels` labels in all without growing.
    void reserve(size_t sets, size_t labels)
    {
        m_index.reserve(sets);
        m_begin.reserve(sets + 1);
        m_pairs.reserve(labels);
    }
    /// A copy of set `id` as a LabelMap.
    LabelMap at(std::uint32_t id) const;
    LabelSetRef ref(std::uint32_t id) const { return LabelSetRef(*this, id); }
    std::span<const Pair> pairs(std::uint32_t id) const
    {
        return {m_pairs.data() + m_begin[id], m_pairs.data() + m_begin[id + 1]};
    }
    size_t size() const { return m_begin.size() - 1; }
    const std::string &keyText(std::uint32_t key) const { return m_keys.at(key); }
    const std::string &valueText(std::uint32_t value) const { return m_values.at(value); }
    size_t keyCount() const { return m_keys.size(); }
    size_t valueCount() const { return m_values.size(); }
    /// Id of a key, or kAbsent when no set has it.
    std::uint32_t keyId(std::string_view key) const;
    /// The value id of key id `key` in set `set`, or kAbsent.
    std::uint32_t valueId(std::uint32_t set, std::uint32_t key) const
    {
        for (const Pair &p : pairs(set))
            if (p.key == key)
                return p.value;
        return kAbsent;
    }
    /// Orders two sets as their LabelMaps compare.
    std::strong_ordering compare(std::uint32_t a, std::uint32_t b) const;

private:
    StringPool m_keys, m_values;
    std::vector<Pair> m_pairs;
    std::vector<std::uint32_t> m_begin{0}; ///< set i is m_pairs[m_begin[i], m_begin[i + 1])
    FlatIndex m_index;                     ///< sets by the hash of their pairs
    std::vector<Pair> m_scratch;           ///< intern(LabelMap)'s pairs
};

inline const std::string *LabelSetRef::find(std::string_view key) const
{
    for (const LabelSetPool::Pair &p : m_pool->pairs(m_id))
        if (m_pool->keyText(p.key) == key)
            return &m_pool->valueText(p.value);
    return nullptr;
}

inline size_t LabelSetRef::size() const
{
    return m_pool->pairs(m_id).size();
}

inline const std::string &LabelSetRef::key(size_t i) const
{
    return m_pool->keyText(m_pool->pairs(m_id)[i].key);
}

inline const std::string &LabelSetRef::value(size_t i) const
{
    return m_pool->valueText(m_pool->pairs(m_id)[i].value);
}

} // namespace unalloc::core
