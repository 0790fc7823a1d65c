#include "simengine.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace unalloc::core {

namespace {
constexpr std::uint64_t kSysKind = 1ull << 62;
constexpr std::uint64_t kConvKind = 2ull << 62;
} // namespace

SimEngineRun::SimEngineRun(const SimConfig &config, const SimOptions &options)
    : m_config(config)
    , m_options(options)
    , m_arrivals(config, options.tenantMask)
    , m_pool(config.engine.numBlocks)
    , m_durationNs(std::llround(config.durationS * 1e9))
{
    const size_t nt = config.tenants.size();
    m_result.tenants.resize(nt);
    for (size_t i = 0; i < nt; ++i) {
        m_result.tenants[i].name = config.tenants[i].name;
        m_result.tenants[i].team = config.tenants[i].team;
    }
    m_ttft.resize(nt);
    m_tpot.resize(nt);
    m_e2e.resize(nt);
}

int SimEngineRun::newSlot()
{
    if (!m_freeSlots.empty()) {
        const int id = m_freeSlots.back();
        m_freeSlots.pop_back();
        m_live[size_t(id)] = 1;
        return id;
    }
    m_reqs.emplace_back();
    m_live.push_back(1);
    m_result.peakLiveRequests = static_cast<std::int64_t>(m_reqs.size());
    return static_cast<int>(m_reqs.size()) - 1;
}

void SimEngineRun::releaseSlot(int id)
{
    m_reqs[size_t(id)] = Req();
    m_live[size_t(id)] = 0;
    m_freeSlots.push_back(id);
}

int SimEngineRun::addFollowUp(Req r)
{
    r.target = r.prompt;
    // later turns sort after every arrival, among themselves in creation order
    r.order = (std::int64_t(1) << 62) + m_followUps++;
    const int id = newSlot();
    m_pending.emplace(r.arrivalNs, r.order, id);
    m_reqs[size_t(id)] = std::move(r);
    return id;
}

std::int64_t SimEngineRun::nextArrivalNs()
{
    const SimArrival *a = m_arrivals.peek();
    std::int64_t next = a ? a->timeNs : -1;
    if (!m_pending.empty() && (next < 0 || std::get<0>(m_pending.top()) < next))
        next = std::get<0>(m_pending.top());
    return next;
}

bool SimEngineRun::hasDue()
{
    const std::int64_t next = nextArrivalNs();
    return next >= 0 && next <= m_nowNs;
}

int SimEngineRun::pullDue()
{
    const int limit = m_config.engine.numBlocks - m_config.engine.watermarkBlocks;
    const int bs = m_config.engine.blockSize;
    for (;;) {
        const SimArrival *a = m_arrivals.peek();
        const bool arrivalDue = a && a->timeNs <= m_nowNs;
        const bool followDue = !m_pending.empty() && std::get<0>(m_pending.top()) <= m_nowNs;
        if (!arrivalDue && !followDue)
            return -1;
        int id = -1;
        // merged by (time, order): an arrival goes before a later turn sent at the same time
        if (arrivalDue && (!followDue || std::pair(a->timeNs, a->index) <
                                             std::pair(std::get<0>(m_pending.top()),
                                                       std::get<1>(m_pending.top())))) {
            SimArrival arrival = m_arrivals.take();
            id = newSlot();
            Req &r = m_reqs[size_t(id)];
            r.tenant = arrival.tenant;
            r.session = arrival.session;
            r.group = arrival.group;
            r.prompt = arrival.promptLen;
            r.output = std::max(1, arrival.outputLen);
            r.target = r.prompt;
            r.arrivalNs = arrival.timeNs;
            r.order = arrival.index;
            r.later = std::move(arrival.later);
        } else {
            id = std::get<2>(m_pending.top());
            m_pending.pop();
        }
        Req &r = m_reqs[size_t(id)];
        // A sequence whose prompt plus output cannot fit even alone would be preempted by
        // itself forever; drop it on arrival (never happens with the studies' constants).
        if ((r.prompt + r.output + bs - 1) / bs > limit) {
            r.dropped = true;
            leave(id);
            continue;
        }
        return id;
    }
}

int SimEngineRun::headOfWaiting()
{
    // The queue is the materialised head (preempted requests, pulled arrivals) followed by
    // every due request still in the generator or the pending turns, in arrival order.
    if (m_waiting.empty()) {
        const int id = pullDue();
        if (id >= 0)
            m_waiting.push_back(id);
    }
    return m_waiting.empty() ? -1 : m_waiting.front();
}

void SimEngineRun::dropAllWaiting()
{
    for (int id : m_waiting) {
        m_reqs[size_t(id)].dropped = true;
        leave(id);
    }
    m_waiting.clear();
    for (int id = pullDue(); id >= 0; id = pullDue()) {
        m_reqs[size_t(id)].dropped = true;
        leave(id);
    }
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

void SimEngineRun::freeBlocks(Req &r, int id)
{
    // tail first, so that a request's last blocks become the oldest in the LRU
    for (auto it = r.blocks.rbegin(); it != r.blocks.rend(); ++it)
        m_pool.release(*it, id, m_nowNs);
    r.blocks.clear();
}

void SimEngineRun::preempt(int id)
{
    Req &r = m_reqs[size_t(id)];
    freeBlocks(r, id);
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
    while (budget > 0 && static_cast<int>(m_running.size()) < m_config.engine.maxRunning) {
        const int id = headOfWaiting();
        if (id < 0 || !tryAdmit(id))
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
