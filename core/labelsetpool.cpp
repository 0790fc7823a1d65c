#include "labelsetpool.h"

#include <algorithm>

namespace unalloc::core {

namespace {

/// Hash of a set's id pairs: equal sets of one pool have equal pairs (each text has one id).
std::uint64_t hashPairs(std::span<const LabelSetPool::Pair> pairs)
{
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ pairs.size();
    for (const LabelSetPool::Pair &p : pairs) {
        h ^= (static_cast<std::uint64_t>(p.key) << 32 | p.value) + 0x9E3779B97F4A7C15ULL +
             (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
    }
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

} // namespace

std::uint32_t StringPool::intern(std::string_view s)
{
    if (m_last < m_strings.size() && m_strings[m_last] == s)
        return m_last;
    auto it = m_index.find(s);
    if (it != m_index.end())
        return m_last = it->second;
    const auto id = static_cast<std::uint32_t>(m_strings.size());
    m_strings.emplace_back(s);
    m_index.emplace(std::string(s), id);
    return m_last = id;
}

std::int64_t StringPool::find(std::string_view s) const
{
    auto it = m_index.find(s);
    return it == m_index.end() ? -1 : static_cast<std::int64_t>(it->second);
}

LabelMap LabelSetRef::toMap() const
{
    return m_pool->at(m_id);
}

std::uint32_t LabelSetPool::find(std::span<const Pair> pairs, std::uint64_t h) const
{
    if (m_slots.empty())
        return kAbsent;
    const size_t mask = m_slots.size() - 1;
    for (size_t i = static_cast<size_t>(h) & mask; m_slots[i] != 0; i = (i + 1) & mask) {
        const std::uint32_t id = m_slots[i] - 1;
        if (m_hashes[id] == h && std::ranges::equal(this->pairs(id), pairs))
            return id;
    }
    return kAbsent;
}

void LabelSetPool::index(std::uint32_t id)
{
    const size_t mask = m_slots.size() - 1;
    size_t i = static_cast<size_t>(m_hashes[id]) & mask;
    while (m_slots[i] != 0)
        i = (i + 1) & mask;
    m_slots[i] = id + 1;
}

std::uint32_t LabelSetPool::add(std::span<const Pair> pairs, std::uint64_t h)
{
    const auto id = static_cast<std::uint32_t>(size());
    m_pairs.insert(m_pairs.end(), pairs.begin(), pairs.end());
    m_begin.push_back(static_cast<std::uint32_t>(m_pairs.size()));
    m_hashes.push_back(h);
    if (size() * 10 > m_slots.size() * 7) {
        m_slots.assign(std::max<size_t>(1024, m_slots.size() * 2), 0);
        for (std::uint32_t i = 0; i < size(); ++i)
            index(i);
    } else {
        index(id);
    }
    return id;
}

std::uint32_t LabelSetPool::internPairs(std::span<const Pair> pairs)
{
    const std::uint64_t h = hashPairs(pairs);
    const std::uint32_t id = find(pairs, h);
    return id != kAbsent ? id : add(pairs, h);
}

std::uint32_t LabelSetPool::intern(const LabelMap &labels)
{
    m_scratch.clear();
    for (const auto &[k, v] : labels.entries())
        m_scratch.push_back({m_text.intern(k), m_text.intern(v)});
    return internPairs(m_scratch);
}

LabelMap LabelSetPool::at(std::uint32_t id) const
{
    std::vector<LabelMap::Entry> entries;
    entries.reserve(pairs(id).size());
    for (const Pair &p : pairs(id))
        entries.emplace_back(text(p.key), text(p.value));
    return LabelMap(std::move(entries));
}

std::uint32_t LabelSetPool::textId(std::string_view s) const
{
    const std::int64_t id = m_text.find(s);
    return id < 0 ? kAbsent : static_cast<std::uint32_t>(id);
}

std::strong_ordering LabelSetPool::compare(std::uint32_t a, std::uint32_t b) const
{
    if (a == b)
        return std::strong_ordering::equal;
    const std::span<const Pair> pa = pairs(a), pb = pairs(b);
    const size_t n = std::min(pa.size(), pb.size());
    for (size_t i = 0; i < n; ++i) {
        if (pa[i].key != pb[i].key) {
            if (auto c = text(pa[i].key) <=> text(pb[i].key); c != 0)
                return c;
        }
        if (pa[i].value != pb[i].value) {
            if (auto c = text(pa[i].value) <=> text(pb[i].value); c != 0)
                return c;
        }
    }
    return pa.size() <=> pb.size();
}

} // namespace unalloc::core
