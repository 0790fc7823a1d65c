// SqliteImportTransaction: the transaction's life (begin, prepare, commit with the rows_fp
// rebuild, rollback) and the batch bookkeeping (beginBatch, endBatch, batch row, totals,
// warnings, invoices). Rows: importrows.cpp; bulk mode: importbulk.cpp; agg: importaggregate.cpp.
#include "importtransaction.h"
#include "importtransaction_p.h"

#include <algorithm>
#include <utility>

namespace unalloc::core {

namespace codec = ledgercodec;
using namespace importdetail;

namespace {

/// Switches the journal mode if nobody else has the file open; true when the mode is `mode`
/// afterwards. Does not wait: another connection is an answer, not a reason to block.
bool setJournalMode(sql::Db &db, const char *mode)
{
    db.setBusyTimeout(0);
    bool done = false;
    if (auto st = db.prepare(std::string("PRAGMA journal_mode = ") + mode)) {
        auto row = st->step();
        done = row && *row && st->text(0) == mode;
    }
    db.setBusyTimeout(sql::kBusyTimeoutMs);
    return done;
}

} // namespace

Result<std::unique_ptr<ImportTransaction>> SqliteImportTransaction::begin(SqliteLedger &ledger)
{
    std::unique_ptr<SqliteImportTransaction> t(new SqliteImportTransaction(ledger));
    // Temporary storage on FILE lets an index build's sort spill to disk instead of growing
    // the RSS (it cannot change inside a transaction); one helper thread sorts those runs.
    // Foreign keys are not enforced while the import writes: it inserts every batch and label
    // set its rows reference itself, in this transaction, and the two parent lookups per row
    // were a third of the insert. (checkIntegrity runs PRAGMA foreign_key_check.)
    (void)ledger.db().exec("PRAGMA temp_store = FILE; PRAGMA threads = 1; "
                           "PRAGMA foreign_keys = OFF");
    // An import into an empty ledger appends every page. Through the WAL each page is written
    // twice (a frame, then the checkpoint into the file), and synced twice; a rollback
    // journal only keeps pages that existed before the transaction (none of the appended
    // ones), so each page is written once. SQLite's own advice for transactions of more than
    // about 100 MB. Leaving WAL needs the only connection to the file: with readers open
    // the mode stays WAL. Atomicity is the same: a crash leaves a hot journal that the next
    // opening rolls back (SqliteLedger::open also does it for read-only openings).
    if (ledger.importTuning().rollbackJournalWhenEmpty) {
        auto any = ledger.db().scalar("SELECT EXISTS (SELECT 1 FROM rows)");
        if (any && *any == 0)
            t->m_rollbackJournal = setJournalMode(ledger.db(), "delete");
    }
    if (auto r = ledger.db().exec(std::string(kExactCache) + "; BEGIN IMMEDIATE"); !r) {
        (void)ledger.db().exec(kRestorePragmas);
        t->restoreWal();
        return fail(Error{"ledger-busy", r.error().detail, ledger.path(), {}, {}});
    }
    t->m_open = true;
    t->m_aggLimit = std::max<size_t>(1, ledger.importTuning().aggregateGroups);
    ledger.setImportOpen(true);
    if (auto r = t->prepare(); !r)
        return fail(r.error());
    if (auto r = t->m_labelSets.prepare(); !r)
        return fail(r.error());
    auto before = ledger.db().scalar("SELECT ifnull(max(id), 0) FROM rows");
    if (!before)
        return fail(before.error());
    t->m_rowsBefore = *before;
    // Into an empty ledger every import is bulk: there is nothing to load and rows_fp is built
    // once at commit.
    if (t->m_rowsBefore == 0 && ledger.importTuning().bulkRows > 0) {
        if (auto r = t->enterBulk(); !r)
            return fail(r.error());
    }
    return std::unique_ptr<ImportTransaction>(std::move(t));
}

SqliteImportTransaction::~SqliteImportTransaction()
{
    if (m_open) {
        m_insertRow = {};
        m_findKey = {};
        (void)m_ledger.db().exec(std::string("ROLLBACK; ") + kRestorePragmas);
        restoreWal();
        m_ledger.setImportOpen(false);
    }
}

void SqliteImportTransaction::restoreWal()
{
    // Should a reader have opened the file meanwhile, the ledger stays in rollback mode until
    // the next writable opening sets WAL (ledgerschema::configure).
    if (std::exchange(m_rollbackJournal, false))
        (void)setJournalMode(m_ledger.db(), "wal");
}

Result<void> SqliteImportTransaction::prepare()
{
    sql::Db &db = m_ledger.db();
    struct P
    {
        sql::Stmt *stmt;
        const char *text;
    };
    const P all[] = {
        {&m_insertRow,
         "INSERT INTO rows(batch, source_code, key_packed, own_name, amount, currency_code, "
         "start_offset_us, span_us, label_set, quantity, unit_code, prompt_tokens, "
         "completion_tokens, cached_tokens, send_after_us, first_token_after_us, "
         "done_after_end_us, provider_code, "
         "model, key_fp) VALUES (?1, "
         "?2, ?3, ?4, ?5, ?6, ?7, "
         "?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)"},
        {&m_findKey,
         "SELECT amount, currency, batch FROM rows WHERE key_fp = ?1 AND source = ?2 AND "
         "key_packed = ?3"},
        {&m_insertBatch, "INSERT INTO batches(source, format, origin, sha256, imported_at, "
                         "status) VALUES (?1, ?2, ?3, ?4, ?5, 'failed')"},
        {&m_updateBatch,
         "UPDATE batches SET source = ?2, format = ?3, window_start = ?4, window_end = ?5, "
         "status = ?6, reason = ?7, evidence = ?8, rows_read = ?9, rows_added = ?10, "
         "duplicates = ?11, rounded_count = ?12, origin = ifnull(?13, origin), "
         "sha256 = ifnull(?14, sha256) WHERE id = ?1"},
        {&m_insertTotal, "INSERT INTO batch_totals VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {&m_insertWarning, "INSERT INTO warnings(batch, code, file, record, field, detail) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {&m_insertAggString, "INSERT OR IGNORE INTO agg_strings(s) VALUES (?1)"},
        {&m_findAggString, "SELECT id FROM agg_strings WHERE s = ?1"},
        {&m_insertInvoice, "INSERT INTO invoices(batch, source, amount, currency, period_start, "
                           "period_end, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
                           "ON CONFLICT DO NOTHING"},
    };
    for (const P &p : all) {
        auto st = db.prepare(p.text);
        if (!st)
            return fail(st.error());
        *p.stmt = std::move(*st);
    }
    return {};
}

Result<std::int64_t> SqliteImportTransaction::beginBatch(const ImportBatch &meta)
{
    if (!m_open || m_batch != 0)
        return fail("import-state", "a batch is already open or the import has ended");
    m_insertBatch.reset();
    m_insertBatch.bind(1, meta.source);
    m_insertBatch.bind(2, meta.format);
    m_insertBatch.bind(3, meta.origin);
    m_insertBatch.bind(4, meta.sha256);
    m_insertBatch.bind(5, meta.importedAt != 0 ? meta.importedAt : m_ledger.now());
    if (auto r = m_insertBatch.exec(); !r)
        return fail(r.error());
    m_batch = m_ledger.db().lastInsertId();
    // A batch is one reader's: its rows name none of the sets an earlier reader's memo held.
    m_pendingSets.clear();
    m_meta = meta;
    m_counts = {};
    m_minStart.reset();
    m_maxEnd.reset();
    m_totals.clear();
    m_lastTotal = nullptr;
    m_agg.clear();
    m_aggIndex.clear();
    m_aggRuns = 0;
    return m_batch;
}

Result<void> SqliteImportTransaction::endBatch(const ImportBatch &final)
{
    if (m_batch == 0)
        return fail("import-state", "endBatch without a batch");
    if (auto r = writeAggregate(); !r)
        return r;
    if (auto r = writeBatch(final); !r)
        return r;
    m_batch = 0;
    return {};
}

Result<void> SqliteImportTransaction::writeBatch(const ImportBatch &final)
{
    BatchStatus status = final.status;
    std::string reason = final.evidence.reason;
    if (status == BatchStatus::Complete && !reason.empty())
        status = BatchStatus::Partial;
    sql::Stmt &st = m_updateBatch;
    st.reset();
    st.bind(1, m_batch);
    st.bind(2, final.source.empty() ? m_meta.source : final.source);
    st.bind(3, final.format.empty() ? m_meta.format : final.format);
    const auto ws = final.windowStart ? final.windowStart : m_minStart;
    const auto we = final.windowEnd ? final.windowEnd : m_maxEnd;
    bindOpt(st, 4, ws);
    bindOpt(st, 5, we);
    st.bind(6, std::string_view(toString(status)));
    st.bind(7, reason);
    st.bind(8, codec::evidenceToJson(final.evidence));
    st.bind(9, m_counts.rowsRead);
    st.bind(10, m_counts.rowsAdded);
    st.bind(11, m_counts.duplicates);
    st.bind(12, final.roundedValues);
    if (!final.origin.empty())
        st.bind(13, final.origin);
    if (!final.sha256.empty())
        st.bind(14, final.sha256);
    if (auto r = st.exec(); !r)
        return r;
    for (const auto &[currency, t] : m_totals) {
        m_insertTotal.reset();
        m_insertTotal.bind(1, m_batch);
        m_insertTotal.bind(2, currency.code());
        const auto a = codec::encodeAmount(t.amount);
        const auto b = codec::encodeAmount(t.added);
        m_insertTotal.bindBlob(3, a.data(), a.size());
        m_insertTotal.bind(4, t.rows);
        m_insertTotal.bindBlob(5, b.data(), b.size());
        m_insertTotal.bind(6, t.addedRows);
        if (auto r = m_insertTotal.exec(); !r)
            return r;
    }
    for (const Warning &w : final.warnings) {
        m_insertWarning.reset();
        m_insertWarning.bind(1, m_batch);
        m_insertWarning.bind(2, w.code);
        m_insertWarning.bind(3, w.file);
        m_insertWarning.bind(4, w.record);
        m_insertWarning.bind(5, w.field);
        m_insertWarning.bind(6, w.detail);
        if (auto r = m_insertWarning.exec(); !r)
            return r;
    }
    return {};
}

Result<void> SqliteImportTransaction::addInvoice(const Invoice &invoice)
{
    if (!m_open)
        return fail("import-state", "the import has ended");
    sql::Stmt &st = m_insertInvoice;
    st.reset();
    if (m_batch != 0)
        st.bind(1, m_batch);
    st.bind(2, invoice.source);
    const auto a = codec::encodeAmount(invoice.amount.amount);
    st.bindBlob(3, a.data(), a.size());
    st.bind(4, invoice.amount.currency.code());
    bindOpt(st, 5, invoice.periodStart);
    bindOpt(st, 6, invoice.periodEnd);
    st.bind(7, invoice.note);
    return st.exec();
}

Result<void> SqliteImportTransaction::commit()
{
    if (!m_open)
        return fail("import-state", "the import has already ended");
    if (m_batch != 0)
        return fail("import-state", "a batch is still open");
    // Inside the transaction: a crash before COMMIT leaves the previous ledger as it was.
    if (auto r = m_labelSets.flush(); !r)
        return fail(r.error());
    // What found strings, sets and duplicates in memory is not needed for the index build
    // and COMMIT: given back first, so that the import's peak is not their sum.
    m_labelSets.release();
    m_ordinalSets = {};
    m_fps.release();
    if (auto r = buildFingerprintIndex(); !r)
        return fail(r.error());
    if (auto r = m_ledger.db().exec("COMMIT"); !r)
        return fail(Error{"ledger-commit", r.error().detail, m_ledger.path(), {}, {}});
    m_open = false;
    (void)m_ledger.db().exec(kRestorePragmas);
    restoreWal();
    m_ledger.setImportOpen(false);
    return {};
}

} // namespace unalloc::core
