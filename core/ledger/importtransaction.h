#pragma once

#include "aggsegment.h"
#include "labelsetwriter.h"
#include "ledgercodec.h"
#include "rowcodes.h"
#include "sqliteledger.h"

#include "core/flatindex.h"

#include <deque>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief A set of 64-bit key fingerprints for a bulk import: open addressing with linear
/// probing, 8 bytes a slot (0 marks an empty slot; the fingerprint 0 is remembered aside),
/// split into 64 shards by the top bits of the mixed key. Each shard has a power-of-two
/// capacity kept at most 70 % full and grows on its own, so growing never holds two copies
/// of the whole set (ten million keys take 128 MB, and at most 1/64 more while one grows).
class FingerprintSet final
{
public:
    /// Makes room for `n` fingerprints in all without growing.
    void reserve(size_t n);
    /// Adds `fp`; false when it was already in the set.
    bool insert(std::uint64_t fp);
    bool contains(std::uint64_t fp) const;
    /// Start loading the slot `insert(fp)` probes first.
    void prefetch(std::uint64_t fp) const
    {
        const std::uint64_t m = mixed(fp);
        const Shard &s = m_shards[m >> (64 - kShardBits)];
        if (!s.table.empty())
            __builtin_prefetch(&s.table[s.home(m)]);
    }
    size_t size() const;
    /// Slots allocated over all shards.
    size_t capacity() const;
    /// Empties the set and gives its memory back.
    void release();

private:
    static constexpr int kShardBits = 6;
    struct Shard
    {
        std::vector<std::uint64_t> table;
        size_t size = 0;
        int bits = 0; ///< log2 of table.size()
        void rehash(int newBits);
        size_t home(std::uint64_t mixed) const
        {
            // The bits just below the shard number pick the slot.
            return bits == 0 ? 0 : static_cast<size_t>((mixed << kShardBits) >> (64 - bits));
        }
    };
    static std::uint64_t mixed(std::uint64_t fp)
    {
        // Fibonacci hashing: the top bits of the product spread any key set evenly.
        return fp * 0x9E3779B97F4A7C15ULL;
    }

    Shard m_shards[1 << kShardBits];
    bool m_hasZero = false;
};

/// @brief The SQLite write transaction of one import call (BEGIN IMMEDIATE … COMMIT).
///
/// Label sets are interned in memory and rows are folded into an in-memory aggregate that
/// is written once per batch. Duplicates are found by the rows' key fingerprint (key_fp):
///  - exact mode: a lookup through the rows_fp index, comparing source and record key, then a
///    plain INSERT (the index is maintained);
///  - bulk mode, once an import is large against the table (or the table is empty): the
///    fingerprints of every stored row are held in a FingerprintSet, rows_fp and the sort
///    indexes are dropped and a row whose fingerprint is new is a plain INSERT with no index
///    to maintain. A fingerprint seen before may be a duplicate: rows_fp is rebuilt there and
///    the rest of the import runs in exact mode. At commit rows_fp is rebuilt (one sort); the
///    sort indexes are left to SqliteLedger::ensureSortIndex.
class SqliteImportTransaction final : public ImportTransaction
{
public:
    static Result<std::unique_ptr<ImportTransaction>> begin(SqliteLedger &ledger);
    ~SqliteImportTransaction() override;

    Result<std::int64_t> beginBatch(const ImportBatch &meta) override;
    Result<bool> addRow(const CostRow &row) override;
    Result<bool> addHashedRow(const CostRow &row, std::uint64_t labelSetHash) override;
    Result<bool> addNumberedRow(const CostRow &row,
                                std::uint64_t labelSetHash,
                                std::uint32_t labelSetOrdinal) override;
    Result<void> addNumberedRows(std::span<const CostRow> rows,
                                 const std::uint64_t *labelSetHashes,
                                 const std::uint32_t *labelSetOrdinals) override;
    void forgetOrdinalsBelow(std::uint32_t floor) override;
    Result<void> settle() override;
    Result<void> endBatch(const ImportBatch &final) override;
    std::vector<Warning> takeKeyConflicts() override;
    Result<void> addInvoice(const Invoice &invoice) override;
    Result<BatchRemovalCounts> removeBatch(std::int64_t batchId) override;
    BatchCounts counts() const override { return m_counts; }
    Result<void> commit() override;

private:
    explicit SqliteImportTransaction(SqliteLedger &ledger)
        : m_ledger(ledger)
        , m_labelSets(ledger.db())
    {}
    enum class Mode { Exact, Bulk };

