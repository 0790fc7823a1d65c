#include "spendchart.h"

#include <algorithm>

namespace unalloc::core {

namespace {

void addSources(const AttributionReport &report, const Bucket &b, OwnerBar &bar)
{
    for (const SourceAmount &s : b.bySource) {
        for (size_t i = 0; i < report.bySource.size(); ++i) {
            if (report.bySource[i].source == s.source) {
                bar.bySource[i] += s.amount;
                bar.rowsBySource[i] += s.rows;
            }
        }
    }
    bar.amount += b.amount;
    bar.rows += b.rows;
}

} // namespace

SpendChart spendByOwner(const AttributionReport &report, size_t topOwners)
{
    SpendChart chart;
    for (const SourceAmount &s : report.bySource)
        chart.sources.push_back(s.source);
    const size_t nSources = chart.sources.size();
    OwnerBar others;
    others.kind = OwnerBar::Kind::Others;
    others.bySource.assign(nSources, Decimal());
    others.rowsBySource.assign(nSources, 0);
    size_t owners = 0;
    std::vector<OwnerBar> tail;
    for (const Bucket &b : report.buckets) {
        OwnerBar bar;
        bar.key = b.key;
        bar.bySource.assign(nSources, Decimal());
        bar.rowsBySource.assign(nSources, 0);
        if (b.unallocated) {
            bar.kind = OwnerBar::Kind::Unallocated;
            addSources(report, b, bar);
            tail.push_back(std::move(bar));
        } else if (owners < topOwners) {
            ++owners;
            addSources(report, b, bar);
            chart.bars.push_back(std::move(bar));
        } else {
            ++others.folded;
            addSources(report, b, others);
        }
    }
    if (others.folded > 0)
        chart.bars.push_back(std::move(others));
    for (OwnerBar &bar : tail)
        chart.bars.push_back(std::move(bar));
    for (OwnerBar &bar : chart.bars) {
        bar.sharePct = Decimal::percent(bar.amount, report.total, 1);
        chart.largest = std::max(chart.largest, bar.amount);
    }
    return chart;
}

std::pair<Decimal, Decimal> SpendChart::stackRange(const std::vector<bool> &hiddenSources,
                                                   const std::vector<bool> &hiddenBars) const
{
    const auto hidden = [](const std::vector<bool> &flags, size_t i) {
        return i < flags.size() && flags[i];
    };
    Decimal low, high;
    for (size_t b = 0; b < bars.size(); ++b) {
        if (hidden(hiddenBars, b))
            continue;
        Decimal up, down;
        for (size_t s = 0; s < bars[b].bySource.size(); ++s) {
            if (hidden(hiddenSources, s))
                continue;
            const Decimal &a = bars[b].bySource[s];
            (a < Decimal{} ? down : up) += a;
        }
        high = std::max(high, up);
        low = std::min(low, down);
    }
    return {low, high};
}

} // namespace unalloc::core
