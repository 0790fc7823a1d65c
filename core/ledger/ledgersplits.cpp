// Meter splits: the original row stays for audit but leaves the aggregate; the derived rows
// join it. Every change is one transaction and keeps aggregate == rows.
#include "core/costcube.h"
#include "labelsetwriter.h"
#include "ledgercodec.h"
#include "ledgerschema.h"
#include "rowcodes.h"
#include "sqliteledger.h"

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

/// Rolls back unless dismissed: every early return of a split operation undoes its work.
class TxnGuard final
{
public:
    explicit TxnGuard(sql::Db &db)
        : m_db(db)
    {}
    ~TxnGuard()
    {
        if (m_active)
            (void)m_db.exec("ROLLBACK");
    }
    Result<void> begin()
    {
        auto r = m_db.exec("BEGIN IMMEDIATE");
        m_active = r.has_value();
        return r;
    }
    Result<void> commit()
    {
        auto r = m_db.exec("COMMIT");
        m_active = !r.has_value();
        return r;
    }

private:
    sql::Db &m_db;
    bool m_active = false;
};

Result<void> insertPart(sql::Db &db,
                        LabelSetWriter &sets,
                        const CostRow &part,
                        std::int64_t batch,
                        std::int64_t split,
                        std::uint64_t fp)
{
    // A record key is unique per source (the import relies on it): a part may not reuse one.
    auto taken = db.prepare("SELECT count(*) FROM rows WHERE key_fp = ?1 AND source = ?2 "
                            "AND key_packed = ?3");
    if (!taken)
        return fail(taken.error());
    taken->bind(1, static_cast<std::int64_t>(fp));
    taken->bind(2, part.source);
    std::string packed; // holds a packed key until the steps below
    rowcodes::bindKey(*taken, 3, part.recordKey, packed);
    auto found = taken->step();
    if (!found)
        return fail(found.error());
    if (*found && taken->int64(0) != 0)
        return fail("bad-split", "a row with record key '" + part.recordKey + "' already exists");
    auto labelSet = sets.intern(part.labels, part.rawLabels, part.collisions);
    if (!labelSet)
        return fail(labelSet.error());
    auto st =
        db.prepare("INSERT INTO rows(batch, source_code, key_packed, own_name, amount, "
                   "currency_code, start_offset_us, span_us, label_set, unit_code, split, key_fp) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
    if (!st)
        return fail(st.error());
    st->bind(12, static_cast<std::int64_t>(fp));
    st->bind(1, batch);
    rowcodes::bind(*st, 2, rowcodes::kSource, part.source);
    std::string packedKey;
    rowcodes::bindKey(*st, 3, part.recordKey, packedKey);
    st->bind(4, part.name); // a part has no usage (no model): its name is stored
    const auto amount = codec::encodeAmount(part.amount.amount);
    st->bindBlob(5, amount.data(), amount.size());
    rowcodes::bind(*st, 6, rowcodes::kCurrency, part.amount.currency.code());
    st->bind(7, part.start - ledgerschema::kStartEpochUs);
    st->bind(8, part.end - part.start);
    st->bind(9, *labelSet);
    rowcodes::bind(*st, 10, rowcodes::kUnit, part.unit);
    st->bind(11, split);
    return st->exec();
}

} // namespace

Result<void> SqliteLedger::moveAggregate(std::int64_t rowId, int sign)
{
    auto st =
        m_db.prepare("SELECT label_set, source, name, start_us, currency, batch, amount, "
                     "ifnull(provider, ''), ifnull(model, ''), end_us FROM rows WHERE id = ?1");
    if (!st)
        return fail(st.error());
    st->bind(1, rowId);
    auto row = st->step();
    if (!row || !*row)
        return fail("ledger-corrupt", "row " + std::to_string(rowId) + " vanished", m_path);
    auto amount = codec::decodeAmount(st->blob(6));
    if (!amount)
        return fail(amount.error());
    auto up = m_db.prepare(std::string("INSERT INTO agg(") + ledgerschema::kAggColumns +
                           ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT "
                           "DO UPDATE SET amount = unalloc_add(amount, excluded.amount), "
                           "rows = rows + excluded.rows");
    if (!up)
        return fail(up.error());
    // The aggregate keeps its texts as ids of agg_strings (schema v5).
    std::int64_t ids[5] = {};
    const int textColumns[5] = {1, 2, 4, 7, 8}; // source, name, currency, provider, model
    for (int i = 0; i < 5; ++i) {
        auto id = ledgerschema::aggStringId(m_db, st->textView(textColumns[i]));
        if (!id)
            return fail(id.error());
        ids[i] = *id;
    }
    up->bind(1, st->int64(0));
    up->bind(2, ids[0]);
    up->bind(3, ids[1]);
    up->bind(4, dayIndex(st->int64(3)));
    up->bind(5, ids[2]);
    up->bind(6, st->int64(5));
    up->bind(7, ids[3]);
    up->bind(8, ids[4]);
    up->bind(9, std::int64_t{spanDays(st->int64(3), st->int64(9))});
    const auto blob = codec::encodeAmount(sign < 0 ? -*amount : *amount);
    up->bindBlob(10, blob.data(), blob.size());
    up->bind(11, std::int64_t{sign});
    if (auto r = up->exec(); !r)
        return r;
    // The agg table holds adjustments to the batch's segments (schema v6): one that nets to
    // nothing goes, one that moves an amount between rows (no rows, an amount) stays.
    static const std::string zero = [] {
        std::string hex = "X'";
        for (unsigned char b : codec::encodeAmount(Decimal{})) {
            static const char digits[] = "0123456789ABCDEF";
            hex += digits[b >> 4];
            hex += digits[b & 15];
        }
        return hex + "'";
    }();
    return m_db.exec("DELETE FROM agg WHERE rows = 0 AND amount = " + zero);
}

