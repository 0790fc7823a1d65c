// SqliteLedger::countKnownRecords: how many records of a file an import would skip as
// duplicates, answered before it runs (the import preview).
#include "sqliteledger.h"

#include "ledgercodec.h"
#include "ledgerschema.h"
#include "rowcodes.h"

namespace unalloc::core {

Result<std::int64_t> SqliteLedger::countKnownRecords(std::span<const RecordId> keys) const
{
    // Packing is one-to-one: the packed keys are equal iff the keys are.
    auto st = m_db.prepare("SELECT 1 FROM rows WHERE key_fp = ?1 AND source = ?2 AND "
                           "key_packed = ?3 LIMIT 1");
    if (!st)
        return fail(st.error());
    std::int64_t known = 0;
    std::string packed;
    for (const RecordId &k : keys) {
        st->reset();
        st->bind(1, ledgerschema::storedFingerprint(keyFingerprint(k.source, k.recordKey)));
        st->bind(2, k.source);
        rowcodes::bindKey(*st, 3, k.recordKey, packed);
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
    return invoicesFrom(*st);
}

} // namespace unalloc::core
