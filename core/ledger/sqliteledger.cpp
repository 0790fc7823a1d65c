#include "sqliteledger.h"

#include "importtransaction.h"
#include "ledgercodec.h"
#include "ledgerschema.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

Result<std::unique_ptr<LedgerStore>> openDb(const std::string &path, bool readOnly, bool create)
{
    auto db = sql::Db::open(path, readOnly, create);
    if (!db)
        return fail(db.error());
    if (auto r = ledgerschema::registerFunctions(*db); !r)
        return fail(r.error());
    if (create) {
        // Larger pages (set before WAL fixes the size): shallower index trees and fewer
        // page splits during bulk imports.
        if (auto r = db->exec("PRAGMA page_size = 16384"); !r)
            return fail(r.error());
        if (auto r = ledgerschema::configure(*db, false); !r)
            return fail(r.error());
        if (auto r = ledgerschema::create(*db); !r)
            return fail(Error{"ledger-create", r.error().detail, path, {}, {}});
        return std::make_unique<SqliteLedger>(std::move(*db), path, false,
                                              ledgerschema::kCurrentVersion);
    }
    // Check (and migrate) before any pragma writes, so a foreign SQLite file is left alone.
    auto version = ledgerschema::migrate(*db, path, readOnly);
    if (!version)
        return fail(version.error());
    if (auto r = ledgerschema::configure(*db, readOnly); !r)
        return fail(r.error());
    return std::make_unique<SqliteLedger>(std::move(*db), path, readOnly, *version);
}

const ledgerschema::SortIndex &sortIndexFor(LedgerSort sort)
{
    const char *name = "rows_start";
    switch (sort) {
    case LedgerSort::Start:
        break;
    case LedgerSort::Batch:
        name = "rows_batch";
        break;
    case LedgerSort::Amount:
        name = "rows_amount";
        break;
    case LedgerSort::Name:
        name = "rows_name";
        break;
    case LedgerSort::Source:
        name = "rows_source";
        break;
    }
    for (const ledgerschema::SortIndex &index : ledgerschema::kSortIndexes)
        if (std::string_view(index.name) == name)
            return index;
    return ledgerschema::kSortIndexes[0];
}

Result<Currency> currencyOf(std::string_view code)
{
    auto c = Currency::parse(code);
    if (!c)
        return fail("ledger-corrupt", "stored currency '" + std::string(code) + "' is unknown");
    return *c;
}

} // namespace

Result<std::unique_ptr<LedgerStore>> LedgerStore::create(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec))
        return fail("ledger-exists", "a file already exists there; choose a new name", path);
    return openDb(path, false, true);
}

Result<std::unique_ptr<LedgerStore>> LedgerStore::open(const std::string &path, bool readOnly)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return fail("ledger-open", "no such ledger file", path);
    return openDb(path, readOnly, false);
}

int LedgerStore::currentSchemaVersion()
{
    return ledgerschema::kCurrentVersion;
}

SqliteLedger::SqliteLedger(sql::Db db, std::string path, bool readOnly, int version)
    : m_db(std::move(db))
    , m_path(std::move(path))
    , m_readOnly(readOnly)
    , m_version(version)
{}

