#include "breakevensnapshot.h"

namespace unalloc::core {

Result<std::vector<PodTraffic>> ledgerPodTraffic(const LedgerStore &store)
{
    auto pods = findPodCandidates(store, "team");
    if (!pods)
        return fail(pods.error());
    std::vector<PodTraffic> out;
    for (const PodCandidate &p : *pods) {
        // The tenant key plays no part in token totals; "team" as `breakeven --pod` reads it.
        auto telemetry = podTelemetry(store, p.row, "team");
        if (!telemetry)
            return fail(telemetry.error());
        auto measured = measuredTraffic(telemetry->records, p.row.start, p.row.end);
        if (measured)
            out.push_back({p.rowId, p.row.name, *measured});
    }
    return out;
}

BreakevenSnapshot breakevenSnapshot(const std::vector<TrafficTotals> &traffic,
                                    const std::vector<ApiTier> &tiers,
                                    Decimal gpuHourly,
                                    const std::vector<PodTraffic> &pods)
{
    BreakevenSnapshot s;
    s.gpuHourly = gpuHourly;
    s.tiers = breakeven(traffic, tiers, gpuHourly);
    for (const PodTraffic &p : pods) {
        PodStanding standing{p, {}};
        for (const TierBreakeven &tb : breakeven({p.measured.totals}, tiers, gpuHourly))
            standing.atItsRate.push_back(tb.points.front());
        s.pods.push_back(std::move(standing));
    }
    return s;
}

} // namespace unalloc::core
