#include "fallbackexposure.h"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace unalloc::core {

namespace {

const std::string *nonEmpty(const LabelSetRef &labels, const std::string &key)
{
    const std::string *v = labels.find(key);
    return (v == nullptr || trimmed(*v).empty()) ? nullptr : v;
}

/// Per label set: which fallback (index) resolved it and to which value; -1 = not a fallback.
struct Via
{
    int fallback = -1;
    std::string value;
};

std::vector<Via> resolveSets(const CostCube &cube, const AttributionOptions &o)
{
    const LabelSetPool &pool = cube.labelSets();
    std::vector<Via> out(pool.size());
    for (size_t i = 0; i < pool.size(); ++i) {
        const LabelSetRef labels = pool.ref(static_cast<std::uint32_t>(i));
        if (nonEmpty(labels, o.ownerKey) != nullptr)
            continue;
        for (size_t f = 0; f < o.fallbacks.size(); ++f) {
            if (const std::string *v = nonEmpty(labels, o.fallbacks[f])) {
                if (*v != kUnallocated)
                    out[i] = {static_cast<int>(f), std::string(trimmed(*v))};
                break;
            }
        }
    }
    return out;
}

std::unordered_set<std::string> ownerValues(const CostCube &cube, const std::string &ownerKey)
{
    std::unordered_set<std::string> values;
    for (size_t i = 0; i < cube.labelSets().size(); ++i) {
        if (const std::string *v =
                nonEmpty(cube.labelSets().ref(static_cast<std::uint32_t>(i)), ownerKey))
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
