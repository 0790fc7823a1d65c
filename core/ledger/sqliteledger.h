#pragma once

#include "ledgerstore.h"
#include "sqlitedb.h"

#include <functional>
#include <string>
#include <string_view>

namespace unalloc::core {

/// @brief LedgerStore over one SQLite connection (see ledgerschema.cpp for the tables).
class SqliteLedger final : public LedgerStore
{
public:
    SqliteLedger(sql::Db db, std::string path, bool readOnly, int version);

    std::string path() const override { return m_path; }
    int schemaVersion() const override { return m_version; }
    Result<std::unique_ptr<ImportTransaction>> beginImport() override;
    void setClock(std::function<TimeUs()> clock) override { m_clock = std::move(clock); }

    Result<std::vector<ImportBatch>> batches() const override;
    Result<std::vector<BatchRecord>> batchRecords() const override;
    Result<void> checkIntegrity() const override;
    Result<CostCube> loadCube() const override;
    Result<std::vector<Invoice>> invoices() const override;
    Result<std::int64_t> rowCount(const LedgerRowFilter &filter) const override;
    Result<std::vector<Money>> rowTotals(const LedgerRowFilter &filter) const override;
    Result<std::vector<LedgerRow>> rows(const LedgerRowFilter &filter,
                                        LedgerSort sort,
                                        bool ascending,
                                        std::int64_t offset,
                                        std::int64_t limit) const override;
    Result<std::optional<LedgerRow>> rowById(std::int64_t id) const override;
    /// Start → rows_start(start_us), Batch → rows_batch(batch), Amount → rows_amount(amount),
    /// Name → rows_name(name), Source → rows_source(source, record_key).
    Result<void> ensureSortIndex(LedgerSort sort) override;
    Result<LedgerPageIndex> pageIndex(const LedgerRowFilter &filter,
                                      LedgerSort sort,
                                      bool ascending,
                                      std::int64_t pageRows,
                                      const std::function<bool()> &keepGoing) const override;
    Result<std::vector<LedgerRow>> rowsFrom(const LedgerRowFilter &filter,
                                            LedgerSort sort,
                                            bool ascending,
                                            const LedgerRowKey &first,
                                            std::int64_t limit) const override;
    Result<void>
    forEachRowByStart(const LedgerRowFilter &filter,
                      const std::function<Result<void>(const LedgerRow &)> &visit) const override;
    Result<std::vector<std::pair<std::int64_t, LabelMap>>> labelSets() const override;
    Result<void> forEachLabelSet(
        const std::function<void(std::int64_t, const LabelMap &)> &visit) const override;
    Result<void> forEachLabelSetWithKey(
        const std::vector<std::string> &keys,
        const std::function<void(std::int64_t, const LabelMap &)> &visit) const override;
    Result<void>
    forEachRowBrief(const LedgerBriefFilter &filter,
                    const std::function<void(const LedgerRowBrief &)> &visit) const override;

    Result<Rules> rules() const override;
    Result<void> setRules(const Rules &rules) override;
    Result<std::vector<Invoice>> invoicesOfBatch(std::int64_t batchId) const override;
    /// The invoices a statement selecting (source, amount, currency, period_start,
    /// period_end, note) steps through.
    Result<std::vector<Invoice>> invoicesFrom(sql::Stmt &st) const;
    Result<std::int64_t> countKnownRecords(std::span<const RecordId> keys) const override;
    Result<std::vector<ValueAlias>> valueAliases() const override;
    Result<void> setValueAlias(const ValueAlias &alias) override;
    Result<bool> removeValueAlias(const std::string &key, const std::string &value) override;
    Result<std::int64_t> removeUnusedLabelSets() override;

    Result<std::int64_t> applySplit(std::int64_t originalRowId,
                                    const std::string &meter,
                                    const std::vector<CostRow> &parts) override;
    Result<void> removeSplit(std::int64_t splitId) override;
    Result<std::vector<SplitRecord>> splits() const override;

    /// Internal knobs of the import, for tests: the added-row count that switches an import
    /// into bulk mode (at least half the rows already stored; an import into an empty ledger
    /// is bulk from its first row; 0 = never bulk) and a replacement for
    /// ledgerschema::keyFingerprint (to force collisions; the stored values then differ from
    /// unalloc_fp(), so only use it on a ledger that this instance alone writes).
    struct ImportTuning
    {
        std::int64_t bulkRows = 100'000;
        std::uint64_t (*fingerprint)(std::string_view source, std::string_view recordKey) = nullptr;
        /// An import into a ledger without rows runs under a rollback journal (each page
        /// written once) instead of the WAL, when no other connection is open.
        bool rollbackJournalWhenEmpty = true;
        /// Aggregate groups an import keeps in memory per batch; past them it spills sorted
        /// runs to a temporary table and merges them when the batch ends (the same segments).
        size_t aggregateGroups = 262'144;
    };
    void setImportTuning(const ImportTuning &tuning) { m_tuning = tuning; }
    const ImportTuning &importTuning() const { return m_tuning; }
    /// The key fingerprint rows are stored with: ledgerschema::keyFingerprint (unless tuned) as
    /// storedFingerprint gives it, in 64 bits.
    std::uint64_t keyFingerprint(std::string_view source, std::string_view recordKey) const;

    // For the import transaction and the split code.
    sql::Db &db() { return m_db; }
    TimeUs now() const;
    bool readOnly() const { return m_readOnly; }
    void setImportOpen(bool open) { m_importOpen = open; }

private:
    /// Every label set in id order, decoded to text; with `keyIds`, only those whose keys
    /// include one of these string ids.
    Result<void>
    scanLabelSets(const std::vector<std::int64_t> *keyIds,
                  const std::function<void(std::int64_t, const LabelMap &)> &visit) const;
    /// Error for writes to a read-only ledger or while an import is open.
    Result<void> checkWritable(const char *what) const;
    /// WHERE clause text and its bound values for a filter; `keepOrderIndex` writes the
    /// column terms as `+column` so that the planner walks the sort order's index instead.
    struct Where;
    Result<Where> whereFor(const LedgerRowFilter &filter, bool keepOrderIndex = false) const;
    /// whereFor's terms for label pairs and amount bounds (rowfilter.cpp).
    Result<void>
    addFilterTerms(const LedgerRowFilter &filter, Where &w, const std::string &col) const;
    /// The ids of the label sets `filter`'s owner: and via: terms select, comma-separated.
    /// Kept for the last terms and rule while the label sets are unchanged: a filtered list
    /// asks for them with its totals, its page index and every page it reads.
    Result<std::string> ownerSets(const LedgerRowFilter &filter) const;
    /// Reads the rows a bound statement of kRowColumns returns, labels filled.
    Result<void> readRows(sql::Stmt &st, std::vector<LedgerRow> &out) const;
    /// Fills labels, raw labels and collisions of `rows` from their label set ids.
    Result<void> fillLabels(std::vector<LedgerRow> &rows,
                            const std::vector<std::int64_t> &setIds) const;
    Result<LedgerRow> readRow(const sql::Stmt &st) const;
    Result<void> moveAggregate(std::int64_t rowId, int sign);

    sql::Db m_db;
    std::string m_path;
    bool m_readOnly = false;
    bool m_importOpen = false;
    int m_version = 0;
    std::function<TimeUs()> m_clock;
    ImportTuning m_tuning;
    struct OwnerSetsCache
    {
        std::string key; ///< the terms, the rule and the label sets' extent
        std::string sets;
    };
    mutable OwnerSetsCache m_ownerSets;
};

} // namespace unalloc::core
