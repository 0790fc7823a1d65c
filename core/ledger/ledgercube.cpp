// SqliteLedger::loadCube: the aggregate (segments and adjustments, aggsegment.h) into a
// CostCube on two threads (the groups are merged in key order on one, folded on the other).
#include "aggsegment.h"
#include "labelchunks.h"
#include "labelsetcodec.h"
#include "ledgercodec.h"
#include "ledgerschema.h"
#include "setmeetings.h"
#include "sqliteledger.h"

#include "handoff.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <thread>
#include <unordered_map>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

/// @brief Aggregate groups in key order, handed from the thread that merges the segments to
/// the thread that builds the cube.
struct AggChunk
{
    std::vector<aggsegment::Group> rows;
};

/// @brief Stored label sets as string ids (decoded by the thread that steps SQLite), handed to
/// the thread that adds them to the cube: each set's id, values and shape (SetMeetings), the
/// keys of a shape given once, before its first set.
struct SetChunk
{
    struct Stored
    {
        std::int64_t id;
        std::uint32_t shape;     ///< SetMeetings::Note::shape
        std::uint32_t valuesEnd; ///< end of its value ids in values
        bool mayMeet;            ///< SetMeetings::Note::mayMeet
        std::uint64_t hash;      ///< LabelSetPool::hashOfValues of its values (if mayMeet)
    };
    struct NewShape
    {
        std::uint32_t shape;
        std::int64_t firstSet;           ///< the id of its first set (for errors)
        std::vector<std::uint64_t> keys; ///< stored string ids, in key order
    };
    std::vector<Stored> sets;          ///< every stored set of the chunk, in id order
    std::vector<std::uint32_t> values; ///< the sets' value ids (string ids), one after another
    std::vector<NewShape> newShapes;
    std::vector<std::pair<size_t, std::string>> collisionBodies; ///< (index into sets, its body)
    /// Empties the chunk, keeping its buffers (HandOff::reuse).
    void clear()
    {
        sets.clear();
        values.clear();
        newShapes.clear();
        collisionBodies.clear();
    }
};

} // namespace

