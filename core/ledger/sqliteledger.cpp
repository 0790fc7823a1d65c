#include "sqliteledger.h"

#include "aggsegment.h"
#include "importtransaction.h"
#include "labelchunks.h"
#include "ledgercodec.h"
#include "ledgerfile.h"
#include "ledgerschema.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <unordered_map>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

/// An import killed under a rollback journal (SqliteImportTransaction::begin) leaves a hot
/// journal, which only a connection that may write can roll back: a read-only opening would
/// fail with "attempt to write a readonly database". Roll it back first, as any writable
/// opening would. Without write access the read-only opening reports the problem.
void recoverHotJournal(const std::string &path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path + "-journal", ec))
        return;
    if (auto db = sql::Db::open(path, false, false))
        (void)db->scalar("SELECT count(*) FROM sqlite_schema");
}

Result<std::unique_ptr<LedgerStore>> openDb(const std::string &path, bool readOnly, bool create)
{
    if (readOnly && !create)
        recoverHotJournal(path);
    auto db = readOnly && !create ? ledgerfile::openReadOnly(path)
                                  : sql::Db::open(path, readOnly, create);
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
    // A cut-off copy can still answer the header pragmas; say so before anything else.
    if (const std::string damaged = ledgerfile::damage(path); !damaged.empty())
        return fail("ledger-damaged", damaged, path);
    // SQLite opens a write-protected file read-only without a word; an import would then
    // fail on its first write, naming nothing.
    if (!readOnly && sqlite3_db_readonly(db->handle(), "main") == 1)
        return fail("ledger-read-only",
                    "the ledger file is read-only (file permissions or a read-only medium); "
                    "it can be read (report, ledger) but nothing can be imported into it",
                    path);
    // Check (and migrate) before any pragma writes, so a foreign SQLite file is left alone.
    auto version = ledgerschema::migrate(*db, path, readOnly);
    if (!version) {
        const int primary = sqlite3_extended_errcode(db->handle()) & 0xFF;
        if (!readOnly && (primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY))
            return fail("ledger-read-only",
                        "the ledger cannot be opened for writing: its directory or medium is "
                        "read-only (SQLite: " +
                            db->lastError() +
                            "); it can be read (report, ledger) but nothing can be imported "
                            "into it",
                        path);
        return fail(version.error());
    }
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
    for (const ledgerschema::SortIndex &index : ledgerschema::sortIndexes())
        if (std::string_view(index.name) == name)
            return index;
    return ledgerschema::sortIndexes().front();
}

} // namespace

Result<std::unique_ptr<LedgerStore>> LedgerStore::createDraft(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec))
        return fail("ledger-exists", "a file already exists there; choose a new name", path);
    ledgerfile::removeStaleDrafts(path);
    const std::string draft = ledgerfile::draftPathFor(path);
    auto store = openDb(draft, false, true);
    if (!store) {
        ledgerfile::discard(draft);
        Error e = store.error();
        e.file = path;
        return fail(std::move(e));
    }
    return store;
}

Result<void> LedgerStore::publishDraft(std::unique_ptr<LedgerStore> draft, const std::string &path)
{
    const std::string draftPath = draft->path();
    draft.reset(); // closed: SQLite folds its write-ahead log back into the file
    return ledgerfile::publish(draftPath, path);
}

void LedgerStore::discardDraft(std::unique_ptr<LedgerStore> draft)
{
    const std::string draftPath = draft->path();
    draft.reset();
    ledgerfile::discard(draftPath);
}

