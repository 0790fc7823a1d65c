#include "fallbackexposure.h"

#include "core/ownerrule.h"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace unalloc::core {

namespace {

/// Per label set: which fallback (index) resolved it and to which value; -1 = not a fallback.
struct Via
{
    int fallback = -1;
    std::string value;
};

std::vector<Via> resolveSets(const CostCube &cube, const AttributionOptions &o)
{
    std::vector<std::string> owners;
    const std::vector<SetOwner> resolved = resolveSetOwners(cube.labelSets(), o, owners);
    std::vector<Via> out(resolved.size());
    for (size_t i = 0; i < resolved.size(); ++i)
        if (resolved[i].via >= 1)
            out[i] = {resolved[i].via - 1, owners[static_cast<size_t>(resolved[i].owner)]};
    return out;
}

/// Every owner value of the owner key over the whole cube (the rule's trimmed owner texts).
std::unordered_set<std::string> ownerValues(const CostCube &cube, const std::string &ownerKey)
{
    std::unordered_set<std::string> values;
    for (size_t i = 0; i < cube.labelSets().size(); ++i) {
        const std::string *v = cube.labelSets().ref(static_cast<std::uint32_t>(i)).find(ownerKey);
        if (classifyOwnerValue(v) == OwnerValue::Owner)
            values.emplace(trimmed(*v));
    }
    return values;
}

} // namespace

FallbackExposure fallbackExposure(const CostCube &cube,
                                  const AttributionOptions &options,
                                  const AttributionReport &report)
{
    return fallbackExposure(cube, sliceSums(cube, options), options, report);
}

FallbackExposure fallbackExposure(const CostCube &cube,
                                  const SliceSums &sums,
                                  const AttributionOptions &options,
                                  const AttributionReport &report)
{
    const std::vector<Via> via = resolveSets(cube, options);
    const auto owners = ownerValues(cube, options.ownerKey);
    std::map<std::pair<int, std::string>, FallbackValue> values;
    for (const SliceSums::Cell &g : sums.cells) {
        const Via &v = via[g.labelSet];
        if (v.fallback < 0)
            continue;
        FallbackValue &fv = values[{v.fallback, v.value}];
        fv.amount += g.amount;
        fv.rows += g.rows;
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
        fv.ownerLike = owners.contains(fv.value);
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

} // namespace unalloc::core