Result<CostCube> SqliteLedger::loadCube() const
{
    // A load reads every page once, in order: a page cache the size a writable connection
    // keeps (64 MB) would only add to the load's peak memory. Restored afterwards.
    const auto setCacheSize = [this](std::int64_t size) {
        if (auto st = m_db.prepare("PRAGMA cache_size = " + std::to_string(size)))
            (void)st->exec();
    };
    const auto cacheSize = m_db.scalar("PRAGMA cache_size");
    setCacheSize(-2048);
    struct RestoreCache
    {
        std::function<void()> restore;
        ~RestoreCache() { restore(); }
    } restore{[&] {
        setCacheSize(cacheSize ? *cacheSize : -2000);
    }};
    // Stored sets are decoded on the builder thread while this one steps SQLite; those some
    // group uses are interned into the cube (so the cube holds only sets that carry cost), their
    // texts translated to the cube's string ids once per distinct string. Then the groups,
    // merged in key order here, are folded in there.
    // Per stored set id, four bytes (ten million per-request sets): the cube's id of the set
    // in the low 30 bits (kMissing: the ledger holds no set of this id), kCollides when it
    // records key collisions (setCollisions holds them), and kFresh when the cube's label set
    // was new at this set: the aggregate's key order then makes every group of it new and its
    // objects adjacent (appendNewGroup).
    constexpr std::uint32_t kCubeId = 0x3fffffffU, kMissing = kCubeId;
    constexpr std::uint32_t kCollides = 1U << 30, kFresh = 1U << 31;
    std::vector<std::uint32_t> sets;
    std::unordered_map<std::int64_t, std::vector<CollisionTotal>> setCollisions;
    std::vector<char> setUsed; ///< per cube set: some group of the aggregate has it
    auto strings = labelsetcodec::StringTable::load(m_db);
    if (!strings)
        return fail(strings.error());
    // The aggregate's texts (source, cost object, currency, provider, model) by id.
    std::vector<std::string> aggTexts;
    std::vector<bool> aggKnown;
    {
        auto texts = m_db.prepare("SELECT id, s FROM agg_strings");
        if (!texts)
            return fail(texts.error());
        for (auto row = texts->step();; row = texts->step()) {
            if (!row)
                return fail(row.error());
            if (!*row)
                break;
            const std::int64_t id = texts->int64(0);
            if (id <= 0 || id > (std::int64_t{1} << 31))
                return fail("ledger-corrupt", "agg_strings holds id " + std::to_string(id), m_path);
            if (static_cast<size_t>(id) >= aggTexts.size()) {
                aggTexts.resize(static_cast<size_t>(id) + 1);
                aggKnown.resize(static_cast<size_t>(id) + 1, false);
            }
            aggTexts[static_cast<size_t>(id)] = texts->text(1);
            aggKnown[static_cast<size_t>(id)] = true;
        }
    }
    aggsegment::Merged merged(m_db);
    if (auto r = merged.start(); !r)
        return fail(r.error());

    // Two threads: this one steps SQLite (about half the time of a large ledger), the other
    // decodes and folds the groups into the cube. The cube sees the rows in the aggregate's
    // order either way, so the result is the same as one thread's.
    // Every stored set goes into the cube, in id order (the aggregate's key order: the order of
    // the sets' first groups); the few no group uses (a meter split can move all of a set's
    // rows) are dropped at the end. The room the cube needs is counted, not found by a first
    // pass over the aggregate (which took a fifth of a load).
    const auto count = [this](const char *sqlText) {
        const auto n = m_db.scalar(sqlText);
        return n && *n > 0 ? static_cast<size_t>(*n) : size_t{0};
    };
    const size_t storedSets = count("SELECT sum(sets) FROM label_chunks");
    // Ids run from 1 to the last chunk's end: room for all at once, not by doubling (a corrupt
    // chunk's end is checked as its sets are read; the room stays near the sets' count).
    sets.reserve(
        std::min(count("SELECT max(first + span) FROM label_chunks") + 1, 2 * storedSets + 1024));
    const size_t storedGroups = count("SELECT sum(groups) FROM agg_segments") +
                                count("SELECT count(*) FROM agg WHERE rows > 0");
    // The dictionary goes to the cube (the builder adopts it); the reader keeps which ids it
    // holds, to check each value id as it reads it.
    std::vector<std::string> dictionary;
    std::vector<bool> dictionaryHolds;
    std::tie(dictionary, dictionaryHolds) = strings->release();
    // A bit per id (a byte per id measured slower at 1M sets: the check is a cache miss, and
    // bits keep the table eight times smaller).
    const std::vector<bool> readerHolds = dictionaryHolds;
    // Ids 1 to heldRun are all held (a ledger's dictionary has holes only where strings were
    // removed): their check is a compare, not a bit read per label (half this loop's time).
    const std::uint64_t heldRun = [&readerHolds] {
        std::uint64_t n = 0;
        while (n + 1 < readerHolds.size() && readerHolds[n + 1])
            ++n;
        return n;
    }();
    HandOff<SetChunk> setQueue;
    HandOff<AggChunk> queue;
    CostCube cube;
    std::optional<Error> buildError;
    const auto stopBoth = [&] {
        setQueue.stop();
        queue.stop();
    };
    std::thread builder([&] {
        // The ledger's dictionary becomes the cube's value pool as it is: a value's id is its
        // stored string id, so no label is translated (a million per-request sets carry some
        // fourteen million labels). A key text is copied into the (small) key pool, once per
        // shape.
        LabelSetPool &pool = cube.labelSetsForLoading();
        pool.adoptValues(std::move(dictionary), std::move(dictionaryHolds));
        std::unordered_map<std::uint64_t, std::uint32_t> keyIds; // stored id → key id (a few)
        pool.reserve(storedSets, 0);
        // The groups grow to their final count in one allocation, not by doubling (which holds
        // the old and the new copy at once).
        cube.reserveAppended(storedGroups);
        const auto corrupt = [&](std::string message) {
            buildError = Error{"ledger-corrupt", std::move(message), m_path, {}, {}};
            stopBoth();
        };
        const auto keyId = [&](std::uint64_t id) {
            if (id >= pool.valueCount() || !pool.holdsValue(static_cast<std::uint32_t>(id)))
                return LabelSetPool::kAbsent;
            const auto [k, added] = keyIds.try_emplace(id, 0);
            if (added)
                k->second = pool.internKey(pool.valueText(static_cast<std::uint32_t>(id)));
            return k->second;
        };
        // The stored sets first, read by the other thread as it steps SQLite: the sets that
        // carry cost are added to the cube in id order — the order of their first groups in
        // the aggregate, so ids come out as a group-by-group load gave them.
        {
            const labelsetcodec::StringLookup text = [&pool](std::int64_t id) {
                return id >= 0 && static_cast<std::uint64_t>(id) < pool.valueCount() &&
                               pool.holdsValue(static_cast<std::uint32_t>(id))
                           ? &pool.valueText(static_cast<std::uint32_t>(id))
                           : nullptr;
            };
            struct Shape
            {
                std::uint32_t poolShape = 0;
                std::vector<std::uint32_t> keys; ///< the cube's key ids
            };
            std::vector<Shape> shapes; // by SetMeetings number
            std::vector<LabelSetPool::Pair> pairs;
            bool valuesReserved = false;
            while (auto c = setQueue.pop()) {
                // Each shape's keys are translated and their order checked once.
                for (const SetChunk::NewShape &ns : c->newShapes) {
                    Shape shape;
                    for (const std::uint64_t stored : ns.keys) {
                        const std::uint32_t k = keyId(stored);
                        if (k == LabelSetPool::kAbsent)
                            return corrupt("stored label set " + std::to_string(ns.firstSet) +
                                           " names a string the ledger does not hold");
                        if (!shape.keys.empty() &&
                            !(pool.keyText(shape.keys.back()) < pool.keyText(k)))
                            return corrupt("stored label set " + std::to_string(ns.firstSet) +
                                           " has labels out of key order");
                        shape.keys.push_back(k);
                    }
                    shape.poolShape = pool.shapeOfKeys(shape.keys);
                    if (ns.shape >= shapes.size())
                        shapes.resize(ns.shape + 1);
                    shapes[ns.shape] = std::move(shape);
                }
                // Room for every set's labels at the first chunk's average (+5 %): the
                // pool's labels then do not grow by doubling, which held the old and the new
                // copy at once (64 + 128 MB at a million per-request sets).
                if (!valuesReserved && !c->sets.empty()) {
                    valuesReserved = true;
                    const double perSet =
                        static_cast<double>(c->values.size()) / static_cast<double>(c->sets.size());
                    pool.reserve(
                        storedSets,
                        static_cast<size_t>(perSet * 1.05 * static_cast<double>(storedSets)) + 64);
                }
                std::uint32_t from = 0;
                size_t nextCollision = 0;
                for (size_t at = 0; at < c->sets.size(); ++at) {
                    const SetChunk::Stored &u = c->sets[at];
                    const std::span<const std::uint32_t> values(c->values.data() + from,
                                                                u.valuesEnd - from);
                    from = u.valuesEnd;
                    const Shape &shape = shapes[u.shape];
                    if (static_cast<size_t>(u.id) >= sets.size())
                        sets.resize(static_cast<size_t>(u.id) + 1, kMissing);
                    std::uint32_t &s = sets[static_cast<size_t>(u.id)];
                    const size_t known = pool.size();
                    std::uint32_t cubeId = 0;
                    if (u.mayMeet) {
                        pairs.clear();
                        for (size_t j = 0; j < values.size(); ++j)
                            pairs.push_back({shape.keys[j], values[j]});
                        cubeId = cube.internLabelSet(pairs, u.hash);
                    } else {
                        cubeId = pool.appendNewSet(shape.poolShape, values);
                    }
                    if (cubeId >= kCubeId)
                        return corrupt("the ledger holds more than " + std::to_string(kCubeId - 1) +
                                       " label sets");
                    s = cubeId | (pool.size() > known ? kFresh : 0U);
                    if (nextCollision >= c->collisionBodies.size() ||
                        c->collisionBodies[nextCollision].first != at)
                        continue;
                    const std::string &body = c->collisionBodies[nextCollision++].second;
                    auto v = labelsetcodec::decode(body, text,
                                                   labelsetcodec::Parts::LabelsAndCollisions);
                    if (!v) {
                        buildError = v.error();
                        return stopBoth();
                    }
                    std::vector<CollisionTotal> list;
                    for (const Collision &col : v->collisions) {
                        CollisionTotal t;
                        t.canonicalKey = col.canonicalKey;
                        for (const std::string &k : col.rawKeys)
                            t.rawKeys += (t.rawKeys.empty() ? "" : ", ") + k;
                        t.winnerRawKey = col.winnerRawKey;
                        list.push_back(std::move(t));
                    }
                    setCollisions[u.id] = std::move(list);
                    s |= kCollides;
                }
                setQueue.giveBack(std::move(*c));
            }
        }
        if (buildError)
            return;
        setUsed.assign(pool.size(), 0);
        std::int64_t lastCurrencyId = -1;
        Currency lastCurrency;
        // The cube's id of each aggregate text in each role, found once per text.
        constexpr std::uint32_t kUnmapped = 0xffffffffU;
        std::vector<std::uint32_t> sourceOf(aggTexts.size(), kUnmapped),
            objectOf(aggTexts.size(), kUnmapped), usageOf(aggTexts.size(), kUnmapped);
        const auto mapped = [](std::vector<std::uint32_t> &ids, std::int64_t id, auto intern) {
            std::uint32_t &to = ids[static_cast<size_t>(id)];
            if (to == kUnmapped)
                to = intern();
            return to;
        };
        const auto text = [&](std::int64_t id) -> const std::string * {
            return id > 0 && static_cast<size_t>(id) < aggKnown.size() &&
                           aggKnown[static_cast<size_t>(id)]
                       ? &aggTexts[static_cast<size_t>(id)]
                       : nullptr;
        };
        while (auto chunk = queue.pop()) {
            for (const aggsegment::Group &r : chunk->rows) {
                const bool stored = r.labelSet >= 0 &&
                                    static_cast<std::uint64_t>(r.labelSet) < sets.size() &&
                                    (sets[static_cast<size_t>(r.labelSet)] & kCubeId) != kMissing;
                if (!stored)
                    return corrupt("the aggregate references a missing label set");
                const std::uint32_t set = sets[static_cast<size_t>(r.labelSet)];
                const std::uint32_t setId = set & kCubeId;
                setUsed[setId] = 1;
                const std::string *sourceText = text(r.source), *objectText = text(r.object),
                                  *providerText = text(r.provider), *modelText = text(r.model);
                if (!sourceText || !objectText || !providerText || !modelText || !text(r.currency))
                    return corrupt("the aggregate references a missing text of agg_strings");
                if (r.currency != lastCurrencyId) {
                    auto c = codec::decodeCurrency(*text(r.currency));
                    if (!c) {
                        buildError = c.error();
                        return stopBoth();
                    }
                    lastCurrency = *c;
                    lastCurrencyId = r.currency;
                }
                const std::string_view source = *sourceText, object = *objectText,
                                       provider = *providerText, model = *modelText;
                if (set & kFresh)
                    cube.appendNewGroup(CostGroup{
                        .amount = r.amount,
                        .rows = r.rows,
                        .labelSet = setId,
                        .object = mapped(objectOf, r.object, [&] { return cube.objectId(object); }),
                        .day = r.day,
                        .context = cube.contextId(
                            {.batch = r.batch,
                             .source =
                                 mapped(sourceOf, r.source, [&] { return cube.sourceId(source); }),
                             .usageProvider = mapped(usageOf, r.provider,
                                                     [&] { return cube.usageNameId(provider); }),
                             .usageModel =
                                 mapped(usageOf, r.model, [&] { return cube.usageNameId(model); }),
                             .days = r.days,
                             .currency = lastCurrency})});
                else // stored sets that differ only in raw labels share the cube's set: merge
                    cube.addGroup(setId, source, object, r.day, lastCurrency, r.batch, r.amount,
                                  r.rows, provider, model, r.days);
                if (!(set & kCollides))
                    continue;
                for (CollisionTotal t : setCollisions.at(r.labelSet)) {
                    t.currency = lastCurrency;
                    t.amount = r.amount;
                    t.rows = r.rows;
                    cube.addCollision(t);
                }
            }
            queue.giveBack(std::move(*chunk));
        }
    });

    std::optional<Error> readError;
    {
        constexpr size_t kChunkSets = 4096;
        labelchunks::SetScan scan(m_db);
        SetChunk sc;
        SetMeetings meetings;
        const auto corruptSet = [&](std::int64_t id, const std::string &why) {
            readError = Error{"ledger-corrupt",
                              "stored label set " + std::to_string(id) + " " + why,
                              m_path,
                              {},
                              {}};
        };
        std::int64_t id = 0;
        // The sets' value ids straight from their chunks into the chunk handed over: a body is
        // rebuilt only for a set with collisions (the builder decodes those in full).
        size_t begin = 0;
        for (auto row = scan.nextValues(id, sc.values); !readError;
             begin = sc.values.size(), row = scan.nextValues(id, sc.values)) {
            if (!row) {
                readError = row.error();
                readError->file = m_path;
                break;
            }
            if (!*row)
                break;
            if (id < 0 || id > std::int64_t{1} << 32) {
                readError = Error{"ledger-corrupt",
                                  "stored label set id " + std::to_string(id) + " is out of range",
                                  m_path,
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
            for (size_t at = begin; at < sc.values.size(); ++at) {
                const std::uint64_t v = sc.values[at];
                if (v - 1 >= heldRun && (v >= readerHolds.size() || !readerHolds[v])) {
                    corruptSet(id, "names a string the ledger does not hold");
                    break;
                }
            }
            if (readError)
                break;
            // A set that may meet another is hashed here, where its values are at hand; a value's
            // cube id is its stored id, so this is the cube's hash of the set. The others are
            // appended unsought (a pool hashes them itself if a later set is sought among them):
            // hashing every label took a third of this loop at ten million sets.
            const std::uint32_t *values = sc.values.data() + begin;
            sc.sets.push_back(
                {id, note.shape, static_cast<std::uint32_t>(sc.values.size()), note.mayMeet,
                 note.mayMeet ? LabelSetPool::hashOfValues(keys.size(),
                                                           [values](size_t i) { return values[i]; })
                              : 0});
            if (scan.chunk().hasCollisions())
                sc.collisionBodies.emplace_back(sc.sets.size() - 1, std::string(scan.body()));
            if (sc.sets.size() == kChunkSets) {
                if (!setQueue.push(std::move(sc)))
                    break;
                sc = setQueue.reuse();
                sc.clear();
            }
        }
        if (!readError && !sc.sets.empty())
            setQueue.push(std::move(sc));
        setQueue.close();
    }
    constexpr size_t kChunkRows = 4096;
    AggChunk chunk;
    chunk.rows.reserve(kChunkRows);
    // Declared once: Merged::next sets every field, and a group initialised per pass was a
    // `rep stos` that took a third of this loop's time on an AMD virtual machine.
    aggsegment::Group g;
    for (; !readError;) {
        auto got = merged.next(g);
        if (!got) {
            Error e = got.error();
            e.file = m_path;
            readError = std::move(e);
            break;
        }
        if (!*got)
            break;
        chunk.rows.push_back(g);
        if (chunk.rows.size() == kChunkRows) {
            if (!queue.push(std::move(chunk)))
                break; // the builder failed: its error is the one to report
            chunk = queue.reuse();
            chunk.rows.clear();
            chunk.rows.reserve(kChunkRows);
        }
    }
    if (!readError && !chunk.rows.empty())
        queue.push(std::move(chunk));
    if (readError)
        stopBoth();
    queue.close();
    builder.join();
    if (readError)
        return fail(*readError);
    if (buildError)
        return fail(*buildError);
    if (std::find(setUsed.begin(), setUsed.end(), 0) != setUsed.end())
        cube.keepLabelSets(setUsed);
    return cube;
}

} // namespace unalloc::core
