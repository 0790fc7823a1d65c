#include "importtransaction.h"

#include "ledgerschema.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

/// Page cache of the import's connection (KiB, as PRAGMA cache_size takes it negated): large
/// in exact mode, where the rows_fp pages take random inserts; small while the one sort of an
/// index build runs (its sorted runs spill to temporary files beyond it, so RSS stays bounded
/// and the runs stay cache-sized).
constexpr const char *kExactCache = "PRAGMA cache_size = -98304";
constexpr const char *kBulkCache = "PRAGMA cache_size = -16384";
constexpr const char *kIndexBuildCache = "PRAGMA cache_size = -8192";
/// What every other use of the connection expects (see ledgerschema::configure).
constexpr const char *kRestorePragmas = "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY; "
                                        "PRAGMA threads = 0; PRAGMA foreign_keys = ON";

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

std::uint64_t mix64(std::uint64_t h)
{
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

template<typename Key> size_t aggHash(const Key &k)
{
    const std::uint64_t a = static_cast<std::uint64_t>(k.labelSet) * 0x9E3779B97F4A7C15ULL;
    const std::uint64_t b = std::uint64_t{k.object} << 32 | k.source;
    const std::uint64_t c = std::uint64_t{static_cast<std::uint32_t>(k.day)} << 8 | k.currency;
    return static_cast<size_t>(mix64(a ^ b ^ c * 0xC2B2AE3D27D4EB4FULL));
}

} // namespace

// ---------------------------------------------------------------------------------------------

void FingerprintSet::Shard::rehash(int newBits)
{
    std::vector<std::uint64_t> old =
        std::exchange(slots, std::vector<std::uint64_t>(size_t{1} << newBits, 0));
    bits = newBits;
    const size_t mask = slots.size() - 1;
    for (std::uint64_t fp : old) {
        if (fp == 0)
            continue;
        size_t i = home(mixed(fp));
        while (slots[i] != 0)
            i = (i + 1) & mask;
        slots[i] = fp;
    }
}

void FingerprintSet::reserve(size_t n)
{
    // Shards fill evenly; a little slack covers the spread.
    const size_t perShard = n / std::size(m_shards) + n / (8 * std::size(m_shards)) + 1;
    int bits = 4;
    while ((size_t{1} << bits) * 7 < perShard * 10)
        ++bits;
    for (Shard &s : m_shards)
        if (bits > s.bits)
            s.rehash(bits);
}

bool FingerprintSet::insert(std::uint64_t fp)
{
    if (fp == 0)
        return !std::exchange(m_hasZero, true);
    const std::uint64_t m = mixed(fp);
    Shard &s = m_shards[m >> (64 - kShardBits)];
    if ((s.size + 1) * 10 > s.slots.size() * 7)
        s.rehash(std::max(4, s.bits + 1));
    const size_t mask = s.slots.size() - 1;
    for (size_t i = s.home(m);; i = (i + 1) & mask) {
        if (s.slots[i] == fp)
            return false;
        if (s.slots[i] == 0) {
            s.slots[i] = fp;
            ++s.size;
            return true;
        }
    }
}

bool FingerprintSet::contains(std::uint64_t fp) const
{
    if (fp == 0)
        return m_hasZero;
    const std::uint64_t m = mixed(fp);
    const Shard &s = m_shards[m >> (64 - kShardBits)];
    if (s.slots.empty())
        return false;
    const size_t mask = s.slots.size() - 1;
    for (size_t i = s.home(m);; i = (i + 1) & mask) {
        if (s.slots[i] == fp)
            return true;
        if (s.slots[i] == 0)
            return false;
    }
}

size_t FingerprintSet::size() const
{
    size_t n = m_hasZero ? 1 : 0;
    for (const Shard &s : m_shards)
        n += s.size;
    return n;
}

size_t FingerprintSet::capacity() const
{
    size_t n = 0;
    for (const Shard &s : m_shards)
        n += s.slots.size();
    return n;
}

void FingerprintSet::release()
{
    for (Shard &s : m_shards)
        s = Shard{};
    m_hasZero = false;
}

