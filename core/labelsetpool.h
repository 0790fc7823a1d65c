#pragma once

#include "flatindex.h"
#include "hugepages.h"
#include "labels.h"
#include "packedids.h"
#include "textarena.h"

#include <algorithm>
#include <compare>
#include <cstdint>
#include <optional>
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
    /// @brief Takes `strings` as the whole pool, id = index (a loader whose dictionary already
    /// numbers unique texts: no id is translated). The ids `present` marks false are holes:
    /// their text is empty and they are never found or interned. Replaces what the pool held.
    void adopt(TextArena &&strings, std::vector<bool> &&present);
    /// False for a hole left by adopt().
    bool holds(std::uint32_t id) const
    {
        return id < m_strings.size() && (m_present.empty() || m_present[id]);
    }
    /// Valid until the next intern().
    std::string_view at(std::uint32_t id) const { return m_strings.at(id); }
    size_t size() const { return m_strings.size(); }
    /// Id of `s`, or -1.
    std::int64_t find(std::string_view s) const;

private:
    void indexAll() const;

    TextArena m_strings;
    std::vector<bool> m_present;  ///< empty, or false at the holes adopt() left
    mutable FlatIndex m_index;    ///< over m_strings[0, m_indexed)
    mutable size_t m_indexed = 0; ///< strings adopt() took are indexed lazily
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
    /// Value for `key`, or nullopt when absent.
    std::optional<std::string_view> find(std::string_view key) const;
    size_t size() const;
    bool empty() const { return size() == 0; }
    /// Key and value of label `i` (0 ≤ i < size()), in key order.
    std::string_view key(size_t i) const;
    std::string_view value(size_t i) const;
    LabelMap toMap() const;

private:
    const LabelSetPool *m_pool;
    std::uint32_t m_id;
};

/// @brief Interns label sets so that attribution works per distinct set, not per row.
///
/// Each key and each value text is held once (a pool for keys, one for values). A set is its
/// shape — the sequence of its key ids, in key order, stored once for all sets that share it —
/// and a run of value ids, one per key, packed in 3 bytes while every id fits (PackedIds).
/// Memory follows the distinct texts plus one value id per label (per-request metadata makes
/// sets about as many as rows: ten million sets of 13.3 labels take 399 MB of ids), and an
/// owner key is read as a column of value ids: its place in each shape is found once
/// (shapePosition), so per-request sets stay cheap to attribute.
class LabelSetPool final
{
public:
    struct Pair
    {
        std::uint32_t key = 0, value = 0; ///< ids of keyText() and valueText()
        friend bool operator==(const Pair &, const Pair &) = default;
    };
    static constexpr std::uint32_t kAbsent = 0xffffffffU;

    /// @brief A set's labels as (key id, value id) pairs, read from its shape and values.
    class Pairs final
    {
    public:
        class Iterator final
        {
        public:
            using value_type = Pair;
            using difference_type = std::ptrdiff_t;
            Iterator() = default;
            Iterator(const std::uint32_t *key, PackedIdRun values)
                : m_key(key)
                , m_values(values)
            {}
            Pair operator*() const { return {*m_key, m_values[m_at]}; }
            Iterator &operator++()
            {
                ++m_key;
                ++m_at;
                return *this;
            }
            Iterator operator++(int)
            {
                Iterator old = *this;
                ++*this;
                return old;
            }
            friend bool operator==(const Iterator &a, const Iterator &b)
            {
                return a.m_key == b.m_key;
            }

        private:
            const std::uint32_t *m_key = nullptr;
            PackedIdRun m_values;
            size_t m_at = 0;
        };
        Pairs(std::span<const std::uint32_t> keys, PackedIdRun values)
            : m_keys(keys)
            , m_values(values)
        {}
        size_t size() const { return m_keys.size(); }
        bool empty() const { return m_keys.empty(); }
        Pair operator[](size_t i) const { return {m_keys[i], m_values[i]}; }
        Iterator begin() const { return {m_keys.data(), m_values}; }
        Iterator end() const { return {m_keys.data() + m_keys.size(), {}}; }
        std::span<const std::uint32_t> keys() const { return m_keys; }
        PackedIdRun values() const { return m_values; }

    private:
        std::span<const std::uint32_t> m_keys;
        PackedIdRun m_values;
    };

