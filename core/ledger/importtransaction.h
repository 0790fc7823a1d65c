#pragma once

#include "ledgercodec.h"
#include "sqliteledger.h"

#include <map>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief The SQLite write transaction of one import call (BEGIN IMMEDIATE … COMMIT).
///
/// Label sets are interned in memory and rows are folded into an in-memory aggregate that
/// is written once per batch, so each row costs one prepared INSERT.
class SqliteImportTransaction final : public ImportTransaction
{
public:
    static Result<std::unique_ptr<ImportTransaction>> begin(SqliteLedger &ledger);
    ~SqliteImportTransaction() override;

    Result<std::int64_t> beginBatch(const ImportBatch &meta) override;
    Result<bool> addRow(const CostRow &row) override;
    Result<bool> addHashedRow(const CostRow &row, std::uint64_t labelSetHash) override;
    Result<void> endBatch(const ImportBatch &final) override;
    Result<void> addInvoice(const Invoice &invoice) override;
    BatchCounts counts() const override { return m_counts; }
    Result<void> commit() override;

private:
    explicit SqliteImportTransaction(SqliteLedger &ledger)
        : m_ledger(ledger)
    {}
    Result<void> prepare();
    Result<void> loadLabelSets();
    Result<std::int64_t> internLabelSet(const CostRow &row, std::uint64_t hash);
    Result<void> account(const CostRow &row, std::int64_t labelSet, bool added);
    Result<void> writeAggregate();
    Result<void> writeBatch(const ImportBatch &final);
    std::uint32_t internString(const std::string &s);
    Result<void> dropSortIndexes();
    Result<void> restoreSortIndexes();

    struct AggKey
    {
        std::int64_t labelSet;
        std::uint32_t source, object;
        std::int32_t day;
        Currency currency;
        friend bool operator==(const AggKey &, const AggKey &) = default;
    };
    struct AggKeyHash
    {
        size_t operator()(const AggKey &k) const noexcept;
    };
    struct AggValue
    {
        Decimal amount;
        std::int64_t rows = 0;
    };
    struct Total
    {
        Decimal amount, added;
        std::int64_t rows = 0, addedRows = 0;
    };

    SqliteLedger &m_ledger;
    bool m_open = false;
    std::int64_t m_batch = 0; ///< 0 when no batch is open
    ImportBatch m_meta;
    BatchCounts m_counts;
    std::optional<TimeUs> m_minStart, m_maxEnd;
    std::map<Currency, Total> m_totals;
    std::unordered_map<AggKey, AggValue, AggKeyHash> m_agg;
    std::vector<std::string> m_strings;
    std::unordered_map<std::string, std::uint32_t> m_stringIndex;
    std::vector<ledgercodec::LabelSetValue> m_sets; ///< parallel to m_setIds
    std::vector<std::int64_t> m_setIds;
    std::unordered_multimap<std::uint64_t, size_t> m_setIndex;
    /// Rows already in the ledger when the import began, and rows this import added: once
    /// the import is large against the table, the sort indexes are dropped and rebuilt at
    /// commit (one sort instead of a random B-tree insert per row and index).
    std::int64_t m_rowsBefore = 0, m_rowsAddedAll = 0;
    std::vector<std::string> m_droppedIndexes; ///< their CREATE statements, to replay
    sql::Stmt m_insertRow, m_insertSet, m_insertBatch, m_updateBatch, m_insertTotal,
        m_insertWarning, m_upsertAgg, m_insertInvoice;
};

} // namespace unalloc::core
