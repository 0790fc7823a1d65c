#pragma once

#include "simconfig.h"

#include <cstdint>
#include <vector>

namespace unalloc::core {

/// One request that arrives on its own (a single-shot request or a session's first turn).
struct SimArrival
{
    std::int64_t timeNs = 0;
    int tenant = 0;
    int group = 0;
    int promptLen = 0;
    int outputLen = 0;
    int session = -1; ///< index into SimWorkload::sessions, or -1
};

/// A later turn of a session: sent `thinkNs` after the previous turn completed.
struct SimTurn
{
    std::int64_t thinkNs = 0;
    int messageLen = 0;
    int outputLen = 0;
};

/// @brief The whole traffic of one run, drawn up front so that any subset of tenants can be
/// replayed with exactly the same requests (coalition replay for the Shapley reference).
struct SimWorkload
{
    std::vector<SimArrival> arrivals; ///< by time
    std::vector<std::vector<SimTurn>> sessions;

    /// Draws the traffic of `config` from its seed.
    static SimWorkload generate(const SimConfig &config);
    /// Only the traffic of tenants whose bit is set in `tenantMask`.
    SimWorkload filtered(std::uint32_t tenantMask) const;
};

} // namespace unalloc::core
