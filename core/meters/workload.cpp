#include "workload.h"

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

SimArrivalStream::SimArrivalStream(const SimConfig &config, std::uint32_t tenantMask)
    : m_config(config)
    , m_mask(tenantMask)
    , m_rng(config.seed)
    , m_done(config.tenants.empty() || config.ratePerS <= 0)
{
    for (const SimTenant &t : config.tenants)
        m_totalWeight += t.weight;
}

bool SimArrivalStream::draw()
{
    // Every arrival is drawn, whether its tenant is replayed or not, so that the random
    // stream (and the session numbers) are those of the full run.
    while (!m_done) {
        m_t += m_rng.exponential(m_config.ratePerS);
        if (m_t >= m_config.durationS) {
            m_done = true;
            break;
        }
        SimArrival a;
        a.timeNs = std::llround(m_t * kNsPerS);
        a.tenant = pickTenant(m_rng, m_config.tenants, m_totalWeight);
        const SimTenant &spec = m_config.tenants[static_cast<size_t>(a.tenant)];
        const int message = unalloc::core::draw(m_rng, spec.messageMin, spec.messageMax);
        a.promptLen = spec.systemPrefix + message;
        a.outputLen = unalloc::core::draw(m_rng, spec.outputMin, spec.outputMax);
        if (spec.turnsMin > 0) {
            const int turns =
                unalloc::core::draw(m_rng, spec.turnsMin, std::max(spec.turnsMin, spec.turnsMax));
            for (int k = 1; k < turns; ++k) {
                SimTurn turn;
                turn.thinkNs =
                    std::llround(m_rng.uniform(spec.thinkMinS, spec.thinkMaxS) * kNsPerS);
                turn.messageLen = unalloc::core::draw(m_rng, spec.messageMin, spec.messageMax);
                turn.outputLen = unalloc::core::draw(m_rng, spec.outputMin, spec.outputMax);
                a.later.push_back(turn);
            }
            a.session = m_sessions++;
        } else {
            a.group = unalloc::core::draw(m_rng, 0, std::max(1, spec.prefixGroups) - 1);
        }
        if (a.tenant < 32 && (m_mask >> a.tenant) & 1u) {
            a.index = m_yielded++;
            m_next = std::move(a);
            return true;
        }
    }
    return false;
}

SimArrival *SimArrivalStream::peek()
{
    if (!m_has)
        m_has = draw();
    return m_has ? &m_next : nullptr;
}

SimArrival SimArrivalStream::take()
{
    peek();
    m_has = false;
    return std::move(m_next);
}

} // namespace unalloc::core