    Result<void> prepare();
    /// Back to WAL after a rollback-journal import (outside any transaction).
    void restoreWal();
    Result<std::int64_t> internLabelSet(const CostRow &row);
    /// What addNumberedRows works out for a row before it adds it (so that it can start
    /// loading the memory the row will touch a few rows ahead).
    struct Prepared;
    /// No ordinal: the row's set is interned from its labels.
    static constexpr std::uint32_t kNoOrdinal = 0xffffffffU;
    /// Checks, dedupes, inserts and accounts a row; `labelSet` is its set's id when known,
    /// else 0, and the set of `ordinal` is interned from the row when the row is added (a
    /// duplicate stores no set). `prepared` (optional) carries its fingerprint and aggregate
    /// key.
    Result<bool> addRowInSet(const CostRow &row,
                             std::int64_t labelSet,
                             std::uint32_t ordinal,
                             const Prepared *prepared = nullptr);
    /// The label set id of an ordinal, interned from `row` (or from the body a duplicate of
    /// it left, keepSetOfDuplicate) on its first use.
    Result<std::int64_t> labelSetOfOrdinal(const CostRow &row, std::uint32_t ordinal);
    /// The id of an ordinal's set, or 0 while it is not interned.
    std::int64_t knownSetOfOrdinal(std::uint32_t ordinal) const;
    /// `row` is a duplicate whose set is not interned: its labels and raw labels are kept,
    /// packed, for a later row of the same ordinal that comes without its labels (a reader's
    /// memo elides repeats).
    Result<void> keepSetOfDuplicate(const CostRow &row, std::uint32_t ordinal);
    /// A set keepSetOfDuplicate packed, into m_unpackedLabels and m_unpackedRaw.
    void unpackSet(std::string_view packed);
    /// Looks the key up through rows_fp and inserts the row when it is new, in `labelSet`
    /// (interned first from the row's ordinal when 0).
    Result<bool>
    addExact(const CostRow &row, std::int64_t &labelSet, std::uint32_t ordinal, std::uint64_t fp);
    /// A row whose key the ledger holds: a warning when the kept row's content differs.
    void noteKeyConflict(const CostRow &row,
                         std::string_view keptAmount,
                         std::string_view keptCurrency,
                         std::int64_t keptBatch);
    static constexpr size_t kMaxKeyConflicts = 100;
    Result<void> insertRow(const CostRow &row, std::int64_t labelSet, std::uint64_t fp);
    Result<void> enterBulk();
    Result<void> leaveBulk();
    Result<void> dropSortIndexes();
    Result<void> buildFingerprintIndex();
    Result<void>
    account(const CostRow &row, std::int64_t labelSet, bool added, const Prepared *prepared);
    /// Sorts the in-memory groups in the aggregate's key order (looking up their texts' ids).
    Result<void> sortAggregate();
    /// Writes the in-memory groups, sorted, through `writer` and forgets them.
    Result<void> flushAggregate(aggsegment::SegmentWriter &writer);
    /// The in-memory groups as the batch's next run (aggsegment::kRunsTable).
    Result<void> spillAggregate();
    Result<void> writeAggregate();
    Result<void> writeBatch(const ImportBatch &final);
    std::uint32_t internString(std::string_view s);
    /// Makes `c` the current row's currency: m_lastCurrencyIndex and m_lastTotal.
    void selectCurrency(Currency c);

    /// One group of the per-batch aggregate (a row of the agg table).
    struct AggKey
    {
        std::int64_t labelSet;
        std::uint32_t source, object; ///< indexes into m_strings
        std::int32_t day;
        std::uint32_t currency;        ///< index into m_currencies
        std::uint32_t provider, model; ///< usage provider and model: indexes into m_strings
        std::int32_t days;             ///< spanDays of the row's window
        friend bool operator==(const AggKey &, const AggKey &) = default;
    };
    struct Prepared
    {
        std::uint64_t fp;
        AggKey key;
        size_t keyHash; ///< 0: no aggregate key prepared (the set is not interned yet)
        bool ready;     ///< fp is the row's (else the row is not prepared at all)
        bool fresh;     ///< bulk mode: fp was never seen, and is noted as seen now
    };
    struct AggEntry
    {
        Decimal amount;
        std::int64_t rows = 0;
        AggKey key;
    };
    struct Total
    {
        Decimal amount, added;
        std::int64_t rows = 0, addedRows = 0;
    };
    struct StringHash
    {
        using is_transparent = void;
        size_t operator()(std::string_view s) const noexcept
        {
            return std::hash<std::string_view>{}(s);
        }
    };
    AggEntry &aggEntry(const AggKey &key, size_t hash);
    /// The aggregate key of a row (its label set, source, name, day and currency), interning
    /// its strings; selectCurrency must have run for the row.
    AggKey aggKeyOf(const CostRow &row, std::int64_t labelSet);
    /// Start loading the aggregate group `hash` most likely names.
    void prefetchGroup(size_t hash) const;
    std::vector<Prepared> m_prepared;         ///< addNumberedRows' scratch
    std::vector<std::int64_t> m_preparedSets; ///< addNumberedRows' scratch: label set ids