    /// Ids are handed out in first-seen order.
    std::uint32_t intern(const LabelMap &labels);
    /// Interns a set given as ids (internKey, internValue) sorted by key text, keys unique.
    std::uint32_t internPairs(std::span<const Pair> pairs);
    /// The hash internPairs uses.
    static std::uint64_t hashOf(std::span<const Pair> pairs);
    /// hashOf a set of `n` labels whose value ids, in key order, are `value(0)`…`value(n-1)`.
    /// Only the values are hashed (sets that differ in their keys alone are rare), two per
    /// step: a loader hashes a set as it reads it, before its keys are translated.
    template<class Value> static std::uint64_t hashOfValues(size_t n, Value &&value)
    {
        std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
        size_t i = 0;
        for (; i + 1 < n; i += 2)
            h = mixHash(h, std::uint64_t{value(i)} << 32 | value(i + 1));
        if (i < n)
            h = mixHash(h, std::uint64_t{value(i)});
        return h;
    }
    /// Starts loading the index slot a set of that hash will probe: a loader that interns many
    /// sets translates a few thousand, prefetches each, then interns them in order.
    void prefetchHash(std::uint64_t hash) const;
    /// internPairs given hashOf(pairs).
    std::uint32_t internHashedPairs(std::span<const Pair> pairs, std::uint64_t hash);
    /// Sets the index holds (those of the shapes interned so far).
    size_t setsIndexed() const { return m_index.size(); }
    /// @brief Appends a set the caller knows the pool does not hold, without looking it up: a
    /// loader whose stored sets are unique (and which sees where two may meet). Such sets are
    /// indexed when a set of their shape is interned (only a set of the same keys can equal
    /// one); a load that never interns builds no index (at ten million per-request sets,
    /// 268 MB), and one that interns a few sets of other keys indexes only those keys' sets.
    std::uint32_t appendNewSet(std::span<const Pair> pairs);
    /// appendNewSet() for a set given as its shape (shapeOfKeys) and one value id per key.
    std::uint32_t appendNewSet(std::uint32_t shape, std::span<const std::uint32_t> values);
    /// @brief Keeps the sets `keep` marks non-zero, in their order, and drops the others (a
    /// loader that added every stored set, some of which carry no cost). Returns each old id's
    /// new id, kAbsent for a dropped set. Texts and shapes stay.
    std::vector<std::uint32_t> keepSets(const std::vector<char> &keep);
    /// The shape of a key sequence (key ids in key order), added when new.
    std::uint32_t shapeOfKeys(std::span<const std::uint32_t> keys);
    std::uint32_t internKey(std::string_view s) { return m_keys.intern(s); }
    std::uint32_t internValue(std::string_view s) { return m_values.intern(s); }
    /// StringPool::adopt for the value texts: value id = index into `texts`. Before the first
    /// set is interned, or after sets were appended by those ids (a loader of stored sets).
    void adoptValues(TextArena &&texts, std::vector<bool> &&present)
    {
        // Wide from the start when no set is there to rewrite; sets already appended widen
        // their ids only if one needs it (PackedIds::append).
        if (texts.size() > PackedIds::kNarrowMax && m_setValues.size() == 0)
            m_setValues.widen(4);
        m_values.adopt(std::move(texts), std::move(present));
    }
    /// False for a value id that is a hole of adoptValues() (or out of range).
    bool holdsValue(std::uint32_t value) const { return m_values.holds(value); }
    /// Id of a value text, or kAbsent when no set's value has it.
    std::uint32_t valueId(std::string_view text) const;

    /// Room for `sets` sets of `labels` labels in all without growing (the index grows as
    /// sets are interned).
    void reserve(size_t sets, size_t labels)
    {
        m_begin.reserve(sets + 1);
        m_setShape.reserve(sets);
        m_setValues.reserve(labels);
    }
    /// Faults in, on another thread (hugepages::prefault), the room reserve() made for the first
    /// `sets` sets and `labels` labels: the caller is about to fill it. Only what is expected,
    /// not the reserve's margin, so that an unused margin stays out of the resident memory.
    void prefault(size_t sets, size_t labels) const
    {
        hugepages::prefault(m_begin.data(),
                            std::min(sets + 1, m_begin.capacity()) * sizeof(std::uint32_t));
        m_setValues.prefault(labels);
    }
    /// A copy of set `id` as a LabelMap.
    LabelMap at(std::uint32_t id) const;
    LabelSetRef ref(std::uint32_t id) const { return LabelSetRef(*this, id); }
    Pairs pairs(std::uint32_t id) const { return {shapeKeys(m_setShape[id]), values(id)}; }
    /// Set `id`'s value ids, one per key of its shape.
    PackedIdRun values(std::uint32_t id) const
    {
        return m_setValues.run(m_begin[id], m_begin[id + 1]);
    }
    /// Bytes per stored value id: 3 while the value texts are fewer than 2^24, else 4.
    unsigned valueIdBytes() const { return m_setValues.width(); }
    /// Bytes per stored shape id: 1 while the shapes are fewer than 256.
    unsigned shapeIdBytes() const { return m_setShape.width(); }
    size_t size() const { return m_setShape.size(); }
    std::string_view keyText(std::uint32_t key) const { return m_keys.at(key); }
    std::string_view valueText(std::uint32_t value) const { return m_values.at(value); }
    size_t keyCount() const { return m_keys.size(); }
    size_t valueCount() const { return m_values.size(); }
    /// Id of a key, or kAbsent when no set has it.
    std::uint32_t keyId(std::string_view key) const;
    /// The value id of key id `key` in set `set`, or kAbsent.
    std::uint32_t valueId(std::uint32_t set, std::uint32_t key) const
    {
        const std::uint32_t at = shapePosition(m_setShape[set], key);
        return at == kAbsent ? kAbsent : m_setValues[size_t{m_begin[set]} + at];
    }
    /// Orders two sets as their LabelMaps compare.
    std::strong_ordering compare(std::uint32_t a, std::uint32_t b) const;

