// SqliteLedger::loadCube: the dictionary, the stored label sets and the aggregate (segments and
// adjustments, aggsegment.h) into a CostCube on four threads: one reads the dictionary, one
// reads the sets and adds them to the cube's pool, one merges the groups in key order, one adds
// the groups to the cube.
#include "aggsegment.h"
#include "cubesets.h"
#include "labelchunks.h"
#include "labelsetcodec.h"
#include "ledgercodec.h"
#include "ledgerschema.h"
#include "sqliteledger.h"

#include "handoff.h"

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <future>
#include <limits>
#include <mutex>
#include <new>
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

using cubesets::SetAdder;

/// @brief What the thread that reads and adds the stored sets has added so far: the builder of
/// the groups waits here for the sets its next groups have.
class SetsAdded
{
public:
    /// The adding thread: every set through view.lastId is in.
    void publish(const SetAdder::View &view)
    {
        const std::lock_guard lock(m_lock);
        m_view = view;
        m_changed.notify_all();
    }
    /// The adding thread: no more sets come.
    void finish()
    {
        const std::lock_guard lock(m_lock);
        m_done = true;
        m_changed.notify_all();
    }
    /// The builder: the sets once those through `need` are in (or no more come); nullopt when
    /// the load stopped (the thread that stopped it has its error).
    std::optional<SetAdder::View> through(std::int64_t need)
    {
        std::unique_lock lock(m_lock);
        m_changed.wait(lock, [&] { return m_stopped || m_done || m_view.lastId >= need; });
        if (m_stopped)
            return std::nullopt;
        return m_view;
    }
    /// Any thread that gave up: the adding thread stops before its next chunk, and a builder
    /// that waits returns.
    void stop()
    {
        const std::lock_guard lock(m_lock);
        m_stopped = true;
        m_changed.notify_all();
    }
    bool stopped() const
    {
        const std::lock_guard lock(m_lock);
        return m_stopped;
    }

private:
    mutable std::mutex m_lock;
    std::condition_variable m_changed;
    SetAdder::View m_view;
    bool m_done = false, m_stopped = false;
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
    // One read transaction for the whole load: every thread reads one snapshot of the ledger
    // (a commit by another connection between two statements would otherwise show part of
    // it), and the connection takes its shared lock once, not at each statement. Ended after
    // the statements below are finalised (declared before them). Inside a caller's
    // transaction, BEGIN fails and that one is the snapshot.
    struct ReadSnapshot
    {
        const sql::Db &db;
        bool began;
        ~ReadSnapshot()
        {
            if (!began)
                return;
            if (auto st = db.prepare("COMMIT"))
                (void)st->exec();
        }
    } snapshot{m_db, [this] {
                   auto st = m_db.prepare("BEGIN");
                   return st && st->exec().has_value();
               }()};
    // Four threads: this one reads the dictionary, one reads the stored sets and adds them to
    // the cube's pool, one reads the aggregate's groups (the batches' segments merged in key
    // order), and the builder adds the groups to the cube. The sets go into the pool in id order
    // from one thread, the groups into the cube in key order from another, and the builder waits
    // for the sets through the one its next groups have (the aggregate's key order starts with
    // the set id): the cube is the same whatever the threads' pace. The threads share the
    // connection, taking turns (sql::Turns) only to step a statement: a
    // chunk or a segment per step, decoded outside; the dictionary lets the others in every few
    // hundred strings. The sets that carry cost are kept; the others dropped.
    std::vector<char> setUsed; ///< per cube set: some group of the aggregate has it
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
    sql::Turns turns; ///< the threads' turns on the connection
    aggsegment::Merged merged(m_db);
    if (auto r = merged.start(); !r)
        return fail(r.error());
    merged.serialize(turns);
    labelchunks::SetScan scan(m_db); // these live until every thread is done with the connection
    scan.serialize(turns);
    labelsetcodec::StringCache keyTexts(m_db);

