// Row queries for the lazy ledger table: filters become one WHERE clause over indexed
// columns; label values are matched against the (few) label sets, never row by row.
#include "labelchunks.h"
#include "labelsetcodec.h"
#include "ledgercodec.h"
#include "ledgerquery.h"
#include "rowcodes.h"
#include "sqliteledger.h"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_set>
#include <variant>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

std::string lowerAscii(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::optional<std::int64_t> optInt(const sql::Stmt &st, int col)
{
    if (st.isNull(col))
        return std::nullopt;
    return st.int64(col);
}

} // namespace

Result<SqliteLedger::Where> SqliteLedger::whereFor(const LedgerRowFilter &f,
                                                   bool keepOrderIndex) const
{
    Where w;
    const std::string col = keepOrderIndex ? "+r." : "r.";
    if (f.from) {
        w.add(col + "start_us >= ?");
        w.values.emplace_back(*f.from);
    }
    if (f.to) {
        w.add(col + "start_us < ?");
        w.values.emplace_back(*f.to);
    }
    if (!f.sources.empty()) {
        std::string in = col + "source IN (";
        for (size_t i = 0; i < f.sources.size(); ++i)
            in += i ? ", ?" : "?";
        w.add(in + ")");
        for (const std::string &s : f.sources)
            w.values.emplace_back(s);
    }
    if (f.batch) {
        w.add(col + "batch = ?");
        w.values.emplace_back(*f.batch);
    }
    if (!f.text.empty()) {
        const std::string needle = lowerAscii(f.text);
        std::string sets;
        // A set matches when one of its values contains the needle: find those strings in
        // the dictionary, then the sets whose labels use one of them as a value.
        auto strings = m_db.prepare("SELECT id, s FROM label_strings");
        if (!strings)
            return fail(strings.error());
        std::unordered_set<std::int64_t> hits;
        for (auto row = strings->step(); row && *row; row = strings->step())
            if (lowerAscii(strings->text(1)).find(needle) != std::string::npos)
                hits.insert(strings->int64(0));
        labelchunks::SetScan scan(m_db);
        std::int64_t id = 0;
        std::string_view body;
        for (;;) {
            if (hits.empty())
                break;
            auto row = scan.next(id, body);
            if (!row)
                return fail(row.error());
            if (!*row)
                break;
            auto ids = labelsetcodec::labelIds(body);
            if (!ids)
                return fail(ids.error());
            if (std::any_of(ids->begin(), ids->end(),
                            [&hits](const auto &kv) { return hits.count(kv.second) != 0; }))
                sets += (sets.empty() ? "" : ",") + std::to_string(id);
        }
        std::string term = "(instr(lower(r.name), ?) > 0 OR instr(lower(r.source), ?) > 0";
        if (!sets.empty())
            term += " OR " + col + "label_set IN (" + sets + ")";
        w.add(term + ")");
        w.values.emplace_back(needle);
        w.values.emplace_back(needle);
    }
    if (auto r = addFilterTerms(f, w, col); !r)
        return fail(r.error());
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
    auto key = rowcodes::unpackKey(st, 3);
    if (!key) {
        Error e = key.error();
        e.file = m_path;
        e.record = "row " + std::to_string(out.id);
        return fail(std::move(e));
    }
    r.recordKey = std::move(*key);
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
        const bool whole = st.isInteger(10);
        auto q = codec::decodeQuantity(whole, whole ? st.int64(10) : 0,
                                       whole ? std::string_view() : st.blob(10));
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
    // Every order ends with the id so that equal keys page deterministically.
    auto st = m_db.prepare(std::string(ledgerquery::kRowColumns) + w->clause + " ORDER BY " +
                           ledgerquery::orderTerms(ledgerquery::keyColumns(sort), ascending) +
                           " LIMIT ? OFFSET ?");
    if (!st)
        return fail(st.error());
    w->bindTo(*st);
    st->bind(static_cast<int>(w->values.size()) + 1, std::max<std::int64_t>(limit, 0));
    st->bind(static_cast<int>(w->values.size()) + 2, std::max<std::int64_t>(offset, 0));
    std::vector<LedgerRow> out;
    if (auto r = readRows(*st, out); !r)
        return fail(r.error());
    return out;
}

Result<void> SqliteLedger::readRows(sql::Stmt &st, std::vector<LedgerRow> &out) const
{
    std::vector<LedgerRow> rows;
    std::vector<std::int64_t> setIds;
    for (;;) {
        auto row = st.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        auto r = readRow(st);
        if (!r)
            return fail(r.error());
        setIds.push_back(st.int64(9));
        rows.push_back(std::move(*r));
    }
    if (auto r = fillLabels(rows, setIds); !r)
        return fail(r.error());
    out.insert(out.end(), std::make_move_iterator(rows.begin()),
               std::make_move_iterator(rows.end()));
    return {};
}