TimeUs SqliteLedger::now() const
{
    if (m_clock)
        return m_clock();
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

Result<void> SqliteLedger::checkWritable(const char *what) const
{
    if (m_readOnly)
        return fail("ledger-read-only",
                    std::string("cannot ") + what + ": the ledger is open read-only", m_path);
    if (m_importOpen)
        return fail("ledger-busy", std::string("cannot ") + what + " while an import is open",
                    m_path);
    return {};
}

std::uint64_t SqliteLedger::keyFingerprint(std::string_view source,
                                           std::string_view recordKey) const
{
    return m_tuning.fingerprint ? m_tuning.fingerprint(source, recordKey)
                                : ledgerschema::keyFingerprint(source, recordKey);
}

Result<void> SqliteLedger::ensureSortIndex(LedgerSort sort)
{
    const ledgerschema::SortIndex &index = sortIndexFor(sort);
    auto exists = m_db.scalar(std::string("SELECT count(*) FROM sqlite_master WHERE type = "
                                          "'index' AND name = '") +
                              index.name + "'");
    if (!exists)
        return fail(exists.error());
    if (*exists != 0)
        return {};
    if (auto w = checkWritable("build a sort index"); !w)
        return w;
    // The build's sort spills sorted runs to temporary files (bounded memory) and one helper
    // thread sorts them while this one scans the table.
    (void)m_db.exec("PRAGMA temp_store = FILE; PRAGMA threads = 1; PRAGMA cache_size = -16384");
    auto r = m_db.exec(std::string("BEGIN IMMEDIATE; ") + index.create + "; COMMIT");
    if (!r)
        (void)m_db.exec("ROLLBACK");
    (void)m_db.exec("PRAGMA cache_size = -65536; PRAGMA threads = 0; PRAGMA temp_store = MEMORY");
    return r;
}

Result<std::unique_ptr<ImportTransaction>> SqliteLedger::beginImport()
{
    if (auto w = checkWritable("import"); !w)
        return fail(w.error());
    return SqliteImportTransaction::begin(*this);
}

Result<std::vector<ImportBatch>> SqliteLedger::batches() const
{
    auto records = batchRecords();
    if (!records)
        return fail(records.error());
    std::vector<ImportBatch> out;
    out.reserve(records->size());
    for (BatchRecord &r : *records)
        out.push_back(std::move(r.batch));
    return out;
}

Result<std::vector<BatchRecord>> SqliteLedger::batchRecords() const
{
    auto st = m_db.prepare(
        "SELECT id, source, format, origin, sha256, imported_at, window_start, window_end, "
        "status, evidence, rows_read, rows_added, duplicates, rounded_count FROM batches "
        "ORDER BY id");
    auto tot = m_db.prepare("SELECT batch, currency, amount, added_amount FROM batch_totals "
                            "ORDER BY batch, currency");
    auto warn = m_db.prepare("SELECT batch, code, file, record, field, detail FROM warnings "
                             "ORDER BY batch, id");
    if (!st || !tot || !warn)
        return fail(!st ? st.error() : (!tot ? tot.error() : warn.error()));
    std::vector<BatchRecord> out;
    std::map<std::int64_t, size_t> index;
    for (auto row = st->step(); row && *row; row = st->step()) {
        BatchRecord r;
        ImportBatch &b = r.batch;
        b.id = st->int64(0);
        b.source = st->text(1);
        b.format = st->text(2);
        b.origin = st->text(3);
        b.sha256 = st->text(4);
        b.importedAt = st->int64(5);
        if (!st->isNull(6))
            b.windowStart = st->int64(6);
        if (!st->isNull(7))
            b.windowEnd = st->int64(7);
        b.status = batchStatusFromString(st->textView(8)).value_or(BatchStatus::Failed);
        auto evidence = codec::evidenceFromJson(st->textView(9));
        if (!evidence)
            return fail(evidence.error());
        b.evidence = std::move(*evidence);
        b.rowCount = st->int64(10);
        r.rowsAdded = st->int64(11);
        r.duplicates = st->int64(12);
        b.roundedValues = st->int64(13);
        index[b.id] = out.size();
        out.push_back(std::move(r));
    }
    for (auto row = tot->step(); row && *row; row = tot->step()) {
        auto it = index.find(tot->int64(0));
        auto currency = currencyOf(tot->textView(1));
        auto amount = codec::decodeAmount(tot->blob(2));
        auto added = codec::decodeAmount(tot->blob(3));
        if (it == index.end() || !currency || !amount || !added)
            return fail("ledger-corrupt", "batch totals do not match the batches", m_path);
        out[it->second].batch.totals.push_back(Money{*amount, *currency});
        out[it->second].addedTotals.push_back(Money{*added, *currency});
    }
    for (auto row = warn->step(); row && *row; row = warn->step()) {
        auto it = index.find(warn->int64(0));
        if (it == index.end())
            continue;
        out[it->second].batch.warnings.push_back(
            Warning{warn->text(1), warn->text(2), warn->text(3), warn->text(4), warn->text(5)});
    }
    return out;
}

Result<void> SqliteLedger::checkIntegrity() const
{
    auto st = m_db.prepare("PRAGMA integrity_check");
    if (!st)
        return fail(st.error());
    auto row = st->step();
    if (!row)
        return fail(row.error());
    if (!*row || st->textView(0) != "ok")
        return fail("ledger-corrupt", "integrity check failed: " + st->text(0), m_path);
    // Imports write without enforcing foreign keys (they insert the parents themselves).
    auto fk = m_db.prepare("PRAGMA foreign_key_check");
    if (!fk)
        return fail(fk.error());
    auto orphan = fk->step();
    if (!orphan)
        return fail(orphan.error());
    if (*orphan)
        return fail("ledger-corrupt",
                    "table " + fk->text(0) + " row " + std::to_string(fk->int64(1)) +
                        " references a missing " + fk->text(2),
                    m_path);
    const char *aggCheck =
        "SELECT count(*) FROM ("
        "SELECT label_set, source, name, unalloc_day(start_us), currency, batch, "
        "unalloc_sum(amount), count(*) FROM rows WHERE superseded = 0 GROUP BY 1, 2, 3, 4, 5, 6 "
        "EXCEPT SELECT * FROM agg) UNION ALL SELECT count(*) FROM ("
        "SELECT * FROM agg EXCEPT "
        "SELECT label_set, source, name, unalloc_day(start_us), currency, batch, "
        "unalloc_sum(amount), count(*) FROM rows WHERE superseded = 0 GROUP BY 1, 2, 3, 4, 5, 6)";
    auto diff = m_db.prepare(aggCheck);
    if (!diff)
        return fail(diff.error());
    std::int64_t mismatches = 0;
    for (auto r = diff->step(); r && *r; r = diff->step())
        mismatches += diff->int64(0);
    if (mismatches != 0)
        return fail("ledger-corrupt",
                    "the aggregate differs from the rows in " + std::to_string(mismatches) +
                        " groups",
                    m_path);
    return {};
}

namespace {

/// @brief Aggregate rows as read from SQLite, handed from the reading thread to the thread
/// that builds the cube: ids and counts as numbers, the text and amount bytes copied into one
/// buffer (the statement's own buffers are gone at its next step).
struct AggChunk
{
    struct Row
    {
        std::int64_t labelSet, batch, rows;
        std::int32_t day;
        std::uint32_t source, object, currency, amount; ///< offsets into bytes
        std::uint32_t sourceLen, objectLen, currencyLen, amountLen;
    };
    std::vector<Row> rows;
    std::string bytes;

    std::string_view view(std::uint32_t offset, std::uint32_t length) const
    {
        return std::string_view(bytes).substr(offset, length);
    }
};

/// @brief A small bounded hand-off between the two threads of loadCube().
class AggQueue final
{
public:
    /// False once the builder stopped.
    bool push(AggChunk &&chunk)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [this] { return m_stopped || m_chunks.size() < kDepth; });
        if (m_stopped)
            return false;
        m_chunks.push_back(std::move(chunk));
        m_notEmpty.notify_one();
        return true;
    }
    std::optional<AggChunk> pop()
    {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [this] { return m_stopped || m_closed || !m_chunks.empty(); });
        if (m_chunks.empty() || m_stopped)
            return std::nullopt;
        AggChunk c = std::move(m_chunks.front());
        m_chunks.pop_front();
        m_notFull.notify_one();
        return c;
    }
    /// The reader is done.
    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
    }
    /// The builder gave up: the reader stops at its next push.
    void stop()
    {
        std::lock_guard lock(m_mutex);
        m_stopped = true;
        m_notFull.notify_all();
        m_notEmpty.notify_all();
    }

