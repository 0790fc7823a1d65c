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

double SimConfig::maxLiveRequests() const
{
    double thinkS = 0;
    for (const SimTenant &t : tenants) {
        if (t.turnsMin > 0)
            thinkS = std::max({thinkS, t.thinkMinS, t.thinkMaxS});
    }
    const double batch = std::max(1, engine.maxRunning);
    const double stepS = double(std::max<std::int64_t>(1, cost.baseNs)) / 1e9;
    return std::min(expectedRequests(), 2 * batch + batch * thinkS / stepS);
}

double SimConfig::estimatedBytes() const
{
    double perRequest = 0;
    for (const SimTenant &t : tenants) {
        const double turns = std::max({1, t.turnsMin, t.turnsMax});
        const double tokens = t.systemPrefix + turns * (double(t.messageMax) + double(t.outputMax));
        const double blocks = tokens / std::max(1, engine.blockSize) + 1;
        perRequest = std::max(perRequest, blocks * sizeof(int) + turns * 16);
    }
    const double samples =
        std::min(expectedRequests(), 3.0 * double(tenants.size()) * double(std::size_t(1) << 18));
    return double(std::max(0, engine.numBlocks)) * kSimBytesPerBlock +
           maxLiveRequests() * (kSimBytesPerLiveRequest + perRequest) + samples * sizeof(double);
}

SimConfig SimConfig::headline()
{
    SimConfig c;
    c.tenants = defaultTenants();
    return c;
}

} // namespace unalloc::core
