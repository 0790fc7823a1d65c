#include "importtransaction.h"

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

/// Rows one import must add before the sort indexes are rebuilt instead of maintained.
constexpr std::int64_t kBulkRows = 100'000;
/// The secondary indexes of `rows` that only serve sort orders and range scans; the unique
/// record-key index stays, it is what makes re-import idempotent.
constexpr const char *kSortIndexes[] = {"rows_start", "rows_batch", "rows_amount", "rows_name"};

Error rowError(const CostRow &row, std::string code, std::string detail, std::string field = {})
{
    return Error{
        std::move(code), std::move(detail), {}, "record " + row.recordKey, std::move(field)};
}

void bindOpt(sql::Stmt &st, int i, const std::optional<std::int64_t> &v)
{
    if (v)
        st.bind(i, *v);
    else
        st.bindNull(i);
}

} // namespace

size_t SqliteImportTransaction::AggKeyHash::operator()(const AggKey &k) const noexcept
{
    std::uint64_t h = static_cast<std::uint64_t>(k.labelSet);
    h = h * 0x9E3779B97F4A7C15ULL + k.source;
    h = h * 0x9E3779B97F4A7C15ULL + k.object;
    h = h * 0x9E3779B97F4A7C15ULL + static_cast<std::uint32_t>(k.day);
    const std::string c = k.currency.code();
    h = h * 0x9E3779B97F4A7C15ULL +
        (static_cast<std::uint64_t>(static_cast<unsigned char>(c[0])) << 16 |
         static_cast<std::uint64_t>(static_cast<unsigned char>(c[1])) << 8 |
         static_cast<unsigned char>(c[2]));
    return static_cast<size_t>(h ^ (h >> 29));
}

Result<std::unique_ptr<ImportTransaction>> SqliteImportTransaction::begin(SqliteLedger &ledger)
{
    std::unique_ptr<SqliteImportTransaction> t(new SqliteImportTransaction(ledger));
    // A bigger page cache for the bulk insert; the index pages of rows stay resident. Temporary
    // storage on FILE lets a rebuilt index's sort spill to disk instead of growing the RSS.
    (void)ledger.db().exec("PRAGMA temp_store = FILE");
    if (auto r = ledger.db().exec("PRAGMA cache_size = -98304; BEGIN IMMEDIATE"); !r) {
        (void)ledger.db().exec("PRAGMA temp_store = MEMORY");
        return fail(Error{"ledger-busy", r.error().detail, ledger.path(), {}, {}});
    }
    t->m_open = true;
    ledger.setImportOpen(true);
    if (auto r = t->prepare(); !r)
        return fail(r.error());
    if (auto r = t->loadLabelSets(); !r)
        return fail(r.error());
    auto before = ledger.db().scalar("SELECT ifnull(max(id), 0) FROM rows");
    if (!before)
        return fail(before.error());
    t->m_rowsBefore = *before;
    return std::unique_ptr<ImportTransaction>(std::move(t));
}

SqliteImportTransaction::~SqliteImportTransaction()
{
    if (m_open) {
        m_insertRow = {};
        (void)m_ledger.db().exec("ROLLBACK; PRAGMA temp_store = MEMORY");
        m_ledger.setImportOpen(false);
    }
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
         "INSERT INTO rows(batch, source, record_key, name, amount, currency, start_us, end_us, "
         "label_set, quantity, unit, prompt_tokens, completion_tokens, cached_tokens, send_us, "
         "first_token_us, done_us, provider, model) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
         "?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19) "
         "ON CONFLICT(source, record_key) DO NOTHING"},
        {&m_insertSet, "INSERT INTO label_sets(labels, raw, collisions) VALUES (?1, ?2, ?3)"},
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
        {&m_upsertAgg,
         "INSERT INTO agg VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO UPDATE SET "
         "amount = unalloc_add(amount, excluded.amount), rows = rows + excluded.rows"},
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

Result<void> SqliteImportTransaction::loadLabelSets()
{
    auto st = m_ledger.db().prepare("SELECT id, labels, raw, collisions FROM label_sets");
    if (!st)
        return fail(st.error());
    for (auto row = st->step(); row; row = st->step()) {
        if (!*row)
            return {};
        auto v = codec::labelSetFromJson(st->textView(1), st->textView(2), st->textView(3));
        if (!v)
            return fail(v.error());
        m_setIndex.emplace(codec::hashLabelSet(v->labels, v->raw, v->collisions), m_sets.size());
        m_sets.push_back(std::move(*v));
        m_setIds.push_back(st->int64(0));
    }
    return fail(sql::sqlError(m_ledger.db().handle(), "cannot read label sets"));
}