private:
    static constexpr size_t kDepth = 4;
    std::mutex m_mutex;
    std::condition_variable m_notFull, m_notEmpty;
    std::deque<AggChunk> m_chunks;
    bool m_closed = false;
    bool m_stopped = false;
};

} // namespace

Result<CostCube> SqliteLedger::loadCube() const
{
    struct Set
    {
        LabelMap labels;
        std::vector<CollisionTotal> collisions; ///< amount and rows filled per group
        std::optional<std::uint32_t> cubeId;    ///< interned at its first group
        /// The cube's label set was new at this set's first group: the aggregate's key order
        /// then makes every group of it new and its objects adjacent (appendNewGroup).
        bool fresh = false;
    };
    std::unordered_map<std::int64_t, Set> sets;
    auto ls = m_db.prepare("SELECT id, labels, collisions FROM label_sets");
    if (!ls)
        return fail(ls.error());
    for (auto row = ls->step(); row && *row; row = ls->step()) {
        auto v = codec::labelSetFromJson(ls->textView(1), "[]", ls->textView(2));
        if (!v)
            return fail(v.error());
        Set s{std::move(v->labels), {}, std::nullopt};
        for (const Collision &c : v->collisions) {
            CollisionTotal t;
            t.canonicalKey = c.canonicalKey;
            for (const std::string &k : c.rawKeys)
                t.rawKeys += (t.rawKeys.empty() ? "" : ", ") + k;
            t.winnerRawKey = c.winnerRawKey;
            s.collisions.push_back(std::move(t));
        }
        sets.emplace(ls->int64(0), std::move(s));
    }
    auto st = m_db.prepare("SELECT label_set, source, object, day, currency, batch, amount, rows "
                           "FROM agg");
    if (!st)
        return fail(st.error());

    // Two threads: this one steps SQLite (about half the time of a large ledger), the other
    // decodes and folds the groups into the cube. The cube sees the rows in the aggregate's
    // order either way, so the result is the same as one thread's.
    AggQueue queue;
    CostCube cube;
    std::optional<Error> buildError;
    std::thread builder([&] {
        std::map<std::string, Currency, std::less<>> currencies;
        auto set = sets.end();
        std::int64_t setId = 0;
        while (auto chunk = queue.pop()) {
            for (const AggChunk::Row &r : chunk->rows) {
                // The aggregate's key starts with the stored label set: its groups come in
                // runs.
                if (set == sets.end() || r.labelSet != setId) {
                    setId = r.labelSet;
                    set = sets.find(setId);
                }
                auto amount = codec::decodeAmount(chunk->view(r.amount, r.amountLen));
                if (set == sets.end() || !amount) {
                    buildError = Error{"ledger-corrupt",
                                       "the aggregate references a missing label set",
                                       m_path,
                                       {},
                                       {}};
                    queue.stop();
                    return;
                }
                const std::string_view curText = chunk->view(r.currency, r.currencyLen);
                auto cur = currencies.find(curText);
                if (cur == currencies.end()) {
                    auto c = currencyOf(curText);
                    if (!c) {
                        buildError = c.error();
                        queue.stop();
                        return;
                    }
                    cur = currencies.emplace(std::string(curText), *c).first;
                }
                if (!set->second.cubeId) {
                    const size_t known = cube.labelSets().size();
                    set->second.cubeId = cube.internLabelSet(set->second.labels);
                    set->second.fresh = cube.labelSets().size() > known;
                }
                const std::string_view source = chunk->view(r.source, r.sourceLen);
                const std::string_view object = chunk->view(r.object, r.objectLen);
                if (set->second.fresh)
                    cube.appendNewGroup(*set->second.cubeId, source, object, r.day, cur->second,
                                        r.batch, *amount, r.rows);
                else // stored sets that differ only in raw labels share the cube's set: merge
                    cube.addGroup(*set->second.cubeId, source, object, r.day, cur->second, r.batch,
                                  *amount, r.rows);
                for (CollisionTotal t : set->second.collisions) {
                    t.currency = cur->second;
                    t.amount = *amount;
                    t.rows = r.rows;
                    cube.addCollision(t);
                }
            }
        }
    });

    constexpr size_t kChunkRows = 4096;
    std::optional<Error> readError;
    AggChunk chunk;
    chunk.rows.reserve(kChunkRows);
    const auto append = [&chunk](std::string_view bytes, std::uint32_t &offset,
                                 std::uint32_t &length) {
        offset = static_cast<std::uint32_t>(chunk.bytes.size());
        length = static_cast<std::uint32_t>(bytes.size());
        chunk.bytes.append(bytes);
    };
    for (auto row = st->step();; row = st->step()) {
        if (!row) {
            readError = Error(sql::sqlError(m_db.handle(), "cannot read the aggregate"));
            break;
        }
        if (!*row)
            break;
        AggChunk::Row r{};
        r.labelSet = st->int64(0);
        r.day = static_cast<std::int32_t>(st->int64(3));
        r.batch = st->int64(5);
        r.rows = st->int64(7);
        append(st->textView(1), r.source, r.sourceLen);
        append(st->textView(2), r.object, r.objectLen);
        append(st->textView(4), r.currency, r.currencyLen);
        append(st->blob(6), r.amount, r.amountLen);
        chunk.rows.push_back(r);
        if (chunk.rows.size() == kChunkRows) {
            if (!queue.push(std::move(chunk)))
                break; // the builder failed: its error is the one to report
            chunk = AggChunk{};
            chunk.rows.reserve(kChunkRows);
            chunk.bytes.reserve(kChunkRows * 48);
        }
    }
    if (!readError && !chunk.rows.empty())
        queue.push(std::move(chunk));
    if (readError)
        queue.stop();
    queue.close();
    builder.join();
    if (readError)
        return fail(*readError);
    if (buildError)
        return fail(*buildError);
    return cube;
}

