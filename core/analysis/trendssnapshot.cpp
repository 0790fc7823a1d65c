#include "trendssnapshot.h"

#include "core/slicefilter.h"
#include "core/timeutil.h"

#include <algorithm>
#include <map>
#include <set>

namespace unalloc::core {

namespace {

bool isCancelled(const std::function<bool()> &cancelled)
{
    return cancelled && cancelled();
}

std::optional<Decimal> changePercent(Decimal change, Decimal previous)
{
    if (previous.isZero())
        return std::nullopt;
    // Relative to the size of the previous amount: a negative base (credits) keeps the sign
    // of the change.
    return Decimal::percent(change, previous < Decimal{} ? -previous : previous, 1);
}

/// Indices of the periods that [fromDay, toDay) overlaps (periods are contiguous, ordered).
std::pair<size_t, size_t> periodsOverlapping(const std::vector<TrendPeriod> &periods,
                                             std::int32_t fromDay,
                                             std::int32_t toDay)
{
    const auto first =
        std::upper_bound(periods.begin(), periods.end(), fromDay,
                         [](std::int32_t day, const TrendPeriod &p) { return day < p.toDay; });
    const auto last =
        std::lower_bound(periods.begin(), periods.end(), toDay,
                         [](const TrendPeriod &p, std::int32_t day) { return p.fromDay < day; });
    return {static_cast<size_t>(first - periods.begin()),
            static_cast<size_t>(last - periods.begin())};
}

/// The period holding `day`, or periods.size().
size_t periodOf(const std::vector<TrendPeriod> &periods, std::int32_t day)
{
    const auto [first, last] = periodsOverlapping(periods, day, day + 1);
    return first < last ? first : periods.size();
}

std::vector<std::vector<PartialBatch>> partialByPeriod(const CostCube &cube,
                                                       const AttributionOptions &options,
                                                       const std::vector<TrendPeriod> &periods,
                                                       const SliceCompleteness &completeness,
                                                       const std::vector<ImportBatch> &batches)
{
    std::vector<std::vector<PartialBatch>> out(periods.size());
    if (periods.empty() || completeness.partial.empty())
        return out;
    // A batch with a charge window covers the periods of its window, even the days it is
    // missing; one without a window covers the days of its rows.
    std::map<std::int64_t, std::vector<char>> byRows;
    for (const PartialBatch &p : completeness.partial) {
        const auto batch = std::find_if(batches.begin(), batches.end(),
                                        [&p](const ImportBatch &b) { return b.id == p.id; });
        if (batch != batches.end() && batch->windowStart && batch->windowEnd &&
            *batch->windowEnd > *batch->windowStart) {
            const auto from = static_cast<std::int32_t>(dayIndex(*batch->windowStart));
            const auto to = static_cast<std::int32_t>(dayIndex(*batch->windowEnd - 1) + 1);
            const auto [first, last] = periodsOverlapping(periods, from, to);
            for (size_t i = first; i < last; ++i)
                out[i].push_back(p);
        } else {
            byRows.emplace(p.id, std::vector<char>(periods.size(), 0));
        }
    }
    if (!byRows.empty()) {
        const SliceFilter inSlice(cube, options);
        for (const CostGroup &g : cube.rawGroups()) {
            const auto it = byRows.find(cube.context(g).batch);
            if (it == byRows.end() || !inSlice(g))
                continue;
            const size_t i = periodOf(periods, g.day);
            if (i < periods.size())
                it->second[i] = 1;
        }
        for (const PartialBatch &p : completeness.partial) {
            const auto it = byRows.find(p.id);
            if (it == byRows.end())
                continue;
            for (size_t i = 0; i < periods.size(); ++i)
                if (it->second[i])
                    out[i].push_back(p);
        }
    }
    for (auto &list : out)
        std::sort(list.begin(), list.end(),
                  [](const PartialBatch &a, const PartialBatch &b) { return a.id < b.id; });
    return out;
}

std::vector<TrendSeries> stackSeries(const std::vector<TrendPeriod> &periods, size_t topOwners)
{
    // Owners ranked by their total over every period (ties by key).
    std::map<std::string, Decimal> totals;
    for (const TrendPeriod &p : periods)
        for (const Bucket &b : p.report.buckets)
            if (!b.unallocated)
                totals[b.key] += b.amount;
    std::vector<std::pair<std::string, Decimal>> ranked(totals.begin(), totals.end());
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    // Folding a single owner into "1 other" hides its name for nothing.
    const size_t shown = ranked.size() <= topOwners + 1 ? ranked.size() : topOwners;
    std::map<std::string, size_t> index;
    std::vector<TrendSeries> out;
    for (size_t i = 0; i < shown; ++i) {
        index.emplace(ranked[i].first, out.size());
        TrendSeries s;
        s.key = ranked[i].first;
        out.push_back(std::move(s));
    }
    const size_t others = out.size();
    if (shown < ranked.size()) {
        TrendSeries s;
        s.kind = TrendSeries::Kind::Others;
        s.folded = static_cast<int>(ranked.size() - shown);
        out.push_back(std::move(s));
    }
    const size_t unallocated = out.size();
    bool anyUnallocated = false;
    for (const TrendPeriod &p : periods)
        for (const Bucket &b : p.report.buckets)
            anyUnallocated = anyUnallocated || b.unallocated;
    if (anyUnallocated) {
        TrendSeries s;
        s.kind = TrendSeries::Kind::Unallocated;
        s.key = kUnallocated;
        out.push_back(std::move(s));
    }
    for (TrendSeries &s : out) {
        s.amounts.assign(periods.size(), Decimal{});
        s.rows.assign(periods.size(), 0);
    }
    for (size_t i = 0; i < periods.size(); ++i) {
        for (const Bucket &b : periods[i].report.buckets) {
            size_t target = unallocated;
            if (!b.unallocated) {
                const auto it = index.find(b.key);
                target = it != index.end() ? it->second : others;
            }
            out[target].amounts[i] += b.amount;
            out[target].rows[i] += b.rows;
            out[target].total += b.amount;
        }
    }
    return out;
}

} // namespace

DayWindow previousPeriod(DayWindow selected)
{
    // Whole calendar months (a month, a quarter): as many whole months before.
    if (periodStart(selected.fromDay, TrendStep::Month) == selected.fromDay) {
        int months = 0;
        std::int32_t end = selected.fromDay;
        while (end < selected.toDay) {
            end = periodEnd(end, TrendStep::Month);
            ++months;
        }
        if (end == selected.toDay && months > 0) {
            std::int32_t from = selected.fromDay;
            for (int i = 0; i < months; ++i)
                from = periodStart(from - 1, TrendStep::Month);
            return {from, selected.fromDay};
        }
    }
    const std::int32_t length = std::max(1, selected.toDay - selected.fromDay);
    return {selected.fromDay - length, selected.fromDay};
}

Result<PeriodComparison>
comparePeriods(const CostCube &cube, const AttributionOptions &options, DayWindow current)
{
    PeriodComparison out;
    out.current = current;
    out.previous = previousPeriod(current);
    AttributionOptions o = options;
    o.fromDay = out.current.fromDay;
    o.toDay = out.current.toDay;
    auto now = attribute(cube, o);
    if (!now)
        return fail(now.error());
    o.fromDay = out.previous.fromDay;
    o.toDay = out.previous.toDay;
    auto before = attribute(cube, o);
    if (!before)
        return fail(before.error());
    if (now->rowCount > 0 && before->rowCount > 0 && !(now->currency == before->currency))
        return fail(Error{"mixed-currency",
                          "the two periods are in different currencies (" + now->currency.code() +
                              ", " + before->currency.code() + "): choose one currency",
                          {},
                          {},
                          {}});
    out.currency = now->rowCount > 0 ? now->currency : before->currency;
    out.total = now->total;
    out.previousTotal = before->total;
    out.change = out.total - out.previousTotal;
    out.changePct = changePercent(out.change, out.previousTotal);

    std::map<std::pair<bool, std::string>, OwnerChange> owners;
    const auto see = [&owners](const Bucket &b, bool previous) {
        OwnerChange &c = owners[{b.unallocated, b.key}];
        c.key = b.key;
        c.unallocated = b.unallocated;
        (previous ? c.previous : c.amount) += b.amount;
        (previous ? c.previousRows : c.rows) += b.rows;
    };
    for (const Bucket &b : now->buckets)
        see(b, false);
    for (const Bucket &b : before->buckets)
        see(b, true);
    for (auto &[key, c] : owners) {
        c.change = c.amount - c.previous;
        c.changePct = changePercent(c.change, c.previous);
        out.owners.push_back(std::move(c));
    }
    std::sort(out.owners.begin(), out.owners.end(), [](const OwnerChange &a, const OwnerChange &b) {
        if (a.unallocated != b.unallocated)
            return b.unallocated;
        if (a.amount != b.amount)
            return a.amount > b.amount;
        if (a.previous != b.previous)
            return a.previous > b.previous;
        return a.key < b.key;
    });
    return out;
}

Decimal TrendsSnapshot::largestStack(const std::vector<bool> &hidden) const
{
    Decimal top;
    for (size_t i = 0; i < periods.size(); ++i) {
        Decimal up, down; // credits stack below zero
        for (size_t s = 0; s < series.size(); ++s) {
            if (s < hidden.size() && hidden[s])
                continue;
            const Decimal a = series[s].amounts[i];
            (a < Decimal{} ? down : up) += a;
        }
        top = std::max({top, up, -down});
    }
    return top;
}

Decimal TrendsSnapshot::sharePct(size_t s, size_t period) const
{
    return Decimal::percent(series[s].amounts[period], periods[period].report.total, 1);
}

std::optional<TrendsSnapshot> trendsSnapshot(const CostCube &cube,
                                             const AttributionOptions &options,
                                             TrendStep step,
                                             const SliceCompleteness &completeness,
                                             const std::vector<ImportBatch> &batches,
                                             size_t topOwners,
                                             const std::function<bool()> &cancelled)
{
    TrendsSnapshot s;
    s.step = step;
    auto periods = spendOverTime(cube, options, step);
    if (!periods) {
        s.error = periods.error();
        return s;
    }
    s.periods = std::move(*periods);
    if (isCancelled(cancelled))
        return std::nullopt;
    for (const TrendPeriod &p : s.periods) {
        s.labels.push_back(periodLabel(p, step));
        if (p.report.rowCount > 0)
            s.currency = p.report.currency;
    }
    s.series = stackSeries(s.periods, topOwners);
    s.partial = partialByPeriod(cube, options, s.periods, completeness, batches);
    if (s.periods.empty())
        return s;
    if (isCancelled(cancelled))
        return std::nullopt;
    const DayWindow selected{options.fromDay.value_or(s.periods.front().fromDay),
                             options.toDay.value_or(s.periods.back().toDay)};
    auto comparison = comparePeriods(cube, options, selected);
    if (!comparison) {
        s.error = comparison.error();
        return s;
    }
    s.comparison = std::move(*comparison);
    return s;
}

} // namespace unalloc::core
