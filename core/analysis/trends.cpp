#include "trends.h"

#include "core/timeutil.h"

#include <algorithm>
#include <limits>

namespace unalloc::core {

namespace {

/// The calendar date of a day index (proleptic Gregorian).
struct Civil
{
    int year;
    unsigned month, day;
};

Civil civilFromDays(std::int64_t z)
{
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    const auto y = static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2));
    return {y, m, d};
}

} // namespace

std::int32_t periodStart(std::int32_t day, TrendStep step)
{
    switch (step) {
    case TrendStep::Day:
        return day;
    case TrendStep::Week: {
        // Day 0 (1970-01-01) was a Thursday: Monday is three days before it.
        const std::int32_t sinceMonday = ((day + 3) % 7 + 7) % 7;
        return day - sinceMonday;
    }
    case TrendStep::Month: {
        const Civil c = civilFromDays(day);
        return static_cast<std::int32_t>(daysFromCivil(c.year, c.month, 1));
    }
    }
    return day;
}

std::int32_t periodEnd(std::int32_t start, TrendStep step)
{
    switch (step) {
    case TrendStep::Day:
        return start + 1;
    case TrendStep::Week:
        return start + 7;
    case TrendStep::Month: {
        const Civil c = civilFromDays(start);
        return static_cast<std::int32_t>(c.month == 12 ? daysFromCivil(c.year + 1, 1, 1)
                                                       : daysFromCivil(c.year, c.month + 1, 1));
    }
    }
    return start + 1;
}

std::optional<TrendStep> parseTrendStep(std::string_view text)
{
    if (text == "day")
        return TrendStep::Day;
    if (text == "week")
        return TrendStep::Week;
    if (text == "month")
        return TrendStep::Month;
    return std::nullopt;
}

const char *toString(TrendStep step)
{
    switch (step) {
    case TrendStep::Day:
        return "day";
    case TrendStep::Week:
        return "week";
    case TrendStep::Month:
        return "month";
    }
    return "day";
}

std::string periodLabel(const TrendPeriod &p, TrendStep step)
{
    const std::int32_t start = periodStart(p.fromDay, step);
    const bool whole = start == p.fromDay && periodEnd(start, step) == p.toDay;
    if (step == TrendStep::Day)
        return dayText(p.fromDay);
    if (step == TrendStep::Month && whole)
        return dayText(p.fromDay).substr(0, 7);
    return dayText(p.fromDay) + " .. " + dayText(p.toDay - 1);
}

Result<std::vector<TrendPeriod>>
spendOverTime(const CostCube &cube, const AttributionOptions &options, TrendStep step)
{
    // The days with rows in the requested window decide where the periods start and end.
    std::int32_t first = std::numeric_limits<std::int32_t>::max();
    std::int32_t last = std::numeric_limits<std::int32_t>::min();
    for (const CostGroup &g : cube.rawGroups()) {
        if ((options.fromDay && g.day < *options.fromDay) ||
            (options.toDay && g.day >= *options.toDay))
            continue;
        first = std::min(first, g.day);
        last = std::max(last, g.day);
    }
    std::vector<TrendPeriod> out;
    if (first > last)
        return out;
    std::vector<char> hasRows;
    const std::int32_t firstStart = periodStart(first, step);
    for (std::int32_t start = firstStart; start <= last; start = periodEnd(start, step)) {
        TrendPeriod p;
        p.fromDay = std::max(start, options.fromDay.value_or(start));
        p.toDay = std::min(periodEnd(start, step), options.toDay.value_or(periodEnd(start, step)));
        out.push_back(std::move(p));
    }
    hasRows.assign(out.size(), 0);
    for (const CostGroup &g : cube.rawGroups()) {
        if (g.day < first || g.day > last)
            continue;
        // Periods are contiguous and ordered: find the one holding the day.
        const auto it = std::upper_bound(
            out.begin(), out.end(), g.day,
            [](std::int32_t day, const TrendPeriod &p) { return day < p.fromDay; });
        if (it != out.begin())
            hasRows[static_cast<size_t>(it - out.begin() - 1)] = 1;
    }
    for (size_t i = 0; i < out.size(); ++i) {
        AttributionOptions o = options;
        o.fromDay = out[i].fromDay;
        o.toDay = out[i].toDay;
        if (!hasRows[i]) {
            out[i].report.dimension = options.ownerKey;
            out[i].report.fallbacks = options.fallbacks;
            continue;
        }
        auto r = attribute(cube, o);
        if (!r)
            return fail(r.error());
        out[i].report = std::move(*r);
    }
    return out;
}

} // namespace unalloc::core
