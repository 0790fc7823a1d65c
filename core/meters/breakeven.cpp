#include "breakeven.h"

#include "simulator.h"

#include <algorithm>
#include <cmath>

namespace unalloc::core {

namespace {

Decimal dec(const char *text)
{
    return *Decimal::parse(text);
}

/// Dollars per million tokens × tokens, exactly.
Decimal priced(Decimal perMillion, std::int64_t tokens)
{
    return perMillion.times(tokens).dividedByPow10(6);
}

} // namespace

std::vector<ApiTier> ApiTier::defaults()
{
    return {{"small", dec("0.15"), dec("0.075"), dec("0.60")},
            {"mid", dec("1.00"), dec("0.10"), dec("5.00")}};
}

Result<ApiTier> parseApiTier(std::string_view text)
{
    const auto bad = [&](const std::string &why) {
        return fail("usage", "--tier " + std::string(text) + ": " + why +
                                 " (expected NAME=IN/CACHED/OUT in $ per million tokens)");
    };
    const auto eq = text.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return bad("no NAME=");
    ApiTier t;
    t.name = std::string(text.substr(0, eq));
    std::string_view rest = text.substr(eq + 1);
    Decimal *fields[] = {&t.input, &t.cached, &t.output};
    for (int i = 0; i < 3; ++i) {
        const auto slash = rest.find('/');
        if ((i < 2) != (slash != std::string_view::npos))
            return bad("three prices are needed");
        const std::string_view part = i < 2 ? rest.substr(0, slash) : rest;
        auto d = Decimal::parse(part);
        if (!d || d->isNegative())
            return bad("'" + std::string(part) + "' is not a price");
        *fields[i] = *d;
        rest = i < 2 ? rest.substr(slash + 1) : std::string_view();
    }
    return t;
}

Decimal apiCost(const ApiTier &tier, const TrafficTotals &t)
{
    return priced(tier.input, t.promptTokens - t.cachedTokens) +
           priced(tier.cached, t.cachedTokens) + priced(tier.output, t.outputTokens);
}

Decimal selfHostedCost(Decimal gpuHourly, const TrafficTotals &t)
{
    const Decimal hourNs = Decimal::fromInt(3'600'000'000'000);
    return Decimal::mulDiv(gpuHourly, Decimal::fromInt(t.wallNs), hourNs);
}

std::optional<double> breakevenRate(const std::vector<BreakevenPoint> &points)
{
    for (size_t i = 0; i < points.size(); ++i) {
        const BreakevenPoint &a = points[i];
        if (a.ratio == 1.0)
            return a.ratePerS;
        if (i + 1 == points.size())
            break;
        const BreakevenPoint &b = points[i + 1];
        if (a.ratio > 1.0 && b.ratio < 1.0 && a.ratio > 0 && b.ratio > 0) {
            const double la = std::log(a.ratio);
            const double lb = std::log(b.ratio);
            return a.ratePerS + (b.ratePerS - a.ratePerS) * la / (la - lb);
        }
    }
    return std::nullopt;
}

std::vector<TierBreakeven> breakeven(const std::vector<TrafficTotals> &traffic,
                                     const std::vector<ApiTier> &tiers,
                                     Decimal gpuHourly)
{
    std::vector<TierBreakeven> out;
    for (const ApiTier &tier : tiers) {
        TierBreakeven tb;
        tb.tier = tier;
        for (const TrafficTotals &t : traffic) {
            BreakevenPoint p;
            p.ratePerS = t.ratePerS;
            p.selfHostedUsd = selfHostedCost(gpuHourly, t);
            p.apiUsd = apiCost(tier, t);
            // The ratio is a display and interpolation figure, not money: exact to 10^-18,
            // then a double.
            p.ratio =
                p.apiUsd.isZero()
                    ? HUGE_VAL
                    : Decimal::mulDiv(p.selfHostedUsd, Decimal::fromInt(1), p.apiUsd).toDouble();
            tb.points.push_back(p);
        }
        tb.breakevenRps = breakevenRate(tb.points);
        for (size_t i = 0; i < tb.points.size(); ++i)
            tb.floorRatio =
                i == 0 ? tb.points[i].ratio : std::min(tb.floorRatio, tb.points[i].ratio);
        out.push_back(std::move(tb));
    }
    return out;
}

std::vector<TrafficTotals> simulatedTraffic(const std::vector<double> &rates,
                                            double durationS,
                                            std::uint64_t seed,
                                            const std::function<bool(size_t)> &progress)
{
    std::vector<TrafficTotals> out;
    for (size_t i = 0; i < rates.size(); ++i) {
        SimConfig c = SimConfig::headline();
        c.ratePerS = rates[i];
        c.durationS = durationS;
        c.seed = seed;
        const SimResult r = simulate(c);
        TrafficTotals t;
        t.ratePerS = rates[i];
        t.wallNs = r.wallNs;
        for (const SimTenantResult &tr : r.tenants) {
            t.promptTokens += tr.promptTokens;
            t.cachedTokens += tr.cachedPromptTokens;
            t.outputTokens += tr.completionTokens;
        }
        out.push_back(t);
        if (progress && !progress(i))
            break;
    }
    return out;
}

Result<MeasuredTraffic>
measuredTraffic(const std::vector<RequestRecord> &records, TimeUs start, TimeUs end)
{
    if (end <= start)
        return fail("empty-window", "the pod's window is empty");
    if (records.empty())
        return fail("no-telemetry", "the pod has no request telemetry in its window");
    MeasuredTraffic m;
    m.requests = std::int64_t(records.size());
    for (const RequestRecord &r : records) {
        m.totals.promptTokens += r.promptTokens;
        m.totals.cachedTokens += std::min(r.cachedTokens, r.promptTokens);
        m.totals.outputTokens += r.completionTokens;
    }
    m.totals.wallNs = (end - start) * 1000;
    m.totals.ratePerS = double(m.requests) * 1e9 / double(m.totals.wallNs);
    return m;
}

TrafficTotals atRate(const MeasuredTraffic &measured, double rate)
{
    TrafficTotals t = measured.totals;
    t.ratePerS = rate;
    t.wallNs = std::llround(double(measured.requests) / rate * 1e9);
    return t;
}

std::vector<double> defaultBreakevenRates()
{
    return {0.1, 0.25, 0.5, 1, 2, 3, 4, 5, 6};
}

} // namespace unalloc::core