Result<std::int64_t> SqliteImportTransaction::internLabelSet(const CostRow &row, std::uint64_t h)
{
    auto [first, last] = m_setIndex.equal_range(h);
    for (auto it = first; it != last; ++it) {
        const codec::LabelSetValue &v = m_sets[it->second];
        if (v.labels == row.labels && v.raw == row.rawLabels && v.collisions == row.collisions)
            return m_setIds[it->second];
    }
    m_insertSet.reset();
    m_insertSet.bind(1, codec::labelsToJson(row.labels));
    m_insertSet.bind(2, codec::rawToJson(row.rawLabels));
    m_insertSet.bind(3, codec::collisionsToJson(row.collisions));
    if (auto r = m_insertSet.exec(); !r)
        return fail(r.error());
    const std::int64_t id = m_ledger.db().lastInsertId();
    m_setIndex.emplace(h, m_sets.size());
    m_sets.push_back(codec::LabelSetValue{row.labels, row.rawLabels, row.collisions});
    m_setIds.push_back(id);
    return id;
}

std::uint32_t SqliteImportTransaction::internString(const std::string &s)
{
    auto [it, inserted] =
        m_stringIndex.try_emplace(s, static_cast<std::uint32_t>(m_strings.size()));
    if (inserted)
        m_strings.push_back(s);
    return it->second;
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
    m_meta = meta;
    m_counts = {};
    m_minStart.reset();
    m_maxEnd.reset();
    m_totals.clear();
    m_agg.clear();
    return m_batch;
}

Result<bool> SqliteImportTransaction::addRow(const CostRow &row)
{
    return addHashedRow(row, codec::hashLabelSet(row.labels, row.rawLabels, row.collisions));
}

Result<bool> SqliteImportTransaction::addHashedRow(const CostRow &row, std::uint64_t labelSetHash)
{
    if (m_batch == 0)
        return fail("import-state", "addRow outside a batch");
    if (row.recordKey.empty())
        return fail(rowError(row, "missing-key", "the row has no record key", "record_key"));
    if (row.source.empty() || !row.amount.currency.isValid())
        return fail(rowError(row, "bad-row", "the row has no source or currency"));
    auto labelSet = internLabelSet(row, labelSetHash);
    if (!labelSet)
        return fail(labelSet.error());
    sql::Stmt &st = m_insertRow;
    st.reset();
    st.bind(1, m_batch);
    st.bind(2, row.source, false);
    st.bind(3, row.recordKey, false);
    st.bind(4, row.name, false);
    const auto amount = codec::encodeAmount(row.amount.amount);
    st.bindBlob(5, amount.data(), codec::kAmountBytes);
    const std::string currency = row.amount.currency.code();
    st.bind(6, currency, false);
    st.bind(7, row.start);
    st.bind(8, row.end);
    st.bind(9, *labelSet);
    if (row.quantity) {
        const auto q = codec::encodeAmount(*row.quantity);
        st.bindBlob(10, q.data(), codec::kAmountBytes);
    }
    st.bind(11, row.unit, false);
    if (const auto &u = row.usage) {
        bindOpt(st, 12, u->promptTokens);
        bindOpt(st, 13, u->completionTokens);
        bindOpt(st, 14, u->cachedTokens);
        bindOpt(st, 15, u->sendTime);
        bindOpt(st, 16, u->firstTokenTime);
        bindOpt(st, 17, u->doneTime);
        st.bind(18, u->provider, false);
        st.bind(19, u->model, false);
    }
    if (auto r = st.exec(); !r) {
        Error e = r.error();
        e.record = "record " + row.recordKey;
        return fail(std::move(e));
    }
    const bool added = m_ledger.db().changes() > 0;
    if (added && ++m_rowsAddedAll == std::max<std::int64_t>(kBulkRows, m_rowsBefore / 2)) {
        if (auto r = dropSortIndexes(); !r)
            return fail(r.error());
    }
    if (auto r = account(row, *labelSet, added); !r)
        return fail(r.error());
    return added;
}

