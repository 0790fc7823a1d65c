// SqliteLedger::countKnownRecords: how many records of a file an import would skip as
// duplicates, answered before it runs (the import preview).
#include "sqliteledger.h"

#include "ledgercodec.h"
#include "ledgerschema.h"

namespace unalloc::core {

Result<std::int64_t> SqliteLedger::countKnownRecords(std::span<const RecordId> keys) const
{
    auto st = m_db.prepare("SELECT 1 FROM rows WHERE key_fp = ?1 AND source = ?2 AND "
                           "record_key = ?3 LIMIT 1");
    if (!st)
        return fail(st.error());
    std::int64_t known = 0;
    for (const RecordId &k : keys) {
        st->reset();
        st->bind(1, ledgerschema::storedFingerprint(keyFingerprint(k.source, k.recordKey)));
        st->bind(2, k.source);
        st->bind(3, k.recordKey);
        auto row = st->step();
        if (!row)
            return fail(row.error());
        known += *row ? 1 : 0;
    }
    return known;
}

} // namespace unalloc::core

namespace unalloc::core {

Result<std::vector<Invoice>> SqliteLedger::invoicesOfBatch(std::int64_t batchId) const
{
    auto st = m_db.prepare("SELECT source, amount, currency, period_start, period_end, note "
                           "FROM invoices WHERE batch = ?1 ORDER BY id");
    if (!st)
        return fail(st.error());
    st->bind(1, batchId);
    std::vector<Invoice> out;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        Invoice inv;
        inv.source = st->text(0);
        auto amount = ledgercodec::decodeAmount(st->blob(1));
        auto currency = ledgercodec::decodeCurrency(st->textView(2));
        if (!amount || !currency)
            return fail("ledger-corrupt", "a stored invoice is malformed", m_path);
        inv.amount = Money{*amount, *currency};
        if (!st->isNull(3))
            inv.periodStart = st->int64(3);
        if (!st->isNull(4))
            inv.periodEnd = st->int64(4);
        inv.note = st->text(5);
        out.push_back(std::move(inv));
    }
    return out;
}

} // namespace unalloc::core