    // The room the cube needs is counted, not found by a first pass over the aggregate (which
    // took a fifth of a load).
    const auto count = [this](const char *sqlText) {
        const auto n = m_db.scalar(sqlText);
        return n && *n > 0 ? static_cast<size_t>(*n) : size_t{0};
    };
    // Both in one pass over label_chunks (each pass read every leaf page of the table: 0.1 s
    // at ten million sets).
    size_t storedSets = 0, idsEnd = 0;
    if (auto st = m_db.prepare("SELECT sum(sets), max(first + span) FROM label_chunks")) {
        if (auto row = st->step(); row && *row) {
            storedSets = static_cast<size_t>(std::max<std::int64_t>(st->int64(0), 0));
            idsEnd = static_cast<size_t>(std::max<std::int64_t>(st->int64(1), 0));
        }
    }
    const size_t storedGroups = count("SELECT sum(groups) FROM agg_segments") +
                                count("SELECT count(*) FROM agg WHERE rows > 0");
    // The dictionary is read by this thread while the others load the sets and groups, and
    // becomes the cube's value pool as it is: a value's id is its stored string id, so no label
    // is translated (a million per-request sets carry some fourteen million labels). The
    // builder reads the few key texts one by one meanwhile; a set with collisions, decoded in
    // full, waits for the dictionary.
    std::optional<labelsetcodec::StringTable> dictionary;
    std::promise<void> dictionaryRead;
    const std::shared_future<void> dictionaryReady = dictionaryRead.get_future().share();
    const labelsetcodec::StringLookup keyText = [&](std::int64_t id) {
        const std::lock_guard turn(turns);
        return keyTexts.find(id);
    };
    const labelsetcodec::StringLookup collisionText = [&](std::int64_t id) {
        dictionaryReady.wait();
        return dictionary ? dictionary->find(id) : std::nullopt;
    };
    HandOff<AggChunk> queue;
    CostCube cube;
    // Ids run from 1 to the last chunk's end: room for all at once, not by doubling (a corrupt
    // chunk's end is checked as its sets are read; the room stays near the sets' count).
    SetAdder adder(cube, storedSets, std::min(idsEnd + 1, 2 * storedSets + 1024), keyText,
                   collisionText);
    SetsAdded added;
    std::optional<Error> buildError, groupError, addError;
    const auto stopBoth = [&] {
        added.stop();
        queue.stop();
    };
    std::thread builder([&] {
        // The groups grow to their final count in one allocation, not by doubling (which holds
        // the old and the new copy at once).
        cube.reserveAppended(storedGroups);
        const auto corrupt = [&](std::string message) {
            buildError = Error{"ledger-corrupt", std::move(message), m_path, {}, {}};
            stopBoth();
        };
        // Waits for the stored sets through id `need` (all of them when the aggregate has
        // ended); false when the load stopped.
        SetAdder::View sets;
        const auto setsThrough = [&](std::int64_t need) {
            if (sets.lastId < need) {
                const std::optional<SetAdder::View> now = added.through(need);
                if (!now)
                    return false;
                sets = *now;
            }
            setUsed.resize(sets.poolSize, 0);
            return true;
        };
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
            std::int64_t need = 0; // the last set of the chunk (key order: its last group's)
            for (const aggsegment::Group &r : chunk->rows)
                need = std::max(need, r.labelSet);
            if (!setsThrough(need))
                return;
            for (const aggsegment::Group &r : chunk->rows) {
                const std::uint32_t set = sets.at(r.labelSet);
                const std::uint32_t setId = set & SetAdder::kCubeId;
                if (setId == SetAdder::kMissing)
                    return corrupt("the aggregate references a missing label set");
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
                size_t group = cube.groupCount();
                if (set & SetAdder::kFresh)
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
                    group = cube.addGroup(setId, source, object, r.day, lastCurrency, r.batch,
                                          r.amount, r.rows, provider, model, r.days);
                if (!(set & SetAdder::kCollides))
                    continue;
                const std::uint32_t context = cube.rawGroups()[group].context;
                for (CollisionTotal t : adder.collisions(r.labelSet)) {
                    t.amount = r.amount;
                    t.rows = r.rows;
                    cube.addCollision(t, context, r.day);
                }
            }
            queue.giveBack(std::move(*chunk));
        }
        // The sets after the last group's (none carries cost): read on, so the reader ends.
        setsThrough(std::numeric_limits<std::int64_t>::max());
    });
    // The groups in key order, merged from the segments. A damaged aggregate ends only this
    // reader: the sets are still read, and an error of theirs is reported first (as when the
    // sets were read before the groups).
    std::thread groupReader([&] {
        constexpr size_t kChunkRows = 4096;
        AggChunk chunk;
        chunk.rows.reserve(kChunkRows);
        // Declared once: Merged::next sets every field, and a group initialised per pass was a
        // `rep stos` that took a third of this loop's time on an AMD virtual machine.
        aggsegment::Group g;
        for (;;) {
            auto got = merged.next(g);
            if (!got) {
                groupError = got.error();
                groupError->file = m_path;
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
        if (!groupError && !chunk.rows.empty())
            queue.push(std::move(chunk));
        queue.close();
    });

    // The stored sets: read and added to the cube's pool by one thread, a chunk at a time (its
    // values still in that core's cache: handed to the builder's core, they were stored by one
    // and read by the other, and the reader's stores into recycled chunks waited on the lines).
    cubesets::SetReading reading;
    std::thread setReader([&] {
        reading = cubesets::readSets(
            scan,
            [&](const cubesets::SetChunk &c) {
                if (added.stopped())
                    return false;
                if (auto r = adder.add(c); !r) {
                    addError = r.error();
                    addError->file = m_path;
                    stopBoth();
                    return false;
                }
                added.publish(adder.view());
                return true;
            },
            m_path);
        added.finish();
    });
    // The other threads are running: nothing may leave this function before they are joined
    // (a std::thread destroyed while joinable ends the program).
    Result<labelsetcodec::StringTable> strings = fail("out-of-memory", "", m_path);
    try {
        strings = labelsetcodec::StringTable::load(m_db, &turns);
    } catch (const std::bad_alloc &) {
        strings = fail("out-of-memory",
                       "not enough memory to read the ledger's dictionary of label texts", m_path);
    }
    if (strings)
        dictionary = std::move(*strings);
    dictionaryRead.set_value();
    std::optional<Error> readError;
    if (!strings) {
        readError = strings.error();
        if (readError->file.empty())
            readError->file = m_path;
        stopBoth();
    }
    setReader.join();
    if (reading.error) {
        readError = readError ? readError : reading.error;
        stopBoth();
    }
    groupReader.join();
    builder.join();
    if (readError)
        return fail(*readError);
    // Every value id the sets name must be a string the dictionary holds (a damaged set before a
    // damaged segment, as when the sets were read before the groups).
    auto [texts, holds] = dictionary->release();
    if (auto r = cubesets::checkValues(m_db, reading, holds, m_path); !r)
        return fail(r.error());
    if (groupError)
        return fail(*groupError);
    if (addError)
        return fail(*addError);
    if (buildError)
        return fail(*buildError);
    cube.labelSetsForLoading().adoptValues(std::move(texts), std::move(holds));
    if (std::find(setUsed.begin(), setUsed.end(), 0) != setUsed.end())
        cube.keepLabelSets(setUsed);
    return cube;
}

} // namespace unalloc::core
