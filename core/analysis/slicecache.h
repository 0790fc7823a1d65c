#pragma once

#include "analysissnapshot.h"

#include <deque>
#include <future>
#include <mutex>

namespace unalloc::core {

/// @brief What one slice of the ledger (period, sources, de-duplication, tolerance) gives
/// every view whatever the owner key: the prepared cube, sums per label set (when they pay
/// off), the objects in backlog order and the seams. Computed once per slice, reused while
/// the analyst changes the owner key and fallbacks.
struct SliceData
{
    std::shared_ptr<const CostCube> cubeOwner; ///< keeps prepared.plain alive
    PreparedCube prepared;
    /// Sums per (label set, source), when they pay off (sliceSumsPayOff); without them the
    /// analysis attributes the cube's groups.
    std::optional<SliceSums> sums;
    /// The objects in backlog order: sorted on a thread of their own meanwhile, or, for a
    /// large slice under BacklogTiming::DeferLarge, by the first objects() call (the first
    /// analysis' second step).
    std::shared_future<std::shared_ptr<const SliceObjects>> objectsReady;
    std::shared_ptr<const SliceObjects> objects() const { return objectsReady.get(); }
    size_t objectsToOrder = 0; ///< the slice's groups: what the sort's length follows
    DrillGroups drillGroups;   ///< of objects->cube (the unallocated drill-down's grouping)
    ReconciliationSnapshot seams;
    std::vector<CollisionTotal> collisions;
};

/// Computes the slice of `request` over `input` (owner key and fallbacks unused). Under
/// BacklogTiming::DeferLarge a slice of at least deferredBacklogFrom() groups has its objects
/// ordered by the first objects() call instead of on a thread of its own meanwhile.
std::shared_ptr<const SliceData> computeSlice(const AnalysisInput &input,
                                              const AnalysisRequest &request,
                                              BacklogTiming timing = BacklogTiming::Now);

/// @brief The last few slices of one loaded ledger; safe to share between worker threads.
class SliceCache
{
public:
    /// The slice of `request`, computed on a miss (outside the lock: two workers asking for
    /// the same new slice may both compute it; both results are equal).
    /// `computed` (optional) is set when this call computed it.
    std::shared_ptr<const SliceData> get(const AnalysisInput &input,
                                         const AnalysisRequest &request,
                                         bool *computed = nullptr,
                                         BacklogTiming timing = BacklogTiming::Now);

private:
    struct Key
    {
        std::optional<std::int32_t> fromDay, toDay;
        std::set<std::string> sources;
        bool dedupe = false;
        Decimal tolerancePct;
        std::optional<Currency> currency;
        friend bool operator==(const Key &, const Key &) = default;
    };
    static Key keyOf(const AnalysisRequest &request);

    std::mutex m_mutex;
    std::deque<std::pair<Key, std::shared_ptr<const SliceData>>> m_entries; ///< newest first
};

} // namespace unalloc::core
