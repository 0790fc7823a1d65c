#include "viewstate.h"

#include "core/labels.h"
#include "core/timeutil.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace unalloc::core {

namespace {

constexpr const char *kFormat = "unalloc-view";
constexpr int kVersion = 1;

Result<std::int32_t> parseDay(const nlohmann::json &v, const char *field)
{
    if (!v.is_string() || v.get_ref<const std::string &>().size() != 10)
        return fail("bad-view", std::string("\"") + field + "\" must be a date YYYY-MM-DD");
    auto t = parseTimestamp(v.get_ref<const std::string &>());
    if (!t)
        return fail("bad-view", std::string("\"") + field + "\": " + t.error().detail);
    return static_cast<std::int32_t>(dayIndex(*t));
}

std::string textOf(const nlohmann::json &j, const char *field)
{
    const auto it = j.find(field);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

ViewState
ViewState::of(const AnalysisRequest &request, const std::string &view, const std::string &filter)
{
    ViewState s;
    s.ownerKey = request.ownerKey;
    s.fallbacks = request.fallbacks;
    s.dedupe = request.dedupe;
    s.currency = request.currency;
    s.fromDay = request.fromDay;
    s.toDay = request.toDay;
    s.view = view;
    s.ledgerFilter = filter;
    return s;
}

AnalysisRequest ViewState::applyTo(AnalysisRequest base) const
{
    base.ownerKey = ownerKey;
    base.fallbacks = fallbacks;
    base.dedupe = dedupe;
    base.currency = currency;
    base.fromDay = fromDay;
    base.toDay = toDay;
    return base;
}

std::string ViewState::toJson() const
{
    nlohmann::ordered_json j; // members written in sorted order below
    if (currency)
        j["currency"] = currency->code();
    j["dedupe"] = dedupe;
    j["fallbacks"] = fallbacks;
    j["format"] = kFormat;
    if (fromDay)
        j["from"] = dayText(*fromDay);
    if (!ledgerFilter.empty())
        j["ledger_filter"] = ledgerFilter;
    if (!name.empty())
        j["name"] = name;
    j["owner_key"] = ownerKey;
    if (toDay)
        j["to"] = dayText(*toDay - 1); // inclusive in the file, as a person reads a range
    j["version"] = kVersion;
    if (!view.empty())
        j["view"] = view;
    return j.dump(2) + "\n";
}

Result<ViewState> ViewState::fromJson(std::string_view json)
{
    const nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return fail("bad-view", "not a JSON object");
    if (textOf(j, "format") != kFormat)
        return fail("bad-view", "not a saved view (\"format\" is not \"unalloc-view\")");
    if (const auto v = j.find("version");
        v == j.end() || !v->is_number_integer() || v->get<int>() < 1 || v->get<int>() > kVersion)
        return fail("bad-view", "unsupported saved-view version");
    ViewState s;
    s.name = normaliseViewName(textOf(j, "name"));
    std::vector<std::string> fallbacks;
    if (const auto f = j.find("fallbacks"); f != j.end()) {
        if (!f->is_array())
            return fail("bad-view", "\"fallbacks\" must be a list of keys");
        for (const auto &k : *f) {
            if (!k.is_string())
                return fail("bad-view", "\"fallbacks\" must be a list of keys");
            fallbacks.push_back(k.get<std::string>());
        }
    }
    // Canonicalised as the CLI does with --dimension/--fallback: a hand-edited file works too.
    const AnalysisRequest keys = AnalysisRequest{}.withKeys(textOf(j, "owner_key"), fallbacks);
    if (LabelNormaliser().canonicalKey(textOf(j, "owner_key")).empty())
        return fail("bad-view", "\"owner_key\" is missing or empty");
    s.ownerKey = keys.ownerKey;
    s.fallbacks = keys.fallbacks;
    if (const auto d = j.find("dedupe"); d != j.end()) {
        if (!d->is_boolean())
            return fail("bad-view", "\"dedupe\" must be true or false");
        s.dedupe = d->get<bool>();
    }
    if (const std::string c = textOf(j, "currency"); !c.empty()) {
        auto cur = Currency::parse(c);
        if (!cur)
            return fail("bad-view", "\"currency\": " + cur.error().detail);
        s.currency = *cur;
    }
    if (j.contains("from")) {
        auto d = parseDay(j["from"], "from");
        if (!d)
            return fail(d.error());
        s.fromDay = *d;
    }
    if (j.contains("to")) {
        auto d = parseDay(j["to"], "to");
        if (!d)
            return fail(d.error());
        s.toDay = *d + 1;
    }
    if (s.fromDay && s.toDay && *s.toDay <= *s.fromDay)
        return fail("bad-view", "\"to\" is before \"from\"");
    s.view = textOf(j, "view");
    s.ledgerFilter = textOf(j, "ledger_filter");
    return s;
}

ViewStateCheck checkViewState(const ViewState &state, const LedgerCatalog &catalog)
{
    ViewStateCheck c;
    auto check = [&](const std::string &key) {
        if (catalog.rowsWithKey(key) == 0)
            c.unknownKeys.push_back(key);
    };
    check(state.ownerKey);
    for (const std::string &f : state.fallbacks)
        check(f);
    if (state.currency)
        c.unknownCurrency =
            std::none_of(catalog.currencies.begin(), catalog.currencies.end(),
                         [&](const CurrencyRows &r) { return r.currency == *state.currency; });
    if (catalog.firstDay && catalog.lastDay)
        c.emptyPeriod = (state.toDay && *state.toDay <= *catalog.firstDay) ||
                        (state.fromDay && *state.fromDay > *catalog.lastDay);
    return c;
}

std::string normaliseViewName(std::string_view name)
{
    std::string out;
    bool space = false;
    for (char ch : name) {
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += ch;
    }
    return out;
}

} // namespace unalloc::core