// ---------------------------------------------------------------------------------------------

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
    if (auto r = ledger.db().exec(std::string(kExactCache) + "; BEGIN IMMEDIATE"); !r) {
        (void)ledger.db().exec(kRestorePragmas);
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
         "first_token_us, done_us, provider, model, key_fp) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
         "?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)"},
        {&m_findKey, "SELECT 1 FROM rows WHERE key_fp = ?1 AND source = ?2 AND record_key = ?3"},
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
        // A batch's groups are new rows of agg: its key includes the batch, and m_agg holds
        // each group once.
        {&m_insertAgg, "INSERT INTO agg VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"},
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
        m_setHashes.push_back(codec::hashLabelSet(v->labels, v->raw, v->collisions));
        m_sets.push_back(std::move(*v));
        m_setIds.push_back(st->int64(0));
        indexLabelSet(m_sets.size() - 1);
    }
    return fail(sql::sqlError(m_ledger.db().handle(), "cannot read label sets"));
}

void SqliteImportTransaction::indexLabelSet(size_t set)
{
    if (m_sets.size() * 10 > m_setSlots.size() * 7) {
        m_setSlots.assign(std::max<size_t>(1024, m_setSlots.size() * 2), 0);
        for (size_t i = 0; i + 1 < m_sets.size(); ++i)
            indexLabelSet(i);
    }
    const size_t mask = m_setSlots.size() - 1;
    size_t i = static_cast<size_t>(mix64(m_setHashes[set])) & mask;
    while (m_setSlots[i] != 0)
        i = (i + 1) & mask;
    m_setSlots[i] = static_cast<std::uint32_t>(set + 1);
}

Result<std::int64_t> SqliteImportTransaction::internLabelSet(const CostRow &row, std::uint64_t h)
{
    if (!m_setSlots.empty()) {
        const size_t mask = m_setSlots.size() - 1;
        for (size_t i = static_cast<size_t>(mix64(h)) & mask; m_setSlots[i] != 0;
             i = (i + 1) & mask) {
            const size_t set = m_setSlots[i] - 1;
            if (m_setHashes[set] != h)
                continue;
            // The hash only finds the candidate; the label set is what must be equal.
            const codec::LabelSetValue &v = m_sets[set];
            if (v.labels == row.labels && v.raw == row.rawLabels && v.collisions == row.collisions)
                return m_setIds[set];
        }
    }
    m_insertSet.reset();
    m_insertSet.bind(1, codec::labelsToJson(row.labels));
    m_insertSet.bind(2, codec::rawToJson(row.rawLabels));
    m_insertSet.bind(3, codec::collisionsToJson(row.collisions));
    if (auto r = m_insertSet.exec(); !r)
        return fail(r.error());
    const std::int64_t id = m_ledger.db().lastInsertId();
    m_sets.push_back(codec::LabelSetValue{row.labels, row.rawLabels, row.collisions});
    m_setIds.push_back(id);
    m_setHashes.push_back(h);
    indexLabelSet(m_sets.size() - 1);
    return id;
}

std::uint32_t SqliteImportTransaction::internString(std::string_view s)
{
    if (auto it = m_stringIndex.find(s); it != m_stringIndex.end())
        return it->second;
    const auto index = static_cast<std::uint32_t>(m_strings.size());
    m_strings.emplace_back(s);
    m_stringIndex.emplace(std::string(s), index);
    return index;
}

void SqliteImportTransaction::selectCurrency(Currency c)
{
    if (m_lastTotal && c == m_lastCurrency)
        return;
    m_lastCurrency = c;
    m_lastTotal = &m_totals[c];
    for (size_t i = 0; i < m_currencies.size(); ++i) {
        if (m_currencies[i] == c) {
            m_lastCurrencyIndex = static_cast<std::uint32_t>(i);
            return;
        }
    }
    m_currencies.push_back(c);
    m_currencyCodes.push_back(c.code());
    m_lastCurrencyIndex = static_cast<std::uint32_t>(m_currencies.size() - 1);
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
    m_lastTotal = nullptr;
    m_agg.clear();
    std::fill(m_aggSlots.begin(), m_aggSlots.end(), 0);
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
    auto labelSet = internLabelSet(row, labelSetHash);
    if (!labelSet)
        return fail(labelSet.error());
    return addRowInSet(row, *labelSet);
}

