// Keyset paging for the lazy ledger table: a page index from one pass over the sort order, then
// any page by (key, id) from its first row — as quick at row 900,000 as at row 0.
#include "ledgercodec.h"
#include "ledgerquery.h"
#include "rowcodes.h"

#include <algorithm>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace ledgerquery {

std::vector<KeyColumn> keyColumns(LedgerSort sort)
{
    switch (sort) {
    case LedgerSort::Start:
        return {{"r.start_us", KeyType::Int}};
    case LedgerSort::Source: {
        // The key's text (rows_source indexes the same expression); `key_packed` is only in
        // rows.
        static const std::string key = rowcodes::recordKeySql("key_packed");
        return {{"r.source", KeyType::Text}, {key.c_str(), KeyType::Text}};
    }
    case LedgerSort::Name:
        return {{"r.name", KeyType::Text}};
    case LedgerSort::Amount:
        return {{"r.amount", KeyType::Blob}};
    case LedgerSort::Batch:
        return {{"r.batch", KeyType::Int}};
    }
    return {{"r.start_us", KeyType::Int}};
}

std::string orderTerms(const std::vector<KeyColumn> &cols, bool ascending, const char *prefix)
{
    const char *dir = ascending ? " ASC" : " DESC";
    std::string out;
    for (const KeyColumn &c : cols)
        out += std::string(out.empty() ? "" : ", ") + prefix + c.name + dir;
    return out + ", r.id" + dir;
}

} // namespace ledgerquery

namespace {

using ledgerquery::dropIdleBounds;
using ledgerquery::KeyColumn;
using ledgerquery::keyColumns;
using ledgerquery::KeyType;
using ledgerquery::kRowColumns;
using ledgerquery::orderTerms;

/// "(a, b)" or "a".
std::string keyTuple(const std::vector<KeyColumn> &cols)
{
    if (cols.size() == 1)
        return cols.front().name;
    std::string out = "(";
    for (const KeyColumn &c : cols)
        out += std::string(out.size() > 1 ? ", " : "") + c.name;
    return out + ")";
}

/// "(?, ?)" or "?".
std::string placeholders(size_t n)
{
    if (n == 1)
        return "?";
    std::string out = "(";
    for (size_t i = 0; i < n; ++i)
        out += i ? ", ?" : "?";
    return out + ")";
}

Result<void>
bindKey(sql::Stmt &st, int first, const std::vector<KeyColumn> &cols, const LedgerRowKey &key)
{
    if (key.values.size() != cols.size())
        return fail("bad-key", "the row key does not fit the sort order", {});
    for (size_t i = 0; i < cols.size(); ++i) {
        const int at = first + static_cast<int>(i);
        const auto &v = key.values[i];
        if (cols[i].type == KeyType::Int && std::holds_alternative<std::int64_t>(v))
            st.bind(at, std::get<std::int64_t>(v));
        else if (cols[i].type == KeyType::Text && std::holds_alternative<std::string>(v))
            st.bind(at, std::get<std::string>(v));
        else if (cols[i].type == KeyType::Blob && std::holds_alternative<std::string>(v))
            st.bindBlob(at, std::get<std::string>(v).data(),
                        static_cast<int>(std::get<std::string>(v).size()));
        else
            return fail("bad-key", "the row key does not fit the sort order", {});
    }
    return {};
}

/// The key columns read from a statement whose first columns are the key, then the id.
LedgerRowKey readKey(const sql::Stmt &st, const std::vector<KeyColumn> &cols)
{
    LedgerRowKey key;
    for (size_t i = 0; i < cols.size(); ++i) {
        const int at = static_cast<int>(i);
        if (cols[i].type == KeyType::Int)
            key.values.emplace_back(st.int64(at));
        else if (cols[i].type == KeyType::Text)
            key.values.emplace_back(st.text(at));
        else
            key.values.emplace_back(std::string(st.blob(at)));
    }
    key.id = st.int64(static_cast<int>(cols.size()));
    return key;
}

} // namespace

Result<void> ledgerquery::dropIdleBounds(const sql::Db &db, LedgerRowFilter &f)
{
    if (!f.from && !f.to)
        return {};
    auto st =
        db.prepare("SELECT (SELECT min(start_us) FROM rows), (SELECT max(start_us) FROM rows)");
    if (!st)
        return fail(st.error());
    auto row = st->step();
    if (!row)
        return fail(row.error());
    if (!*row || st->isNull(0))
        return {}; // no rows
    if (f.from && *f.from <= st->int64(0))
        f.from.reset();
    if (f.to && *f.to > st->int64(1))
        f.to.reset();
    return {};
}

