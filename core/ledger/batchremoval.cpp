// Deleting an import batch (and putting it back): `unalloc batches delete|replace` and the
// explorer's batch context menu. One transaction each; aggregate == rows holds afterwards.
#include "importtransaction.h"
#include "importtransaction_p.h"
#include "labelchunks.h"
#include "ledgercodec.h"

namespace unalloc::core {

namespace codec = ledgercodec;

Result<BatchRemovalCounts> SqliteImportTransaction::removeBatch(std::int64_t batchId)
{
    if (!m_open)
        return fail("import-state", "the import has ended");
    if (m_batch != 0 || m_rowsAddedAll != 0 || m_labelSets.setsAdded() != 0)
        return fail("import-state", "a batch is deleted before anything is imported");
    sql::Db &db = m_ledger.db();
    const std::string id = std::to_string(batchId);
    auto exists = db.scalar("SELECT count(*) FROM batches WHERE id = " + id);
    if (!exists)
        return fail(exists.error());
    if (*exists == 0)
        return fail("no-such-batch", "the ledger has no batch " + id, m_ledger.path());
    BatchRemovalCounts counts;
    auto rows = db.scalar("SELECT count(*) FROM rows WHERE batch = " + id);
    auto invoices = db.scalar("SELECT count(*) FROM invoices WHERE batch = " + id);
    auto splits = db.scalar("SELECT count(*) FROM splits WHERE original_row IN "
                            "(SELECT id FROM rows WHERE batch = " +
                            id + ")");
    if (!rows || !invoices || !splits)
        return fail(!rows ? rows.error() : !invoices ? invoices.error() : splits.error());
    counts.rows = *rows;
    counts.invoices = *invoices;
    auto inv = db.prepare("SELECT source, amount, currency, period_start, period_end, note "
                          "FROM invoices WHERE batch = ?1 ORDER BY id");
    if (!inv)
        return fail(inv.error());
    inv->bind(1, batchId);
    for (auto row = inv->step(); row && *row; row = inv->step()) {
        Invoice i;
        i.source = inv->text(0);
        auto amount = codec::decodeAmount(inv->blob(1));
        auto currency = codec::decodeCurrency(inv->textView(2));
        if (!amount || !currency)
            return fail("ledger-corrupt", "a stored invoice is malformed", m_ledger.path());
        i.amount = Money{*amount, *currency};
        if (!inv->isNull(3))
            i.periodStart = inv->int64(3);
        if (!inv->isNull(4))
            i.periodEnd = inv->int64(4);
        i.note = inv->text(5);
        counts.removedInvoices.push_back(std::move(i));
    }
    counts.splits = *splits;
    // Split parts carry their original's batch, so they go with it; the aggregate groups are
    // keyed by batch, so the batch's segments and adjustments are exactly the ones to drop.
    // Label sets the batch used are dropped when no other row uses one (every group comes
    // from rows, so the rows decide).
    const std::string sqlText =
        "CREATE TEMP TABLE IF NOT EXISTS unalloc_removed_sets(id INTEGER PRIMARY KEY);"
        "DELETE FROM unalloc_removed_sets;"
        "INSERT OR IGNORE INTO unalloc_removed_sets SELECT DISTINCT label_set FROM rows "
        "WHERE batch = " +
        id +
        ";"
        "DELETE FROM splits WHERE original_row IN (SELECT id FROM rows WHERE batch = " +
        id +
        ");"
        "DELETE FROM rows WHERE batch = " +
        id + "; DELETE FROM agg WHERE batch = " + id +
        "; DELETE FROM agg_segments WHERE batch = " + id +
        "; DELETE FROM invoices WHERE batch = " + id +
        "; DELETE FROM warnings WHERE batch = " + id +
        "; DELETE FROM batch_totals WHERE batch = " + id +
        "; DELETE FROM batches WHERE id = " + id +
        ";"
        "DELETE FROM unalloc_removed_sets WHERE id IN (SELECT label_set FROM rows);";
    if (auto r = db.exec(sqlText); !r)
        return fail(r.error());
    auto unused = db.int64s("SELECT id FROM unalloc_removed_sets ORDER BY id");
    if (!unused)
        return fail(unused.error());
    auto removed = labelchunks::removeSets(db, *unused);
    if (!removed)
        return fail(removed.error());
    counts.labelSets = *removed;
    m_labelSets.forgetStored();
    (void)db.exec("DELETE FROM unalloc_removed_sets");
    return counts;
}

Result<RemovedBatch> LedgerStore::deleteBatch(std::int64_t batchId)
{
    // What undo restores: the batch's record, rows (split parts left out) and invoices.
    auto read = readBatch(batchId);
    if (!read)
        return fail(read.error());
    RemovedBatch out = std::move(*read);
    auto txn = beginImport();
    if (!txn)
        return fail(txn.error());
    auto removed = (*txn)->removeBatch(batchId);
    if (!removed)
        return fail(removed.error());
    out.splitsDropped = removed->splits;
    out.invoices = std::move(removed->removedInvoices);
    if (auto r = (*txn)->commit(); !r)
        return fail(r.error());
    return out;
}

Result<std::int64_t> LedgerStore::restoreBatch(const RemovedBatch &removed)
{
    auto txn = beginImport();
    if (!txn)
        return fail(txn.error());
    auto id = (*txn)->beginBatch(removed.record.batch);
    if (!id)
        return fail(id.error());
    for (const CostRow &row : removed.rows) {
        if (auto r = (*txn)->addRow(row); !r)
            return fail(r.error());
    }
    for (const Invoice &inv : removed.invoices) {
        if (auto r = (*txn)->addInvoice(inv); !r)
            return fail(r.error());
    }
    if (auto r = (*txn)->endBatch(removed.record.batch); !r)
        return fail(r.error());
    if (auto r = (*txn)->commit(); !r)
        return fail(r.error());
    return *id;
}

} // namespace unalloc::core