Result<std::unique_ptr<LedgerStore>> LedgerStore::create(const std::string &path)
{
    // Built under another name and linked into place: a crash leaves no half-made ledger,
    // and of two processes creating the same path one gets "ledger-exists".
    auto draft = createDraft(path);
    if (!draft)
        return fail(draft.error());
    if (auto r = publishDraft(std::move(*draft), path); !r) {
        Error e = r.error();
        if (e.code == "ledger-exists")
            e.detail = "a file already exists there; choose a new name";
        return fail(std::move(e));
    }
    return open(path, false);
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
    // As stored (48 bits since schema v9): the import's set of fingerprints holds what it read
    // from rows.key_fp and what it computes, so both must be the stored value.
    return static_cast<std::uint64_t>(ledgerschema::storedFingerprint(
        m_tuning.fingerprint ? m_tuning.fingerprint(source, recordKey)
                             : ledgerschema::keyFingerprint(source, recordKey)));
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
    // A file write-protected after the ledger was opened.
    if (sqlite3_db_readonly(m_db.handle(), "main") == 1)
        return fail("ledger-read-only",
                    "cannot import: the ledger file is read-only (file permissions or a "
                    "read-only medium); nothing was imported",
                    m_path);
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
        auto currency = codec::decodeCurrency(tot->textView(1));
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
    // Every row's label set is stored (schema v7 has no foreign key for it).
    if (auto r = labelchunks::checkRowSets(m_db); !r) {
        Error e = r.error();
        e.file = m_path;
        return fail(std::move(e));
    }
    // The aggregate as a ledger opens it (segments merged with adjustments), with its texts,
    // against the aggregate the rows give.
    // (A temp table: writable on a read-only connection too.)
    auto &db = const_cast<sql::Db &>(m_db);
    if (auto r = db.exec("CREATE TEMP TABLE IF NOT EXISTS unalloc_agg_check(label_set, source, "
                         "object, day, currency, batch, provider, model, days, amount, rows);"
                         "DELETE FROM unalloc_agg_check");
        !r)
        return fail(r.error());
    {
        std::map<std::int64_t, std::string> texts;
        auto t = m_db.prepare("SELECT id, s FROM agg_strings");
        if (!t)
            return fail(t.error());
        for (auto r = t->step(); r && *r; r = t->step())
            texts[t->int64(0)] = t->text(1);
        auto ins = m_db.prepare("INSERT INTO unalloc_agg_check VALUES "
                                "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
        if (!ins)
            return fail(ins.error());
        const auto text = [&](std::int64_t id) -> Result<std::string> {
            auto it = texts.find(id);
            if (it == texts.end())
                return fail("ledger-corrupt",
                            "the aggregate names text " + std::to_string(id) +
                                " that agg_strings does not hold",
                            m_path);
            return it->second;
        };
        auto walked =
            aggsegment::forEachGroup(m_db, m_path, [&](const aggsegment::Group &g) -> Result<void> {
                auto source = text(g.source), object = text(g.object), currency = text(g.currency),
                     provider = text(g.provider), model = text(g.model);
                for (auto *r : {&source, &object, &currency, &provider, &model})
                    if (!*r)
                        return fail(r->error());
                ins->reset();
                ins->bind(1, g.labelSet);
                ins->bind(2, *source);
                ins->bind(3, *object);
                ins->bind(4, std::int64_t{g.day});
                ins->bind(5, *currency);
                ins->bind(6, g.batch);
                ins->bind(7, *provider);
                ins->bind(8, *model);
                ins->bind(9, std::int64_t{g.days});
                const auto amount = codec::encodeAmount(g.amount);
                ins->bindBlob(10, amount.data(), amount.size());
                ins->bind(11, g.rows);
                if (auto r = ins->exec(); !r)
                    return fail(r.error());
                return {};
            });
        if (!walked)
            return fail(walked.error());
    }
    const std::string agg =
        std::string("SELECT ") + ledgerschema::kAggColumns + " FROM unalloc_agg_check";
    const std::string aggCheck =
        std::string("SELECT count(*) FROM (") + ledgerschema::kAggFromRows + " EXCEPT " + agg +
        ") UNION ALL SELECT count(*) FROM (" + agg + " EXCEPT " + ledgerschema::kAggFromRows + ")";
    auto diff = m_db.prepare(aggCheck);
    if (!diff)
        return fail(diff.error());
    std::int64_t mismatches = 0;
    for (auto r = diff->step(); r && *r; r = diff->step())
        mismatches += diff->int64(0);
    diff->reset();
    (void)db.exec("DROP TABLE IF EXISTS temp.unalloc_agg_check");
    if (mismatches != 0)
        return fail("ledger-corrupt",
                    "the aggregate differs from the rows in " + std::to_string(mismatches) +
                        " groups",
                    m_path);
    return {};
}

Result<std::vector<Invoice>> SqliteLedger::invoices() const
{
    auto st = m_db.prepare("SELECT source, amount, currency, period_start, period_end, note "
                           "FROM invoices ORDER BY source, period_start, id");
    if (!st)
        return fail(st.error());
    return invoicesFrom(*st);
}

Result<std::vector<Invoice>> SqliteLedger::invoicesFrom(sql::Stmt &st) const
{
    std::vector<Invoice> out;
    for (;;) {
        auto row = st.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return out;
        Invoice inv;
        inv.source = st.text(0);
        auto amount = codec::decodeAmount(st.blob(1));
        auto currency = codec::decodeCurrency(st.textView(2));
        if (!amount || !currency)
            return fail("ledger-corrupt", "a stored invoice is malformed", m_path);
        inv.amount = Money{*amount, *currency};
        if (!st.isNull(3))
            inv.periodStart = st.int64(3);
        if (!st.isNull(4))
            inv.periodEnd = st.int64(4);
        inv.note = st.text(5);
        out.push_back(std::move(inv));
    }
}

Result<Rules> SqliteLedger::rules() const
{
    auto st = m_db.prepare("SELECT json FROM rules WHERE id = 1");
    if (!st)
        return fail(st.error());
    auto row = st->step();
    if (!row)
        return fail(row.error());
    auto rules = *row ? codec::rulesFromJson(st->textView(0)) : Result<Rules>(Rules{});
    if (!rules)
        return rules;
    auto aliases = valueAliases(); // their own table: the digest sees them, setRules does not
    if (!aliases)
        return fail(aliases.error());
    rules->valueAliases = std::move(*aliases);
    return rules;
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
