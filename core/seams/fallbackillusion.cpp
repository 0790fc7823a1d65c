#include "fallbackillusion.h"

#include "core/ownerrule.h"
#include "core/slicefilter.h"

#include <algorithm>
#include <map>
#include <set>

namespace unalloc::core {

namespace {

/// How one label set resolves, with and without non-owner fallback values.
struct SetResolution
{
    int fallback = -1;         ///< index of the fallback that gave the owner, -1 = none
    std::string value;         ///< the owner it gave (trimmed)
    bool ownedWithout = false; ///< resolved when non-owner fallback values are skipped
};

/// The owner rule (ownerrule.h) for one set, then again with every fallback value that is no
/// owner value skipped: a later fallback may still resolve the set; `<unallocated>` still ends
/// the search.
SetResolution resolve(const LabelSetRef &labels,
                      const AttributionOptions &o,
                      const std::set<std::string, std::less<>> &owners)
{
    SetResolution r;
    const OwnerPick pick = pickOwner(labels, o);
    if (!pick.owned())
        return r;
    if (pick.via == 0) {
        r.ownedWithout = true;
        return r;
    }
    r.fallback = pick.via - 1;
    r.value = std::string(pick.owner);
    for (size_t f = static_cast<size_t>(r.fallback); f < o.fallbacks.size(); ++f) {
        const std::string *v = labels.find(o.fallbacks[f]);
        const OwnerValue kind = classifyOwnerValue(v);
        if (kind == OwnerValue::Blank)
            continue;
        if (kind == OwnerValue::Unallocated)
            break;
        if (owners.contains(trimmed(*v))) {
            r.ownedWithout = true;
            break;
        }
    }
    return r;
}

} // namespace

bool FallbackIllusion::any() const
{
    return std::any_of(keys.begin(), keys.end(), [](const IllusionKey &k) { return k.flagged(); });
}

Result<FallbackIllusion> fallbackIllusion(const CostCube &cube, const AttributionOptions &options)
{
    const LabelSetPool &pool = cube.labelSets();
    std::set<std::string, std::less<>> owners;
    for (size_t i = 0; i < pool.size(); ++i)
        if (const std::string *v = pool.ref(static_cast<std::uint32_t>(i)).find(options.ownerKey);
            classifyOwnerValue(v) == OwnerValue::Owner)
            owners.emplace(trimmed(*v));
    std::vector<SetResolution> sets(pool.size());
    for (size_t i = 0; i < pool.size(); ++i)
        sets[i] = resolve(pool.ref(static_cast<std::uint32_t>(i)), options, owners);

    FallbackIllusion out;
    std::vector<std::map<std::string, IllusionValue>> values(options.fallbacks.size());
    std::optional<Currency> currency;
    const SliceFilter inSlice(cube, options);
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        if (currency && *currency != g.currency)
            return fail("currency-mismatch",
                        "the ledger slice mixes " + currency->code() + " and " + g.currency.code());
        currency = g.currency;
        const SetResolution &r = sets[g.labelSet];
        out.total += g.amount;
        if (r.fallback < 0 && !r.ownedWithout)
            out.unallocated += g.amount;
        if (!r.ownedWithout)
            out.unallocatedWithoutIllusion += g.amount;
        if (r.fallback >= 0) {
            IllusionValue &v = values[static_cast<size_t>(r.fallback)][r.value];
            v.value = r.value;
            v.amount += g.amount;
            v.rows += g.rows;
            v.ownerValue = owners.contains(r.value);
        }
    }
    for (size_t f = 0; f < options.fallbacks.size(); ++f) {
        IllusionKey k;
        k.key = options.fallbacks[f];
        for (auto &[name, v] : values[f]) {
            k.allocated += v.amount;
            k.rows += v.rows;
            if (!v.ownerValue) {
                k.nonOwner += v.amount;
                k.nonOwnerRows += v.rows;
            }
            k.values.push_back(std::move(v));
        }
        // Values arrive sorted by name; the stable sort keeps that for equal amounts.
        std::stable_sort(
            k.values.begin(), k.values.end(),
            [](const IllusionValue &a, const IllusionValue &b) { return a.amount > b.amount; });
        out.keys.push_back(std::move(k));
    }
    return out;
}

} // namespace unalloc::core
