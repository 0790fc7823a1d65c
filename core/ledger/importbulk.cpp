// FingerprintSet and the bulk mode of SqliteImportTransaction: entering it (the sort indexes
// and rows_fp are dropped), leaving it and the rows_fp rebuild that commit also runs.
#include "importtransaction.h"
#include "importtransaction_p.h"
#include "ledgerschema.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>

namespace unalloc::core {

using namespace importdetail;

void FingerprintSet::Shard::rehash(int newBits)
{
    std::vector<std::uint64_t> old =
        std::exchange(table, std::vector<std::uint64_t>(size_t{1} << newBits, 0));
    bits = newBits;
    const size_t mask = table.size() - 1;
    for (std::uint64_t fp : old) {
        if (fp == 0)
            continue;
        size_t i = home(mixed(fp));
        while (table[i] != 0)
            i = (i + 1) & mask;
        table[i] = fp;
    }
}

void FingerprintSet::reserve(size_t n)
{
    // Shards fill evenly; a little slack covers the spread.
    const size_t perShard = n / std::size(m_shards) + n / (8 * std::size(m_shards)) + 1;
    int bits = 4;
    while ((size_t{1} << bits) * 7 < perShard * 10)
        ++bits;
    for (Shard &s : m_shards)
        if (bits > s.bits)
            s.rehash(bits);
}

bool FingerprintSet::insert(std::uint64_t fp)
{
    if (fp == 0)
        return !std::exchange(m_hasZero, true);
    const std::uint64_t m = mixed(fp);
    Shard &s = m_shards[m >> (64 - kShardBits)];
    if ((s.size + 1) * 10 > s.table.size() * 7)
        s.rehash(std::max(4, s.bits + 1));
    const size_t mask = s.table.size() - 1;
    for (size_t i = s.home(m);; i = (i + 1) & mask) {
        if (s.table[i] == fp)
            return false;
        if (s.table[i] == 0) {
            s.table[i] = fp;
            ++s.size;
            return true;
        }
    }
}

bool FingerprintSet::contains(std::uint64_t fp) const
{
    if (fp == 0)
        return m_hasZero;
    const std::uint64_t m = mixed(fp);
    const Shard &s = m_shards[m >> (64 - kShardBits)];
    if (s.table.empty())
        return false;
    const size_t mask = s.table.size() - 1;
    for (size_t i = s.home(m);; i = (i + 1) & mask) {
        if (s.table[i] == fp)
            return true;
        if (s.table[i] == 0)
            return false;
    }
}

size_t FingerprintSet::size() const
{
    size_t n = m_hasZero ? 1 : 0;
    for (const Shard &s : m_shards)
        n += s.size;
    return n;
}

size_t FingerprintSet::capacity() const
{
    size_t n = 0;
    for (const Shard &s : m_shards)
        n += s.table.size();
    return n;
}

void FingerprintSet::release()
{
    for (Shard &s : m_shards)
        s = Shard{};
    m_hasZero = false;
}

// ---------------------------------------------------------------------------------------------

Result<void> SqliteImportTransaction::enterBulk()
{
    sql::Db &db = m_ledger.db();
    if (auto r = dropSortIndexes(); !r)
        return r;
    // Every stored fingerprint (read through rows_fp: a scan of the small index, not the rows).
    const auto rowsNow = static_cast<size_t>(std::max<std::int64_t>(m_rowsBefore, 0)) +
                         static_cast<size_t>(m_rowsAddedAll);
    m_fps.reserve(rowsNow + rowsNow / 4 + 4096);
    {
        auto st = db.prepare("SELECT key_fp FROM rows");
        if (!st)
            return fail(st.error());
        for (;;) {
            auto row = st->step();
            if (!row)
                return fail(row.error());
            if (!*row)
                break;
            m_fps.insert(static_cast<std::uint64_t>(st->int64(0)));
        }
    }
    if (auto r = db.exec(std::string("DROP INDEX IF EXISTS rows_fp; ") + kBulkCache); !r)
        return r;
    m_mode = Mode::Bulk;
    m_fpDropped = true;
    return {};
}

Result<void> SqliteImportTransaction::leaveBulk()
{
    m_fps.release(); // the index finds duplicates from here on
    if (auto r = buildFingerprintIndex(); !r)
        return r;
    m_mode = Mode::Exact;
    m_bulkDone = true;
    return m_ledger.db().exec(kExactCache);
}

Result<void> SqliteImportTransaction::settle()
{
    if (!m_open)
        return fail("import-state", "the import has already ended");
    return m_mode == Mode::Bulk ? leaveBulk() : Result<void>{};
}

Result<void> SqliteImportTransaction::buildFingerprintIndex()
{
    if (!m_fpDropped)
        return {};
    sql::Db &db = m_ledger.db();
    if (auto r = db.exec(kIndexBuildCache); !r)
        return r;
    if (auto r = db.exec(ledgerschema::kFingerprintIndex); !r)
        return r;
    m_fpDropped = false;
    return {};
}

Result<void> SqliteImportTransaction::dropSortIndexes()
{
    // Readers rebuild them on demand (SqliteLedger::ensureSortIndex); maintaining them here
    // would cost a random B-tree insert per row and index.
    std::string names;
    for (const ledgerschema::SortIndex &index : ledgerschema::sortIndexes())
        names += std::string(names.empty() ? "'" : ", '") + index.name + "'";
    auto st = m_ledger.db().prepare("SELECT name FROM sqlite_master WHERE type = 'index' "
                                    "AND tbl_name = 'rows' AND name IN (" +
                                    names + ")");
    if (!st)
        return fail(st.error());
    std::vector<std::string> drop;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        drop.push_back("DROP INDEX " + st->text(0));
    }
    *st = {};
    for (const std::string &d : drop) {
        if (auto r = m_ledger.db().exec(d); !r)
            return r;
    }
    return {};
}

} // namespace unalloc::core
