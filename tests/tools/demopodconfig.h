#pragma once
// The simulator setting behind the demo pod's committed telemetry (resources/demo-pod/):
// shared by the generator and by the test that checks the file still matches it.

#include "core/meters/simconfig.h"
#include "core/timeutil.h"

namespace unalloc::demopod {

/// The headline workload (3 req/s, seed 7, the four tenants of studies.md §1.2) over a
/// ten-minute window instead of 30 minutes, so the file stays a few thousand requests.
inline core::SimConfig config()
{
    core::SimConfig c = core::SimConfig::headline();
    c.durationS = 600.0;
    return c;
}

/// When the simulated window starts: a weekday afternoon inside the pod's month.
inline core::TimeUs originUs()
{
    return core::daysFromCivil(2026, 8, 12) * core::kUsPerDay + 14 * 3600 * core::kUsPerSecond;
}

inline const char *model()
{
    return "hosted_vllm/llama-3.1-8b";
}

} // namespace unalloc::demopod
