#pragma once

#include "trends.h"

#include "core/importbatch.h"
#include "core/seams/completeness.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

/// A run of whole days [fromDay, toDay) (days since the epoch, toDay exclusive).
struct DayWindow
{
    std::int32_t fromDay = 0;
    std::int32_t toDay = 0;
    friend bool operator==(const DayWindow &, const DayWindow &) = default;
};

/// The period an analyst compares `selected` with: the previous calendar month when `selected`
/// is one whole calendar month (August → July, whatever their lengths) — as many whole months
/// before when it is several (a quarter → the quarter before) — else the run of as many days
/// just before it (a week → the week before, 10 days → the 10 days before).
DayWindow previousPeriod(DayWindow selected);

/// @brief One owner in "this period vs previous period": both amounts and the change.
struct OwnerChange
{
    std::string key;
    bool unallocated = false;
    Decimal amount;                   ///< in the selected period
    Decimal previous;                 ///< in the previous period
    Decimal change;                   ///< amount − previous, exact
    std::optional<Decimal> changePct; ///< change ÷ previous, 0.1 half-even; none when previous is 0
    std::int64_t rows = 0, previousRows = 0;
};

/// @brief The selected period against the previous one (previousPeriod()), per owner, with
/// the same owner key, fallbacks, sources and currency.
struct PeriodComparison
{
    DayWindow current, previous;
    Currency currency;
    Decimal total, previousTotal, change;
    std::optional<Decimal> changePct; ///< of the totals; none when the previous total is 0
    /// Every owner of either period: amount desc, then previous desc, then key;
    /// `<unallocated>` last (as in every owner list of the explorer).
    std::vector<OwnerChange> owners;
};

/// Compares `current` with previousPeriod(current) on `cube` (options.fromDay/toDay are
/// replaced by each window). An error when a window mixes currencies.
Result<PeriodComparison>
comparePeriods(const CostCube &cube, const AttributionOptions &options, DayWindow current);

/// @brief One stacked series of the Trends chart: an owner, the folded smaller owners, or
/// `<unallocated>`, with its exact amount and rows in each period.
struct TrendSeries
{
    enum class Kind { Owner, Others, Unallocated };
    Kind kind = Kind::Owner;
    std::string key;                ///< owner value; "<unallocated>"; empty for Others
    int folded = 0;                 ///< how many owners an Others series stands for
    std::vector<Decimal> amounts;   ///< aligned with TrendsSnapshot::periods
    std::vector<std::int64_t> rows; ///< likewise
    Decimal total;                  ///< over every period
};

/// @brief Everything the Trends view shows for one (slice, owner key, step): spend per period
/// stacked by owner, U and F per period, the partial batches of each period and the selected
/// period against the previous one. A value: a worker builds it, the GUI thread reads it.
struct TrendsSnapshot
{
    TrendStep step = TrendStep::Day;
    std::vector<TrendPeriod> periods; ///< spendOverTime(): their reports add up to the slice
    std::vector<std::string> labels;  ///< periodLabel() of each period
    /// Stack order, bottom up: the top owners by total desc (ties by key), Others, then
    /// `<unallocated>` last. Each period's amounts add up exactly to its report's total.
    std::vector<TrendSeries> series;
    /// Per period: the batches whose numbers are incomplete and whose data covers the period
    /// (their charge window, or the days of their rows when a batch has no window).
    std::vector<std::vector<PartialBatch>> partial;
    std::optional<PeriodComparison> comparison; ///< none without rows
    Currency currency;
    std::optional<Error> error; ///< e.g. a period mixes currencies

    /// The tallest stack once the series flagged in `hidden` (aligned with `series`; may be
    /// shorter) are left out, for the chart's axis.
    Decimal largestStack(const std::vector<bool> &hidden = {}) const;
    /// The period's share of its own total taken by `series[s]`, 0.1 half-even (0 when empty).
    Decimal sharePct(size_t s, size_t period) const;
};

/// Owners shown as their own series before the rest fold into Others.
inline constexpr size_t kTrendOwners = 8;

/// Spend over time of the slice of `options` on `cube` (the attributed cube: the ledger, or
/// its de-duplicated merge), cut by `step`. `completeness` names the slice's partial batches
/// and `batches` holds their windows (the catalog's list). `comparison` is the selected period
/// (the request's; the whole span of the periods when the request has none). Returns nullopt
/// when `cancelled` says so part-way.
std::optional<TrendsSnapshot> trendsSnapshot(const CostCube &cube,
                                             const AttributionOptions &options,
                                             TrendStep step,
                                             const SliceCompleteness &completeness,
                                             const std::vector<ImportBatch> &batches,
                                             size_t topOwners = kTrendOwners,
                                             const std::function<bool()> &cancelled = {});

} // namespace unalloc::core
