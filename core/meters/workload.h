#pragma once

#include "prng.h"
#include "simconfig.h"

#include <cstdint>
#include <vector>

namespace unalloc::core {

/// A later turn of a session: sent `thinkNs` after the previous turn completed.
struct SimTurn
{
    std::int64_t thinkNs = 0;
    int messageLen = 0;
    int outputLen = 0;
};

/// One request that arrives on its own (a single-shot request or a session's first turn).
struct SimArrival
{
    std::int64_t timeNs = 0;
    std::int64_t index = 0; ///< position among the arrivals this stream yields (0, 1, …)
    int tenant = 0;
    int group = 0;
    int promptLen = 0;
    int outputLen = 0;
    std::int64_t session = -1;  ///< session number over all tenants (prefix-cache identity), or -1
    std::vector<SimTurn> later; ///< the session's later turns, drawn with its first
};

/// @brief The traffic of one run, drawn lazily from the seed, one arrival at a time, in time
/// order.
///
/// One generator draws every tenant's arrivals (a Poisson stream at the total rate, each
/// arrival's tenant picked by weight), so the traffic is the same whichever tenants are
/// replayed: a coalition (`tenantMask`) sees exactly its own share of the full run's
/// requests (the Shapley reference). A session's later turns are drawn with its first turn,
/// so the traffic does not depend on the schedule. Memory is one arrival, whatever the
/// duration and rate.
class SimArrivalStream final
{
public:
    explicit SimArrivalStream(const SimConfig &config, std::uint32_t tenantMask = ~0u);

    /// The next arrival of a tenant in the mask, or nullptr once the horizon is passed.
    SimArrival *peek();
    /// Moves the arrival peek() shows out of the stream.
    SimArrival take();

private:
    bool draw();

    const SimConfig &m_config;
    std::uint32_t m_mask;
    Prng m_rng;
    double m_totalWeight = 0;
    double m_t = 0;
    std::int64_t m_sessions = 0;
    std::int64_t m_yielded = 0;
    bool m_done = false;
    bool m_has = false;
    SimArrival m_next;
};

} // namespace unalloc::core
