#pragma once
// Internal to core/meters: the exact telemetry meters before rounding.

#include "exactmeter.h"
#include "requestrecord.h"
#include "telemetrymeters.h"

#include <vector>

namespace unalloc::core {

/// Tenants of a record set, by name; `index[i]` is record i's tenant.
struct TenantIndex
{
    std::vector<std::string> names;
    std::vector<int> index;
};
TenantIndex indexTenants(const std::vector<RequestRecord> &records);

/// Empty meter over the tenants (weights 0, quantities 0).
ExactMeter emptyMeter(MeterKind kind, const TenantIndex &tenants);
/// Time share from 50 ms ticks (studies.md §7.3): a request is in flight at tick τ when
/// send ≤ τ < done — at equal times, ends are processed before starts.
ExactMeter timeShareMeter(const std::vector<RequestRecord> &records,
                          const TenantIndex &tenants,
                          const TelemetryOptions &options);

} // namespace unalloc::core
