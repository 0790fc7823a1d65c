#include "simulator.h"

#include "simengine.h"

#include <algorithm>

namespace unalloc::core {

void SimEngineRun::leave(int id)
{
    const Req &r = m_reqs[size_t(id)];
    const SimRequestOutcome o{r.tenant,  r.arrivalNs, r.firstNs,
                              r.doneNs,  r.prompt,    r.output,
                              r.cached,  r.computeNs, m_pool.takeRequestBlockNs(id),
                              r.dropped, r.order};
    ++m_result.requests;
    if (r.dropped) {
        ++m_result.dropped;
    } else if (r.doneNs < 0) {
        ++m_result.unfinished;
    } else {
        const auto i = size_t(r.tenant);
        SimTenantResult &t = m_result.tenants[i];
        ++t.requests;
        t.promptTokens += r.prompt;
        t.cachedPromptTokens += std::min<std::int64_t>(r.cached, r.prompt);
        t.completionTokens += r.output;
        t.computeNs += r.computeNs;
        t.kvBlockNs += o.kvBlockNs;
        t.preemptions += r.preemptions;
        t.recomputedTokens += r.recomputed;
        m_ttft[i].add(double(r.firstNs - r.arrivalNs) / 1e9);
        m_e2e[i].add(double(r.doneNs - r.arrivalNs) / 1e9);
        if (r.output > 1)
            m_tpot[i].add(double(r.doneNs - r.firstNs) / 1e9 / (r.output - 1));
    }
    if (m_options.sink)
        m_options.sink(o);
    if (m_options.keepOutcomes)
        m_result.outcomes.push_back(o);
    releaseSlot(id);
}

SimResult SimEngineRun::collect()
{
    // A cancelled run: what has arrived by now leaves unfinished, in request order; requests
    // not yet sent (later arrivals, turns after their think time) never existed.
    while (const SimArrival *a = m_arrivals.peek()) {
        if (a->timeNs > m_nowNs)
            break;
        SimArrival arrival = m_arrivals.take();
        const int id = newSlot();
        Req &r = m_reqs[size_t(id)];
        r.tenant = arrival.tenant;
        r.prompt = arrival.promptLen;
        r.output = std::max(1, arrival.outputLen);
        r.arrivalNs = arrival.timeNs;
        r.order = arrival.index;
    }
    std::vector<int> left;
    for (size_t id = 0; id < m_reqs.size(); ++id) {
        if (m_live[id] && m_reqs[id].arrivalNs <= m_nowNs)
            left.push_back(static_cast<int>(id));
    }
    std::sort(left.begin(), left.end(),
              [this](int a, int b) { return m_reqs[size_t(a)].order < m_reqs[size_t(b)].order; });
    for (int id : left)
        leave(id);

    SimResult res = std::move(m_result);
    res.config = m_config;
    res.wallNs = m_nowNs;
    res.idleNs = m_idleNs;
    res.steps = m_steps;
    res.evictions = m_pool.evictions();
    res.preemptions = m_preemptions;
    res.reserveBlockNs = m_pool.reserveBlockNs();
    res.invariantFailures = m_invariantFailures;
    for (size_t i = 0; i < res.tenants.size(); ++i) {
        res.tenants[i].ttftP50S = m_ttft[i].median();
        res.tenants[i].ttftP95S = m_ttft[i].quantile(0.95);
        res.tenants[i].tpotP50S = m_tpot[i].median();
        res.tenants[i].e2eP50S = m_e2e[i].median();
        res.latencyExact =
            res.latencyExact && m_ttft[i].exact() && m_tpot[i].exact() && m_e2e[i].exact();
    }
    std::sort(
        res.outcomes.begin(), res.outcomes.end(),
        [](const SimRequestOutcome &a, const SimRequestOutcome &b) { return a.order < b.order; });
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
    SimOptions options;
    options.progress = progress;
    return simulate(config, options);
}

SimResult simulate(const SimConfig &config, const SimOptions &options)
{
    SimEngineRun run(config, options);
    return run.run();
}

} // namespace unalloc::core
