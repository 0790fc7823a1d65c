#pragma once

#include "core/decimal.h"

#include <cstdint>
#include <string>
#include <vector>

namespace unalloc::core {

/// One tenant of the simulated server (studies.md §1.2). Ranges are inclusive.
struct SimTenant
{
    std::string name;
    std::string team;  ///< owner label value written on split rows; empty = unlabeled
    double weight = 0; ///< share of session starts / single-shot arrivals
    int messageMin = 0;
    int messageMax = 0;
    int outputMin = 1;
    int outputMax = 1;
    int systemPrefix = 0; ///< tokens of the shared system prompt
    int prefixGroups = 1; ///< distinct system prompts among single-shot requests
    int turnsMin = 0;     ///< 0 = single-shot; else sessions of turnsMin..turnsMax turns
    int turnsMax = 0;
    double thinkMinS = 1.0; ///< think time between session turns
    double thinkMaxS = 5.0;
};

/// Engine limits (vLLM-style scheduler and paged KV pool).
struct SimEngine
{
    int blockSize = 16;
    int numBlocks = 12'000;
    int maxRunning = 96;
    int maxBatchedTokens = 2'048;
    bool prefixCaching = true;
    int watermarkBlocks = 120; ///< 1% of the pool kept free at admission
};

/// Analytic step latency, in integer nanoseconds so that every time total is exact.
struct SimStepCost
{
    std::int64_t baseNs = 4'000'000;
    std::int64_t perPrefillTokenNs = 60'000;
    std::int64_t perDecodeSeqNs = 300'000;
    std::int64_t perContextTokenNs = 120;
};

/// List-price weights per token class (editable; defaults of DESIGN §8).
struct ListPriceWeights
{
    Decimal uncachedInput = Decimal::fromInt(1);
    Decimal cachedInput = Decimal::fromUnits(Decimal::Units(100'000'000'000'000'000));
    Decimal output = Decimal::fromInt(4);
};

/// Bytes of one request in flight besides its blocks and turns (engine slot, queue entries),
/// and of one KV block (pool entry, prefix-cache index), rounded up.
inline constexpr double kSimBytesPerLiveRequest = 256;
inline constexpr double kSimBytesPerBlock = 128;

/// @brief Everything one simulation run depends on; the same config gives the same run.
struct SimConfig
{
    double ratePerS = 3.0;     ///< session starts and single-shot arrivals per second
    double durationS = 1800.0; ///< arrivals are generated in [0, duration)
    std::uint64_t seed = 7;
    SimEngine engine;
    SimStepCost cost;
    std::vector<SimTenant> tenants;
    bool checkInvariants = false; ///< verify the block pool after every step (tests)

    /// Requests the run will serve: arrivals (rate × duration) times the mean turns per
    /// arrival (1 for single-shot tenants, the mean session length for the others).
    double expectedRequests() const;
    /// Requests the engine can hold at once, an upper bound: the running batch, as many
    /// preempted, and the sessions thinking between turns (no more than can finish within the
    /// longest think time, one batch per shortest step), never more than expectedRequests().
    /// Arrivals not yet admitted stay in the generator and cost nothing.
    double maxLiveRequests() const;
    /// Peak memory the run may need, bytes: the block pool, maxLiveRequests() times the
    /// bytes of the largest request in flight (state, block list, session turns), and the
    /// latency samples (exact up to a bound, then a histogram). It no longer grows with
    /// rate × duration; only absurd engines or tenants (huge pools, sessions of millions of
    /// turns, think times of days) reach a limit. Lets callers refuse a run up front.
    double estimatedBytes() const;

    /// The four tenants of studies.md §1.2 (search, agents, platform, unlabeled sandbox).
    static std::vector<SimTenant> defaultTenants();
    /// The headline setting: 3 req/s, 1,800 s, seed 7, default tenants.
    static SimConfig headline();
};

} // namespace unalloc::core