Result<bool> SqliteImportTransaction::addNumberedRow(const CostRow &row,
                                                     std::uint64_t labelSetHash,
                                                     std::uint32_t labelSetOrdinal)
{
    if (m_batch == 0)
        return fail("import-state", "addRow outside a batch");
    if (labelSetOrdinal >= m_ordinalSets.size())
        m_ordinalSets.resize(size_t{labelSetOrdinal} + 1, 0);
    std::int64_t &id = m_ordinalSets[labelSetOrdinal];
    if (id == 0) {
        auto labelSet = internLabelSet(row, labelSetHash);
        if (!labelSet)
            return fail(labelSet.error());
        id = *labelSet;
    }
    return addRowInSet(row, id);
}

Result<bool> SqliteImportTransaction::addRowInSet(const CostRow &row, std::int64_t labelSetId)
{
    if (row.recordKey.empty())
        return fail(rowError(row, "missing-key", "the row has no record key", "record_key"));
    if (row.source.empty() || !row.amount.currency.isValid())
        return fail(rowError(row, "bad-row", "the row has no source or currency"));
    selectCurrency(row.amount.currency);
    const std::uint64_t fp = m_ledger.keyFingerprint(row.source, row.recordKey);
    bool added = true;
    if (m_mode == Mode::Bulk && m_fps.insert(fp)) {
        // A fingerprint never seen: certainly a new record.
        if (auto r = insertRow(row, labelSetId, fp); !r)
            return fail(r.error());
    } else {
        // Possibly a duplicate (or a collision): from here on, the exact indexed path.
        if (m_mode == Mode::Bulk) {
            if (auto r = leaveBulk(); !r)
                return fail(r.error());
        }
        auto r = addExact(row, labelSetId, fp);
        if (!r)
            return fail(r.error());
        added = *r;
        const std::int64_t bulkRows = m_ledger.importTuning().bulkRows;
        if (added && !m_bulkDone && bulkRows > 0 &&
            m_rowsAddedAll + 1 == std::max<std::int64_t>(bulkRows, m_rowsBefore / 2)) {
            if (auto b = enterBulk(); !b)
                return fail(b.error());
        }
    }
    if (added)
        ++m_rowsAddedAll;
    if (auto r = account(row, labelSetId, added); !r)
        return fail(r.error());
    return added;
}

Result<bool>
SqliteImportTransaction::addExact(const CostRow &row, std::int64_t labelSet, std::uint64_t fp)
{
    sql::Stmt &find = m_findKey;
    find.bind(1, ledgerschema::storedFingerprint(fp));
    find.bind(2, row.source, false);
    find.bind(3, row.recordKey, false);
    auto found = find.step();
    if (!found) {
        Error e = found.error();
        e.record = "record " + row.recordKey;
        return fail(std::move(e));
    }
    find.rewind();
    if (*found)
        return false;
    if (auto r = insertRow(row, labelSet, fp); !r)
        return fail(r.error());
    return true;
}

void SqliteImportTransaction::bindSticky(int param, StickyText &s, std::string_view value)
{
    if (s.bound && !s.null && s.value == value)
        return;
    s.value.assign(value);
    s.bound = true;
    s.null = false;
    m_insertRow.bind(param, s.value, false);
}

void SqliteImportTransaction::bindStickyNull(int param, StickyText &s)
{
    if (s.bound && s.null)
        return;
    s.bound = true;
    s.null = true;
    m_insertRow.bindNull(param);
}