Result<void> SqliteImportTransaction::account(const CostRow &row, std::int64_t labelSet, bool added)
{
    ++m_counts.rowsRead;
    m_minStart = m_minStart ? std::min(*m_minStart, row.start) : row.start;
    m_maxEnd = m_maxEnd ? std::max(*m_maxEnd, row.end) : row.end;
    Total &t = m_totals[row.amount.currency];
    auto sum = t.amount.checkedAdd(row.amount.amount);
    if (!sum)
        return fail(rowError(row, "overflow", "the batch total overflows", "amount"));
    t.amount = *sum;
    ++t.rows;
    if (!added) {
        ++m_counts.duplicates;
        return {};
    }
    ++m_counts.rowsAdded;
    auto addedSum = t.added.checkedAdd(row.amount.amount);
    const AggKey key{labelSet, internString(row.source), internString(row.name),
                     static_cast<std::int32_t>(dayIndex(row.start)), row.amount.currency};
    AggValue &g = m_agg[key];
    auto groupSum = g.amount.checkedAdd(row.amount.amount);
    if (!addedSum || !groupSum)
        return fail(rowError(row, "overflow", "the batch total overflows", "amount"));
    t.added = *addedSum;
    ++t.addedRows;
    g.amount = *groupSum;
    ++g.rows;
    return {};
}

Result<void> SqliteImportTransaction::writeAggregate()
{
    for (const auto &[k, v] : m_agg) {
        sql::Stmt &st = m_upsertAgg;
        st.reset();
        st.bind(1, k.labelSet);
        st.bind(2, m_strings[k.source], false);
        st.bind(3, m_strings[k.object], false);
        st.bind(4, std::int64_t{k.day});
        st.bind(5, k.currency.code());
        st.bind(6, m_batch);
        const auto amount = codec::encodeAmount(v.amount);
        st.bindBlob(7, amount.data(), codec::kAmountBytes);
        st.bind(8, v.rows);
        if (auto r = st.exec(); !r)
            return r;
    }
    m_agg.clear();
    return {};
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
        m_insertTotal.bindBlob(3, a.data(), codec::kAmountBytes);
        m_insertTotal.bind(4, t.rows);
        m_insertTotal.bindBlob(5, b.data(), codec::kAmountBytes);
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
    st.bindBlob(3, a.data(), codec::kAmountBytes);
    st.bind(4, invoice.amount.currency.code());
    bindOpt(st, 5, invoice.periodStart);
    bindOpt(st, 6, invoice.periodEnd);
    st.bind(7, invoice.note);
    return st.exec();
}

Result<void> SqliteImportTransaction::dropSortIndexes()
{
    std::string names;
    for (const char *name : kSortIndexes)
        names += std::string(names.empty() ? "'" : ", '") + name + "'";
    auto st = m_ledger.db().prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                                    "AND tbl_name = 'rows' AND name IN (" +
                                    names + ")");
    if (!st)
        return fail(st.error());
    std::vector<std::string> drop;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        drop.push_back("DROP INDEX " + st->text(0));
        m_droppedIndexes.push_back(st->text(1));
    }
    *st = {};
    for (const std::string &d : drop) {
        if (auto r = m_ledger.db().exec(d); !r)
            return r;
    }
    return {};
}

Result<void> SqliteImportTransaction::restoreSortIndexes()
{
    if (m_droppedIndexes.empty())
        return {};
    sql::Db &db = m_ledger.db();
    // With temp_store = MEMORY SQLite sorts an index build entirely in RAM (hundreds of MB at
    // 10M rows); on FILE (set by begin(): it cannot change inside a transaction) it spills
    // sorted runs to temporary files once they reach the cache size, so a smaller cache for
    // the rebuild bounds the sort's memory. One sorter thread: each would hold its own run.
    if (auto r = db.exec("PRAGMA cache_size = -32768"); !r)
        return r;
    Result<void> result;
    for (const std::string &create : m_droppedIndexes) {
        if (result = db.exec(create); !result)
            break;
    }
    m_droppedIndexes.clear();
    return result;
}

Result<void> SqliteImportTransaction::commit()
{
    if (!m_open)
        return fail("import-state", "the import has already ended");
    if (m_batch != 0)
        return fail("import-state", "a batch is still open");
    // Inside the transaction: a crash before COMMIT leaves the old indexes in place.
    if (auto r = restoreSortIndexes(); !r)
        return fail(r.error());
    if (auto r = m_ledger.db().exec("COMMIT"); !r)
        return fail(Error{"ledger-commit", r.error().detail, m_ledger.path(), {}, {}});
    m_open = false;
    m_ledger.setImportOpen(false);
    (void)m_ledger.db().exec("PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY");
    return {};
}

} // namespace unalloc::core
