#pragma once

#include "core/ledger/ledgerstore.h"

#include <mutex>

namespace unalloc::core {

/// @brief A LedgerStore held in memory: the explorer's bundled demo and tests use it where a
/// `.unalloc` file is not wanted. Same contract as the SQLite store (idempotent record keys,
/// all-or-nothing imports, windows of rows); splits are not supported.
class MemoryLedgerStore final : public LedgerStore
{
public:
    explicit MemoryLedgerStore(std::string name = "memory");

    std::string path() const override { return m_name; }
    int schemaVersion() const override { return currentSchemaVersionInMemory(); }
    Result<std::unique_ptr<ImportTransaction>> beginImport() override;
    Result<std::vector<ImportBatch>> batches() const override;
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

    static int currentSchemaVersionInMemory() { return 1; }

private:
    friend class MemoryImportTransaction;
    struct Content
    {
        std::vector<CostRow> rows;
        std::vector<ImportBatch> batches;
        std::vector<Invoice> invoices;
    };
    void commit(Content &&added);
    bool hasRecord(const CostRow &row) const;
    const std::vector<std::size_t> &ordered(const LedgerRowFilter &filter,
                                            LedgerSort sort,
                                            bool ascending) const;

    std::string m_name;
    Content m_content;
    Rules m_rules;
    std::set<std::pair<std::string, std::string>> m_keys;
    mutable std::mutex m_mutex;
    // One cached ordering: a table scrolls through one (filter, sort) at a time.
    mutable std::string m_orderKey;
    mutable std::vector<std::size_t> m_order;
};

} // namespace unalloc::core