Result<void>
SqliteImportTransaction::insertRow(const CostRow &row, std::int64_t labelSet, std::uint64_t fp)
{
    // Every parameter is bound for every row (the statement is only rewound, never cleared),
    // except the sticky ones, which keep their value while it does not change. Text and blobs
    // are bound without a copy: the row and the locals outlive the step.
    sql::Stmt &st = m_insertRow;
    if (m_boundBatch != m_batch) {
        st.bind(1, m_batch);
        m_boundBatch = m_batch;
    }
    bindSticky(2, m_boundSource, row.source);
    st.bind(3, row.recordKey, false);
    st.bind(4, row.name, false);
    const auto amount = codec::encodeAmount(row.amount.amount);
    st.bindBlob(5, amount.data(), codec::kAmountBytes, false);
    bindSticky(6, m_boundCurrency, m_currencyCodes[m_lastCurrencyIndex]); // selectCurrency ran
    st.bind(7, row.start);
    st.bind(8, row.end);
    st.bind(9, labelSet);
    codec::AmountBlob quantity{};
    if (row.quantity) {
        quantity = codec::encodeAmount(*row.quantity);
        st.bindBlob(10, quantity.data(), codec::kAmountBytes, false);
    } else {
        st.bindNull(10);
    }
    bindSticky(11, m_boundUnit, row.unit);
    if (const auto &u = row.usage) {
        bindOpt(st, 12, u->promptTokens);
        bindOpt(st, 13, u->completionTokens);
        bindOpt(st, 14, u->cachedTokens);
        bindOpt(st, 15, u->sendTime);
        bindOpt(st, 16, u->firstTokenTime);
        bindOpt(st, 17, u->doneTime);
        bindSticky(18, m_boundProvider, u->provider);
        st.bind(19, u->model, false);
    } else {
        for (int i = 12; i <= 17; ++i)
            st.bindNull(i);
        bindStickyNull(18, m_boundProvider);
        st.bindNull(19);
    }
    st.bind(20, ledgerschema::storedFingerprint(fp));
    auto r = st.step();
    if (!r) {
        Error e = r.error();
        e.record = "record " + row.recordKey;
        return fail(std::move(e));
    }
    st.rewind();
    return {};
}

Result<void> SqliteImportTransaction::enterBulk()
{
    sql::Db &db = m_ledger.db();
    if (auto r = dropSortIndexes(); !r)
        return r;
    // Every stored fingerprint (read through rows_fp: a scan of the small index, not the rows).
    const auto rowsNow = static_cast<size_t>(std::max<std::int64_t>(m_rowsBefore, 0)) +
                         static_cast<size_t>(m_rowsAddedAll);
    m_fps.reserve(rowsNow + rowsNow / 4 + 4096);
    {
        auto st = db.prepare("SELECT key_fp FROM rows");
        if (!st)
            return fail(st.error());
        for (;;) {
            auto row = st->step();
            if (!row)
                return fail(row.error());
            if (!*row)
                break;
            m_fps.insert(static_cast<std::uint64_t>(st->int64(0)));
        }
    }
    if (auto r = db.exec(std::string("DROP INDEX IF EXISTS rows_fp; ") + kBulkCache); !r)
        return r;
    m_mode = Mode::Bulk;
    m_fpDropped = true;
    return {};
}

Result<void> SqliteImportTransaction::leaveBulk()
{
    if (auto r = buildFingerprintIndex(); !r)
        return r;
    m_fps.release();
    m_mode = Mode::Exact;
    m_bulkDone = true;
    return m_ledger.db().exec(kExactCache);
}

Result<void> SqliteImportTransaction::buildFingerprintIndex()
{
    if (!m_fpDropped)
        return {};
    sql::Db &db = m_ledger.db();
    if (auto r = db.exec(kIndexBuildCache); !r)
        return r;
    if (auto r = db.exec(ledgerschema::kFingerprintIndex); !r)
        return r;
    m_fpDropped = false;
    return {};
}

Result<void> SqliteImportTransaction::dropSortIndexes()
{
    // Readers rebuild them on demand (SqliteLedger::ensureSortIndex); maintaining them here
    // would cost a random B-tree insert per row and index.
    std::string names;
    for (const ledgerschema::SortIndex &index : ledgerschema::kSortIndexes)
        names += std::string(names.empty() ? "'" : ", '") + index.name + "'";
    auto st = m_ledger.db().prepare("SELECT name FROM sqlite_master WHERE type = 'index' "
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
    }
    *st = {};
    for (const std::string &d : drop) {
        if (auto r = m_ledger.db().exec(d); !r)
            return r;
    }
    return {};
}

