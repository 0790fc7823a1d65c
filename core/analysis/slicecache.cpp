#include "slicecache.h"

#include "core/currencyselect.h"

#include <future>

namespace unalloc::core {

namespace {

constexpr size_t kKeptSlices = 3;

} // namespace

std::shared_ptr<const SliceData> computeSlice(const AnalysisInput &input,
                                              const AnalysisRequest &request)
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
    // attributed cube is the ledger's own, known before the overlap is.
    const auto objectsOf = [&options](const CostCube &cube, std::shared_ptr<const void> owner) {
        auto objects = std::make_shared<SliceObjects>(sliceObjects(cube, options));
        objects->keepAlive = std::move(owner);
        return std::shared_ptr<const SliceObjects>(std::move(objects));
    };
    std::future<std::shared_ptr<const SliceObjects>> objects;
    if (!request.dedupe)
        objects = std::async(std::launch::async, objectsOf, std::cref(*cube),
                             std::shared_ptr<const void>(cube));
    d->prepared = prepareCube(*cube, request);
    const CostCube &attributed = d->prepared.cube();
    if (request.dedupe)
        objects = std::async(std::launch::async, objectsOf, std::cref(attributed),
                             std::shared_ptr<const void>(d->prepared.merged));
    if (sliceSumsPayOff(attributed))
        d->sums = sliceSums(attributed, options);
    static const std::vector<Invoice> noInvoices;
    static const LedgerCatalog emptyCatalog;
    d->seams = reconciliationSnapshot(d->prepared, input.invoices ? *input.invoices : noInvoices,
                                      input.catalog ? *input.catalog : emptyCatalog, request,
                                      input.ledgerPath);
    d->collisions = attributed.collisions();
    // The drill-down's grouping reads the same cube as the objects; the sort is the longer.
    d->drillGroups = drillGroups(request.dedupe ? attributed : *cube);
    d->objects = objects.get();
    return d;
}

SliceCache::Key SliceCache::keyOf(const AnalysisRequest &request)
{
    return Key{request.fromDay, request.toDay,        request.sources,
               request.dedupe,  request.tolerancePct, request.currency};
}

std::shared_ptr<const SliceData> SliceCache::get(const AnalysisInput &input,
                                                 const AnalysisRequest &request)
{
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
    auto computed = computeSlice(input, request);
    std::lock_guard lock(m_mutex);
    m_entries.emplace_front(key, computed);
    if (m_entries.size() > kKeptSlices)
        m_entries.pop_back();
    return computed;
}

} // namespace unalloc::core
