// LedgerStore::swapBatches: the undo and redo of an explorer "Replace batch" — the batches the
// replace wrote go and the one it replaced comes back (or the other way round) in ONE
// transaction, so the ledger never holds both or neither.
#include "ledgerstore.h"

#include <limits>

namespace unalloc::core {

Result<RemovedBatch> LedgerStore::readBatch(std::int64_t batchId) const
{
    RemovedBatch out;
    auto records = batchRecords();
    if (!records)
        return fail(records.error());
    bool found = false;
    for (BatchRecord &r : *records) {
        if (r.batch.id == batchId) {
            out.record = std::move(r);
            found = true;
        }
    }
    if (!found)
        return fail("no-such-batch", "the ledger has no batch " + std::to_string(batchId), path());
    LedgerRowFilter filter;
    filter.batch = batchId;
    auto rowsOf =
        rows(filter, LedgerSort::Start, true, 0, std::numeric_limits<std::int64_t>::max());
    if (!rowsOf)
        return fail(rowsOf.error());
    for (LedgerRow &r : *rowsOf) {
        if (!r.derivedFrom.empty())
            continue; // a split part: restoring the original is enough
        r.row.labelSetMemo = 0;
        r.row.labelSetMemoRestarted = false;
        out.rows.push_back(std::move(r.row));
    }
    auto invoices = invoicesOfBatch(batchId);
    if (!invoices)
        return fail(invoices.error());
    out.invoices = std::move(*invoices);
    return out;
}

Result<SwappedBatches> LedgerStore::swapBatches(const std::vector<std::int64_t> &remove,
                                                const std::vector<RemovedBatch> &restore)
{
    SwappedBatches out;
    for (std::int64_t id : remove) {
        auto batch = readBatch(id);
        if (!batch)
            return fail(batch.error());
        out.removed.push_back(std::move(*batch));
    }
    auto txn = beginImport();
    if (!txn)
        return fail(txn.error());
    for (size_t i = 0; i < remove.size(); ++i) {
        auto removed = (*txn)->removeBatch(remove[i]);
        if (!removed)
            return fail(removed.error());
        out.removed[i].splitsDropped = removed->splits;
        out.removed[i].invoices = std::move(removed->removedInvoices);
    }
    for (const RemovedBatch &b : restore) {
        auto id = (*txn)->beginBatch(b.record.batch);
        if (!id)
            return fail(id.error());
        for (const CostRow &row : b.rows) {
            if (auto r = (*txn)->addRow(row); !r)
                return fail(r.error());
        }
        for (const Invoice &inv : b.invoices) {
            if (auto r = (*txn)->addInvoice(inv); !r)
                return fail(r.error());
        }
        if (auto r = (*txn)->endBatch(b.record.batch); !r)
            return fail(r.error());
        out.added.push_back(*id);
    }
    if (auto r = (*txn)->commit(); !r)
        return fail(r.error());
    return out;
}

} // namespace unalloc::core
