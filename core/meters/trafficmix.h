#pragma once

#include "requestrecord.h"
#include "simconfig.h"

#include <cstddef>
#include <vector>

namespace unalloc::core {

/// Tenants a traffic mix keeps apart; the rest are pooled into one "other tenants" tenant so
/// that a pod with hundreds of owners still simulates in seconds.
inline constexpr std::size_t kTrafficMixTenants = 8;

/// @brief The simulated tenants that reproduce a pod's measured traffic: one single-shot
/// tenant per owner value, weighted by its request count, whose uncached prompt and output
/// lengths span the 10th to 90th percentile of its requests, and whose shared system prompt is
/// the median of its prefix-cache hits. Tenants are ordered by requests descending, then name;
/// beyond kTrafficMixTenants they are pooled. Empty when there are no records.
std::vector<SimTenant> tenantsFromRequests(const std::vector<RequestRecord> &records);

} // namespace unalloc::core
