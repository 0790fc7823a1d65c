#pragma once

#include "labels.h"

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief Interns short strings (sources, cost object names, label text) to dense ids.
class StringPool final
{
public:
    std::uint32_t intern(std::string_view s);
    const std::string &at(std::uint32_t id) const { return m_strings[id]; }
    size_t size() const { return m_strings.size(); }
    /// Id of `s`, or -1.
    std::int64_t find(std::string_view s) const;

private:
    struct Hash
    {
        using is_transparent = void;
        size_t operator()(std::string_view s) const noexcept
        {
            return std::hash<std::string_view>{}(s);
        }
    };
    std::vector<std::string> m_strings;
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_index;
    std::uint32_t m_last = 0; ///< the id found last: loaders often meet one string in a row
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
/// Each key and value text is held once (one string pool for both); a set is a run of
/// (key id, value id) pairs in key order. Memory follows the distinct texts plus the labels
/// per set, not a copy of every text per set, and an owner key is read as a column of value
/// ids (valueId), so per-request metadata (sessions, end users, IPs) that makes sets about
/// as many as rows stays cheap.
class LabelSetPool final
{
public:
    struct Pair
    {
        std::uint32_t key = 0, value = 0; ///< ids of text()
        friend bool operator==(const Pair &, const Pair &) = default;
    };
    static constexpr std::uint32_t kAbsent = 0xffffffffU;

    /// Ids are handed out in first-seen order.
    std::uint32_t intern(const LabelMap &labels);
    /// Interns a set given as text ids (internText) sorted by key text, keys unique.
    std::uint32_t internPairs(std::span<const Pair> pairs);
    std::uint32_t internText(std::string_view s) { return m_text.intern(s); }

    /// A copy of set `id` as a LabelMap.
    LabelMap at(std::uint32_t id) const;
    LabelSetRef ref(std::uint32_t id) const { return LabelSetRef(*this, id); }
    std::span<const Pair> pairs(std::uint32_t id) const
    {
        return {m_pairs.data() + m_begin[id], m_pairs.data() + m_begin[id + 1]};
    }
    size_t size() const { return m_begin.size() - 1; }
    const std::string &text(std::uint32_t textId) const { return m_text.at(textId); }
    size_t textCount() const { return m_text.size(); }
    /// Id of a text, or kAbsent when no set uses it.
    std::uint32_t textId(std::string_view s) const;
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
    std::uint32_t find(std::span<const Pair> pairs, std::uint64_t h) const;
    std::uint32_t add(std::span<const Pair> pairs, std::uint64_t h);
    void index(std::uint32_t id);

    StringPool m_text;
    std::vector<Pair> m_pairs;
    std::vector<std::uint32_t> m_begin{0}; ///< set i is m_pairs[m_begin[i], m_begin[i + 1])
    std::vector<std::uint64_t> m_hashes;   ///< per set
    std::vector<std::uint32_t> m_slots;    ///< open addressing by hash: id + 1, 0 empty
    std::vector<Pair> m_scratch;           ///< intern(LabelMap)'s pairs
};

inline const std::string *LabelSetRef::find(std::string_view key) const
{
    for (const LabelSetPool::Pair &p : m_pool->pairs(m_id))
        if (m_pool->text(p.key) == key)
            return &m_pool->text(p.value);
    return nullptr;
}

inline size_t LabelSetRef::size() const
{
    return m_pool->pairs(m_id).size();
}

inline const std::string &LabelSetRef::key(size_t i) const
{
    return m_pool->text(m_pool->pairs(m_id)[i].key);
}

inline const std::string &LabelSetRef::value(size_t i) const
{
    return m_pool->text(m_pool->pairs(m_id)[i].value);
}

} // namespace unalloc::core
