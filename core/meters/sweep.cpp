#include "simmeters.h"
#include "telemetrymeters.h"

#include <algorithm>

namespace unalloc::core {

namespace {

double medianTtft(const SimResult &r)
{
    std::vector<double> v;
    for (const SimRequestOutcome &o : r.outcomes) {
        if (o.firstNs >= 0)
            v.push_back(double(o.firstNs - o.arrivalNs) / 1e9);
    }
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

std::vector<SweepPoint> loadSweep(const SimConfig &base,
                                  const std::vector<double> &rates,
                                  const std::function<bool(size_t)> &progress)
{
    std::vector<SweepPoint> out;
    const Money unit{Decimal::fromInt(1), Currency::usd()};
    for (size_t i = 0; i < rates.size(); ++i) {
        SimConfig c = base;
        c.ratePerS = rates[i];
        SimOptions keep;
        keep.keepOutcomes = true; // the time-share meter reads the requests (short runs)
        const SimResult r = simulate(c, keep);
        SweepPoint p;
        p.ratePerS = rates[i];
        p.stepTimeOverhead =
            simulationMeter(MeterKind::StepTime, r, unit, OverheadPolicy::Keep).overheadShare();
        p.kvOverhead = simulationMeter(MeterKind::KvBlockSeconds, r, unit, OverheadPolicy::Keep)
                           .overheadShare();
        const auto ts = telemetryMeter(MeterKind::TimeShare, simulationTelemetry(r, 0), unit,
                                       OverheadPolicy::Keep);
        p.timeShareOverhead = ts ? ts->overheadShare() : Decimal();
        p.busyFraction = r.busyFraction();
        p.cacheHitRate = r.cacheHitRate();
        p.outputTokensPerS = r.outputTokensPerS();
        p.ttftP50S = medianTtft(r);
        out.push_back(p);
        if (progress && !progress(i))
            break;
    }
    return out;
}

} // namespace unalloc::core
