// SetAdder: stored label sets into a loading cube's pool (cubesets.h).
#include "cubesets.h"

#include "setmeetings.h"

#include <algorithm>

namespace unalloc::core::cubesets {

namespace {

Error corruptSet(std::int64_t id, const std::string &why)
{
    return Error{
        "ledger-corrupt", "stored label set " + std::to_string(id) + " " + why, {}, {}, {}};
}

} // namespace

SetAdder::SetAdder(CostCube &cube,
                   size_t storedSets,
                   size_t idsRoom,
                   labelsetcodec::StringLookup keyText,
                   labelsetcodec::StringLookup collisionText)
    : m_cube(cube)
    , m_pool(cube.labelSetsForLoading())
    , m_keyText(std::move(keyText))
    , m_collisionText(std::move(collisionText))
    , m_storedSets(storedSets)
{
    m_sets.reserve(idsRoom);
    m_pool.reserve(storedSets, 0);
}

std::uint32_t SetAdder::keyId(std::uint64_t stored)
{
    if (const auto known = m_keyIds.find(stored); known != m_keyIds.end())
        return known->second;
    const std::optional<std::string_view> text = stored <= std::uint64_t{1} << 40
                                                     ? m_keyText(static_cast<std::int64_t>(stored))
                                                     : std::nullopt;
    if (!text)
        return LabelSetPool::kAbsent;
    return m_keyIds[stored] = m_pool.internKey(*text);
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
        m_pool.prefault(m_storedSets,
                        static_cast<size_t>(perSet * static_cast<double>(m_storedSets)));
    }
    std::uint32_t from = 0;
    size_t nextCollision = 0;
    for (size_t at = 0; at < c.sets.size(); ++at) {
        const SetChunk::Stored &u = c.sets[at];
        const std::span<const std::uint32_t> values(c.values.data() + from, u.valuesEnd - from);
        from = u.valuesEnd;
        const Shape &shape = m_shapes[u.shape];
        // Ids ascend: room up to the chunk's last one at once, not a resize per set. Past the
        // room reserved (a sparse ledger), a larger copy: the old array stays, for a View.
        if (static_cast<size_t>(u.id) >= m_sets.size()) {
            const size_t need = static_cast<size_t>(std::max(u.id, c.sets.back().id)) + 1;
            if (need > m_sets.capacity()) {
                std::vector<std::uint32_t> larger;
                larger.reserve(std::max(need, 2 * m_sets.capacity()));
                larger.assign(m_sets.begin(), m_sets.end());
                m_retired.push_back(std::move(m_sets));
                m_sets = std::move(larger);
            }
            m_sets.resize(need, kMissing);
        }
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
        auto v =
            labelsetcodec::decode(body, m_collisionText, labelsetcodec::Parts::LabelsAndCollisions);
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
        {
            const std::lock_guard lock(m_collisionsLock);
            m_collisions[u.id] = std::move(list);
        }
        s |= kCollides;
    }
    return {};
}

SetReading readSets(labelchunks::SetScan &scan,
                    const std::function<bool(const SetChunk &)> &take,
                    const std::string &file)
{
    constexpr size_t kChunkSets = 4096;
    SetReading out;
    SetChunk sc;
    SetMeetings meetings;
    std::int64_t id = 0;
    // The sets' value ids straight from their chunks into the chunk given to `take`: a body is
    // rebuilt only for a set with collisions (SetAdder decodes those in full).
    labelchunks::IdRange range;
    for (auto row = scan.nextValues(id, sc.values, range);;
         row = scan.nextValues(id, sc.values, range)) {
        if (!row) {
            out.error = row.error();
            out.error->file = file;
            break;
        }
        if (!*row)
            break;
        if (id < 0 || id > std::int64_t{1} << 32) {
            out.error = Error{"ledger-corrupt",
                              "stored label set id " + std::to_string(id) + " is out of range",
                              file,
                              {},
                              {}};
            break;
        }
        const std::vector<std::uint64_t> &keys = scan.chunk().keys();
        const SetMeetings::Note note = meetings.note(scan, keys);
        if (note.firstSeen) {
            SetChunk::NewShape &ns = sc.newShapes.emplace_back();
            ns.shape = note.shape;
            ns.firstSet = id;
            ns.keys = keys;
        }
        // Only the range of the ids is kept (nextValues widens it): checking each against the
        // dictionary's bits was half this loop's time at ten million sets.
        const std::uint32_t *values = sc.values.data() + (sc.values.size() - keys.size());
        // A set that may meet another is hashed here, where its values are at hand; a value's
        // cube id is its stored id, so this is the cube's hash of the set. The others are
        // appended unsought (a pool hashes them itself if a later set is sought among them):
        // hashing every label took a third of this loop at ten million sets.
        sc.sets.push_back(
            {id, note.shape, static_cast<std::uint32_t>(sc.values.size()), note.mayMeet,
             note.mayMeet
                 ? LabelSetPool::hashOfValues(keys.size(), [values](size_t i) { return values[i]; })
                 : 0});
        if (scan.chunk().hasCollisions())
            sc.collisionBodies.emplace_back(sc.sets.size() - 1, std::string(scan.body()));
        if (sc.sets.size() == kChunkSets) {
            if (!take(sc)) {
                sc.clear();
                break;
            }
            sc.clear();
        }
    }
    if (!out.error && !sc.sets.empty())
        take(sc);
    if (range.highest > 0 || range.lowest != 0xffffffffU) {
        out.lowest = range.lowest;
        out.highest = range.highest;
    }
    return out;
}

Result<void> checkValues(const sql::Db &db,
                         const SetReading &reading,
                         const std::vector<bool> &holds,
                         const std::string &file)
{
    if (reading.lowest > reading.highest) // no value was read
        return {};
    // A ledger's dictionary holds every id from 1 up (strings are never removed): the range
    // decides. Otherwise each set is looked at again.
    std::uint64_t heldRun = 0; // ids 1 … heldRun are all held
    while (heldRun + 1 < holds.size() && holds[heldRun + 1])
        ++heldRun;
    if (reading.lowest >= 1 && reading.highest <= heldRun)
        return {};
    labelchunks::SetScan scan(db);
    std::vector<std::uint32_t> values;
    std::int64_t id = 0;
    for (auto row = scan.nextValues(id, values); row && *row;
         values.clear(), row = scan.nextValues(id, values))
        for (const std::uint32_t v : values)
            if (v >= holds.size() || !holds[v])
                return fail(Error{"ledger-corrupt",
                                  "stored label set " + std::to_string(id) +
                                      " names a string the ledger does "
                                      "not hold",
                                  file,
                                  {},
                                  {}});
    return {};
}

} // namespace unalloc::core::cubesets
