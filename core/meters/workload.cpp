#include "workload.h"

#include "prng.h"

#include <algorithm>
#include <cmath>

namespace unalloc::core {

namespace {

constexpr double kNsPerS = 1e9;

int pickTenant(Prng &rng, const std::vector<SimTenant> &tenants, double totalWeight)
{
    const double x = rng.uniform() * totalWeight;
    double acc = 0;
    for (size_t i = 0; i < tenants.size(); ++i) {
        acc += tenants[i].weight;
        if (x < acc)
            return static_cast<int>(i);
    }
    return static_cast<int>(tenants.size()) - 1;
}

int draw(Prng &rng, int lo, int hi)
{
    return static_cast<int>(rng.uniformInt(lo, hi));
}

} // namespace

SimWorkload SimWorkload::generate(const SimConfig &config)
{
    SimWorkload w;
    if (config.tenants.empty() || config.ratePerS <= 0)
        return w;
    double totalWeight = 0;
    for (const SimTenant &t : config.tenants)
        totalWeight += t.weight;
    Prng rng(config.seed);
    double t = 0;
    for (;;) {
        t += rng.exponential(config.ratePerS);
        if (t >= config.durationS)
            break;
        SimArrival a;
        a.timeNs = std::llround(t * kNsPerS);
        a.tenant = pickTenant(rng, config.tenants, totalWeight);
        const SimTenant &spec = config.tenants[static_cast<size_t>(a.tenant)];
        const int message = draw(rng, spec.messageMin, spec.messageMax);
        a.promptLen = spec.systemPrefix + message;
        a.outputLen = draw(rng, spec.outputMin, spec.outputMax);
        if (spec.turnsMin > 0) {
            // Later turns are drawn now, not at completion time, so that the traffic does
            // not depend on the schedule (or on which other tenants are replayed).
            const int turns = draw(rng, spec.turnsMin, std::max(spec.turnsMin, spec.turnsMax));
            std::vector<SimTurn> later;
            for (int k = 1; k < turns; ++k) {
                SimTurn turn;
                turn.thinkNs = std::llround(rng.uniform(spec.thinkMinS, spec.thinkMaxS) * kNsPerS);
                turn.messageLen = draw(rng, spec.messageMin, spec.messageMax);
                turn.outputLen = draw(rng, spec.outputMin, spec.outputMax);
                later.push_back(turn);
            }
            a.session = static_cast<int>(w.sessions.size());
            w.sessions.push_back(std::move(later));
        } else {
            a.group = draw(rng, 0, std::max(1, spec.prefixGroups) - 1);
        }
        w.arrivals.push_back(a);
    }
    return w;
}

SimWorkload SimWorkload::filtered(std::uint32_t tenantMask) const
{
    SimWorkload out;
    out.sessions = sessions; // session indices stay valid; unused ones are never reached
    for (const SimArrival &a : arrivals) {
        if (a.tenant < 32 && (tenantMask >> a.tenant) & 1u)
            out.arrivals.push_back(a);
    }
    return out;
}

} // namespace unalloc::core
