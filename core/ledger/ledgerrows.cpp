// Row queries for the lazy ledger table: filters become one WHERE clause over indexed
// columns; label values are matched against the (few) label sets, never row by row.
#include "ledgercodec.h"
#include "sqliteledger.h"

#include <algorithm>
#include <map>
#include <variant>

namespace unalloc::core {

namespace codec = ledgercodec;

struct SqliteLedger::Where
{
    std::string clause; ///< " WHERE …" or ""
    std::vector<std::variant<std::int64_t, std::string>> values;

    void add(const std::string &term)
    {
        clause += clause.empty() ? " WHERE " : " AND ";
        clause += term;
    }
    void bindTo(sql::Stmt &st, int first = 1) const
    {
        int i = first;
        for (const auto &v : values) {
            if (const auto *n = std::get_if<std::int64_t>(&v))
                st.bind(i++, *n);
            else
                st.bind(i++, std::get<std::string>(v));
        }
    }
};

namespace {

constexpr const char *kRowColumns =
    "SELECT r.id, r.batch, r.source, r.record_key, r.name, r.amount, r.currency, r.start_us, "
    "r.end_us, r.label_set, r.quantity, r.unit, r.prompt_tokens, r.completion_tokens, "
    "r.cached_tokens, r.send_us, r.first_token_us, r.done_us, r.provider, r.model, "
    "r.superseded, s.meter FROM rows r LEFT JOIN splits s ON s.id = r.split";

std::string lowerAscii(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

const char *orderBy(LedgerSort sort)
{
    switch (sort) {
    case LedgerSort::Start:
        return "r.start_us";
    case LedgerSort::Source:
        return "r.source, r.record_key";
    case LedgerSort::Name:
        return "r.name";
    case LedgerSort::Amount:
        return "r.amount";
    case LedgerSort::Batch:
        return "r.batch";
    }
    return "r.start_us";
}

std::optional<std::int64_t> optInt(const sql::Stmt &st, int col)
{
    if (st.isNull(col))
        return std::nullopt;
    return st.int64(col);
}

} // namespace

Result<SqliteLedger::Where> SqliteLedger::whereFor(const LedgerRowFilter &f) const
{
    Where w;
    if (f.from) {
        w.add("r.start_us >= ?");
        w.values.emplace_back(*f.from);
    }
    if (f.to) {
        w.add("r.start_us < ?");
        w.values.emplace_back(*f.to);
    }
    if (!f.sources.empty()) {
        std::string in = "r.source IN (";
        for (size_t i = 0; i < f.sources.size(); ++i)
            in += i ? ", ?" : "?";
        w.add(in + ")");
        for (const std::string &s : f.sources)
            w.values.emplace_back(s);
    }
    if (f.batch) {
        w.add("r.batch = ?");
        w.values.emplace_back(*f.batch);
    }
    if (!f.text.empty()) {
        const std::string needle = lowerAscii(f.text);
        std::string sets;
        auto st = m_db.prepare("SELECT id, labels FROM label_sets");
        if (!st)
            return fail(st.error());
        for (auto row = st->step(); row && *row; row = st->step()) {
            auto v = codec::labelSetFromJson(st->textView(1), "[]", "[]");
            if (!v)
                return fail(v.error());
            const auto &e = v->labels.entries();
            if (std::any_of(e.begin(), e.end(), [&needle](const LabelMap::Entry &kv) {
                    return lowerAscii(kv.second).find(needle) != std::string::npos;
                }))
                sets += (sets.empty() ? "" : ",") + std::to_string(st->int64(0));
        }
        std::string term = "(instr(lower(r.name), ?) > 0 OR instr(lower(r.source), ?) > 0";
        if (!sets.empty())
            term += " OR r.label_set IN (" + sets + ")";
        w.add(term + ")");
        w.values.emplace_back(needle);
        w.values.emplace_back(needle);
    }
    return w;
}

Result<std::int64_t> SqliteLedger::rowCount(const LedgerRowFilter &filter) const
{
    auto w = whereFor(filter);
    if (!w)
        return fail(w.error());
    auto st = m_db.prepare("SELECT count(*) FROM rows r" + w->clause);
    if (!st)
        return fail(st.error());
    w->bindTo(*st);
    auto row = st->step();
    if (!row)
        return fail(row.error());
    return *row ? st->int64(0) : 0;
}

Result<LedgerRow> SqliteLedger::readRow(const sql::Stmt &st) const
{
    LedgerRow out;
    CostRow &r = out.row;
    out.id = st.int64(0);
    r.batchId = st.int64(1);
    r.source = st.text(2);
    r.recordKey = st.text(3);
    r.name = st.text(4);
    auto amount = codec::decodeAmount(st.blob(5));
    auto currency = Currency::parse(st.textView(6));
    if (!amount || !currency)
        return fail("ledger-corrupt", "row " + std::to_string(out.id) + " has a bad amount",
                    m_path);
    r.amount = Money{*amount, *currency};
    r.start = st.int64(7);
    r.end = st.int64(8);
    if (!st.isNull(10)) {
        auto q = codec::decodeAmount(st.blob(10));
        if (!q)
            return fail(q.error());
        r.quantity = *q;
    }
    r.unit = st.text(11);
    if (!st.isNull(18)) {
        Usage u;
        u.promptTokens = optInt(st, 12);
        u.completionTokens = optInt(st, 13);
        u.cachedTokens = optInt(st, 14);
        u.sendTime = optInt(st, 15);
        u.firstTokenTime = optInt(st, 16);
        u.doneTime = optInt(st, 17);
        u.provider = st.text(18);
        u.model = st.text(19);
        r.usage = std::move(u);
    }
    out.superseded = st.int64(20) != 0;
    out.derivedFrom = st.text(21);
    return out;
}

Result<std::vector<LedgerRow>> SqliteLedger::rows(const LedgerRowFilter &filter,
                                                  LedgerSort sort,
                                                  bool ascending,
                                                  std::int64_t offset,
                                                  std::int64_t limit) const
{
    auto w = whereFor(filter);
    if (!w)
        return fail(w.error());
    // Every order ends with the id so that equal keys page deterministically; the sort
    // columns are indexed (rowid is implicit in each index), so a window is an index walk.
    const std::string dir = ascending ? " ASC" : " DESC";
    std::string order;
    std::string cols = orderBy(sort);
    for (size_t pos = 0; pos != std::string::npos;) {
        const size_t comma = cols.find(',', pos);
        order += cols.substr(pos, comma == std::string::npos ? comma : comma - pos) + dir + ", ";
        pos = comma == std::string::npos ? comma : comma + 1;
    }
    auto st = m_db.prepare(std::string(kRowColumns) + w->clause + " ORDER BY " + order + "r.id" +
                           dir + " LIMIT ? OFFSET ?");
    if (!st)
        return fail(st.error());
    w->bindTo(*st);
    st->bind(static_cast<int>(w->values.size()) + 1, std::max<std::int64_t>(limit, 0));
    st->bind(static_cast<int>(w->values.size()) + 2, std::max<std::int64_t>(offset, 0));
    std::vector<LedgerRow> out;
    std::vector<std::int64_t> setIds;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        auto r = readRow(*st);
        if (!r)
            return fail(r.error());
        setIds.push_back(st->int64(9));
        out.push_back(std::move(*r));
    }
    if (auto r = fillLabels(out, setIds); !r)
        return fail(r.error());
    return out;
}

Result<std::optional<LedgerRow>> SqliteLedger::rowById(std::int64_t id) const
{
    auto st = m_db.prepare(std::string(kRowColumns) + " WHERE r.id = ?1");
    if (!st)
        return fail(st.error());
    st->bind(1, id);
    auto row = st->step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<LedgerRow>{};
    auto r = readRow(*st);
    if (!r)
        return fail(r.error());
    std::vector<LedgerRow> one{std::move(*r)};
    if (auto f = fillLabels(one, {st->int64(9)}); !f)
        return fail(f.error());
    return std::optional<LedgerRow>(std::move(one.front()));
}

Result<void> SqliteLedger::fillLabels(std::vector<LedgerRow> &rows,
                                      const std::vector<std::int64_t> &setIds) const
{
    auto st = m_db.prepare("SELECT labels, raw, collisions FROM label_sets WHERE id = ?1");
    if (!st)
        return fail(st.error());
    std::map<std::int64_t, codec::LabelSetValue> cache;
    for (size_t i = 0; i < rows.size(); ++i) {
        auto it = cache.find(setIds[i]);
        if (it == cache.end()) {
            st->reset();
            st->bind(1, setIds[i]);
            auto row = st->step();
            if (!row || !*row)
                return fail("ledger-corrupt", "a row references a missing label set", m_path);
            auto v = codec::labelSetFromJson(st->textView(0), st->textView(1), st->textView(2));
            if (!v)
                return fail(v.error());
            it = cache.emplace(setIds[i], std::move(*v)).first;
        }
        rows[i].row.labels = it->second.labels;
        rows[i].row.rawLabels = it->second.raw;
        rows[i].row.collisions = it->second.collisions;
    }
    return {};
}

} // namespace unalloc::core
