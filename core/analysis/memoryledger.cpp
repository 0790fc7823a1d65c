#include "memoryledger.h"

#include <algorithm>
#include <numeric>

namespace unalloc::core {

/// Collects one import in memory; nothing reaches the store before commit().
class MemoryImportTransaction final : public ImportTransaction
{
public:
    explicit MemoryImportTransaction(MemoryLedgerStore &store, std::int64_t nextBatch)
        : m_store(store), m_nextBatch(nextBatch)
    {}
    Result<std::int64_t> beginBatch(const ImportBatch &meta) override
    {
        m_current = meta;
        m_current.id = m_nextBatch++;
        return m_current.id;
    }
    Result<bool> addRow(const CostRow &row) override
    {
        const auto key = std::make_pair(row.source, row.recordKey);
        if (m_store.hasRecord(row) || !m_keys.insert(key).second)
            return false;
        CostRow copy = row;
        copy.batchId = m_current.id;
        m_added.rows.push_back(std::move(copy));
        return true;
    }
    Result<void> endBatch(const ImportBatch &final) override
    {
        ImportBatch b = final;
        b.id = m_current.id;
        m_added.batches.push_back(std::move(b));
        return {};
    }
    Result<void> addInvoice(const Invoice &invoice) override
    {
        m_added.invoices.push_back(invoice);
        return {};
    }
    Result<void> commit() override
    {
        m_store.commit(std::move(m_added));
        m_added = {};
        return {};
    }

private:
    MemoryLedgerStore &m_store;
    std::int64_t m_nextBatch;
    ImportBatch m_current;
    MemoryLedgerStore::Content m_added;
    std::set<std::pair<std::string, std::string>> m_keys;
};

namespace {

std::string lowered(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool matches(const CostRow &row, const LedgerRowFilter &f, const std::string &needle)
{
    if ((f.from && row.start < *f.from) || (f.to && row.start >= *f.to))
        return false;
    if (!f.sources.empty() && !f.sources.contains(row.source))
        return false;
    if (f.batch && row.batchId != *f.batch)
        return false;
    if (needle.empty())
        return true;
    if (lowered(row.name).find(needle) != std::string::npos
        || lowered(row.source).find(needle) != std::string::npos)
        return true;
    return std::any_of(row.labels.entries().begin(), row.labels.entries().end(),
                       [&needle](const auto &e) {
                           return lowered(e.second).find(needle) != std::string::npos;
                       });
}

bool less(const CostRow &a, const CostRow &b, LedgerSort sort)
{
    switch (sort) {
    case LedgerSort::Start: return a.start < b.start;
    case LedgerSort::Source: return a.source < b.source;
    case LedgerSort::Name: return a.name < b.name;
    case LedgerSort::Amount: return a.amount.amount < b.amount.amount;
    case LedgerSort::Batch: return a.batchId < b.batchId;
    }
    return false;
}

std::string filterKey(const LedgerRowFilter &f, LedgerSort sort, bool ascending)
{
    std::string k = std::to_string(f.from.value_or(-1)) + '|' + std::to_string(f.to.value_or(-1))
                    + '|' + std::to_string(f.batch.value_or(-1)) + '|' + f.text + '|'
                    + std::to_string(static_cast<int>(sort)) + (ascending ? "a" : "d");
    for (const std::string &s : f.sources)
        k += '|' + s;
    return k;
}

} // namespace

MemoryLedgerStore::MemoryLedgerStore(std::string name) : m_name(std::move(name)) {}

Result<std::unique_ptr<ImportTransaction>> MemoryLedgerStore::beginImport()
{
    std::lock_guard lock(m_mutex);
    const std::int64_t next = static_cast<std::int64_t>(m_content.batches.size()) + 1;
    return std::unique_ptr<ImportTransaction>(new MemoryImportTransaction(*this, next));
}

void MemoryLedgerStore::commit(Content &&added)
{
    std::lock_guard lock(m_mutex);
    for (CostRow &r : added.rows) {
        m_keys.emplace(r.source, r.recordKey);
        m_content.rows.push_back(std::move(r));
    }
    for (ImportBatch &b : added.batches)
        m_content.batches.push_back(std::move(b));
    for (Invoice &i : added.invoices)
        m_content.invoices.push_back(std::move(i));
    m_orderKey.clear();
}

bool MemoryLedgerStore::hasRecord(const CostRow &row) const
{
    std::lock_guard lock(m_mutex);
    return m_keys.contains({row.source, row.recordKey});
}

Result<std::vector<ImportBatch>> MemoryLedgerStore::batches() const
{
    std::lock_guard lock(m_mutex);
    return m_content.batches;
}

Result<CostCube> MemoryLedgerStore::loadCube() const
{
    std::lock_guard lock(m_mutex);
    CostCube cube;
    for (const CostRow &r : m_content.rows)
        cube.addRow(r);
    return cube;
}

Result<std::vector<Invoice>> MemoryLedgerStore::invoices() const
{
    std::lock_guard lock(m_mutex);
    return m_content.invoices;
}

const std::vector<std::size_t> &MemoryLedgerStore::ordered(const LedgerRowFilter &filter,
                                                          LedgerSort sort,
                                                          bool ascending) const
{
    const std::string key = filterKey(filter, sort, ascending);
    if (key == m_orderKey)
        return m_order;
    const std::string needle = lowered(filter.text);
    m_order.clear();
    for (std::size_t i = 0; i < m_content.rows.size(); ++i) {
        if (matches(m_content.rows[i], filter, needle))
            m_order.push_back(i);
    }
    const auto &rows = m_content.rows;
    std::stable_sort(m_order.begin(), m_order.end(), [&](std::size_t a, std::size_t b) {
        return ascending ? less(rows[a], rows[b], sort) : less(rows[b], rows[a], sort);
    });
    m_orderKey = key;
    return m_order;
}

Result<std::int64_t> MemoryLedgerStore::rowCount(const LedgerRowFilter &filter) const
{
    std::lock_guard lock(m_mutex);
    return static_cast<std::int64_t>(ordered(filter, LedgerSort::Start, true).size());
}

Result<std::vector<LedgerRow>> MemoryLedgerStore::rows(const LedgerRowFilter &filter,
                                                       LedgerSort sort,
                                                       bool ascending,
                                                       std::int64_t offset,
                                                       std::int64_t limit) const
{
    std::lock_guard lock(m_mutex);
    const auto &order = ordered(filter, sort, ascending);
    std::vector<LedgerRow> out;
    const auto first = static_cast<std::size_t>(std::max<std::int64_t>(offset, 0));
    for (std::size_t i = first; i < order.size() && out.size() < static_cast<std::size_t>(limit); ++i)
        out.push_back({static_cast<std::int64_t>(order[i]) + 1, m_content.rows[order[i]], false, {}});
    return out;
}

Result<std::optional<LedgerRow>> MemoryLedgerStore::rowById(std::int64_t id) const
{
    std::lock_guard lock(m_mutex);
    if (id < 1 || id > static_cast<std::int64_t>(m_content.rows.size()))
        return std::optional<LedgerRow>();
    return std::optional<LedgerRow>(
        LedgerRow{id, m_content.rows[static_cast<std::size_t>(id - 1)], false, {}});
}

Result<Rules> MemoryLedgerStore::rules() const
{
    std::lock_guard lock(m_mutex);
    return m_rules;
}

Result<void> MemoryLedgerStore::setRules(const Rules &rules)
{
    std::lock_guard lock(m_mutex);
    m_rules = rules;
    return {};
}

Result<std::int64_t> MemoryLedgerStore::applySplit(std::int64_t, const std::string &,
                                                   const std::vector<CostRow> &)
{
    return fail("unsupported", "meter splits need a ledger file");
}

Result<void> MemoryLedgerStore::removeSplit(std::int64_t)
{
    return fail("unsupported", "meter splits need a ledger file");
}

Result<std::vector<SplitRecord>> MemoryLedgerStore::splits() const
{
    return std::vector<SplitRecord>();
}

} // namespace unalloc::core
