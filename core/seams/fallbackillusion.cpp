#include "fallbackillusion.h"

#include "core/ownerrule.h"
#include "core/slicefilter.h"

#include <algorithm>
#include <map>
#include <set>

namespace unalloc::core {

bool FallbackIllusion::any() const
{
    return std::any_of(keys.begin(), keys.end(), [](const IllusionKey &k) { return k.flagged(); });
}

Result<FallbackIllusion> fallbackIllusion(const CostCube &cube, const AttributionOptions &options)
{
    // By ids (a million per-request sets would otherwise mean a million text lookups): the
    // owner key's values are classified once per distinct value; each set's owner and the
    // fallback that gave it come from the owner rule over id columns; only sets resolved by a
    // fallback are looked at again, each fallback value classified once.
    const LabelSetPool &pool = cube.labelSets();
    const std::set<std::string, std::less<>> owners = ownerValuesOf(pool, options.ownerKey);
    std::vector<std::string> ownerTexts;
    const std::vector<SetOwner> resolved = resolveSetOwners(pool, options, ownerTexts);
    std::vector<std::uint32_t> fallbackKeys;
    for (const std::string &f : options.fallbacks)
        fallbackKeys.push_back(pool.keyId(f));
    // Per value id: 0 unknown, 1 blank, 2 the literal <unallocated>, 3 an owner value, 4 another.
    std::vector<char> kindOf(pool.valueCount(), 0);
    const auto kind = [&](std::uint32_t v) -> char {
        if (v == LabelSetPool::kAbsent)
            return 1;
        char &k = kindOf[v];
        if (k == 0) {
            const std::string &text = pool.valueText(v);
            switch (classifyOwnerValue(&text)) {
            case OwnerValue::Blank:
                k = 1;
                break;
            case OwnerValue::Unallocated:
                k = 2;
                break;
            case OwnerValue::Owner:
                k = owners.contains(trimmed(text)) ? 3 : 4;
                break;
            }
        }
        return k;
    };
    struct Resolution
    {
        int fallback = -1;         ///< the fallback that gave the owner, -1 = none
        std::int32_t owner = -1;   ///< index into ownerTexts
        bool ownedWithout = false; ///< resolved when non-owner fallback values are skipped
    };
    std::vector<Resolution> sets(pool.size());
    for (size_t i = 0; i < pool.size(); ++i) {
        const SetOwner &o = resolved[i];
        Resolution &r = sets[i];
        if (o.owner < 0)
            continue;
        if (o.via == 0) {
            r.ownedWithout = true;
            continue;
        }
        r.fallback = o.via - 1;
        r.owner = o.owner;
        // Again with every fallback value that is no owner value skipped: a later fallback may
        // still resolve the set; <unallocated> still ends the search.
        for (size_t f = static_cast<size_t>(r.fallback); f < fallbackKeys.size(); ++f) {
            const std::uint32_t v =
                fallbackKeys[f] == LabelSetPool::kAbsent
                    ? LabelSetPool::kAbsent
                    : pool.valueId(static_cast<std::uint32_t>(i), fallbackKeys[f]);
            const char k = kind(v);
            if (k == 1)
                continue;
            if (k == 2)
                break;
            if (k == 3) {
                r.ownedWithout = true;
                break;
            }
        }
    }

    FallbackIllusion out;
    // Per fallback, sums by owner index; then by owner text (the order the values come in).
    std::vector<std::map<std::int32_t, IllusionValue>> byOwner(options.fallbacks.size());
    std::optional<Currency> currency;
    const SliceFilter inSlice(cube, options);
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        if (currency && *currency != g.currency)
            return fail("currency-mismatch",
                        "the ledger slice mixes " + currency->code() + " and " + g.currency.code());
        currency = g.currency;
        const Resolution &r = sets[g.labelSet];
        out.total += g.amount;
        if (r.fallback < 0 && !r.ownedWithout)
            out.unallocated += g.amount;
        if (!r.ownedWithout)
            out.unallocatedWithoutIllusion += g.amount;
        if (r.fallback >= 0) {
            IllusionValue &v = byOwner[static_cast<size_t>(r.fallback)][r.owner];
            v.amount += g.amount;
            v.rows += g.rows;
        }
    }
    std::vector<std::map<std::string, IllusionValue>> values(options.fallbacks.size());
    for (size_t f = 0; f < byOwner.size(); ++f) {
        for (auto &[owner, sum] : byOwner[f]) {
            const std::string &text = ownerTexts[static_cast<size_t>(owner)];
            IllusionValue &v = values[f][text];
            v.value = text;
            v.amount += sum.amount;
            v.rows += sum.rows;
            v.ownerValue = owners.contains(text);
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
