// The step loop and result collection of SimEngineRun (scheduling is in simengine.cpp).
#include "simengine.h"

#include <algorithm>
#include <numeric>

namespace unalloc::core {

bool SimEngineRun::step()
{
    m_work.clear();
    int budget = m_config.engine.maxBatchedTokens;
    scheduleDecodes(budget);
    scheduleAdmissions(budget);
    if (m_work.empty())
        return false;
    std::int64_t duration = m_config.cost.baseNs;
    for (const Work &w : m_work)
        duration += w.weightNs;
    splitStep(duration);
    m_nowNs += duration;
    ++m_steps;
    progressWork();
    if (m_config.checkInvariants && !checkPool())
        ++m_invariantFailures;
    return true;
}

void SimEngineRun::splitStep(std::int64_t durationNs)
{
    // The whole step, base cost included, is split in proportion to the work weights by
    // largest remainder, so the requests' shares add up to the step exactly.
    __int128 weightSum = 0;
    for (const Work &w : m_work)
        weightSum += w.weightNs;
    std::int64_t assigned = 0;
    std::vector<std::pair<__int128, size_t>> rest;
    rest.reserve(m_work.size());
    for (size_t i = 0; i < m_work.size(); ++i) {
        const __int128 prod = static_cast<__int128>(durationNs) * m_work[i].weightNs;
        m_work[i].shareNs = static_cast<std::int64_t>(prod / weightSum);
        assigned += m_work[i].shareNs;
        rest.emplace_back(prod % weightSum, i);
    }
    auto left = static_cast<size_t>(durationNs - assigned);
    if (left > 0) {
        std::stable_sort(rest.begin(), rest.end(),
                         [](const auto &a, const auto &b) { return a.first > b.first; });
        for (size_t k = 0; k < left; ++k)
            ++m_work[rest[k].second].shareNs;
    }
    for (const Work &w : m_work)
        m_reqs[size_t(w.req)].computeNs += w.shareNs;
}

void SimEngineRun::publishBlocks(int id, int fromComputed)
{
    if (!m_config.engine.prefixCaching)
        return;
    const Req &r = m_reqs[size_t(id)];
    const int bs = m_config.engine.blockSize;
    const int last = std::min(r.computed / bs, static_cast<int>(r.blocks.size()));
    for (int i = fromComputed / bs; i < last; ++i) {
        if (const std::uint64_t key = contentKey(r, i))
            m_pool.publish(r.blocks[size_t(i)], key);
    }
}

void SimEngineRun::progressWork()
{
    std::vector<int> done;
    for (const Work &w : m_work) {
        Req &r = m_reqs[size_t(w.req)];
        const int before = r.computed;
        r.computed += w.tokens;
        if (w.decode) {
            ++r.generated;
        } else if (r.computed >= r.target && r.generated == 0) {
            r.generated = 1;
            r.firstNs = m_nowNs;
        }
        publishBlocks(w.req, before);
        if (r.generated >= r.output) {
            r.doneNs = m_nowNs;
            freeBlocks(r, w.req);
            done.push_back(w.req);
        }
    }
    if (done.empty())
        return;
    std::erase_if(m_running, [this](int id) { return m_reqs[size_t(id)].doneNs >= 0; });
    for (int id : done) // in work order, so later turns are created in the same order
        finish(id);
}

void SimEngineRun::finish(int id)
{
    Req &r = m_reqs[size_t(id)];
    const bool more = r.session >= 0 && static_cast<size_t>(r.turn) < r.later.size();
    const std::int64_t at = more ? m_nowNs + r.later[size_t(r.turn)].thinkNs : 0;
    if (!more || at >= m_durationNs) { // no later turn, or the session is cut at the horizon
        leave(id);
        return;
    }
    const SimTurn &next = r.later[size_t(r.turn)];
    Req follow;
    follow.tenant = r.tenant;
    follow.session = r.session;
    follow.turn = r.turn + 1;
    follow.prompt = r.prompt + r.output + next.messageLen;
    follow.output = std::max(1, next.outputLen);
    follow.arrivalNs = at;
    follow.later = std::move(r.later);
    leave(id);                      // `r` is recycled here
    addFollowUp(std::move(follow)); // and may take the same slot
}

bool SimEngineRun::checkPool() const
{
    std::vector<std::vector<int>> held;
    held.reserve(m_running.size());
    for (int id : m_running)
        held.push_back(m_reqs[size_t(id)].blocks);
    return m_pool.consistent(held);
}

SimResult SimEngineRun::run()
{
    std::int64_t nextReportNs = 0;
    for (;;) {
        if (m_running.empty() && m_waiting.empty() && !hasDue()) {
            const std::int64_t next = nextArrivalNs();
            if (next < 0)
                break;
            m_idleNs += next - m_nowNs;
            m_nowNs = next;
            continue;
        }
        // nothing runnable although requests wait: only possible if the pool is wedged
        if (!step() && m_running.empty())
            dropAllWaiting();
        if (m_options.progress && m_nowNs >= nextReportNs) {
            if (!m_options.progress(static_cast<double>(m_nowNs) / 1e9))
                break;
            nextReportNs = m_nowNs + 10'000'000'000;
        }
    }
    m_pool.settleAll(m_nowNs);
    return collect();
}

} // namespace unalloc::core