Result<void>
SqliteLedger::forEachRowByStart(const LedgerRowFilter &filter,
                                const std::function<Result<void>(const LedgerRow &)> &visit) const
{
    auto w = whereFor(filter, true);
    if (!w)
        return fail(w.error());
    const auto cols = ledgerquery::keyColumns(LedgerSort::Start);
    auto st = m_db.prepare(std::string(ledgerquery::kRowColumns) + w->clause + " ORDER BY " +
                           ledgerquery::orderTerms(cols, true));
    if (!st)
        return fail(st.error());
    w->bindTo(*st);
    // Without the start index (imports drop it) SQLite sorts the rows: with temporary files,
    // in bounded memory (in memory, all ten million rows of a large ledger stayed resident).
    const auto tempStore = [this](std::int64_t mode) {
        if (auto set = m_db.prepare("PRAGMA temp_store = " + std::to_string(mode)))
            (void)set->step();
    };
    const std::int64_t before = m_db.scalar("PRAGMA temp_store").value_or(0);
    tempStore(1); // FILE
    const std::shared_ptr<void> restore(nullptr, [&](void *) { tempStore(before); });
    // The texts whole (one scan of label_strings): ten million rows' labels looked up a text
    // at a time, page after page, took a FOCUS export of such a ledger most of an hour. Rows
    // come by start and their sets from anywhere in the ledger, so the sets of a window of rows
    // are read in id order (each chunk of sets once per window, not once per row).
    constexpr size_t kWindow = size_t(1) << 16;
    std::optional<labelsetcodec::StringTable> strings;
    std::vector<LedgerRow> rows;
    std::vector<std::int64_t> setIds, wanted;
    std::vector<std::string> bodies; // by position in `wanted`
    const auto emit = [&]() -> Result<void> {
        wanted = setIds;
        std::sort(wanted.begin(), wanted.end());
        wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
        bodies.resize(wanted.size());
        labelchunks::BodyLookup lookup(m_db);
        for (size_t i = 0; i < wanted.size(); ++i) {
            auto body = lookup.find(wanted[i]);
            if (!body)
                return fail(body.error());
            if (!*body)
                return fail("ledger-corrupt", "a row references a missing label set", m_path);
            bodies[i] = std::move(**body);
        }
        if (!strings && !rows.empty()) {
            auto loaded = labelsetcodec::StringTable::load(m_db);
            if (!loaded)
                return fail(loaded.error());
            strings = std::move(*loaded);
        }
        size_t decodedAt = wanted.size();
        codec::LabelSetValue value;
        for (size_t i = 0; i < rows.size(); ++i) {
            const auto at = static_cast<size_t>(
                std::lower_bound(wanted.begin(), wanted.end(), setIds[i]) - wanted.begin());
            if (at != decodedAt) {
                auto v = labelsetcodec::decode(bodies[at], strings->lookup());
                if (!v)
                    return fail(v.error());
                value = std::move(*v);
                decodedAt = at;
            }
            rows[i].row.labels = value.labels;
            rows[i].row.rawLabels = value.raw;
            rows[i].row.collisions = value.collisions;
            if (auto ok = visit(rows[i]); !ok)
                return fail(ok.error());
            rows[i] = LedgerRow(); // its labels go now, not with the window
        }
        rows.clear();
        setIds.clear();
        return {};
    };
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return emit();
        auto r = readRow(*st);
        if (!r)
            return fail(r.error());
        setIds.push_back(st->int64(9));
        rows.push_back(std::move(*r));
        if (rows.size() == kWindow)
            if (auto ok = emit(); !ok)
                return fail(ok.error());
    }
}