Result<std::vector<Invoice>> SqliteLedger::invoices() const
{
    auto st = m_db.prepare("SELECT source, amount, currency, period_start, period_end, note "
                           "FROM invoices ORDER BY source, period_start, id");
    if (!st)
        return fail(st.error());
    std::vector<Invoice> out;
    for (auto row = st->step(); row && *row; row = st->step()) {
        Invoice inv;
        inv.source = st->text(0);
        auto amount = codec::decodeAmount(st->blob(1));
        auto currency = currencyOf(st->textView(2));
        if (!amount || !currency)
            return fail("ledger-corrupt", "a stored invoice is malformed", m_path);
        inv.amount = Money{*amount, *currency};
        if (!st->isNull(3))
            inv.periodStart = st->int64(3);
        if (!st->isNull(4))
            inv.periodEnd = st->int64(4);
        inv.note = st->text(5);
        out.push_back(std::move(inv));
    }
    return out;
}

Result<Rules> SqliteLedger::rules() const
{
    auto st = m_db.prepare("SELECT json FROM rules WHERE id = 1");
    if (!st)
        return fail(st.error());
    auto row = st->step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return Rules{};
    return codec::rulesFromJson(st->textView(0));
}

Result<void> SqliteLedger::setRules(const Rules &rules)
{
    if (auto w = checkWritable("change the rules"); !w)
        return w;
    auto st = m_db.prepare("INSERT INTO rules(id, json) VALUES (1, ?1) "
                           "ON CONFLICT(id) DO UPDATE SET json = excluded.json");
    if (!st)
        return fail(st.error());
    st->bind(1, codec::rulesToJson(rules));
    return st->exec();
}

} // namespace unalloc::core
