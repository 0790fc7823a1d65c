// The Ledger view's filter line: parsing (parseRowFilter) and the SQL terms for labels, amount
// bounds and models (SqliteLedger::addFilterTerms), plus the filtered rows' totals.
#include "core/labels.h"
#include "core/ownerrule.h"
#include "core/valuealiases.h"
#include "labelchunks.h"
#include "labelsetcodec.h"
#include "ledgercodec.h"
#include "ledgerquery.h"
#include "sqliteledger.h"

#include <charconv>
#include <map>
#include <set>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

/// Splits at spaces outside double quotes; quotes are removed.
std::vector<std::string> terms(std::string_view text)
{
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false, any = false;
    for (char c : text) {
        if (c == '"') {
            quoted = !quoted;
            any = true;
        } else if ((c == ' ' || c == '\t') && !quoted) {
            if (any)
                out.push_back(cur);
            cur.clear();
            any = false;
        } else {
            cur += c;
            any = true;
        }
    }
    if (any)
        out.push_back(cur);
    return out;
}

std::string hex(const codec::AmountBlob &blob)
{
    static const char digits[] = "0123456789ABCDEF";
    std::string out = "X'";
    for (unsigned char b : blob) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out + "'";
}

} // namespace

Result<LedgerRowFilter> parseRowFilter(std::string_view text)
{
    LedgerRowFilter f;
    std::vector<std::string> words;
    const LabelNormaliser normaliser;
    for (const std::string &t : terms(text)) {
        const std::string l = lower(t);
        if (l.starts_with("source:") && t.size() > 7) {
            f.sources.insert(lower(t.substr(7)));
            continue;
        }
        if (l.starts_with("owner:") && t.size() > 6) {
            f.owners.insert(lower(trimmed(t.substr(6))));
            continue;
        }
        if (l.starts_with("via:") && t.size() > 4) {
            const std::string key = normaliser.canonicalKey(t.substr(4));
            if (key.empty())
                return fail("bad-filter", "\"" + t + "\": via: needs a label key");
            f.via.insert(key);
            continue;
        }
        if (l.starts_with("batch:")) {
            std::int64_t n = 0;
            const std::string v = t.substr(6);
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            if (ec != std::errc() || end != v.data() + v.size() || n <= 0)
                return fail("bad-filter", "\"" + t + "\": batch: needs a batch number");
            f.batch = n;
            continue;
        }
        if (l.starts_with("amount") && t.size() > 6 &&
            (t[6] == '>' || t[6] == '<' || t[6] == '=')) {
            const char op = t[6];
            const bool orEqual = t.size() > 7 && t[7] == '=' && op != '=';
            const std::string v = t.substr(orEqual ? 8 : 7);
            auto value = Decimal::parse(v);
            if (!value)
                return fail("bad-filter", "\"" + t + "\": amount needs a number, e.g. amount>100");
            const LedgerRowFilter::AmountBound bound{*value, op != '=' && !orEqual};
            if (op == '>' || op == '=')
                f.amountAbove = bound;
            if (op == '<' || op == '=')
                f.amountBelow = bound;
            continue;
        }
        if (const auto eq = t.find('='); eq != std::string::npos && eq > 0) {
            const std::string key = normaliser.canonicalKey(t.substr(0, eq));
            if (!key.empty()) {
                f.labels.emplace_back(key, t.substr(eq + 1));
                continue;
            }
        }
        words.push_back(t);
    }
    for (const std::string &w : words)
        f.text += (f.text.empty() ? "" : " ") + w;
    return f;
}

Result<void>
SqliteLedger::addFilterTerms(const LedgerRowFilter &f, Where &w, const std::string &col) const
{
    if (f.amountAbove)
        w.add("r.amount " + std::string(f.amountAbove->strict ? "> " : ">= ") +
              hex(codec::encodeAmount(f.amountAbove->value)));
    if (f.amountBelow)
        w.add("r.amount " + std::string(f.amountBelow->strict ? "< " : "<= ") +
              hex(codec::encodeAmount(f.amountBelow->value)));
    if (!f.models.empty()) {
        std::string any;
        for (const std::string &m : f.models) {
            any += any.empty() ? "(" : " OR ";
            any += col + "model = ? OR substr(" + col + "model, ?) = ?";
            w.values.emplace_back(m);
            w.values.emplace_back(-static_cast<std::int64_t>(m.size()) - 1);
            w.values.emplace_back("/" + m);
        }
        w.add(any + ")");
    }
    if (!f.owners.empty() || !f.via.empty()) {
        auto sets = ownerSets(f);
        if (!sets)
            return fail(sets.error());
        w.add(col + "label_set IN (" + *sets + ")");
    }
    if (f.labels.empty())
        return {};
    // Each key=value term: the string ids of the key and of the matching values, then the
    // label sets that pair them.
    auto strings = m_db.prepare("SELECT id, s FROM label_strings");
    if (!strings)
        return fail(strings.error());
    std::vector<std::int64_t> keyIds(f.labels.size(), -1);
    std::vector<std::set<std::int64_t>> valueIds(f.labels.size());
    for (auto row = strings->step(); row && *row; row = strings->step()) {
        const std::string_view s = strings->textView(1);
        const std::int64_t id = strings->int64(0);
        for (size_t i = 0; i < f.labels.size(); ++i) {
            if (s == f.labels[i].first)
                keyIds[i] = id;
            if (lower(s) == lower(f.labels[i].second))
                valueIds[i].insert(id);
        }
    }
    labelchunks::SetScan scan(m_db);
    std::string sets;
    std::int64_t setId = 0;
    std::string_view body;
    for (;;) {
        auto row = scan.next(setId, body);
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        auto ids = labelsetcodec::labelIds(body);
        if (!ids)
            return fail(ids.error());
        bool all = true;
        for (size_t i = 0; i < f.labels.size() && all; ++i) {
            bool one = false;
            for (const auto &[k, v] : *ids)
                one = one || (k == keyIds[i] && valueIds[i].count(v) != 0);
            all = one;
        }
        if (all)
            sets += (sets.empty() ? "" : ",") + std::to_string(setId);
    }
    w.add(col + "label_set IN (" + sets + ")");
    return {};
}