Result<std::optional<LedgerRow>> SqliteLedger::rowById(std::int64_t id) const
{
    auto st = m_db.prepare(std::string(ledgerquery::kRowColumns) + " WHERE r.id = ?1");
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

Result<std::vector<std::pair<std::int64_t, LabelMap>>> SqliteLedger::labelSets() const
{
    std::vector<std::pair<std::int64_t, LabelMap>> out;
    auto r = forEachLabelSet(
        [&out](std::int64_t id, const LabelMap &labels) { out.emplace_back(id, labels); });
    if (!r)
        return fail(r.error());
    return out;
}

Result<void> SqliteLedger::forEachLabelSet(
    const std::function<void(std::int64_t, const LabelMap &)> &visit) const
{
    return scanLabelSets(nullptr, visit);
}

Result<void> SqliteLedger::forEachLabelSetWithKey(
    const std::vector<std::string> &keys,
    const std::function<void(std::int64_t, const LabelMap &)> &visit) const
{
    // The keys' string ids first: a set is decoded to text only when its ids name one.
    std::vector<std::int64_t> keyIds;
    auto find = m_db.prepare("SELECT id FROM label_strings WHERE s = ?1");
    if (!find)
        return fail(find.error());
    for (const std::string &k : keys) {
        find->reset();
        find->bind(1, k);
        auto row = find->step();
        if (!row)
            return fail(row.error());
        if (*row)
            keyIds.push_back(find->int64(0));
    }
    if (keyIds.empty())
        return {};
    return scanLabelSets(&keyIds, visit);
}

Result<void>
SqliteLedger::scanLabelSets(const std::vector<std::int64_t> *keyIds,
                            const std::function<void(std::int64_t, const LabelMap &)> &visit) const
{
    std::optional<labelsetcodec::StringTable> strings;
    labelchunks::SetScan scan(m_db);
    std::int64_t id = 0;
    std::string_view body;
    // With keyIds, the sets are read as value ids and judged by their shape's keys, once per
    // shape of a chunk: only the sets that hold a key get their body rebuilt and decoded (ten
    // million per-request sets: every body rebuilt and decoded took 2 s).
    std::vector<std::uint32_t> values;
    std::vector<signed char> holds; ///< per shape number of the chunk: -1 not judged yet
    std::uint64_t chunk = 0;
    for (;;) {
        auto row = keyIds ? scan.nextValues(id, values) : scan.next(id, body);
        if (!row)
            return fail(row.error());
        if (!*row)
            return {};
        if (keyIds) {
            values.clear();
            if (scan.chunkSerial() != chunk) {
                chunk = scan.chunkSerial();
                holds.clear();
            }
            const std::uint32_t shape = scan.chunk().shapeNumber();
            if (shape >= holds.size())
                holds.resize(shape + 1, -1);
            if (holds[shape] < 0) {
                const std::vector<std::uint64_t> &keys = scan.chunk().keys();
                holds[shape] = std::any_of(keys.begin(), keys.end(), [&](std::uint64_t k) {
                    return std::find(keyIds->begin(), keyIds->end(),
                                     static_cast<std::int64_t>(k)) != keyIds->end();
                });
            }
            if (holds[shape] == 0)
                continue;
            body = scan.body();
        }
        if (!strings) {
            auto loaded = labelsetcodec::StringTable::load(m_db);
            if (!loaded)
                return fail(loaded.error());
            strings = std::move(*loaded);
        }
        auto v = labelsetcodec::decode(body, strings->lookup(), labelsetcodec::Parts::Labels);
        if (!v)
            return fail(v.error());
        visit(id, v->labels);
    }
}

Result<void>
SqliteLedger::forEachRowBrief(const LedgerBriefFilter &filter,
                              const std::function<void(const LedgerRowBrief &)> &visit) const
{
    // One pass over the table reading a few columns; the tests on them are all SQL.
    std::string sqlText = "SELECT r.id, r.label_set, r.start_us, r.end_us, r.amount, "
                          "ifnull(r.model, '') FROM rows r WHERE ";
    if (filter.kind == LedgerBriefFilter::Kind::Requests)
        sqlText += "r.provider IS NOT NULL AND r.send_after_us IS NOT NULL AND "
                   "r.first_token_after_us IS NOT NULL AND r.done_after_us IS NOT NULL AND "
                   "r.prompt_tokens IS NOT NULL AND r.completion_tokens IS NOT NULL";
    else
        sqlText += "r.provider IS NULL AND (r.split IS NULL OR NOT EXISTS (SELECT 1 FROM splits "
                   "s WHERE s.id = r.split AND s.meter <> ''))";
    if (!filter.labelSets.empty()) {
        std::string in;
        for (std::int64_t id : filter.labelSets)
            in += (in.empty() ? "" : ",") + std::to_string(id);
        sqlText += " AND r.label_set IN (" + in + ")";
    }
    auto st = m_db.prepare(sqlText + " ORDER BY r.id");
    if (!st)
        return fail(st.error());
    LedgerRowBrief brief; // one, refilled: its model keeps its room
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return {};
        auto amount = codec::decodeAmount(st->blob(4));
        if (!amount)
            return fail("ledger-corrupt",
                        "row " + std::to_string(st->int64(0)) + " has a bad amount", m_path);
        brief.id = st->int64(0);
        brief.labelSet = st->int64(1);
        brief.start = st->int64(2);
        brief.end = st->int64(3);
        brief.amount = *amount;
        brief.model.assign(st->textView(5));
        visit(brief);
    }
}

Result<void> SqliteLedger::fillLabels(std::vector<LedgerRow> &rows,
                                      const std::vector<std::int64_t> &setIds) const
{
    // Each distinct set decoded once, in id order: a page sorted by anything else touches
    // sets all over the ledger, and in id order each chunk is read once.
    std::vector<std::int64_t> wanted(setIds);
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    labelchunks::BodyLookup bodies(m_db);
    labelsetcodec::StringCache strings(m_db);
    std::vector<codec::LabelSetValue> values;
    values.reserve(wanted.size());
    for (std::int64_t id : wanted) {
        auto body = bodies.find(id);
        if (!body)
            return fail(body.error());
        if (!*body)
            return fail("ledger-corrupt", "a row references a missing label set", m_path);
        auto v = labelsetcodec::decode(**body, strings.lookup());
        if (!v)
            return fail(v.error());
        values.push_back(std::move(*v));
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto at = std::lower_bound(wanted.begin(), wanted.end(), setIds[i]) - wanted.begin();
        const codec::LabelSetValue &v = values[static_cast<size_t>(at)];
        rows[i].row.labels = v.labels;
        rows[i].row.rawLabels = v.raw;
        rows[i].row.collisions = v.collisions;
    }
    return {};
}

} // namespace unalloc::core
