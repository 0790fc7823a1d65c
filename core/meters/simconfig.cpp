#include "simconfig.h"

#include <algorithm>

namespace unalloc::core {

std::vector<SimTenant> SimConfig::defaultTenants()
{
    std::vector<SimTenant> t(4);
    t[0] = {"search", "search", 0.40, 600, 1400, 16, 64, 512, 3, 0, 0, 1.0, 5.0};
    t[1] = {"agents", "agents", 0.20, 80, 240, 150, 400, 1024, 1, 3, 8, 1.0, 5.0};
    t[2] = {"platform", "platform", 0.25, 200, 600, 64, 256, 256, 2, 0, 0, 1.0, 5.0};
    t[3] = {"sandbox", "", 0.15, 50, 2000, 10, 500, 0, 1, 0, 0, 1.0, 5.0};
    return t;
}

double SimConfig::expectedRequests() const
{
    double weight = 0, turns = 0;
    for (const SimTenant &t : tenants) {
        const double meanTurns =
            t.turnsMin > 0 ? (t.turnsMin + std::max(t.turnsMin, t.turnsMax)) / 2.0 : 1.0;
        weight += t.weight;
        turns += t.weight * meanTurns;
    }
    const double perArrival = weight > 0 ? turns / weight : 1.0;
    return ratePerS * durationS * perArrival;
}

double SimConfig::estimatedBytes() const
{
    return expectedRequests() * kSimBytesPerRequest;
}

SimConfig SimConfig::headline()
{
    SimConfig c;
    c.tenants = defaultTenants();
    return c;
}

} // namespace unalloc::core
