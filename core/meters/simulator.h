#pragma once

#include "simconfig.h"
#include "workload.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace unalloc::core {

/// What happened to one simulated request. Times are nanoseconds since the run started.
struct SimRequestOutcome
{
    int tenant = 0;
    std::int64_t arrivalNs = 0;
    std::int64_t firstNs = -1; ///< -1 when dropped
    std::int64_t doneNs = -1;
    int promptLen = 0;
    int outputLen = 0;
    std::int64_t cachedTokens = 0; ///< prefix-cache hits (all admissions)
    std::int64_t computeNs = 0;    ///< its share of step time
    std::int64_t kvBlockNs = 0;    ///< its share of KV block time
    bool dropped = false;
    /// Request order: arrivals in arrival order first, then later session turns in the order
    /// they were created (the order SimResult::outcomes holds them in).
    std::int64_t order = 0;
};

/// Per-tenant totals of one run.
struct SimTenantResult
{
    std::string name;
    std::string team;
    std::int64_t requests = 0;
    std::int64_t promptTokens = 0;
    std::int64_t cachedPromptTokens = 0; ///< Σ min(cached, prompt)
    std::int64_t completionTokens = 0;
    std::int64_t computeNs = 0;
    std::int64_t kvBlockNs = 0;
    std::int64_t preemptions = 0;
    std::int64_t recomputedTokens = 0;
    double ttftP50S = 0; ///< latency statistics are physics, not money: doubles are fine
    double ttftP95S = 0;
    double tpotP50S = 0;
    double e2eP50S = 0;
};

/// @brief Outcome of one simulated run: engine counters, per-tenant meters and requests.
struct SimResult
{
    SimConfig config;
    std::int64_t wallNs = 0; ///< final clock (a little past the duration while draining)
    std::int64_t idleNs = 0; ///< engine idle, waiting for the next arrival
    std::int64_t steps = 0;
    std::int64_t requests = 0; ///< arrived (finished + dropped)
    std::int64_t dropped = 0;
    std::int64_t unfinished = 0; ///< must be 0: every admitted request drains
    std::int64_t evictions = 0;
    std::int64_t preemptions = 0;
    std::int64_t reserveBlockNs = 0;    ///< cached-but-unheld block time
    std::int64_t invariantFailures = 0; ///< steps whose pool check failed (checkInvariants)
    std::int64_t peakLiveRequests = 0;  ///< request slots the engine needed at once (high water)
    bool latencyExact = true; ///< false: quantiles from a histogram (≤ 0.1 % relative error)
    std::vector<SimTenantResult> tenants;    ///< in config order
    std::vector<SimRequestOutcome> outcomes; ///< by `order`; only with SimOptions::keepOutcomes

    std::int64_t busyNs() const { return wallNs - idleNs; }
    double cacheHitRate() const;
    double outputTokensPerS() const;
    double busyFraction() const;
    double cacheReserveFraction() const;
};

/// Progress callback: simulated seconds so far; return false to cancel.
using SimProgress = std::function<bool(double simulatedS)>;

/// Receives each request's outcome as the request leaves the engine (finished, dropped, or
/// still in flight when a run is cancelled), in that order: per-request output streams.
using SimOutcomeSink = std::function<void(const SimRequestOutcome &)>;

/// How a run reports: progress, outcomes streamed, and whether they are also kept.
struct SimOptions
{
    SimProgress progress;
    SimOutcomeSink sink;
    /// Also gather every outcome in SimResult::outcomes, sorted by `order`. Memory then grows
    /// with the requests; without it a run's memory is its in-flight requests only.
    bool keepOutcomes = false;
    std::uint32_t tenantMask = ~0u; ///< replay only these tenants' traffic (a coalition)
};

/// Runs the engine over the traffic drawn from `config` (outcomes are not kept).
SimResult simulate(const SimConfig &config, const SimProgress &progress = {});
SimResult simulate(const SimConfig &config, const SimOptions &options);

} // namespace unalloc::core