SqliteImportTransaction::AggEntry &SqliteImportTransaction::aggEntry(const AggKey &k)
{
    if ((m_agg.size() + 1) * 10 > m_aggSlots.size() * 7) {
        std::vector<std::uint32_t> slots(std::max<size_t>(1024, m_aggSlots.size() * 2), 0);
        const size_t mask = slots.size() - 1;
        for (size_t e = 0; e < m_agg.size(); ++e) {
            size_t i = aggHash(m_agg[e].key) & mask;
            while (slots[i] != 0)
                i = (i + 1) & mask;
            slots[i] = static_cast<std::uint32_t>(e + 1);
        }
        m_aggSlots = std::move(slots);
    }
    const size_t mask = m_aggSlots.size() - 1;
    size_t i = aggHash(k) & mask;
    for (;; i = (i + 1) & mask) {
        const std::uint32_t slot = m_aggSlots[i];
        if (slot == 0)
            break;
        if (m_agg[slot - 1].key == k)
            return m_agg[slot - 1];
    }
    m_agg.push_back(AggEntry{Decimal{}, 0, k});
    m_aggSlots[i] = static_cast<std::uint32_t>(m_agg.size());
    return m_agg.back();
}

Result<void> SqliteImportTransaction::account(const CostRow &row, std::int64_t labelSet, bool added)
{
    ++m_counts.rowsRead;
    m_minStart = m_minStart ? std::min(*m_minStart, row.start) : row.start;
    m_maxEnd = m_maxEnd ? std::max(*m_maxEnd, row.end) : row.end;
    Total &t = *m_lastTotal; // selectCurrency ran first
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
    // The source is nearly always the same from row to row: one compare instead of a lookup.
    if (m_lastSourceIndex == UINT32_MAX || row.source != m_lastSource) {
        m_lastSourceIndex = internString(row.source);
        m_lastSource = row.source;
    }
    AggEntry &g =
        aggEntry(AggKey{labelSet, m_lastSourceIndex, internString(row.name),
                        static_cast<std::int32_t>(dayIndex(row.start)), m_lastCurrencyIndex});
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
    // In the agg table's key order, so that the inserts walk its B-tree instead of jumping.
    std::vector<std::uint32_t> rank(m_strings.size());
    {
        std::vector<std::uint32_t> byText(m_strings.size());
        for (std::uint32_t i = 0; i < byText.size(); ++i)
            byText[i] = i;
        std::sort(byText.begin(), byText.end(),
                  [this](std::uint32_t a, std::uint32_t b) { return m_strings[a] < m_strings[b]; });
        for (std::uint32_t r = 0; r < byText.size(); ++r)
            rank[byText[r]] = r;
    }
    std::sort(m_agg.begin(), m_agg.end(), [&](const AggEntry &a, const AggEntry &b) {
        const AggKey &x = a.key;
        const AggKey &y = b.key;
        if (x.labelSet != y.labelSet)
            return x.labelSet < y.labelSet;
        if (x.source != y.source)
            return rank[x.source] < rank[y.source];
        if (x.object != y.object)
            return rank[x.object] < rank[y.object];
        if (x.day != y.day)
            return x.day < y.day;
        return m_currencyCodes[x.currency] < m_currencyCodes[y.currency];
    });
    for (const AggEntry &e : m_agg) {
        sql::Stmt &st = m_insertAgg;
        st.reset();
        st.bind(1, e.key.labelSet);
        st.bind(2, m_strings[e.key.source], false);
        st.bind(3, m_strings[e.key.object], false);
        st.bind(4, std::int64_t{e.key.day});
        st.bind(5, m_currencyCodes[e.key.currency], false);
        st.bind(6, m_batch);
        const auto amount = codec::encodeAmount(e.amount);
        st.bindBlob(7, amount.data(), codec::kAmountBytes);
        st.bind(8, e.rows);
        if (auto r = st.exec(); !r)
            return r;
    }
    m_agg.clear();
    std::fill(m_aggSlots.begin(), m_aggSlots.end(), 0);
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

Result<void> SqliteImportTransaction::commit()
{
    if (!m_open)
        return fail("import-state", "the import has already ended");
    if (m_batch != 0)
        return fail("import-state", "a batch is still open");
    // Inside the transaction: a crash before COMMIT leaves the previous ledger as it was.
    if (auto r = buildFingerprintIndex(); !r)
        return fail(r.error());
    m_fps.release();
    if (auto r = m_ledger.db().exec("COMMIT"); !r)
        return fail(Error{"ledger-commit", r.error().detail, m_ledger.path(), {}, {}});
    m_open = false;
    m_ledger.setImportOpen(false);
    (void)m_ledger.db().exec(kRestorePragmas);
    return {};
}

} // namespace unalloc::core
