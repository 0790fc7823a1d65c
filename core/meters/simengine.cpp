#include "simengine.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace unalloc::core {

namespace {
constexpr std::uint64_t kSysKind = 1ull << 62;
constexpr std::uint64_t kConvKind = 2ull << 62;
} // namespace

SimEngineRun::SimEngineRun(const SimConfig &config, const SimWorkload &workload)
    : m_config(config)
    , m_workload(workload)
    , m_pool(config.engine.numBlocks)
    , m_durationNs(std::llround(config.durationS * 1e9))
{
    m_reqs.reserve(workload.arrivals.size() * 2);
    for (const SimArrival &a : workload.arrivals) {
        Req r;
        r.tenant = a.tenant;
        r.session = a.session;
        r.group = a.group;
        r.prompt = a.promptLen;
        r.output = std::max(1, a.outputLen);
        r.arrivalNs = a.timeNs;
        addRequest(std::move(r));
    }
}

int SimEngineRun::addRequest(Req r)
{
    r.target = r.prompt;
    const int id = static_cast<int>(m_reqs.size());
    m_pending.emplace(r.arrivalNs, id);
    m_reqs.push_back(std::move(r));
    return id;
}

std::uint64_t SimEngineRun::contentKey(const Req &r, int i) const
{
    const int bs = m_config.engine.blockSize;
    const auto end = static_cast<std::int64_t>(i + 1) * bs;
    const SimTenant &t = m_config.tenants[size_t(r.tenant)];
    const auto idx = static_cast<std::uint64_t>(i);
    if (end <= t.systemPrefix) {
        const auto owner = (static_cast<std::uint64_t>(r.tenant) << 16) | std::uint64_t(r.group);
        return kSysKind | (owner << 24) | idx;
    }
    if (r.session >= 0 && end <= static_cast<std::int64_t>(r.prompt) + r.output)
        return kConvKind | (static_cast<std::uint64_t>(r.session) << 24) | idx;
    return 0;
}

void SimEngineRun::admitDue()
{
    const int limit = m_config.engine.numBlocks - m_config.engine.watermarkBlocks;
    const int bs = m_config.engine.blockSize;
    while (!m_pending.empty() && m_pending.top().first <= m_nowNs) {
        const int id = m_pending.top().second;
        m_pending.pop();
        Req &r = m_reqs[size_t(id)];
        // A sequence whose prompt plus output cannot fit even alone would be preempted by
        // itself forever; drop it on arrival (never happens with the studies' constants).
        if ((r.prompt + r.output + bs - 1) / bs > limit) {
            r.dropped = true;
            continue;
        }
        m_waiting.push_back(id);
    }
}

bool SimEngineRun::tryAdmit(int id)
{
    Req &r = m_reqs[size_t(id)];
    const int bs = m_config.engine.blockSize;
    std::vector<int> matched;
    if (m_config.engine.prefixCaching) {
        for (int i = 0; i < r.target / bs; ++i) {
            const std::uint64_t key = contentKey(r, i);
            const int block = key ? m_pool.lookup(key) : -1;
            if (block < 0)
                break;
            matched.push_back(block);
        }
        // at least one prompt token must be computed to produce logits
        while (!matched.empty() && static_cast<int>(matched.size()) * bs >= r.target)
            matched.pop_back();
    }
    const int need = (r.target + bs - 1) / bs;
    const int fresh = need - static_cast<int>(matched.size());
    const auto evictableMatched = std::count_if(matched.begin(), matched.end(),
                                                [this](int b) { return m_pool.isEvictable(b); });
    const auto headroom = m_pool.available() - evictableMatched - fresh;
    if (headroom < m_config.engine.watermarkBlocks)
        return false;
    for (int b : matched)
        m_pool.acquire(b, id, m_nowNs);
    r.blocks = std::move(matched);
    for (int k = 0; k < fresh; ++k)
        r.blocks.push_back(m_pool.take(id, m_nowNs));
    r.computed = static_cast<int>(r.blocks.size() - static_cast<size_t>(fresh)) * bs;
    r.cached += r.computed;
    return true;
}

void SimEngineRun::freeBlocks(Req &r)
{
    // tail first, so that a request's last blocks become the oldest in the LRU
    for (auto it = r.blocks.rbegin(); it != r.blocks.rend(); ++it)
        m_pool.release(*it, static_cast<int>(&r - m_reqs.data()), m_nowNs);
    r.blocks.clear();
}

void SimEngineRun::preempt(int id)
{
    Req &r = m_reqs[size_t(id)];
    freeBlocks(r);
    r.recomputed += r.computed;
    r.computed = 0;
    r.target = r.prompt + r.generated - 1;
    ++r.preemptions;
    ++m_preemptions;
    m_running.erase(std::find(m_running.begin(), m_running.end(), id));
    m_waiting.push_front(id);
}

bool SimEngineRun::growForDecode(int id)
{
    while (m_pool.available() == 0) {
        const int victim = m_running.back();
        preempt(victim);
        if (victim == id)
            return false;
    }
    m_reqs[size_t(id)].blocks.push_back(m_pool.take(id, m_nowNs));
    return true;
}

bool SimEngineRun::scheduleDecodes(int &budget)
{
    const int bs = m_config.engine.blockSize;
    const SimStepCost &c = m_config.cost;
    for (size_t k = 0; k < m_running.size() && budget > 0; ++k) {
        const int id = m_running[k];
        Req &r = m_reqs[size_t(id)];
        if (r.computed < r.target || r.generated == 0)
            continue;
        if (r.computed + 1 > static_cast<int>(r.blocks.size()) * bs && !growForDecode(id)) {
            --k; // the request itself was preempted; its slot now holds the next one
            continue;
        }
        const std::int64_t weight = c.perDecodeSeqNs + c.perContextTokenNs * (r.computed + 1);
        m_work.push_back({id, 1, true, weight});
        --budget;
    }
    for (int id : m_running) {
        Req &r = m_reqs[size_t(id)];
        if (r.computed >= r.target || budget <= 0)
            continue;
        const int chunk = std::min(r.target - r.computed, budget);
        m_work.push_back({id, chunk, false, c.perPrefillTokenNs * chunk});
        budget -= chunk;
    }
    return !m_work.empty();
}

void SimEngineRun::scheduleAdmissions(int &budget)
{
    const SimStepCost &c = m_config.cost;
    while (!m_waiting.empty() && budget > 0 &&
           static_cast<int>(m_running.size()) < m_config.engine.maxRunning) {
        const int id = m_waiting.front();
        if (!tryAdmit(id))
            break; // first come, first served: nobody overtakes the head
        m_waiting.pop_front();
        m_running.push_back(id);
        Req &r = m_reqs[size_t(id)];
        const int chunk = std::min(r.target - r.computed, budget);
        m_work.push_back({id, chunk, false, c.perPrefillTokenNs * chunk});
        budget -= chunk;
    }
}

} // namespace unalloc::core
