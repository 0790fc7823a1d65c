#pragma once

#include "requestrecord.h"
#include "simconfig.h"

#include "core/result.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// An API price tier in dollars per million tokens.
struct ApiTier
{
    std::string name;
    Decimal input;  ///< uncached input
    Decimal cached; ///< cached input
    Decimal output;

    /// The paper's tiers (studies.md U3): small 0.15/0.075/0.60, mid 1.00/0.10/5.00.
    static std::vector<ApiTier> defaults();
};

/// Parses "NAME=IN/CACHED/OUT" (dollars per million tokens); errors have code "usage".
Result<ApiTier> parseApiTier(std::string_view text);

/// The traffic of one run at one request rate, as token totals over its wall time.
struct TrafficTotals
{
    double ratePerS = 0;
    std::int64_t promptTokens = 0;
    std::int64_t cachedTokens = 0; ///< part of promptTokens served from the prefix cache
    std::int64_t outputTokens = 0;
    std::int64_t wallNs = 0;
};

/// Exact API dollars of `t` at `tier`: [(prompt − cached)·in + cached·cached + out·out] / 1e6.
Decimal apiCost(const ApiTier &tier, const TrafficTotals &t);
/// Exact self-hosted dollars: wall time × GPU $/h (rounded half-even at 10^-18).
Decimal selfHostedCost(Decimal gpuHourly, const TrafficTotals &t);

struct BreakevenPoint
{
    double ratePerS = 0;
    Decimal selfHostedUsd;
    Decimal apiUsd;
    double ratio = 0; ///< self-hosted ÷ API; > 1: the API is cheaper (a display figure)
};

/// @brief One tier's curve: where self-hosting starts to pay and how low the ratio goes.
struct TierBreakeven
{
    ApiTier tier;
    std::vector<BreakevenPoint> points; ///< by rate, as given
    std::optional<double> breakevenRps; ///< first crossing of 1; none if it never crosses
    double floorRatio = 0;              ///< the lowest ratio (the saturated floor)
};

/// The first rate where the ratio crosses 1 going down, interpolating log(ratio) linearly
/// in rate between the two points around it (how the study's figure reads: linear x, log y).
/// A point exactly at 1 is its own answer. None when no two neighbours straddle 1.
std::optional<double> breakevenRate(const std::vector<BreakevenPoint> &points);

/// Prices `traffic` (one entry per rate) at each tier against the GPU.
std::vector<TierBreakeven> breakeven(const std::vector<TrafficTotals> &traffic,
                                     const std::vector<ApiTier> &tiers,
                                     Decimal gpuHourly);

/// The study's traffic: the simulator (default tenants, seed 7, `durationS` seconds) at each
/// rate. `progress(i)` after rate i; false cancels (the totals so far are returned).
std::vector<TrafficTotals> simulatedTraffic(const std::vector<double> &rates,
                                            double durationS = 300.0,
                                            std::uint64_t seed = 7,
                                            const std::function<bool(size_t)> &progress = {});

/// @brief A pod's measured traffic: its requests' token totals over its window.
struct MeasuredTraffic
{
    std::int64_t requests = 0;
    TrafficTotals totals; ///< wall time = the window; rate = requests ÷ window
};

/// Totals of `records` over the window [start, end). Errors: an empty window, no records.
Result<MeasuredTraffic>
measuredTraffic(const std::vector<RequestRecord> &records, TimeUs start, TimeUs end);

/// The measured token mix at another rate: the same tokens for the same requests, over the
/// wall time those requests take at `rate` (requests ÷ rate). A pod's price ratio at its own
/// rate is then its standing; at other rates, what the same traffic would cost.
TrafficTotals atRate(const MeasuredTraffic &measured, double rate);

/// The study's rates: 0.1, 0.25, 0.5, 1, 2, 3, 4, 5, 6 req/s.
std::vector<double> defaultBreakevenRates();

} // namespace unalloc::core
