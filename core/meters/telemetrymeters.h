#pragma once

#include "meter.h"
#include "requestrecord.h"
#include "simconfig.h"

#include "core/result.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace unalloc::core {

/// Options of the meters computed from request telemetry (studies.md §7.3).
struct TelemetryOptions
{
    ListPriceWeights prices;
    TimeUs tickUs = 50'000;         ///< time-share tick
    std::optional<TimeUs> originUs; ///< first tick; default the earliest send
    std::optional<TimeUs> endUs;    ///< last tick ≤ end; default the last completion
    /// KV memory overhead: with a capacity, overhead = capacity × window − Σ token-seconds;
    /// with a measured mean occupancy m (0 < m ≤ 1, e.g. vllm:kv_cache_usage_perc), tenants
    /// share m and the overhead is 1 − m; with neither, the meter has no overhead.
    std::optional<std::int64_t> kvCapacityTokens;
    std::optional<Decimal> kvMeanOccupancy;
};

/// The telemetry meters: tokens, list price, time share, KV token-seconds.
const std::vector<MeterKind> &telemetryMeterKinds();

/// One meter over `records`. Errors: a record with send > first or first > done, negative
/// token counts, a meter that needs the simulator, a bad tick or occupancy.
Result<MeterSplit> telemetryMeter(MeterKind kind,
                                  const std::vector<RequestRecord> &records,
                                  const Money &cost,
                                  OverheadPolicy policy,
                                  const TelemetryOptions &options = {});
/// All four telemetry meters, in telemetryMeterKinds() order.
Result<std::vector<MeterSplit>> telemetryMeters(const std::vector<RequestRecord> &records,
                                                const Money &cost,
                                                OverheadPolicy policy,
                                                const TelemetryOptions &options = {});

} // namespace unalloc::core
