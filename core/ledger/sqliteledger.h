#pragma once

#include "ledgerstore.h"
#include "sqlitedb.h"

#include <functional>
#include <string>

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
    Result<std::vector<LedgerRow>> rows(const LedgerRowFilter &filter,
                                        LedgerSort sort,
                                        bool ascending,
                                        std::int64_t offset,
                                        std::int64_t limit) const override;
    Result<std::optional<LedgerRow>> rowById(std::int64_t id) const override;

    Result<Rules> rules() const override;
    Result<void> setRules(const Rules &rules) override;

    Result<std::int64_t> applySplit(std::int64_t originalRowId,
                                    const std::string &meter,
                                    const std::vector<CostRow> &parts) override;
    Result<void> removeSplit(std::int64_t splitId) override;
    Result<std::vector<SplitRecord>> splits() const override;

    // For the import transaction and the split code.
    sql::Db &db() { return m_db; }
    TimeUs now() const;
    bool readOnly() const { return m_readOnly; }
    void setImportOpen(bool open) { m_importOpen = open; }

private:
    /// Error for writes to a read-only ledger or while an import is open.
    Result<void> checkWritable(const char *what) const;
    /// WHERE clause text and its bound values for a filter.
    struct Where;
    Result<Where> whereFor(const LedgerRowFilter &filter) const;
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
};

} // namespace unalloc::core
