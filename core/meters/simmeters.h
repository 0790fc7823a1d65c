#pragma once

#include "meter.h"
#include "requestrecord.h"
#include "simulator.h"

#include <vector>

namespace unalloc::core {

/// The simulator's meters, in this order: tokens, list price, step time, KV block-seconds,
/// blended (studies.md §2). Tenants are the config's tenants (owner = their team label).
const std::vector<MeterKind> &simulationMeterKinds();
MeterSplit simulationMeter(MeterKind kind,
                           const SimResult &result,
                           const Money &cost,
                           OverheadPolicy policy,
                           const ListPriceWeights &prices = {});
std::vector<MeterSplit> simulationMeters(const SimResult &result,
                                         const Money &cost,
                                         OverheadPolicy policy,
                                         const ListPriceWeights &prices = {});

/// The finished requests as telemetry records (tenant = team label), with times rounded to
/// microseconds after `originUs`: what a gateway log of the simulated server would hold.
std::vector<RequestRecord> simulationTelemetry(const SimResult &result, TimeUs originUs);

/// One point of the load sweep: what part of the bill each meter leaves unowned.
struct SweepPoint
{
    double ratePerS = 0;
    Decimal stepTimeOverhead;  ///< idle share (exact from integer nanoseconds)
    Decimal kvOverhead;        ///< unheld block-second share
    Decimal timeShareOverhead; ///< idle 50 ms ticks of the simulated telemetry
    double busyFraction = 0;
    double cacheHitRate = 0;
    double outputTokensPerS = 0;
    double ttftP50S = 0; ///< over all requests
};

/// Runs `base` at each rate (same seed, duration and tenants) and reports the overhead each
/// meter sees; token meters always see none. `progress` gets the index of the finished rate.
std::vector<SweepPoint> loadSweep(const SimConfig &base,
                                  const std::vector<double> &rates,
                                  const std::function<bool(size_t)> &progress = {});

} // namespace unalloc::core
