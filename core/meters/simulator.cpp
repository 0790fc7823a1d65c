#include "simulator.h"

#include "simengine.h"

#include <algorithm>

namespace unalloc::core {

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const auto idx = static_cast<size_t>(q * static_cast<double>(v.size()));
    return v[std::min(v.size() - 1, idx)];
}

} // namespace

SimResult SimEngineRun::collect()
{
    SimResult res;
    res.config = m_config;
    res.wallNs = m_nowNs;
    res.idleNs = m_idleNs;
    res.steps = m_steps;
    res.evictions = m_pool.evictions();
    res.preemptions = m_preemptions;
    res.reserveBlockNs = m_pool.reserveBlockNs();
    res.invariantFailures = m_invariantFailures;
    const size_t nt = m_config.tenants.size();
    res.tenants.resize(nt);
    std::vector<std::vector<double>> ttft(nt), tpot(nt), e2e(nt);
    for (size_t i = 0; i < nt; ++i) {
        res.tenants[i].name = m_config.tenants[i].name;
        res.tenants[i].team = m_config.tenants[i].team;
    }
    res.outcomes.reserve(m_reqs.size());
    for (size_t id = 0; id < m_reqs.size(); ++id) {
        const Req &r = m_reqs[id];
        if (r.arrivalNs > m_nowNs && r.doneNs < 0 && !r.dropped)
            continue; // never arrived (a cancelled run)
        SimRequestOutcome o{r.tenant, r.arrivalNs, r.firstNs,
                            r.doneNs, r.prompt,    r.output,
                            r.cached, r.computeNs, m_pool.requestBlockNs(int(id)),
                            r.dropped};
        res.outcomes.push_back(o);
        ++res.requests;
        if (r.dropped) {
            ++res.dropped;
            continue;
        }
        if (r.doneNs < 0) {
            ++res.unfinished;
            continue;
        }
        SimTenantResult &t = res.tenants[size_t(r.tenant)];
        ++t.requests;
        t.promptTokens += r.prompt;
        t.cachedPromptTokens += std::min<std::int64_t>(r.cached, r.prompt);
        t.completionTokens += r.output;
        t.computeNs += r.computeNs;
        t.kvBlockNs += o.kvBlockNs;
        t.preemptions += r.preemptions;
        t.recomputedTokens += r.recomputed;
        ttft[size_t(r.tenant)].push_back(double(r.firstNs - r.arrivalNs) / 1e9);
        e2e[size_t(r.tenant)].push_back(double(r.doneNs - r.arrivalNs) / 1e9);
        if (r.output > 1)
            tpot[size_t(r.tenant)].push_back(double(r.doneNs - r.firstNs) / 1e9 / (r.output - 1));
    }
    for (size_t i = 0; i < nt; ++i) {
        res.tenants[i].ttftP50S = median(ttft[i]);
        res.tenants[i].ttftP95S = quantile(ttft[i], 0.95);
        res.tenants[i].tpotP50S = median(tpot[i]);
        res.tenants[i].e2eP50S = median(e2e[i]);
    }
    return res;
}

double SimResult::cacheHitRate() const
{
    std::int64_t prompt = 0, cached = 0;
    for (const SimTenantResult &t : tenants) {
        prompt += t.promptTokens;
        cached += t.cachedPromptTokens;
    }
    return prompt ? double(cached) / double(prompt) : 0.0;
}

double SimResult::outputTokensPerS() const
{
    std::int64_t out = 0;
    for (const SimTenantResult &t : tenants)
        out += t.completionTokens;
    return wallNs ? double(out) / (double(wallNs) / 1e9) : 0.0;
}

double SimResult::busyFraction() const
{
    return wallNs ? double(busyNs()) / double(wallNs) : 0.0;
}

double SimResult::cacheReserveFraction() const
{
    const double pool = double(config.engine.numBlocks) * double(wallNs);
    return pool > 0 ? double(reserveBlockNs) / pool : 0.0;
}

SimResult simulate(const SimConfig &config, const SimProgress &progress)
{
    return simulate(config, SimWorkload::generate(config), progress);
}

SimResult
simulate(const SimConfig &config, const SimWorkload &workload, const SimProgress &progress)
{
    SimEngineRun run(config, workload);
    return run.run(progress);
}

} // namespace unalloc::core