    SqliteLedger &m_ledger;
    bool m_open = false;
    /// The import runs under a rollback journal instead of the WAL (see begin()); the WAL
    /// comes back when it ends either way.
    bool m_rollbackJournal = false;
    Mode m_mode = Mode::Exact;
    bool m_bulkDone = false;  ///< bulk mode ended early: exact for the rest of the import
    bool m_fpDropped = false; ///< rows_fp is missing (bulk mode) and must be rebuilt
    std::int64_t m_batch = 0; ///< 0 when no batch is open
    ImportBatch m_meta;
    BatchCounts m_counts;
    std::optional<TimeUs> m_minStart, m_maxEnd;

    std::vector<Currency> m_currencies; ///< interned; usually one
    std::vector<std::string> m_currencyCodes;
    std::map<Currency, Total> m_totals;
    Currency m_lastCurrency;
    std::uint32_t m_lastCurrencyIndex = 0;
    Total *m_lastTotal = nullptr; ///< m_totals[m_lastCurrency] (map nodes are stable)

    std::vector<std::string> m_strings;
    std::unordered_map<std::string, std::uint32_t, StringHash, std::equal_to<>> m_stringIndex;
    /// The agg_strings id of m_strings[i] and of m_currencyCodes[i] (0: not looked up yet).
    std::vector<std::int64_t> m_aggStringIds, m_aggCurrencyIds;
    Result<std::int64_t> aggStringId(const std::string &text, std::int64_t &cached);
    std::string m_lastSource;
    std::uint32_t m_lastSourceIndex = UINT32_MAX;
    /// Usage provider and model of the last row: gateway logs repeat them from row to row.
    std::string m_lastProvider, m_lastModel;
    std::uint32_t m_lastProviderIndex = UINT32_MAX, m_lastModelIndex = UINT32_MAX;
    std::vector<AggEntry> m_agg; ///< the batch's groups in first-seen order
    FlatIndex m_aggIndex;        ///< over m_agg by key (hash bits in the slots)
    /// Groups m_agg holds before they are spilled as a run (ImportTuning::aggregateGroups).
    size_t m_aggLimit = 0;
    std::int64_t m_aggRuns = 0; ///< runs spilled for the current batch

    LabelSetWriter m_labelSets;
    /// addNumberedRow's ordinal -> id (0: not yet), from ordinal m_ordinalBase on. A deque: it
    /// grows by blocks and gives back its front when the caller's numbering forgets ordinals
    /// (forgetOrdinalsBelow): per-request sets keep a window of them, not one entry per row.
    std::deque<std::int64_t> m_ordinalSets;
    std::uint32_t m_ordinalBase = 0;
    /// Sets only duplicates carried so far, packed, by ordinal (keepSetOfDuplicate): at most
    /// the sets a reader's memo holds, forgotten when the memo forgets them.
    std::unordered_map<std::uint32_t, std::string> m_pendingSets;
    LabelMap m_unpackedLabels; ///< unpackSet's
    RawLabels m_unpackedRaw;   ///< unpackSet's
    std::vector<std::pair<std::string_view, std::string_view>> m_unpackedViews;
    static constexpr size_t kMaxPendingSets = 1 << 17;

    /// A text parameter of the row insert that rarely changes from row to row: bound from
    /// this copy, and rebound only when the value changes (a bind costs more than a compare).
    struct StickyText
    {
        std::string value;
        bool bound = false, null = false;
    };
    void bindSticky(int param, StickyText &s, std::string_view value, const rowcodes::Coded &coded);
    void bindStickyNull(int param, StickyText &s);
    StickyText m_boundSource, m_boundCurrency, m_boundUnit, m_boundProvider;
    std::string m_packedKey;  ///< the row's packed record key (rowcodes::packKey) until its step
    std::string m_findPacked; ///< the same for the duplicate lookup (m_findKey)
    std::int64_t m_boundBatch = 0;

    /// Rows in the ledger when the import began and rows this import added: once the import
    /// is large against the table it switches to bulk mode.
    std::int64_t m_rowsBefore = 0, m_rowsAddedAll = 0;
    FingerprintSet m_fps;
    std::vector<Warning> m_keyConflicts; ///< of the current batch (takeKeyConflicts)
    std::int64_t m_moreKeyConflicts = 0; ///< beyond the listed ones
    sql::Stmt m_insertRow, m_findKey, m_insertBatch, m_updateBatch, m_insertTotal, m_insertWarning,
        m_insertInvoice, m_insertAggString, m_findAggString;
};

} // namespace unalloc::core
