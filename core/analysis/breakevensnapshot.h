#pragma once

#include "metersnapshot.h"

#include "core/meters/breakeven.h"

#include <string>
#include <vector>

namespace unalloc::core {

/// @brief A pod of the ledger with the traffic its request telemetry measured.
struct PodTraffic
{
    std::int64_t rowId = 0;
    std::string name;
    MeasuredTraffic measured;
};

/// The measured traffic of every pod of the ledger (findPodCandidates, then each pod's
/// telemetry over its window). A pod whose window measures nothing is left out; ordered as
/// findPodCandidates orders them.
Result<std::vector<PodTraffic>> ledgerPodTraffic(const LedgerStore &store);

/// Where one pod stands: its price ratio at its own rate and token mix, per tier.
struct PodStanding
{
    PodTraffic pod;
    std::vector<BreakevenPoint> atItsRate; ///< one per tier, in tier order
};

/// @brief The break-even panel's figures: the curve of each tier over the traffic, and the
/// ledger's pods placed on them.
struct BreakevenSnapshot
{
    Decimal gpuHourly;
    std::vector<TierBreakeven> tiers;
    std::vector<PodStanding> pods;
};

/// Prices `traffic` (one entry per rate, e.g. simulatedTraffic) and each pod's measured
/// traffic at each tier against the GPU's hourly cost (what `unalloc breakeven` and its
/// `--pod` print).
BreakevenSnapshot breakevenSnapshot(const std::vector<TrafficTotals> &traffic,
                                    const std::vector<ApiTier> &tiers,
                                    Decimal gpuHourly,
                                    const std::vector<PodTraffic> &pods);

} // namespace unalloc::core
