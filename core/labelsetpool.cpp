#include "labelsetpool.h"

#include <algorithm>

namespace unalloc::core {

namespace {

/// Hash of a set's id pairs: equal sets of one pool have equal pairs (each text has one id).
std::uint64_t hashPairs(std::span<const LabelSetPool::Pair> pairs)
{
    return LabelSetPool::hashOfValues(pairs.size(), [&pairs](size_t i) { return pairs[i].value; });
}

std::uint64_t hashText(std::string_view s)
{
    return std::hash<std::string_view>{}(s);
}

} // namespace

void StringPool::indexAll() const
{
    for (; m_indexed < m_strings.size(); ++m_indexed)
        if (m_present.empty() || m_present[m_indexed])
            m_index.findOrInsert(hashText(m_strings.at(m_indexed)),
                                 static_cast<std::uint32_t>(m_indexed),
                                 [](std::uint32_t) { return false; });
}

std::uint32_t StringPool::intern(std::string_view s)
{
    if (holds(m_last) && m_strings.at(m_last) == s)
        return m_last;
    indexAll();
    const auto [id, inserted] =
        m_index.findOrInsert(hashText(s), static_cast<std::uint32_t>(m_strings.size()),
                             [&](std::uint32_t i) { return m_strings.at(i) == s; });
    if (inserted) {
        m_strings.push(s);
        if (!m_present.empty())
            m_present.push_back(true);
        m_indexed = m_strings.size();
    }
    return m_last = id;
}

void StringPool::adopt(TextArena &&strings, std::vector<bool> &&present)
{
    m_strings = std::move(strings);
    m_present = std::move(present);
    m_present.resize(m_strings.size(), false);
    m_index = FlatIndex{};
    m_indexed = 0;
    m_last = 0;
}

std::int64_t StringPool::find(std::string_view s) const
{
    indexAll();
    const std::uint32_t id =
        m_index.find(hashText(s), [&](std::uint32_t i) { return m_strings.at(i) == s; });
    return id == FlatIndex::kNone ? -1 : static_cast<std::int64_t>(id);
}

LabelMap LabelSetRef::toMap() const
{
    return m_pool->at(m_id);
}

std::uint64_t LabelSetPool::hashOf(std::span<const Pair> pairs)
{
    return hashPairs(pairs);
}

void LabelSetPool::prefetchHash(std::uint64_t hash) const
{
    m_index.prefetch(hash);
}

std::uint32_t LabelSetPool::internPairs(std::span<const Pair> pairs)
{
    return internHashedPairs(pairs, hashPairs(pairs));
}

namespace {

/// True when `ids` are the keys (key) or the values (value) of `pairs`, in order.
template<std::uint32_t LabelSetPool::Pair::*Member, class Ids>
bool sameIds(const Ids &ids, std::span<const LabelSetPool::Pair> pairs)
{
    if (ids.size() != pairs.size())
        return false;
    for (size_t i = 0; i < ids.size(); ++i)
        if (ids[i] != pairs[i].*Member)
            return false;
    return true;
}

} // namespace

std::uint32_t LabelSetPool::internShape(std::span<const Pair> pairs)
{
    const auto sameKeys = [&](std::uint32_t shape) {
        return sameIds<&Pair::key>(shapeKeys(shape), pairs);
    };
    // Sets of one source come with few shapes, often one after another.
    if (m_lastShape != kAbsent && sameKeys(m_lastShape))
        return m_lastShape;
    std::uint64_t h = 0x7F4A7C159E3779B9ULL ^ pairs.size();
    for (const Pair &p : pairs)
        h = mixHash(h, p.key);
    const auto [shape, inserted] =
        m_shapeIndex.findOrInsert(h, static_cast<std::uint32_t>(shapeCount()), sameKeys);
    if (inserted) {
        for (const Pair &p : pairs)
            m_shapeKeys.push_back(p.key);
        m_shapeBegin.push_back(static_cast<std::uint32_t>(m_shapeKeys.size()));
    }
    return m_lastShape = shape;
}

bool LabelSetPool::equalSet(std::uint32_t set, std::span<const Pair> pairs) const
{
    // Values first: sets that share a hash slot mostly share their shape too.
    return sameIds<&Pair::value>(values(set), pairs) &&
           sameIds<&Pair::key>(shapeKeys(m_setShape[set]), pairs);
}

void LabelSetPool::indexSet(std::uint32_t set)
{
    const PackedIdRun v = values(set);
    m_index.findOrInsert(hashOfValues(v.size(), [&v](size_t i) { return v[i]; }), set,
                         [](std::uint32_t) { return false; });
}

void LabelSetPool::indexSets(std::uint32_t shape)
{
    if (!shapeIndexed(shape)) {
        if (shape >= m_shapeIndexed.size())
            m_shapeIndexed.resize(shape + 1, 0);
        m_shapeIndexed[shape] = 1;
        // Its sets among those already passed over, in id order as the rest (the lowest id of
        // equal sets is found first); from its first set on, not from the pool's.
        const size_t passed = m_indexedSets;
        for (size_t set = std::min<size_t>(firstSetOf(shape), passed); set < passed; ++set)
            if (m_setShape[set] == shape)
                indexSet(static_cast<std::uint32_t>(set));
    }
    for (; m_indexedSets < size(); ++m_indexedSets)
        if (shapeIndexed(m_setShape[m_indexedSets]))
            indexSet(static_cast<std::uint32_t>(m_indexedSets));
}

std::uint32_t LabelSetPool::appendNewSet(std::uint32_t shape, std::span<const std::uint32_t> values)
{
    const auto set = static_cast<std::uint32_t>(size());
    noteSet(shape, set);
    m_setShape.push_back(shape);
    m_setValues.append(values);
    m_begin.push_back(static_cast<std::uint32_t>(m_setValues.size()));
    return set;
}

std::vector<std::uint32_t> LabelSetPool::keepSets(const std::vector<char> &keep)
{
    std::vector<std::uint32_t> newId(size(), kAbsent);
    std::uint32_t kept = 0;
    std::uint32_t at = 0; // where the kept sets' values go
    for (std::uint32_t set = 0; set < size(); ++set) {
        if (set >= keep.size() || !keep[set])
            continue;
        const std::uint32_t from = m_begin[set], to = m_begin[set + 1];
        if (at != from) // moves down: the kept sets before it took no more room than it had
            m_setValues.moveDown(from, to, at);
        m_setShape.moveDown(set, set + 1, kept);
        m_begin[kept] = at;
        at += to - from;
        newId[set] = kept++;
    }
    m_setShape.truncate(kept);
    m_setValues.truncate(at);
    m_begin.resize(kept + 1);
    m_begin[kept] = at;
    m_index.clear();
    m_indexedSets = 0;
    m_shapeIndexed.clear();
    m_shapeFirstSet.clear();
    for (std::uint32_t set = 0; set < kept; ++set)
        noteSet(m_setShape[set], set);
    return newId;
}

std::uint32_t LabelSetPool::shapeOfKeys(std::span<const std::uint32_t> keys)
{
    m_scratch.clear();
    for (const std::uint32_t k : keys)
        m_scratch.push_back({k, 0});
    return internShape(m_scratch);
}

std::uint32_t LabelSetPool::appendNewSet(std::span<const Pair> pairs)
{
    m_scratchValues.clear();
    for (const Pair &p : pairs)
        m_scratchValues.push_back(p.value);
    return appendNewSet(internShape(pairs), m_scratchValues);
}

std::uint32_t LabelSetPool::internHashedPairs(std::span<const Pair> pairs, std::uint64_t hash)
{
    const std::uint32_t shape = internShape(pairs);
    if (!shapeIndexed(shape) || m_indexedSets < size())
        indexSets(shape);
    const auto [id, inserted] =
        m_index.findOrInsert(hash, static_cast<std::uint32_t>(size()),
                             [&](std::uint32_t i) { return equalSet(i, pairs); });
    if (inserted) {
        m_scratchValues.clear();
        for (const Pair &p : pairs)
            m_scratchValues.push_back(p.value);
        appendNewSet(shape, m_scratchValues);
        m_indexedSets = size();
    }
    return id;
}

std::uint32_t LabelSetPool::intern(const LabelMap &labels)
{
    m_scratch.clear();
    for (const auto &[k, v] : labels.entries())
        m_scratch.push_back({m_keys.intern(k), m_values.intern(v)});
    return internPairs(m_scratch);
}

LabelMap LabelSetPool::at(std::uint32_t id) const
{
    std::vector<LabelMap::Entry> entries;
    entries.reserve(pairs(id).size());
    for (const Pair &p : pairs(id))
        entries.emplace_back(keyText(p.key), valueText(p.value));
    return LabelMap(std::move(entries));
}

std::uint32_t LabelSetPool::keyId(std::string_view key) const
{
    const std::int64_t id = m_keys.find(key);
    return id < 0 ? kAbsent : static_cast<std::uint32_t>(id);
}

std::uint32_t LabelSetPool::valueId(std::string_view text) const
{
    const std::int64_t id = m_values.find(text);
    return id < 0 ? kAbsent : static_cast<std::uint32_t>(id);
}

std::strong_ordering LabelSetPool::compare(std::uint32_t a, std::uint32_t b) const
{
    if (a == b)
        return std::strong_ordering::equal;
    const Pairs pa = pairs(a), pb = pairs(b);
    const size_t n = std::min(pa.size(), pb.size());
    for (size_t i = 0; i < n; ++i) {
        if (pa[i].key != pb[i].key) {
            if (auto c = keyText(pa[i].key) <=> keyText(pb[i].key); c != 0)
                return c;
        }
        if (pa[i].value != pb[i].value) {
            if (auto c = valueText(pa[i].value) <=> valueText(pb[i].value); c != 0)
                return c;
        }
    }
    return pa.size() <=> pb.size();
}

} // namespace unalloc::core
