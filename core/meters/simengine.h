#pragma once

#include "kvpool.h"
#include "latencysamples.h"
#include "simulator.h"

#include <deque>
#include <queue>
#include <tuple>
#include <vector>

namespace unalloc::core {

/// @brief One run of the vLLM-style engine (studies.md §1.3–1.4); internal to simulate().
///
/// Time is integer nanoseconds throughout, so step time splits and block time settle
/// exactly: every nanosecond of the run is either a request's, idle, or unheld KV.
///
/// Memory follows the requests in flight, not the run: arrivals are drawn lazily and stay in
/// the generator until the scheduler reaches them, a request lives in a recycled slot from
/// its admission (or, for a later session turn, its creation) until it leaves, and its
/// outcome is folded into the totals and handed to the sink as it leaves.
class SimEngineRun final
{
public:
    SimEngineRun(const SimConfig &config, const SimOptions &options);
    /// Runs to completion (or until the progress callback cancels) and returns the result.
    SimResult run();

private:
    struct Req
    {
        int tenant = 0;
        std::int64_t session = -1;
        int turn = 0; ///< index of the next later turn in the session
        int group = 0;
        int prompt = 0;
        int output = 0;
        int target = 0; ///< prefill target: prompt, or prompt + generated − 1 after preemption
        int computed = 0;
        int generated = 0;
        std::int64_t order = 0; ///< arrival order key (SimRequestOutcome::order)
        std::int64_t arrivalNs = 0;
        std::int64_t firstNs = -1;
        std::int64_t doneNs = -1;
        std::int64_t cached = 0;
        std::int64_t recomputed = 0;
        std::int64_t computeNs = 0;
        int preemptions = 0;
        bool dropped = false;
        std::vector<int> blocks;
        std::vector<SimTurn> later; ///< the session's later turns
    };
    struct Work
    {
        int req;
        int tokens;
        bool decode;
        std::int64_t weightNs;
        std::int64_t shareNs = 0;
    };
    /// A later session turn waiting for its send time: (time, order, slot).
    using Pending = std::tuple<std::int64_t, std::int64_t, int>;

    int newSlot();
    void releaseSlot(int id);
    int addFollowUp(Req r);
    bool hasDue();
    std::int64_t nextArrivalNs();
    int pullDue();
    int headOfWaiting();
    void dropAllWaiting();
    bool step();
    bool scheduleDecodes(int &budget);
    void scheduleAdmissions(int &budget);
    bool tryAdmit(int id);
    bool growForDecode(int id);
    void preempt(int id);
    void freeBlocks(Req &r, int id);
    void splitStep(std::int64_t durationNs);
    void progressWork();
    void publishBlocks(int id, int fromComputed);
    void finish(int id);
    void leave(int id);
    std::uint64_t contentKey(const Req &r, int blockIndex) const;
    bool checkPool() const;
    SimResult collect();

    const SimConfig &m_config;
    const SimOptions &m_options;
    SimArrivalStream m_arrivals;
    KvPool m_pool;
    std::vector<Req> m_reqs; ///< slots; only in-flight requests occupy one
    std::vector<int> m_freeSlots;
    std::vector<char> m_live; ///< per slot: holds a request
    std::priority_queue<Pending, std::vector<Pending>, std::greater<>> m_pending;
    std::deque<int> m_waiting; ///< materialised head of the queue (preempted, or pulled)
    std::vector<int> m_running;
    std::vector<Work> m_work;
    std::int64_t m_nowNs = 0;
    std::int64_t m_durationNs = 0;
    std::int64_t m_idleNs = 0;
    std::int64_t m_steps = 0;
    std::int64_t m_preemptions = 0;
    std::int64_t m_invariantFailures = 0;
    std::int64_t m_followUps = 0;
    SimResult m_result; ///< totals folded in as requests leave
    std::vector<LatencySamples> m_ttft, m_tpot, m_e2e;
};

} // namespace unalloc::core
