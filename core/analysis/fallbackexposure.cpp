#include "fallbackexposure.h"

#include "core/ownerrule.h"
#include "core/slicefilter.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace unalloc::core {

namespace {

/// Sums per (fallback, owner text index) of the cells `in` keeps: integers per cell, no text.
template<class Cells, class InSlice>
std::unordered_map<std::uint64_t, FallbackValue>
sumsByFallback(const Cells &cells, const InSlice &in, const std::vector<SetOwner> &resolved)
{
    std::unordered_map<std::uint64_t, FallbackValue> byId;
    std::uint64_t lastId = ~std::uint64_t{0};
    FallbackValue *last = nullptr;
    for (const auto &g : cells) {
        if (!in(g))
            continue;
        const SetOwner &r = resolved[g.labelSet];
        if (r.via < 1)
            continue;
        const std::uint64_t id =
            static_cast<std::uint64_t>(r.via - 1) << 32 | static_cast<std::uint32_t>(r.owner);
        if (id != lastId) {
            last = &byId[id];
            lastId = id;
        }
        last->amount += g.amount;
        last->rows += g.rows;
    }
    return byId;
}

/// resolveSets() of `cube` under `options`, unless `given` already is.
const SetResolution &resolutionFor(const CostCube &cube,
                                   const AttributionOptions &options,
                                   const SetResolution *given,
                                   SetResolution &own)
{
    if (given && given->cube == &cube)
        return *given;
    own = resolveSets(cube, options);
    return own;
}

/// The exposure from the sums per (fallback, owner text index): the few distinct values by
/// text, then per key and per owner bucket. `ownerKeyValue` tells which owner texts the owner
/// key itself takes (ownerValuesOf): exactly those of the sets whose rule ends at the owner
/// key (via 0), so the resolution tells without a second scan of every set's labels.
FallbackExposure exposureOf(const AttributionOptions &options,
                            const AttributionReport &report,
                            const std::vector<std::string> &ownerTexts,
                            const std::vector<char> &ownerKeyValue,
                            const std::unordered_map<std::uint64_t, FallbackValue> &byId)
{
    std::map<std::pair<int, std::string>, FallbackValue> values;
    for (const auto &[id, sum] : byId) {
        const auto owner = static_cast<size_t>(id & 0xffffffffU);
        FallbackValue &fv = values[{static_cast<int>(id >> 32), ownerTexts[owner]}];
        fv.ownerLike = ownerKeyValue[owner] != 0;
        fv.amount += sum.amount;
        fv.rows += sum.rows;
    }
    FallbackExposure e;
    for (size_t f = 0; f < options.fallbacks.size(); ++f) {
        FallbackKeyExposure k;
        k.key = options.fallbacks[f];
        k.position = static_cast<int>(f) + 1;
        e.byKey.push_back(std::move(k));
    }
    std::map<std::string, bool> ownerLikeByValue;
    for (auto &[key, fv] : values) {
        fv.key = options.fallbacks[static_cast<size_t>(key.first)];
        fv.value = key.second;
        FallbackKeyExposure &k = e.byKey[static_cast<size_t>(key.first)];
        k.amount += fv.amount;
        k.rows += fv.rows;
        ++k.values;
        if (!fv.ownerLike) {
            k.nonOwnerAmount += fv.amount;
            e.nonOwnerTotal += fv.amount;
        }
        ownerLikeByValue[fv.value] = ownerLikeByValue[fv.value] || fv.ownerLike;
        e.values.push_back(fv);
    }
    for (FallbackKeyExposure &k : e.byKey)
        k.sharePct = Decimal::percent(k.amount, report.total, 1);
    std::sort(e.values.begin(), e.values.end(), [](const FallbackValue &a, const FallbackValue &b) {
        if (a.amount != b.amount)
            return a.amount > b.amount;
        return std::tie(a.key, a.value) < std::tie(b.key, b.value);
    });
    for (const Bucket &b : report.buckets) {
        if (b.unallocated || b.viaFallback.isZero())
            continue;
        const bool direct = b.viaFallback != b.amount;
        const auto it = ownerLikeByValue.find(b.key);
        const bool nonOwner = !direct && it != ownerLikeByValue.end() && !it->second;
        e.owners.push_back({b.key, b.amount, b.viaFallback,
                            Decimal::percent(b.viaFallback, b.amount, 1), nonOwner});
    }
    std::sort(e.owners.begin(), e.owners.end(), [](const OwnerExposure &a, const OwnerExposure &b) {
        if (a.viaFallback != b.viaFallback)
            return a.viaFallback > b.viaFallback;
        return a.owner < b.owner;
    });
    return e;
}

/// The exposure over `cells` (groups or a slice's sums) that `in` keeps.
template<class Cells, class InSlice>
FallbackExposure exposureOver(const CostCube &cube,
                              const AttributionOptions &options,
                              const AttributionReport &report,
                              const SetResolution *given,
                              const Cells &cells,
                              const InSlice &in)
{
    SetResolution own;
    const SetResolution &r = resolutionFor(cube, options, given, own);
    auto byId = sumsByFallback(cells, in, r.ofSet);
    const ResolutionSummary summary = summarise(r);
    return exposureOf(options, report, summary.owners, summary.ownerKeyValue, byId);
}

} // namespace

FallbackExposure fallbackExposure(const CostCube &cube,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const SetResolution *resolution)
{
    return exposureOver(cube, options, report, resolution, cube.rawGroups(),
                        SliceFilter(cube, options));
}

FallbackExposure fallbackExposure(const CostCube &cube,
                                  const SliceSums &sums,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const SetResolution *resolution)
{
    return exposureOver(cube, options, report, resolution, sums.cells,
                        [](const SliceSums::Cell &) { return true; });
}

FallbackExposure fallbackExposure(const CostCube &cube,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const SetResolution &resolved,
                                  const FallbackOwnerSums &viaFallbacks)
{
    return fallbackExposure(cube, options, report, summarise(resolved), viaFallbacks);
}

FallbackExposure fallbackExposure(const CostCube &,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const ResolutionSummary &resolved,
                                  const FallbackOwnerSums &viaFallbacks)
{
    std::unordered_map<std::uint64_t, FallbackValue> byId;
    for (size_t i = 0; i < viaFallbacks.sums.size(); ++i) {
        const AmountRows &sum = viaFallbacks.sums[i];
        if (sum.rows == 0)
            continue;
        FallbackValue &v = byId[static_cast<std::uint64_t>(i / viaFallbacks.owners) << 32 |
                                i % viaFallbacks.owners];
        v.amount = sum.amount;
        v.rows = sum.rows;
    }
    return exposureOf(options, report, resolved.owners, resolved.ownerKeyValue, byId);
}

} // namespace unalloc::core