    /// The shapes: distinct key sequences, numbered in first-seen order.
    size_t shapeCount() const { return m_shapeBegin.size() - 1; }
    std::uint32_t shapeOf(std::uint32_t set) const { return m_setShape[set]; }
    std::span<const std::uint32_t> shapeKeys(std::uint32_t shape) const
    {
        return {m_shapeKeys.data() + m_shapeBegin[shape],
                m_shapeKeys.data() + m_shapeBegin[shape + 1]};
    }
    /// Where key id `key` stands in shape `shape` (an index into a set's values()), or kAbsent.
    std::uint32_t shapePosition(std::uint32_t shape, std::uint32_t key) const
    {
        const std::span<const std::uint32_t> keys = shapeKeys(shape);
        for (size_t i = 0; i < keys.size(); ++i)
            if (keys[i] == key)
                return static_cast<std::uint32_t>(i);
        return kAbsent;
    }

private:
    /// The shape of `pairs`' keys, added when new.
    std::uint32_t internShape(std::span<const Pair> pairs);
    bool equalSet(std::uint32_t set, std::span<const Pair> pairs) const;
    /// Makes the index hold every set of `shape` (from then on, as they are appended too),
    /// and the sets appendNewSet() added since the last intern whose shape it holds.
    void indexSets(std::uint32_t shape);
    void indexSet(std::uint32_t set);
    /// The shape's first set is at or after this (kAbsent: none yet).
    std::uint32_t firstSetOf(std::uint32_t shape) const
    {
        return shape < m_shapeFirstSet.size() ? m_shapeFirstSet[shape] : kAbsent;
    }
    void noteSet(std::uint32_t shape, std::uint32_t set)
    {
        if (shape >= m_shapeFirstSet.size())
            m_shapeFirstSet.resize(shape + 1, kAbsent);
        m_shapeFirstSet[shape] = std::min(m_shapeFirstSet[shape], set);
    }
    bool shapeIndexed(std::uint32_t shape) const
    {
        return shape < m_shapeIndexed.size() && m_shapeIndexed[shape] != 0;
    }

    StringPool m_keys, m_values;
    std::vector<std::uint32_t> m_shapeKeys;     ///< every shape's key ids, one after another
    std::vector<std::uint32_t> m_shapeBegin{0}; ///< shape i is m_shapeKeys[begin[i], begin[i+1])
    FlatIndex m_shapeIndex;                     ///< shapes by the hash of their keys
    std::uint32_t m_lastShape = kAbsent;        ///< the shape interned last
    PackedIds m_setShape{1};                    ///< per set: few shapes, one byte while < 256
    PackedIds m_setValues{3};                   ///< every set's value ids
    std::vector<std::uint32_t> m_begin{0}; ///< set i's values are m_setValues[begin[i], begin[i+1])
    /// The sets of the shapes m_shapeIndexed marks among [0, m_indexedSets), by the hash of
    /// their pairs; the sets appendNewSet() added after them are indexed at the next intern.
    FlatIndex m_index;
    size_t m_indexedSets = 0;
    std::vector<char> m_shapeIndexed;           ///< per shape: its sets are in m_index
    std::vector<std::uint32_t> m_shapeFirstSet; ///< per shape: a lower bound of its first set
    std::vector<Pair> m_scratch;                ///< intern(LabelMap)'s pairs
    std::vector<std::uint32_t> m_scratchValues; ///< appendNewSet(pairs)'s values
};

inline std::optional<std::string_view> LabelSetRef::find(std::string_view key) const
{
    for (const LabelSetPool::Pair &p : m_pool->pairs(m_id))
        if (m_pool->keyText(p.key) == key)
            return m_pool->valueText(p.value);
    return std::nullopt;
}

inline size_t LabelSetRef::size() const
{
    return m_pool->pairs(m_id).size();
}

inline std::string_view LabelSetRef::key(size_t i) const
{
    return m_pool->keyText(m_pool->pairs(m_id)[i].key);
}

inline std::string_view LabelSetRef::value(size_t i) const
{
    return m_pool->valueText(m_pool->pairs(m_id)[i].value);
}

} // namespace unalloc::core
