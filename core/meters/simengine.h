#pragma once

#include "kvpool.h"
#include "simulator.h"

#include <deque>
#include <queue>
#include <vector>

namespace unalloc::core {

/// @brief One run of the vLLM-style engine (studies.md §1.3–1.4); internal to simulate().
///
/// Time is integer nanoseconds throughout, so step time splits and block time settle
/// exactly: every nanosecond of the run is either a request's, idle, or unheld KV.
class SimEngineRun final
{
public:
    SimEngineRun(const SimConfig &config, const SimWorkload &workload);
    /// Runs to completion (or until `progress` cancels) and returns the raw result.
    SimResult run(const SimProgress &progress);

private:
    struct Req
    {
        int tenant = 0;
        int session = -1;
        int turn = 0; ///< index of the next later turn in the session
        int group = 0;
        int prompt = 0;
        int output = 0;
        int target = 0; ///< prefill target: prompt, or prompt + generated − 1 after preemption
        int computed = 0;
        int generated = 0;
        std::int64_t arrivalNs = 0;
        std::int64_t firstNs = -1;
        std::int64_t doneNs = -1;
        std::int64_t cached = 0;
        std::int64_t recomputed = 0;
        std::int64_t computeNs = 0;
        int preemptions = 0;
        bool dropped = false;
        std::vector<int> blocks;
    };
    struct Work
    {
        int req;
        int tokens;
        bool decode;
        std::int64_t weightNs;
        std::int64_t shareNs = 0;
    };
    using Pending = std::pair<std::int64_t, int>; // (arrival, request id)

    int addRequest(Req r);
    void admitDue();
    bool step();
    bool scheduleDecodes(int &budget);
    void scheduleAdmissions(int &budget);
    bool tryAdmit(int id);
    bool growForDecode(int id);
    void preempt(int id);
    void freeBlocks(Req &r);
    void splitStep(std::int64_t durationNs);
    void progressWork();
    void publishBlocks(int id, int fromComputed);
    void finish(int id);
    std::uint64_t contentKey(const Req &r, int blockIndex) const;
    bool checkPool() const;
    SimResult collect();

    const SimConfig &m_config;
    const SimWorkload &m_workload;
    KvPool m_pool;
    std::vector<Req> m_reqs;
    std::priority_queue<Pending, std::vector<Pending>, std::greater<>> m_pending;
    std::deque<int> m_waiting;
    std::vector<int> m_running;
    std::vector<Work> m_work;
    std::int64_t m_nowNs = 0;
    std::int64_t m_durationNs = 0;
    std::int64_t m_idleNs = 0;
    std::int64_t m_steps = 0;
    std::int64_t m_preemptions = 0;
    std::int64_t m_invariantFailures = 0;
};

} // namespace unalloc::core
