#include "fallbackillusion.h"

#include "core/ownerrule.h"
#include "core/slice.h"
#include "core/slicefilter.h"

#include <algorithm>
#include <map>
#include <set>

namespace unalloc::core {

bool FallbackIllusion::any() const
{
    return std::any_of(keys.begin(), keys.end(), [](const IllusionKey &k) { return k.flagged(); });
}

Result<FallbackIllusion> fallbackIllusion(const CostCube &cube,
                                          const AttributionOptions &options,
                                          const SetResolution *resolution)
{
    // By ids (a million per-request sets would otherwise mean a million text lookups): the
    // owner key's values are classified once per distinct value; each set's owner and the
    // fallback that gave it come from the owner rule over id columns; only sets resolved by a
    // fallback are looked at again, each fallback value classified once.
    const LabelSetPool &pool = cube.labelSets();
    const std::set<std::string, std::less<>> owners = ownerValuesOf(pool, options.ownerKey);
    SetResolution own;
    if (resolution == nullptr || resolution->cube != &cube) {
        own = resolveSets(cube, options);
        resolution = &own;
    }
    const std::vector<std::string> &ownerTexts = resolution->owners;
    const std::vector<SetOwner> &resolved = resolution->ofSet;
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
            const std::string_view text = pool.valueText(v);
            switch (classifyOwnerValue(text)) {
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
    // Per set, whether it resolves once every fallback value that is no owner value is
    // skipped (a later fallback may still resolve it; <unallocated> still ends the search).
    // Which fallback gave the owner, and which owner, the resolution says (via − 1, owner):
    // a byte per set here, not a copy of both.
    std::vector<char> ownedWithout(pool.size(), 0);
    for (size_t i = 0; i < pool.size(); ++i) {
        const SetOwner &o = resolved[i];
        if (o.owner < 0)
            continue;
        if (o.via == 0) {
            ownedWithout[i] = 1;
            continue;
        }
        for (size_t f = static_cast<size_t>(o.via - 1); f < fallbackKeys.size(); ++f) {
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
                ownedWithout[i] = 1;
                break;
            }
        }
    }

    FallbackIllusion out;
    // Per fallback and owner index, exact sums (a flat table: a map lookup per group took most
    // of this on a ledger of per-request sets); then by owner text below.
    struct Sum
    {
        Decimal amount;
        std::int64_t rows = 0;
        bool met = false; ///< some group of the slice came this way
    };
    const size_t nOwners = ownerTexts.size();
    std::vector<Sum> byOwner(options.fallbacks.size() * nOwners);
    std::optional<Currency> currency;
    const SliceFilter inSlice(cube, options);
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        if (currency && *currency != cube.context(g).currency)
            return fail("currency-mismatch", "the ledger slice mixes " + currency->code() +
                                                 " and " + cube.context(g).currency.code());
        currency = cube.context(g).currency;
        const SetOwner &r = resolved[g.labelSet];
        const bool owned = ownedWithout[g.labelSet] != 0;
        const bool viaFallback = r.via > 0; // an owner, through fallback via − 1
        out.total += g.amount;
        if (!viaFallback && !owned)
            out.unallocated += g.amount;
        if (!owned)
            out.unallocatedWithoutIllusion += g.amount;
        if (viaFallback) {
            Sum &v =
                byOwner[static_cast<size_t>(r.via - 1) * nOwners + static_cast<size_t>(r.owner)];
            v.amount += g.amount;
            v.rows += g.rows;
            v.met = true;
        }
    }
    std::vector<std::map<std::string, IllusionValue>> values(options.fallbacks.size());
    for (size_t f = 0; f < options.fallbacks.size(); ++f) {
        for (size_t owner = 0; owner < nOwners; ++owner) {
            const Sum &sum = byOwner[f * nOwners + owner];
            if (!sum.met)
                continue;
            const std::string &text = ownerTexts[owner];
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
