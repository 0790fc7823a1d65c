#include "ledgercatalog.h"

#include "core/attribution.h"
#include "core/timeutil.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace unalloc::core {

namespace {

/// Civil year and month of a day index (Howard Hinnant's days→civil).
std::pair<int, int> yearMonth(std::int32_t day)
{
    const std::int64_t z = static_cast<std::int64_t>(day) + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    const int year = static_cast<int>(yoe + era * 400 + (month <= 2 ? 1 : 0));
    return {year, month};
}

/// The distinct days the groups fall on, in order. A bitmap over the groups' span of days (a
/// std::set insert at every change of day was 0.2 s at ten million per-request groups, whose
/// days alternate); a set where the span is implausibly long.
std::vector<std::int32_t> daysOf(const CostCube &cube,
                                 std::optional<std::int32_t> firstDay,
                                 std::optional<std::int32_t> lastDay)
{
    const std::vector<CostGroup> &groups = cube.rawGroups();
    if (!firstDay || !lastDay)
        return {};
    const std::int64_t first = *firstDay, span = std::int64_t{*lastDay} - first + 1;
    std::vector<std::int32_t> out;
    if (span <= (std::int64_t{1} << 24)) {
        std::vector<char> met(static_cast<size_t>(span), 0);
        for (const CostGroup &g : groups)
            met[static_cast<size_t>(g.day - first)] = 1;
        for (std::int64_t d = 0; d < span; ++d)
            if (met[static_cast<size_t>(d)])
                out.push_back(static_cast<std::int32_t>(first + d));
        return out;
    }
    std::set<std::int32_t> days;
    std::int32_t last = std::numeric_limits<std::int32_t>::min();
    for (const CostGroup &g : groups) {
        if (g.day != last) { // groups of one day tend to come together
            days.insert(g.day);
            last = g.day;
        }
    }
    return {days.begin(), days.end()};
}

/// The months of the groups' days; `firstDay` and `lastDay` are their first and last.
std::vector<MonthSlice> monthsOf(const CostCube &cube,
                                 std::optional<std::int32_t> firstDay,
                                 std::optional<std::int32_t> lastDay)
{
    std::map<std::pair<int, int>, MonthSlice> months;
    for (const std::int32_t day : daysOf(cube, firstDay, lastDay)) {
        const auto ym = yearMonth(day);
        if (months.contains(ym))
            continue;
        MonthSlice m;
        m.year = ym.first;
        m.month = ym.second;
        m.fromDay =
            static_cast<std::int32_t>(daysFromCivil(m.year, static_cast<unsigned>(m.month), 1));
        const int ny = m.month == 12 ? m.year + 1 : m.year;
        const int nm = m.month == 12 ? 1 : m.month + 1;
        m.toDay = static_cast<std::int32_t>(daysFromCivil(ny, static_cast<unsigned>(nm), 1));
        months.emplace(ym, m);
    }
    std::vector<MonthSlice> out;
    for (const auto &[k, m] : months)
        out.push_back(m);
    return out;
}

void addBatch(SourceInfo &s, const ImportBatch &b)
{
    ++s.batches;
    if (b.status != BatchStatus::Complete) {
        ++s.partialBatches;
        s.reasons.push_back(
            "batch " + std::to_string(b.id) + ": " +
            (b.evidence.reason.empty() ? std::string(toString(b.status)) : b.evidence.reason));
    }
}

} // namespace

bool isInvoiceBatch(const ImportBatch &batch)
{
    // The invoice adapters ("invoices-json", "invoices-csv") all report the source "invoices".
    return batch.source == "invoices" || batch.format.starts_with("invoices-");
}

const SourceInfo *LedgerCatalog::source(const std::string &name) const
{
    for (const SourceInfo &s : sources) {
        if (s.source == name)
            return &s;
    }
    return nullptr;
}

std::int64_t LedgerCatalog::rowsWithKey(const std::string &key) const
{
    for (const KeyCount &k : keys) {
        if (k.key == key)
            return k.rows;
    }
    return 0;
}

std::optional<MonthSlice> LedgerCatalog::latestMonth() const
{
    if (months.empty())
        return std::nullopt;
    return months.back();
}

bool isInternalKey(const std::string &key)
{
    return key.starts_with("unalloc_");
}

std::vector<KeyCount> fallbackCandidates(const LedgerCatalog &catalog,
                                         const std::string &ownerKey,
                                         const std::vector<std::string> &fallbacks)
{
    std::vector<KeyCount> out;
    for (const std::string &f : fallbacks)
        out.push_back({f, catalog.rowsWithKey(f)});
    for (const KeyCount &k : catalog.keys) {
        if (k.key == ownerKey || isInternalKey(k.key) ||
            std::find(fallbacks.begin(), fallbacks.end(), k.key) != fallbacks.end())
            continue;
        out.push_back(k);
    }
    return out;
}

std::optional<Currency> LedgerCatalog::defaultCurrency() const
{
    if (currencies.size() < 2)
        return std::nullopt;
    const auto most = std::max_element(
        currencies.begin(), currencies.end(),
        [](const CurrencyRows &a, const CurrencyRows &b) { return a.rows < b.rows; });
    return most->currency;
}

LedgerCatalog buildCatalog(const CostCube &cube, std::vector<ImportBatch> batches)
{
    LedgerCatalog c;
    c.rows = cube.rowCount();
    for (const auto &[key, rows] : availableKeys(cube))
        c.keys.push_back({key, rows});
    std::map<std::string, SourceInfo> sources;
    std::vector<std::int64_t> rowsPerSource(cube.sources().size(), 0);
    std::vector<char> seen(cube.sources().size(), 0);
    for (const CostGroup &g : cube.rawGroups()) {
        rowsPerSource[cube.context(g).source] += g.rows;
        seen[cube.context(g).source] = 1;
        if (!c.firstDay || g.day < *c.firstDay)
            c.firstDay = g.day;
        if (!c.lastDay || g.day > *c.lastDay)
            c.lastDay = g.day;
    }
    for (size_t i = 0; i < seen.size(); ++i) {
        if (seen[i])
            sources[std::string(cube.sources().at(static_cast<std::uint32_t>(i)))].rows +=
                rowsPerSource[i];
    }
    std::sort(batches.begin(), batches.end(),
              [](const ImportBatch &a, const ImportBatch &b) { return a.id < b.id; });
    c.invoices.source = "invoices";
    for (const ImportBatch &b : batches) {
        // An invoice batch is reconciliation input, not a cost source (unless, oddly, its
        // source also has cost rows).
        const bool invoice = isInvoiceBatch(b) && !sources.contains(b.source);
        addBatch(invoice ? c.invoices : sources[b.source], b);
    }
    for (auto &[name, info] : sources) {
        info.source = name;
        c.sources.push_back(std::move(info));
    }
    c.batches = std::move(batches);
    c.months = monthsOf(cube, c.firstDay, c.lastDay);
    c.currencies = currencyRows(cube);
    return c;
}

} // namespace unalloc::core
