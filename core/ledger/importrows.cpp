// SqliteImportTransaction: label-set interning and the row path (checks, de-duplication by
// key fingerprint, the row insert with its sticky parameters).
#include "importtransaction.h"
#include "importtransaction_p.h"
#include "ledgerschema.h"

#include <algorithm>
#include <cstring>

namespace unalloc::core {

namespace codec = ledgercodec;
using namespace importdetail;

Result<std::int64_t> SqliteImportTransaction::internLabelSet(const CostRow &row)
{
    return m_labelSets.intern(row.labels, row.rawLabels, row.collisions);
}

Result<bool> SqliteImportTransaction::addRow(const CostRow &row)
{
    return addHashedRow(row, 0);
}

// The writer finds a set by its stored body: the caller's hash of the set is not needed.
Result<bool> SqliteImportTransaction::addHashedRow(const CostRow &row, std::uint64_t)
{
    if (m_batch == 0)
        return fail("import-state", "addRow outside a batch");
    return addRowInSet(row, 0, kNoOrdinal);
}

std::int64_t SqliteImportTransaction::knownSetOfOrdinal(std::uint32_t ordinal) const
{
    return ordinal >= m_ordinalBase && ordinal - m_ordinalBase < m_ordinalSets.size()
               ? m_ordinalSets[ordinal - m_ordinalBase]
               : 0;
}

void SqliteImportTransaction::forgetOrdinalsBelow(std::uint32_t floor)
{
    if (floor <= m_ordinalBase)
        return;
    const size_t gone = std::min<size_t>(floor - m_ordinalBase, m_ordinalSets.size());
    m_ordinalSets.erase(m_ordinalSets.begin(),
                        m_ordinalSets.begin() + static_cast<std::ptrdiff_t>(gone));
    m_ordinalBase = floor;
    std::erase_if(m_pendingSets, [floor](const auto &p) { return p.first < floor; });
}

Result<std::int64_t> SqliteImportTransaction::labelSetOfOrdinal(const CostRow &row,
                                                                std::uint32_t ordinal)
{
    if (ordinal == kNoOrdinal)
        return internLabelSet(row);
    if (ordinal < m_ordinalBase)
        return fail(rowError(row, "internal",
                             "the row's label set was numbered after it was "
                             "forgotten"));
    if (ordinal - m_ordinalBase >= m_ordinalSets.size())
        m_ordinalSets.resize(size_t{ordinal - m_ordinalBase} + 1, 0);
    std::int64_t &id = m_ordinalSets[ordinal - m_ordinalBase];
    if (id == 0) {
        if (auto pending = m_pendingSets.find(ordinal); pending != m_pendingSets.end()) {
            unpackSet(pending->second);
            auto stored = m_labelSets.intern(m_unpackedLabels, m_unpackedRaw, {});
            if (!stored)
                return fail(stored.error());
            m_pendingSets.erase(pending);
            id = *stored;
            return id;
        }
        if (row.labelsElided)
            return fail(rowError(row, "internal", "the row's label set was never given in full"));
        auto labelSet = internLabelSet(row);
        if (!labelSet)
            return fail(labelSet.error());
        id = *labelSet;
    }
    return id;
}

Result<void> SqliteImportTransaction::keepSetOfDuplicate(const CostRow &row, std::uint32_t ordinal)
{
    if (ordinal == kNoOrdinal || knownSetOfOrdinal(ordinal) != 0 || m_pendingSets.contains(ordinal))
        return {};
    if (row.labelsElided)
        return fail(rowError(row, "internal", "the row's label set was never given in full"));
    // Only a reader's memo elides a set's later rows: a set without one comes in full again.
    if (row.labelSetMemo == 0)
        return {};
    if (m_pendingSets.size() >= kMaxPendingSets || !row.collisions.empty()) {
        // Never expected (a memo forgets its sets well before), or rare (raw keys that
        // collided): stored as a set of its own.
        auto id = labelSetOfOrdinal(row, ordinal);
        return id ? Result<void>{} : fail(id.error());
    }
    // The texts as they are, in one string: no string of the dictionary looked up or stored
    // for a set that most likely never comes back (a re-import's rows are all duplicates).
    std::string packed;
    size_t bytes = 8;
    for (const auto &[k, v] : row.labels.entries())
        bytes += k.size() + v.size() + 8;
    for (const RawLabel &l : row.rawLabels)
        bytes += l.key.size() + l.value.size() + 8;
    packed.reserve(bytes);
    const auto put = [&packed](std::string_view text) {
        const auto n = static_cast<std::uint32_t>(text.size());
        packed.append(reinterpret_cast<const char *>(&n), sizeof n);
        packed.append(text);
    };
    const auto count = [&packed](size_t n) {
        const auto c = static_cast<std::uint32_t>(n);
        packed.append(reinterpret_cast<const char *>(&c), sizeof c);
    };
    count(row.labels.size());
    for (const auto &[k, v] : row.labels.entries()) {
        put(k);
        put(v);
    }
    count(row.rawLabels.size());
    for (const RawLabel &l : row.rawLabels) {
        put(l.key);
        put(l.value);
    }
    m_pendingSets.emplace(ordinal, std::move(packed));
    return {};
}

void SqliteImportTransaction::unpackSet(std::string_view packed)
{
    const char *p = packed.data();
    const auto next = [&p]() {
        std::uint32_t n;
        std::memcpy(&n, p, sizeof n);
        p += sizeof n;
        return n;
    };
    const auto text = [&]() {
        const std::uint32_t n = next();
        const std::string_view t(p, n);
        p += n;
        return t;
    };
    m_unpackedViews.resize(next());
    for (auto &[k, v] : m_unpackedViews) {
        k = text();
        v = text();
    }
    m_unpackedLabels.assignSorted(m_unpackedViews);
    m_unpackedRaw.resize(next());
    for (RawLabel &l : m_unpackedRaw) {
        l.key.assign(text());
        l.value.assign(text());
    }
}

Result<bool> SqliteImportTransaction::addNumberedRow(const CostRow &row,
                                                     std::uint64_t,
                                                     std::uint32_t labelSetOrdinal)
{
    if (m_batch == 0)
        return fail("import-state", "addRow outside a batch");
    return addRowInSet(row, knownSetOfOrdinal(labelSetOrdinal), labelSetOrdinal);
}

Result<void> SqliteImportTransaction::addNumberedRows(std::span<const CostRow> rows,
                                                      const std::uint64_t *,
                                                      const std::uint32_t *labelSetOrdinals)
{
    if (m_batch == 0)
        return fail("import-state", "addRow outside a batch");
    // First the fingerprints, aggregate keys and label set ids of the chunk, in row order (so
    // label sets are interned as one by one would). Then the rows, each starting to load the
    // fingerprint slot and aggregate group of the row kAhead places on: in a month's import
    // both are tables of megabytes, and a probe into them missed the cache on most rows.
    // A new set is interned here only for a row that is certainly new (bulk mode, fingerprint
    // never seen: it is noted as seen now); a row that may be a duplicate gets its set when it
    // turns out new, so that a re-import stores no set for the rows it skips.
    constexpr size_t kAhead = 8;
    size_t n = rows.size();
    std::optional<Error> stop; // the first row that cannot be prepared ends the chunk there
    m_prepared.resize(n);
    std::vector<std::int64_t> &ids = m_preparedSets;
    ids.resize(n);
    const bool bulk = m_mode == Mode::Bulk;
    for (size_t i = 0; i < n; ++i) {
        const CostRow &row = rows[i];
        Prepared &p = m_prepared[i];
        p.keyHash = 0;
        p.fresh = false;
        p.ready = !row.recordKey.empty() && !row.source.empty() && row.amount.currency.isValid();
        if (p.ready) // else not prepared: addRowInSet reports the row
            p.fp = m_ledger.keyFingerprint(row.source, row.recordKey);
    }
    for (size_t i = 0; i < n; ++i) {
        const CostRow &row = rows[i];
        const std::uint32_t ordinal = labelSetOrdinals[i];
        Prepared &p = m_prepared[i];
        ids[i] = knownSetOfOrdinal(ordinal);
        if (!p.ready)
            continue;
        if (bulk && i + kAhead < n && m_prepared[i + kAhead].ready)
            m_fps.prefetch(m_prepared[i + kAhead].fp);
        selectCurrency(row.amount.currency);
        if (bulk && m_fps.insert(p.fp)) {
            p.fresh = true;
            if (ids[i] == 0) {
                auto id = labelSetOfOrdinal(row, ordinal);
                if (!id) {
                    stop = id.error();
                    n = i;
                    break;
                }
                ids[i] = *id;
            }
        }
        if (ids[i] != 0) {
            p.key = aggKeyOf(row, ids[i]);
            p.keyHash = aggHash(p.key) | 1;
        }
    }
    for (size_t i = 0; i < n; ++i) {
        if (i + kAhead < n && m_prepared[i + kAhead].keyHash != 0)
            prefetchGroup(m_prepared[i + kAhead].keyHash);
        const Prepared *p = m_prepared[i].ready ? &m_prepared[i] : nullptr;
        if (auto r = addRowInSet(rows[i], ids[i], labelSetOrdinals[i], p); !r)
            return fail(r.error());
    }
    if (stop)
        return fail(std::move(*stop));
    return {};
}

Result<bool> SqliteImportTransaction::addRowInSet(const CostRow &row,
                                                  std::int64_t labelSetId,
                                                  std::uint32_t ordinal,
                                                  const Prepared *prepared)
{
    // The reader forgot the sets it handed out before this row: none of them comes back
    // without its labels, so none that only duplicates carried needs to be kept.
    if (row.labelSetMemoRestarted)
        m_pendingSets.clear();
    if (row.recordKey.empty())
        return fail(rowError(row, "missing-key", "the row has no record key", "record_key"));
    if (row.source.empty() || !row.amount.currency.isValid())
        return fail(rowError(row, "bad-row", "the row has no source or currency"));
    selectCurrency(row.amount.currency);
    const std::uint64_t fp =
        prepared ? prepared->fp : m_ledger.keyFingerprint(row.source, row.recordKey);
    bool added = true;
    // addNumberedRows noted the fingerprint as seen already when it was new (`fresh`).
    // (A row prepared in exact mode may come after the switch to bulk mode.)
    const bool fresh = (prepared && prepared->fresh) || (m_mode == Mode::Bulk && m_fps.insert(fp));
    if (m_mode == Mode::Bulk && fresh) {
        // A fingerprint never seen: certainly a new record (its set interned now if new).
        if (labelSetId == 0) {
            auto id = labelSetOfOrdinal(row, ordinal);
            if (!id)
                return fail(id.error());
            labelSetId = *id;
        }
        if (auto r = insertRow(row, labelSetId, fp); !r)
            return fail(r.error());
    } else {
        // Possibly a duplicate (or a collision): from here on, the exact indexed path.
        if (m_mode == Mode::Bulk) {
            if (auto r = leaveBulk(); !r)
                return fail(r.error());
        }
        auto r = addExact(row, labelSetId, ordinal, fp);
        if (!r)
            return fail(r.error());
        added = *r;
        if (!added)
            if (auto k = keepSetOfDuplicate(row, ordinal); !k)
                return fail(k.error());
        const std::int64_t bulkRows = m_ledger.importTuning().bulkRows;
        if (added && !m_bulkDone && bulkRows > 0 &&
            m_rowsAddedAll + 1 == std::max<std::int64_t>(bulkRows, m_rowsBefore / 2)) {
            if (auto b = enterBulk(); !b)
                return fail(b.error());
        }
    }
    if (added)
        ++m_rowsAddedAll;
    // A prepared aggregate key is the key of the set the row was prepared with.
    const Prepared *keyed = prepared && prepared->keyHash != 0 ? prepared : nullptr;
    if (auto r = account(row, labelSetId, added, keyed); !r)
        return fail(r.error());
    return added;
}

void SqliteImportTransaction::noteKeyConflict(const CostRow &row,
                                              std::string_view keptAmount,
                                              std::string_view keptCurrency,
                                              std::int64_t keptBatch)
{
    const auto amount = codec::encodeAmount(row.amount.amount);
    if (keptCurrency == row.amount.currency.code() && keptAmount == amount.view())
        return; // the same record again: an ordinary duplicate
    // A silently edited export shows this way: never drop the second record without a word.
    if (m_keyConflicts.size() >= kMaxKeyConflicts) {
        ++m_moreKeyConflicts;
        return;
    }
    const auto kept = codec::decodeAmount(keptAmount);
    const std::string keptText =
        (kept ? kept->toString() : std::string("?")) + " " + std::string(keptCurrency);
    m_keyConflicts.push_back(
        {"key-conflict",
         {},
         "record key " + row.recordKey,
         "amount",
         "same key, different content: this record says " + row.amount.toString() +
             ", the record kept " +
             (keptBatch == m_batch ? std::string("earlier in this file")
                                   : "from batch " + std::to_string(keptBatch)) +
             " says " + keptText + "; the first is kept, this one is not imported"});
}

std::vector<Warning> SqliteImportTransaction::takeKeyConflicts()
{
    std::vector<Warning> out = std::move(m_keyConflicts);
    m_keyConflicts.clear();
    if (m_moreKeyConflicts > 0) {
        out.push_back({"key-conflict",
                       {},
                       {},
                       {},
                       std::to_string(m_moreKeyConflicts) +
                           " more records repeat a key with different content"});
        m_moreKeyConflicts = 0;
    }
    return out;
}

Result<bool> SqliteImportTransaction::addExact(const CostRow &row,
                                               std::int64_t &labelSet,
                                               std::uint32_t ordinal,
                                               std::uint64_t fp)
{
    sql::Stmt &find = m_findKey;
    find.bind(1, ledgerschema::storedFingerprint(fp));
    find.bind(2, row.source, false);
    rowcodes::bindKey(find, 3, row.recordKey, m_findPacked); // packing is one-to-one
    auto found = find.step();
    if (!found) {
        Error e = found.error();
        e.record = "record " + row.recordKey;
        return fail(std::move(e));
    }
    if (*found) {
        noteKeyConflict(row, find.blob(0), find.textView(1), find.int64(2));
        find.rewind();
        return false;
    }
    find.rewind();
    if (labelSet == 0) {
        auto id = labelSetOfOrdinal(row, ordinal);
        if (!id)
            return fail(id.error());
        labelSet = *id;
    }
    if (auto r = insertRow(row, labelSet, fp); !r)
        return fail(r.error());
    return true;
}

void SqliteImportTransaction::bindSticky(int param,
                                         StickyText &s,
                                         std::string_view value,
                                         const rowcodes::Coded &coded)
{
    if (s.bound && !s.null && s.value == value)
        return;
    s.value.assign(value);
    s.bound = true;
    s.null = false;
    rowcodes::bind(m_insertRow, param, coded, s.value, false);
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
    bindSticky(2, m_boundSource, row.source, rowcodes::kSource);
    rowcodes::bindKey(st, 3, row.recordKey, m_packedKey);
    // Schema v8: a name that is the model (every gateway row's) is not stored twice.
    if (row.usage && row.usage->model == row.name)
        st.bindNull(4);
    else
        st.bind(4, row.name, false);
    const auto amount = codec::encodeAmount(row.amount.amount);
    st.bindBlob(5, amount.data(), amount.size(), false);
    // selectCurrency ran
    bindSticky(6, m_boundCurrency, m_currencyCodes[m_lastCurrencyIndex], rowcodes::kCurrency);
    st.bind(7, row.start - ledgerschema::kStartEpochUs);
    st.bind(8, row.end - row.start);
    st.bind(9, labelSet);
    codec::AmountBlob quantity{};
    if (!row.quantity) {
        st.bindNull(10);
    } else if (const auto whole = codec::wholeQuantity(*row.quantity)) {
        st.bind(10, *whole); // schema v9: a whole quantity is an integer
    } else {
        quantity = codec::encodeAmount(*row.quantity);
        st.bindBlob(10, quantity.data(), quantity.size(), false);
    }
    bindSticky(11, m_boundUnit, row.unit, rowcodes::kUnit);
    if (const auto &u = row.usage) {
        bindOpt(st, 12, u->promptTokens);
        bindOpt(st, 13, u->completionTokens);
        bindOpt(st, 14, u->cachedTokens);
        // Stored after the row's start (schema v5): mostly 0 to 4 bytes instead of 8; the done
        // instant after the row's end (v9), which is where a request is done: 0 bytes.
        const auto after = [&](const std::optional<TimeUs> &t,
                               TimeUs from) -> std::optional<TimeUs> {
            if (!t)
                return std::nullopt;
            return *t - from;
        };
        bindOpt(st, 15, after(u->sendTime, row.start));
        bindOpt(st, 16, after(u->firstTokenTime, row.start));
        bindOpt(st, 17, after(u->doneTime, row.end));
        bindSticky(18, m_boundProvider, u->provider, rowcodes::kProvider);
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

} // namespace unalloc::core