Result<std::string> SqliteLedger::ownerSets(const LedgerRowFilter &f) const
{
    // Only the rule's keys decide an owner, and a value alias only rewrites its own key: so
    // each set is resolved on the labels of those keys alone, read as string ids, with each
    // value's text read once.
    const LedgerRowFilter::OwnerRule &rule = f.ownerRule;
    // Label sets are only ever stored or removed: the chunks, the sets and the next id tell
    // whether the sets kept for these terms are still the ledger's.
    auto extent = labelchunks::extentKey(m_db);
    if (!extent)
        return fail(extent.error());
    std::string key = std::move(*extent);
    const auto field = [&key](const std::string &text) {
        key += '\x1f' + std::to_string(text.size()) + ':' + text;
    };
    for (const std::string &o : f.owners)
        field("owner " + o);
    for (const std::string &v : f.via)
        field("via " + v);
    field(rule.ownerKey);
    for (const std::string &fb : rule.fallbacks)
        field("fallback " + fb);
    for (const ValueAlias &a : rule.aliases)
        field("alias " + aliasText(a));
    if (key == m_ownerSets.key)
        return m_ownerSets.sets;
    AttributionOptions options;
    options.ownerKey = rule.ownerKey;
    options.fallbacks = rule.fallbacks;
    std::vector<std::string> keys{rule.ownerKey};
    keys.insert(keys.end(), rule.fallbacks.begin(), rule.fallbacks.end());
    std::map<std::int64_t, std::string> keyOf; // string id → rule key
    {
        auto st = m_db.prepare("SELECT id FROM label_strings WHERE s = ?");
        if (!st)
            return fail(st.error());
        for (const std::string &k : keys) {
            st->reset();
            st->bind(1, k);
            auto row = st->step();
            if (!row)
                return fail(row.error());
            if (*row)
                keyOf.emplace(st->int64(0), k);
        }
    }
    labelsetcodec::StringCache strings(m_db);
    labelchunks::SetScan scan(m_db);
    std::string sets;
    std::int64_t setId = 0;
    std::string_view body;
    auto row = scan.next(setId, body);
    for (; row && *row; row = scan.next(setId, body)) {
        auto ids = labelsetcodec::labelIds(body);
        if (!ids)
            return fail(ids.error());
        std::vector<LabelMap::Entry> entries;
        for (const auto &[k, v] : *ids)
            if (const auto key = keyOf.find(k); key != keyOf.end())
                if (const auto text = strings.find(v))
                    entries.emplace_back(key->second, std::string(*text));
        LabelMap labels(std::move(entries));
        if (!rule.aliases.empty())
            labels = aliasLabels(labels, rule.aliases);
        const OwnerPick pick = pickOwner(labels, options);
        bool match = f.owners.empty() ||
                     f.owners.count(lower(pick.owned() ? std::string(pick.owner)
                                                       : std::string(kUnallocated))) != 0;
        if (match && !f.via.empty())
            match = pick.owned() && f.via.count(keys[static_cast<size_t>(pick.via)]) != 0;
        if (match)
            sets += (sets.empty() ? "" : ",") + std::to_string(setId);
    }
    if (!row)
        return fail(row.error());
    m_ownerSets = {std::move(key), sets};
    return sets;
}

Result<std::vector<Money>> SqliteLedger::rowTotals(const LedgerRowFilter &filter) const
{
    LedgerRowFilter f = filter;
    if (auto r = ledgerquery::dropIdleBounds(m_db, f); !r)
        return fail(r.error());
    auto w = whereFor(f);
    if (!w)
        return fail(w.error());
    w->add("r.superseded = 0");
    auto st = m_db.prepare("SELECT currency, unalloc_sum(amount) FROM rows r" + w->clause +
                           " GROUP BY currency ORDER BY currency");
    if (!st)
        return fail(st.error());
    w->bindTo(*st);
    std::vector<Money> out;
    for (auto row = st->step(); row && *row; row = st->step()) {
        auto amount = codec::decodeAmount(st->blob(1));
        auto currency = codec::decodeCurrency(st->textView(0));
        if (!amount || !currency)
            return fail("ledger-corrupt", "a stored amount is malformed", m_path);
        out.push_back(Money{*amount, *currency});
    }
    return out;
}

} // namespace unalloc::core