Result<LedgerPageIndex> SqliteLedger::pageIndex(const LedgerRowFilter &filter,
                                                LedgerSort sort,
                                                bool ascending,
                                                std::int64_t pageRows,
                                                const std::function<bool()> &keepGoing) const
{
    // Unfiltered, the pass walks the sort order's index without touching the table. A filter
    // reads the table: one scan (or a range of an index the filter narrows) and a sort beat
    // walking the sort index with a random row lookup per entry (1M rows: 0.8 s against 6 s).
    LedgerRowFilter f = filter;
    if (auto r = dropIdleBounds(m_db, f); !r)
        return fail(r.error());
    const bool filtered = f.filtered();
    auto w = whereFor(f, false);
    if (!w)
        return fail(w.error());
    const std::vector<KeyColumn> cols = keyColumns(sort);
    std::string select = "SELECT ";
    for (const KeyColumn &c : cols)
        select += std::string(c.name) + ", ";
    auto st = m_db.prepare(select + "r.id FROM rows r" + w->clause + " ORDER BY " +
                           orderTerms(cols, ascending, filtered ? "+" : ""));
    if (!st)
        return fail(st.error());
    w->bindTo(*st);
    pageRows = std::max<std::int64_t>(pageRows, 1);
    LedgerPageIndex out;
    for (;; ++out.rows) {
        if (keepGoing && out.rows % 4096 == 0 && !keepGoing())
            return fail("cancelled", "the page index was no longer needed", m_path);
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        if (out.rows % pageRows == 0)
            out.pageStarts.push_back(readKey(*st, cols));
    }
    return out;
}

Result<std::vector<LedgerRow>> SqliteLedger::rowsFrom(const LedgerRowFilter &filter,
                                                      LedgerSort sort,
                                                      bool ascending,
                                                      const LedgerRowKey &first,
                                                      std::int64_t limit) const
{
    auto w = whereFor(filter, true);
    if (!w)
        return fail(w.error());
    const std::vector<KeyColumn> cols = keyColumns(sort);
    std::vector<LedgerRow> out;
    limit = std::max<std::int64_t>(limit, 0);
    if (first.values.empty()) {
        auto st = m_db.prepare(std::string(kRowColumns) + w->clause + " ORDER BY " +
                               orderTerms(cols, ascending) + " LIMIT ?");
        if (!st)
            return fail(st.error());
        w->bindTo(*st);
        st->bind(static_cast<int>(w->values.size()) + 1, limit);
        if (auto r = readRows(*st, out); !r)
            return fail(r.error());
        return out;
    }
    // (key, id) >= (k, i) in two index seeks: the rows tied with k from id i on, then the
    // rows past k. SQLite would seek a row value only by its key columns and then walk every
    // tie (a batch holds hundreds of thousands of rows).
    const int n = static_cast<int>(w->values.size());
    std::string ties;
    for (const KeyColumn &c : cols)
        ties += std::string(" AND ") + c.name + " = ?";
    const char *cmp = ascending ? " >= ?" : " <= ?";
    const std::string tail = w->clause.empty() ? " WHERE " : w->clause + " AND ";
    auto tied = m_db.prepare(std::string(kRowColumns) + tail + ties.substr(5) + " AND r.id" + cmp +
                             " ORDER BY r.id" + (ascending ? " ASC" : " DESC") + " LIMIT ?");
    auto past = m_db.prepare(std::string(kRowColumns) + tail + keyTuple(cols) +
                             (ascending ? " > " : " < ") + placeholders(cols.size()) +
                             " ORDER BY " + orderTerms(cols, ascending) + " LIMIT ?");
    if (!tied || !past)
        return fail(tied ? past.error() : tied.error());
    w->bindTo(*tied);
    if (auto b = bindKey(*tied, n + 1, cols, first); !b)
        return fail(b.error());
    tied->bind(n + static_cast<int>(cols.size()) + 1, first.id);
    tied->bind(n + static_cast<int>(cols.size()) + 2, limit);
    if (auto r = readRows(*tied, out); !r)
        return fail(r.error());
    if (static_cast<std::int64_t>(out.size()) >= limit)
        return out;
    w->bindTo(*past);
    if (auto b = bindKey(*past, n + 1, cols, first); !b)
        return fail(b.error());
    past->bind(n + static_cast<int>(cols.size()) + 1,
               limit - static_cast<std::int64_t>(out.size()));
    if (auto r = readRows(*past, out); !r)
        return fail(r.error());
    return out;
}

LedgerRowKey ledgerRowKey(const LedgerRow &row, LedgerSort sort, bool ascending, bool next)
{
    LedgerRowKey key;
    const CostRow &r = row.row;
    switch (sort) {
    case LedgerSort::Start:
        key.values.emplace_back(r.start);
        break;
    case LedgerSort::Source:
        key.values.emplace_back(r.source);
        key.values.emplace_back(r.recordKey);
        break;
    case LedgerSort::Name:
        key.values.emplace_back(r.name);
        break;
    case LedgerSort::Amount: {
        const codec::AmountBlob blob = codec::encodeAmount(r.amount.amount);
        key.values.emplace_back(std::string(blob.begin(), blob.end()));
        break;
    }
    case LedgerSort::Batch:
        key.values.emplace_back(r.batchId);
        break;
    }
    key.id = row.id + (next ? (ascending ? 1 : -1) : 0);
    return key;
}

} // namespace unalloc::core
