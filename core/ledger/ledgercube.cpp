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

#include <functional>
#include <map>
#include <optional>
#include <thread>

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
/// the thread that interns them.
struct SetChunk
{
    std::vector<std::int64_t> ids;
    std::vector<std::uint32_t> ends; ///< end of set i's labels in pairs (none: unused sets)
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  ///< (key, value) string ids
    std::vector<std::pair<size_t, std::string>> collisionBodies; ///< (set index, its body)
    std::vector<std::uint64_t> hashes; ///< LabelSetPool::hashOfValues of each used set
    /// Per used set: whether a set the cube holds may be equal to it (SetMeetings).
    std::vector<bool> mayMeet;
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
    constexpr std::uint32_t kMissing = 0xffffffffU;
    struct Set
    {
        bool stored = false;             ///< the ledger holds this id
        std::uint32_t collisions = 0;    ///< 1 + index into setCollisions, 0 = none
        std::uint32_t cubeId = kMissing; ///< interned when some group uses it
        /// The cube's label set was new at this set: the aggregate's key order then makes
        /// every group of it new and its objects adjacent (appendNewGroup).
        bool fresh = false;
    };
    std::vector<Set> sets;
    std::vector<std::vector<CollisionTotal>> setCollisions;
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
    // The label sets some group uses (a first pass over the segments: they decode in memory).
    std::vector<bool> used;
    size_t usedSets = 0;
    size_t storedGroups = 0; // at least the groups the merge yields: the cube's room
    auto pass =
        aggsegment::forEachGroup(m_db, m_path, [&](const aggsegment::Group &g) -> Result<void> {
            ++storedGroups;
            if (g.labelSet < 0 || g.labelSet > std::int64_t{1} << 32)
                return fail("ledger-corrupt", "the aggregate references a missing label set",
                            m_path);
            if (static_cast<size_t>(g.labelSet) >= used.size())
                used.resize(static_cast<size_t>(g.labelSet) + 1, false);
            usedSets += used[static_cast<size_t>(g.labelSet)] ? 0 : 1;
            used[static_cast<size_t>(g.labelSet)] = true;
            return {};
        });
    if (!pass)
        return fail(pass.error());
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
        // fourteen million labels). A key text is copied into the (small) key pool.
        LabelSetPool &pool = cube.labelSetsForLoading();
        {
            auto [texts, known] = strings->release();
            pool.adoptValues(std::move(texts), std::move(known));
        }
        std::vector<std::uint32_t> keyIds(pool.valueCount(), LabelSetPool::kAbsent);
        pool.reserve(usedSets, 0);
        // The groups grow to their final count in one allocation, not by doubling (which holds
        // the old and the new copy at once).
        cube.reserveAppended(storedGroups);
        std::vector<LabelSetPool::Pair> cubePairs;
        const auto corrupt = [&](std::string message) {
            buildError = Error{"ledger-corrupt", std::move(message), m_path, {}, {}};
            stopBoth();
        };
        // The cube's id of stored string `id`, or kAbsent when the ledger does not hold it.
        const auto valueId = [&](std::uint64_t id) {
            return id < pool.valueCount() && pool.holdsValue(static_cast<std::uint32_t>(id))
                       ? static_cast<std::uint32_t>(id)
                       : LabelSetPool::kAbsent;
        };
        const auto keyId = [&](std::uint64_t id) {
            if (id >= keyIds.size())
                return LabelSetPool::kAbsent;
            std::uint32_t &k = keyIds[id];
            if (k == LabelSetPool::kAbsent && pool.holdsValue(static_cast<std::uint32_t>(id)))
                k = pool.internKey(pool.valueText(static_cast<std::uint32_t>(id)));
            return k;
        };
        // The stored sets first, decoded here while the other thread steps SQLite: every set is
        // checked, and the sets that carry cost are interned into the cube in id order — the
        // order of their first groups in the aggregate, so ids come out as a group-by-group
        // load gave them.
        {
            const labelsetcodec::StringLookup text = [&pool](std::int64_t id) {
                return id >= 0 && static_cast<std::uint64_t>(id) < pool.valueCount() &&
                               pool.holdsValue(static_cast<std::uint32_t>(id))
                           ? &pool.valueText(static_cast<std::uint32_t>(id))
                           : nullptr;
            };
            struct Pending
            {
                size_t set;               ///< index into sets (which may grow meanwhile)
                std::uint32_t begin, end; ///< its pairs in cubePairs
                std::uint64_t hash;       ///< LabelSetPool::hashOf its pairs
                bool mayMeet;             ///< SetMeetings: looked up before it is added
            };
            std::vector<Pending> pending;
            std::vector<std::uint32_t> lastKeys; ///< key ids of the set translated last
            bool pairsReserved = false;
            while (auto c = setQueue.pop()) {
                std::uint32_t from = 0;
                size_t nextCollision = 0, nextHash = 0;
                for (size_t i = 0; i < c->ids.size(); ++i) {
                    const std::int64_t id = c->ids[i];
                    const std::span<const std::pair<std::uint32_t, std::uint32_t>> labels(
                        c->pairs.data() + from, c->ends[i] - from);
                    from = c->ends[i];
                    if (static_cast<size_t>(id) >= sets.size())
                        sets.resize(static_cast<size_t>(id) + 1, Set{});
                    Set &s = sets[static_cast<size_t>(id)];
                    s.stored = true;
                    if (static_cast<size_t>(id) >= used.size() || !used[static_cast<size_t>(id)])
                        continue;
                    const auto begin = static_cast<std::uint32_t>(cubePairs.size());
                    for (const auto &[sk, sv] : labels) {
                        const std::uint32_t k = keyId(sk);
                        const std::uint32_t v = valueId(sv);
                        if (k == LabelSetPool::kAbsent || v == LabelSetPool::kAbsent)
                            return corrupt("stored label set " + std::to_string(id) +
                                           " names a string the ledger does not hold");
                        // Key order is checked by text, once per distinct key sequence.
                        const size_t at = cubePairs.size() - begin;
                        if (at > 0 &&
                            (at >= lastKeys.size() || lastKeys[at] != k ||
                             lastKeys[at - 1] != cubePairs.back().key) &&
                            !(pool.keyText(cubePairs.back().key) < pool.keyText(k)))
                            return corrupt("stored label set " + std::to_string(id) +
                                           " has labels out of key order");
                        cubePairs.push_back({k, v});
                    }
                    lastKeys.clear();
                    for (size_t j = begin; j < cubePairs.size(); ++j)
                        lastKeys.push_back(cubePairs[j].key);
                    const bool mayMeet = c->mayMeet[nextHash];
                    const std::uint64_t hash = c->hashes[nextHash++];
                    pending.push_back({static_cast<size_t>(id), begin,
                                       static_cast<std::uint32_t>(cubePairs.size()), hash,
                                       mayMeet});
                    if (mayMeet)
                        pool.prefetchHash(hash);
                    if (nextCollision >= c->collisionBodies.size() ||
                        c->collisionBodies[nextCollision].first != i)
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
                    setCollisions.push_back(std::move(list));
                    s.collisions = static_cast<std::uint32_t>(setCollisions.size());
                }
                // Room for every used set's labels at the first chunk's average (+5 %): the
                // pool's labels then do not grow by doubling, which held the old and the new
                // copy at once (64 + 128 MB at a million per-request sets).
                if (!pairsReserved && !pending.empty()) {
                    pairsReserved = true;
                    const double perSet =
                        static_cast<double>(cubePairs.size()) / static_cast<double>(pending.size());
                    pool.reserve(
                        usedSets,
                        static_cast<size_t>(perSet * 1.05 * static_cast<double>(usedSets)) + 64);
                }
                // The chunk's sets into the cube, in id order (their slots are being loaded).
                for (const Pending &pnd : pending) {
                    const size_t known = cube.labelSets().size();
                    Set &set = sets[pnd.set];
                    const auto labels =
                        std::span(cubePairs).subspan(pnd.begin, pnd.end - pnd.begin);
                    set.cubeId = pnd.mayMeet ? cube.internLabelSet(labels, pnd.hash)
                                             : pool.appendNewSet(labels);
                    set.fresh = cube.labelSets().size() > known;
                }
                pending.clear();
                cubePairs.clear();
            }
        }
        if (buildError)
            return;
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
                                    sets[static_cast<size_t>(r.labelSet)].stored;
                if (!stored)
                    return corrupt("the aggregate references a missing label set");
                const Set &set = sets[static_cast<size_t>(r.labelSet)];
                if (set.cubeId == kMissing) // the first pass saw every group's set
                    return corrupt("the aggregate changed while it was read");
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
                if (set.fresh)
                    cube.appendNewGroup(CostGroup{
                        .amount = r.amount,
                        .batch = r.batch,
                        .rows = r.rows,
                        .labelSet = set.cubeId,
                        .source = mapped(sourceOf, r.source, [&] { return cube.sourceId(source); }),
                        .object = mapped(objectOf, r.object, [&] { return cube.objectId(object); }),
                        .day = r.day,
                        .usageProvider =
                            mapped(usageOf, r.provider, [&] { return cube.usageNameId(provider); }),
                        .usageModel =
                            mapped(usageOf, r.model, [&] { return cube.usageNameId(model); }),
                        .days = r.days,
                        .currency = lastCurrency});
                else // stored sets that differ only in raw labels share the cube's set: merge
                    cube.addGroup(set.cubeId, source, object, r.day, lastCurrency, r.batch,
                                  r.amount, r.rows, provider, model, r.days);
                if (set.collisions == 0)
                    continue;
                for (CollisionTotal t : setCollisions[set.collisions - 1]) {
                    t.currency = lastCurrency;
                    t.amount = r.amount;
                    t.rows = r.rows;
                    cube.addCollision(t);
                }
            }
        }
    });

    std::optional<Error> readError;
    {
        constexpr size_t kChunkSets = 4096;
        labelchunks::SetScan scan(m_db);
        SetChunk sc;
        labelsetcodec::BodyIds ids;
        SetMeetings meetings;
        const auto corruptSet = [&](std::int64_t id, const std::string &why) {
            readError = Error{"ledger-corrupt",
                              "stored label set " + std::to_string(id) + " " + why,
                              m_path,
                              {},
                              {}};
        };
        std::int64_t id = 0;
        // The sets as ids straight from their chunks: a body is rebuilt only for a set with
        // collisions (the builder decodes those in full).
        for (auto row = scan.nextIds(id, ids); !readError; row = scan.nextIds(id, ids)) {
            if (!row) {
                readError = row.error();
                readError->file = m_path;
                break;
            }
            if (!*row)
                break;
            // Every chunk is checked; only the sets some group uses are handed on whole.
            if (id < 0 || id > std::int64_t{1} << 32) {
                readError = Error{"ledger-corrupt",
                                  "stored label set id " + std::to_string(id) + " is out of range",
                                  m_path,
                                  {},
                                  {}};
                break;
            }
            const bool isUsed =
                static_cast<size_t>(id) < used.size() && used[static_cast<size_t>(id)];
            if (isUsed) {
                for (const auto &[k, v] : ids.labels) {
                    if (k > UINT32_MAX || v > UINT32_MAX) {
                        corruptSet(id, "names a string id out of range");
                        break;
                    }
                    sc.pairs.emplace_back(static_cast<std::uint32_t>(k),
                                          static_cast<std::uint32_t>(v));
                }
                if (readError)
                    break;
                // Hashed here, where the values are at hand: the builder is the busier thread.
                // A value's cube id is its stored id, so this is the cube's hash of the set.
                sc.mayMeet.push_back(meetings.mayMeet(scan, ids));
                sc.hashes.push_back(LabelSetPool::hashOfValues(ids.labels.size(), [&ids](size_t i) {
                    return static_cast<std::uint32_t>(ids.labels[i].second);
                }));
                if (ids.hasCollisions)
                    sc.collisionBodies.emplace_back(sc.ids.size(), std::string(scan.body()));
            }
            sc.ids.push_back(id);
            sc.ends.push_back(static_cast<std::uint32_t>(sc.pairs.size()));
            if (sc.ids.size() == kChunkSets) {
                if (!setQueue.push(std::move(sc)))
                    break;
                sc = SetChunk{};
            }
        }
        if (!readError && !sc.ids.empty())
            setQueue.push(std::move(sc));
        setQueue.close();
    }
    constexpr size_t kChunkRows = 4096;
    AggChunk chunk;
    chunk.rows.reserve(kChunkRows);
    for (; !readError;) {
        aggsegment::Group g;
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
            chunk = AggChunk{};
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
    return cube;
}

} // namespace unalloc::core
