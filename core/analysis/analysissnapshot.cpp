#include "analysissnapshot.h"

#include "core/ownerrule.h"

#include "slicecache.h"

#include <atomic>
#include <chrono>
#include <future>

namespace unalloc::core {

namespace {

/// Label sets from which the drill-down tree and the exposure are built on two threads.
constexpr size_t kParallelSets = size_t{1} << 16;

bool isCancelled(const CancelCheck &cancelled)
{
    return cancelled && cancelled();
}

std::vector<std::string> topThree(const AttributionReport &report)
{
    std::vector<std::string> out;
    for (const Bucket &b : report.buckets) {
        if (!b.unallocated && out.size() < 3)
            out.push_back(b.key);
    }
    return out;
}

std::string digestFor(Rules rules, const AnalysisRequest &request)
{
    rules.ownerKey = request.ownerKey;
    rules.fallbacks = request.fallbacks;
    return rules.digest();
}

} // namespace

namespace {

std::atomic<size_t> g_deferredBacklogFrom{size_t{1} << 21};

double msSince(std::chrono::steady_clock::time_point started)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
        .count();
}

} // namespace

size_t deferredBacklogFrom()
{
    return g_deferredBacklogFrom.load();
}

void setDeferredBacklogFrom(size_t groups)
{
    g_deferredBacklogFrom.store(groups);
}

std::optional<AnalysisSnapshot> analyse(const AnalysisInput &input,
                                        const AnalysisRequest &request,
                                        const CancelCheck &cancelled,
                                        BacklogTiming timing)
{
    const auto started = std::chrono::steady_clock::now();
    AnalysisSnapshot s;
    s.request = request;
    s.commandLine = commandLine(request, input.ledgerPath);
    static const LedgerCatalog emptyCatalog;
    const LedgerCatalog &catalog = input.catalog ? *input.catalog : emptyCatalog;
    s.caption = makeCaption(input.ledgerName, catalog, request, digestFor(input.rules, request));
    if (!input.cube)
        return s;
    // Everything that depends only on the slice (period, sources, de-duplication) is kept
    // per slice; what follows costs per label set and per unallocated object.
    bool computedHere = input.slices == nullptr;
    const std::shared_ptr<const SliceData> slice =
        input.slices ? input.slices->get(input, request, &computedHere, timing)
                     : computeSlice(input, request, timing);
    if (isCancelled(cancelled))
        return std::nullopt;
    // With request.dedupe every figure below comes from the de-duplicated merged ledger.
    const CostCube &cube = slice->prepared.cube();
    const AttributionOptions options = request.options();
    // The owner rule per label set once, for the report, the backlog and the exposure.
    SetResolution resolved = resolveSets(cube, options);
    // The attribution's pass also sums what each fallback brought to each owner (the exposure).
    FallbackOwnerSums viaFallbacks;
    auto report = slice->sums ? attributeSums(cube, *slice->sums, options, resolved, &viaFallbacks)
                              : attributeGroups(cube, options, resolved, &viaFallbacks);
    if (!report) {
        s.error = report.error();
        return s;
    }
    s.report = std::move(*report);
    s.uPct = s.report.unallocatedPct(1);
    s.fPct = s.report.fallbackPct(1);
    s.topOwners = topThree(s.report);
    s.spend = spendByOwner(s.report);
    // The backlog and the exposure need a bit per set and the owner texts of the rule: the
    // rule per set (8 bytes a set: 80 MB at ten million) is let go before they take their
    // room, since an owner change computes beside the snapshot on screen and held both.
    ResolutionSummary summary = summarise(std::move(resolved));
    if (timing == BacklogTiming::DeferLarge && computedHere &&
        slice->objectsToOrder >= deferredBacklogFrom()) {
        // The slice's objects are still being ordered: the rest is shown meanwhile.
        s.exposure = fallbackExposure(cube, options, s.report, summary, viaFallbacks);
        s.pendingBacklog =
            std::make_shared<const PendingBacklog>(PendingBacklog{slice, std::move(summary)});
    } else {
        // The exposure reads the report, the summary and the attribution's sums per (fallback,
        // owner), the backlog the summary and the slice's objects: on a large slice the
        // exposure gets a thread of its own meanwhile.
        const auto exposureOf = [&] {
            return fallbackExposure(cube, options, s.report, summary, viaFallbacks);
        };
        std::future<FallbackExposure> exposure;
        if (cube.labelSets().size() >= kParallelSets)
            exposure = std::async(std::launch::async, exposureOf);
        s.backlog = Backlog(slice->objects(), options, s.report.unallocated, summary);
        s.exposure = exposure.valid() ? exposure.get() : exposureOf();
        s.unallocatedTree = unallocatedTree(s.backlog, slice->drillGroups);
    }
    if (isCancelled(cancelled))
        return std::nullopt;
    s.collisions = slice->collisions;
    s.seams = slice->seams;
    s.caption.deduplicated = s.seams.deduplicated;
    if (s.seams.doubleCounted())
        s.caption.doubleCounted = Money{*s.seams.overlapTotal, s.seams.overlapCurrency};
    s.computeMs = msSince(started);
    return s;
}

std::optional<AnalysisSnapshot> completeBacklog(const AnalysisSnapshot &first,
                                                const CancelCheck &cancelled)
{
    const auto started = std::chrono::steady_clock::now();
    AnalysisSnapshot s = first;
    if (!first.pendingBacklog)
        return s;
    const PendingBacklog &pending = *first.pendingBacklog;
    const std::shared_ptr<const SliceObjects> objects = pending.slice->objects();
    if (isCancelled(cancelled))
        return std::nullopt;
    s.backlog = Backlog(objects, s.request.options(), s.report.unallocated, pending.summary);
    s.unallocatedTree = unallocatedTree(s.backlog, pending.slice->drillGroups);
    s.pendingBacklog.reset();
    s.computeMs += msSince(started);
    return s;
}

RowOwner resolveRowOwner(const LabelMap &labels, const AnalysisRequest &request)
{
    const OwnerPick pick = pickOwner([&labels](const std::string &key) { return labels.find(key); },
                                     request.ownerKey, request.fallbacks);
    if (!pick.owned())
        return {kUnallocated, -1, {}};
    const auto k = static_cast<size_t>(pick.via);
    return {std::string(pick.owner), pick.via,
            k == 0 ? request.ownerKey : request.fallbacks[k - 1]};
}

} // namespace unalloc::core
