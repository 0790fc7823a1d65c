#pragma once

#include "analysisrequest.h"
#include "core/attribution.h"
#include "core/costcube.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// How spend over time is cut: calendar days, ISO weeks (Monday to Sunday) or months.
enum class TrendStep { Day, Week, Month };

/// The first day of the period of `step` that holds `day` (a Monday for a week, the 1st for a
/// month).
std::int32_t periodStart(std::int32_t day, TrendStep step);
/// The first day of the period after the one starting at `start`.
std::int32_t periodEnd(std::int32_t start, TrendStep step);

/// "day", "week", "month" (what `report --by` takes); nullopt for anything else.
std::optional<TrendStep> parseTrendStep(std::string_view text);
const char *toString(TrendStep step);

/// @brief One period of spend over time: the attribution of the rows whose charge starts in
/// [fromDay, toDay) (days since the epoch), with the same owner key, fallbacks and slice.
struct TrendPeriod
{
    std::int32_t fromDay = 0;
    std::int32_t toDay = 0;
    AttributionReport report; ///< rowCount 0 for a period without rows
};

/// @brief The slice of `options` cut into periods of `step`, from the period of its first row
/// to the period of its last (periods without rows in between are kept: a day without data is
/// worth seeing). The first and last periods are clipped to options.fromDay/toDay. Every row
/// counts in the period its charge starts in, so the periods add up exactly to attribute() of
/// the whole slice.
Result<std::vector<TrendPeriod>>
spendOverTime(const CostCube &cube, const AttributionOptions &options, TrendStep step);

/// How a period is named: "2026-08-01" (day), "2026-07-27 .. 2026-08-02" (week, its last day
/// inclusive), "2026-08" (month); a clipped period shows its actual first and last day.
std::string periodLabel(const TrendPeriod &p, TrendStep step);

} // namespace unalloc::core