Result<std::int64_t> SqliteLedger::applySplit(std::int64_t originalRowId,
                                              const std::string &meter,
                                              const std::vector<CostRow> &parts)
{
    if (auto w = checkWritable("apply a split"); !w)
        return fail(w.error());
    auto original = rowById(originalRowId);
    if (!original)
        return fail(original.error());
    if (!*original)
        return fail("no-such-row", "row " + std::to_string(originalRowId) + " does not exist");
    const LedgerRow &orig = **original;
    if (orig.superseded || !orig.derivedFrom.empty())
        return fail("already-split", "row " + std::to_string(originalRowId) +
                                         " is already split or is itself a split part");
    if (parts.empty())
        return fail("bad-split", "a split needs at least one part");
    Decimal sum;
    for (const CostRow &p : parts) {
        if (p.amount.currency != orig.row.amount.currency)
            return fail("bad-split", "a split part is in " + p.amount.currency.code() +
                                         " but the row is in " + orig.row.amount.currency.code());
        auto s = sum.checkedAdd(p.amount.amount);
        if (!s)
            return fail("overflow", "the split parts overflow");
        sum = *s;
    }
    if (sum != orig.row.amount.amount)
        return fail("bad-split", "the parts sum to " + sum.toString() + " but the row is " +
                                     orig.row.amount.amount.toString());
    TxnGuard txn(m_db);
    if (auto r = txn.begin(); !r)
        return fail(r.error());
    auto ins = m_db.prepare("INSERT INTO splits(original_row, meter, applied_at, parts) "
                            "VALUES (?1, ?2, ?3, ?4)");
    if (!ins)
        return fail(ins.error());
    ins->bind(1, originalRowId);
    ins->bind(2, meter);
    ins->bind(3, now());
    ins->bind(4, static_cast<std::int64_t>(parts.size()));
    if (auto r = ins->exec(); !r)
        return fail(r.error());
    const std::int64_t splitId = m_db.lastInsertId();
    if (auto r = moveAggregate(originalRowId, -1); !r)
        return fail(r.error());
    if (auto r =
            m_db.exec("UPDATE rows SET superseded = 1 WHERE id = " + std::to_string(originalRowId));
        !r)
        return fail(r.error());
    LabelSetWriter sets(m_db);
    if (auto r = sets.prepare(); !r)
        return fail(r.error());
    for (size_t i = 0; i < parts.size(); ++i) {
        CostRow p = parts[i];
        if (p.source.empty())
            p.source = orig.row.source;
        if (p.recordKey.empty())
            p.recordKey =
                orig.row.recordKey + "#split" + std::to_string(splitId) + "/" + std::to_string(i);
        if (p.start == 0 && p.end == 0) {
            p.start = orig.row.start;
            p.end = orig.row.end;
        }
        if (auto r = insertPart(m_db, sets, p, orig.row.batchId, splitId,
                                keyFingerprint(p.source, p.recordKey));
            !r)
            return fail(r.error());
        if (auto r = moveAggregate(m_db.lastInsertId(), +1); !r)
            return fail(r.error());
    }
    if (auto r = sets.flush(); !r)
        return fail(r.error());
    if (auto r = txn.commit(); !r)
        return fail(r.error());
    return splitId;
}

Result<void> SqliteLedger::removeSplit(std::int64_t splitId)
{
    if (auto w = checkWritable("remove a split"); !w)
        return w;
    auto find = m_db.prepare("SELECT original_row FROM splits WHERE id = ?1");
    if (!find)
        return fail(find.error());
    find->bind(1, splitId);
    auto found = find->step();
    if (!found)
        return fail(found.error());
    if (!*found)
        return fail("no-such-split", "split " + std::to_string(splitId) + " does not exist");
    const std::int64_t original = find->int64(0);
    TxnGuard txn(m_db);
    if (auto r = txn.begin(); !r)
        return r;
    auto parts = m_db.prepare("SELECT id FROM rows WHERE split = ?1");
    if (!parts)
        return fail(parts.error());
    parts->bind(1, splitId);
    std::vector<std::int64_t> ids;
    for (auto row = parts->step(); row && *row; row = parts->step())
        ids.push_back(parts->int64(0));
    for (std::int64_t id : ids)
        if (auto r = moveAggregate(id, -1); !r)
            return r;
    const std::string sid = std::to_string(splitId);
    const std::string oid = std::to_string(original);
    if (auto r = m_db.exec("DELETE FROM rows WHERE split = " + sid +
                           "; UPDATE rows SET superseded = 0 WHERE id = " + oid +
                           "; DELETE FROM splits WHERE id = " + sid + ";");
        !r)
        return r;
    if (auto r = moveAggregate(original, +1); !r)
        return r;
    return txn.commit();
}

Result<std::vector<SplitRecord>> SqliteLedger::splits() const
{
    auto st = m_db.prepare("SELECT id, original_row, meter, applied_at, parts FROM splits "
                           "ORDER BY id");
    if (!st)
        return fail(st.error());
    std::vector<SplitRecord> out;
    for (auto row = st->step(); row && *row; row = st->step())
        out.push_back(
            SplitRecord{st->int64(0), st->int64(1), st->text(2), st->int64(3), st->int64(4)});
    return out;
}

} // namespace unalloc::core
