#include "slicecache.h"

#include "core/currencyselect.h"

#include <future>

namespace unalloc::core {

namespace {

constexpr size_t kKeptSlices = 3;

} // namespace

std::shared_ptr<const SliceData>
computeSlice(const AnalysisInput &input, const AnalysisRequest &request, BacklogTiming timing)
{
    auto d = std::make_shared<SliceData>();
    if (!input.cube)
        return d;
    // Two currencies are never summed: with a currency chosen, every seam (reconciliation,
    // overlap, de-duplication) works on that currency's rows only, like the attribution.
    std::shared_ptr<const CostCube> cube = input.cube;
    if (request.currency && holdsOtherCurrency(*cube, *request.currency))
        cube = std::make_shared<const CostCube>(cubeInCurrency(*cube, *request.currency));
    d->cubeOwner = cube;
    const AttributionOptions options = request.options();
    // The objects in backlog order are the largest part: they are sorted on a second thread
    // while this one finds the overlap, the sums and the seams. Without de-duplication the
    // attributed cube is the ledger's own, known before the overlap is. A large slice whose
    // backlog may wait (BacklogTiming::DeferLarge) has them sorted by the first to ask for
    // them, the analysis' second step, once the rest is on screen: sorted meanwhile, they
    // took a core from the first step and held their memory beside its rule per label set.
    // The sort may outlive this call: it holds its own copy of the options and the cube's
    // owner.
    d->objectsToOrder = cube->rawGroups().size();
    const auto policy =
        timing == BacklogTiming::DeferLarge && d->objectsToOrder >= deferredBacklogFrom()
            ? std::launch::deferred
            : std::launch::async;
    const auto objectsOf = [options](const CostCube &cube, std::shared_ptr<const void> owner) {
        auto objects = std::make_shared<SliceObjects>(sliceObjects(cube, options));
        objects->keepAlive = std::move(owner);
        return std::shared_ptr<const SliceObjects>(std::move(objects));
    };
    std::future<std::shared_ptr<const SliceObjects>> objects;
    if (!request.dedupe)
        objects =
            std::async(policy, objectsOf, std::cref(*cube), std::shared_ptr<const void>(cube));
    // The drill-down's grouping and the double counting both only read the cube: while the
    // objects wait for the second step, the grouping takes the other core (ten million
    // requests with a provider's bill: about a quarter second each).
    std::future<DrillGroups> drill;
    if (!request.dedupe && policy == std::launch::deferred)
        drill = std::async(std::launch::async, [&cube = *cube] { return drillGroups(cube); });
    d->prepared = prepareCube(*cube, request);
    const CostCube &attributed = d->prepared.cube();
    if (request.dedupe)
        objects = std::async(policy, objectsOf, std::cref(attributed),
                             std::shared_ptr<const void>(d->prepared.merged));
    if (sliceSumsPayOff(attributed))
        d->sums = sliceSums(attributed, options);
    static const std::vector<Invoice> noInvoices;
    static const LedgerCatalog emptyCatalog;
    d->seams = reconciliationSnapshot(d->prepared, input.invoices ? *input.invoices : noInvoices,
                                      input.catalog ? *input.catalog : emptyCatalog, request,
                                      input.ledgerPath);
    d->collisions = attributed.collisions(request.fromDay, request.toDay, &request.sources);
    // The drill-down's grouping reads the same cube as the objects; the sort is the longer.
    d->drillGroups = drill.valid() ? drill.get() : drillGroups(request.dedupe ? attributed : *cube);
    d->objectsReady = objects.share();
    return d;
}

SliceCache::Key SliceCache::keyOf(const AnalysisRequest &request)
{
    return Key{request.fromDay, request.toDay,        request.sources,
               request.dedupe,  request.tolerancePct, request.currency};
}

std::shared_ptr<const SliceData> SliceCache::get(const AnalysisInput &input,
                                                 const AnalysisRequest &request,
                                                 bool *computed,
                                                 BacklogTiming timing)
{
    if (computed)
        *computed = false;
    const Key key = keyOf(request);
    {
        std::lock_guard lock(m_mutex);
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
            if (it->first == key) {
                auto hit = it->second;
                m_entries.erase(it);
                m_entries.emplace_front(key, hit);
                return hit;
            }
        }
    }
    auto slice = computeSlice(input, request, timing);
    if (computed)
        *computed = true;
    std::lock_guard lock(m_mutex);
    m_entries.emplace_front(key, slice);
    if (m_entries.size() > kKeptSlices)
        m_entries.pop_back();
    return slice;
}

} // namespace unalloc::core
