// SetAdder: stored label sets into a loading cube's pool (cubesets.h).
#include "cubesets.h"

#include "labelsetcodec.h"

#include <algorithm>

namespace unalloc::core::cubesets {

namespace {

Error corruptSet(std::int64_t id, const std::string &why)
{
    return Error{
        "ledger-corrupt", "stored label set " + std::to_string(id) + " " + why, {}, {}, {}};
}

} // namespace

SetAdder::SetAdder(CostCube &cube, size_t storedSets, size_t idsRoom)
    : m_cube(cube)
    , m_pool(cube.labelSetsForLoading())
    , m_storedSets(storedSets)
{
    m_sets.reserve(idsRoom);
    m_pool.reserve(storedSets, 0);
}

std::uint32_t SetAdder::keyId(std::uint64_t stored)
{
    if (stored >= m_pool.valueCount() || !m_pool.holdsValue(static_cast<std::uint32_t>(stored)))
        return LabelSetPool::kAbsent;
    const auto [k, added] = m_keyIds.try_emplace(stored, 0);
    if (added)
        k->second = m_pool.internKey(m_pool.valueText(static_cast<std::uint32_t>(stored)));
    return k->second;
}

Result<void> SetAdder::add(const SetChunk &c)
{
    // Each shape's keys are translated and their order checked once.
    for (const SetChunk::NewShape &ns : c.newShapes) {
        Shape shape;
        for (const std::uint64_t stored : ns.keys) {
            const std::uint32_t k = keyId(stored);
            if (k == LabelSetPool::kAbsent)
                return fail(corruptSet(ns.firstSet, "names a string the ledger does not hold"));
            if (!shape.keys.empty() && !(m_pool.keyText(shape.keys.back()) < m_pool.keyText(k)))
                return fail(corruptSet(ns.firstSet, "has labels out of key order"));
            shape.keys.push_back(k);
        }
        shape.poolShape = m_pool.shapeOfKeys(shape.keys);
        if (ns.shape >= m_shapes.size())
            m_shapes.resize(ns.shape + 1);
        m_shapes[ns.shape] = std::move(shape);
    }
    // Room for every set's labels at the first chunk's average (+5 %): the pool's labels then
    // do not grow by doubling, which held the old and the new copy at once (64 + 128 MB at a
    // million per-request sets).
    if (!m_valuesReserved && !c.sets.empty()) {
        m_valuesReserved = true;
        const double perSet =
            static_cast<double>(c.values.size()) / static_cast<double>(c.sets.size());
        m_pool.reserve(m_storedSets,
                       static_cast<size_t>(perSet * 1.05 * static_cast<double>(m_storedSets)) + 64);
    }
    std::uint32_t from = 0;
    size_t nextCollision = 0;
    for (size_t at = 0; at < c.sets.size(); ++at) {
        const SetChunk::Stored &u = c.sets[at];
        const std::span<const std::uint32_t> values(c.values.data() + from, u.valuesEnd - from);
        from = u.valuesEnd;
        const Shape &shape = m_shapes[u.shape];
        // Ids ascend: room up to the chunk's last one at once, not a resize per set.
        if (static_cast<size_t>(u.id) >= m_sets.size())
            m_sets.resize(static_cast<size_t>(std::max(u.id, c.sets.back().id)) + 1, kMissing);
        std::uint32_t &s = m_sets[static_cast<size_t>(u.id)];
        const size_t known = m_pool.size();
        std::uint32_t cubeId = 0;
        if (u.mayMeet) {
            m_pairs.clear();
            for (size_t j = 0; j < values.size(); ++j)
                m_pairs.push_back({shape.keys[j], values[j]});
            cubeId = m_cube.internLabelSet(m_pairs, u.hash);
        } else {
            cubeId = m_pool.appendNewSet(shape.poolShape, values);
        }
        if (cubeId >= kCubeId)
            return fail(
                Error{"ledger-corrupt",
                      "the ledger holds more than " + std::to_string(kCubeId - 1) + " label sets",
                      {},
                      {},
                      {}});
        s = cubeId | (m_pool.size() > known ? kFresh : 0U);
        m_lastId = std::max(m_lastId, u.id);
        if (nextCollision >= c.collisionBodies.size() ||
            c.collisionBodies[nextCollision].first != at)
            continue;
        const std::string &body = c.collisionBodies[nextCollision++].second;
        const labelsetcodec::StringLookup text = [this](std::int64_t id) {
            return id >= 0 && static_cast<std::uint64_t>(id) < m_pool.valueCount() &&
                           m_pool.holdsValue(static_cast<std::uint32_t>(id))
                       ? &m_pool.valueText(static_cast<std::uint32_t>(id))
                       : nullptr;
        };
        auto v = labelsetcodec::decode(body, text, labelsetcodec::Parts::LabelsAndCollisions);
        if (!v)
            return fail(v.error());
        std::vector<CollisionTotal> list;
        for (const Collision &col : v->collisions) {
            CollisionTotal t;
            t.canonicalKey = col.canonicalKey;
            for (const std::string &k : col.rawKeys)
                t.rawKeys += (t.rawKeys.empty() ? "" : ", ") + k;
            t.winnerRawKey = col.winnerRawKey;
            list.push_back(std::move(t));
        }
        m_collisions[u.id] = std::move(list);
        s |= kCollides;
    }
    return {};
}

} // namespace unalloc::core::cubesets
