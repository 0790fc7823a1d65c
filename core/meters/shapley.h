#pragma once

#include "meter.h"
#include "simulator.h"

#include "core/result.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace unalloc::core {

/// @brief Shapley reference by coalition replay (studies.md §8).
///
/// v(S) = busy GPU time (wall − idle) when only coalition S's traffic is replayed on the
/// same server; φ_i = Σ_{S ⊆ N∖{i}} |S|!(n−|S|−1)!/n! · (v(S∪{i}) − v(S)). Every coalition
/// replays exactly the same requests (the traffic is drawn once, then filtered).
struct ShapleyResult
{
    std::vector<std::string> tenants; ///< config order
    std::vector<std::string> owners;
    std::vector<std::int64_t> busyNs; ///< v(S) by coalition bit mask; busyNs[0] = 0
    std::vector<std::int64_t> wallNs; ///< wall clock of each replay
    /// φ_i × n! in nanoseconds: exact integers (φ_i itself has denominator n!).
    std::vector<__int128> phiTimesFactorial;
    std::int64_t factorial = 1;

    /// φ_i in seconds, rounded half-even at 10^-18.
    Decimal phiSeconds(size_t tenant) const;
};

/// Replays all 2^n − 1 coalitions of the config's tenants (n ≤ 8). `progress` gets the number
/// of finished replays out of 2^n − 1 and may cancel (an error "cancelled").
/// Progress callbacks may come from a worker thread (calls are serialised).
using ShapleyProgress = std::function<bool(int done, int total)>;
Result<ShapleyResult> shapleyByReplay(const SimConfig &config,
                                      const ShapleyProgress &progress = {});

/// Shapley values as a meter: tenants weigh φ_i, the overhead is the grand coalition's idle
/// time (wall − v(N)).
MeterSplit shapleyMeter(const ShapleyResult &shapley, const Money &cost, OverheadPolicy policy);

} // namespace unalloc::core
