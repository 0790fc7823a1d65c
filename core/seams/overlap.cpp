#include "overlap.h"

#include "core/split.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <unordered_map>

namespace unalloc::core {

namespace {

/// (provider, currency, day, model)
using GroupKey = std::tuple<std::string, Currency, std::int32_t, std::string>;
/// (provider, currency, day)
using DayKey = std::tuple<std::string, Currency, std::int32_t>;

struct Entry
{
    size_t group; ///< index into CostCube::rawGroups()
    std::string model;
};

struct DayEntries
{
    std::vector<Entry> gateway, bill;
};

struct Acc
{
    Decimal gateway, bill;
    std::int64_t gatewayRows = 0, billRows = 0;
    std::vector<size_t> billGroups;
};

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string labelOr(const LabelMap &labels, std::initializer_list<const char *> keys)
{
    for (const char *k : keys)
        if (const std::string *v = labels.find(k))
            return *v;
    return {};
}

std::string gatewayProvider(const CostCube &cube, const CostGroup &g)
{
    if (!cube.usageName(g.usageProvider).empty())
        return lower(cube.usageName(g.usageProvider));
    const LabelMap &labels = cube.labelSets().at(g.labelSet);
    std::string p = labelOr(labels, {"custom_llm_provider", "provider"});
    if (p.empty()) {
        const std::string model = labelOr(labels, {"model"});
        if (const auto slash = model.find('/'); slash != std::string::npos)
            p = model.substr(0, slash);
    }
    return lower(trimmed(p));
}

std::string billProvider(const CostCube &cube, const CostGroup &g)
{
    const std::string p = labelOr(cube.labelSets().at(g.labelSet), {"provider"});
    return lower(trimmed(p.empty() ? cube.sources().at(g.source) : p));
}

std::string modelOf(const CostCube &cube, const CostGroup &g, bool bill)
{
    std::string m = cube.usageName(g.usageModel);
    if (m.empty())
        m = bill ? labelOr(cube.labelSets().at(g.labelSet), {"model", "line_item"})
                 : labelOr(cube.labelSets().at(g.labelSet), {"model"});
    return matchModel(m);
}

bool isDigits(std::string_view s)
{
    const auto digit = [](char c) {
        return c >= '0' && c <= '9';
    };
    return !s.empty() && std::all_of(s.begin(), s.end(), digit);
}

/// Gateway and bill groups of the slice per (provider, currency, day), for providers that
/// have both. Provider and model text are worked out once per distinct (label set, source,
/// usage provider, usage model), not once per group.
std::map<DayKey, DayEntries> collect(const CostCube &cube, const OverlapOptions &o)
{
    struct Side
    {
        bool wanted = false, gateway = false;
    };
    std::vector<Side> sides(cube.sources().size());
    for (size_t s = 0; s < sides.size(); ++s) {
        const std::string &source = cube.sources().at(static_cast<std::uint32_t>(s));
        sides[s].wanted = o.sources.empty() || o.sources.contains(source);
        sides[s].gateway = o.gatewaySources.contains(source);
    }
    struct Resolved
    {
        std::uint32_t provider = 0; ///< index into providers; 0 = none
        std::string model;
    };
    struct ComboHash
    {
        size_t operator()(const std::array<std::uint32_t, 4> &k) const noexcept
        {
            std::uint64_t h = 0;
            for (std::uint32_t v : k)
                h = h * 0x9E3779B97F4A7C15ULL + v;
            return static_cast<size_t>(h ^ (h >> 29));
        }
    };
    std::unordered_map<std::array<std::uint32_t, 4>, Resolved, ComboHash> resolved;
    std::vector<std::string> providers{std::string()};
    std::map<std::string, std::uint32_t> providerIds;
    struct DayHash
    {
        size_t operator()(const std::tuple<std::uint32_t, Currency, std::int32_t> &k) const noexcept
        {
            std::uint64_t h = std::get<0>(k);
            h = h * 0x9E3779B97F4A7C15ULL + static_cast<std::uint32_t>(std::get<2>(k));
            h = h * 0x9E3779B97F4A7C15ULL + std::get<1>(k).packed();
            return static_cast<size_t>(h ^ (h >> 29));
        }
    };
    std::unordered_map<std::tuple<std::uint32_t, Currency, std::int32_t>, DayEntries, DayHash> byId;
    std::set<std::uint32_t> gatewayProviders, billProviders;
    const auto &groups = cube.rawGroups();
    for (size_t i = 0; i < groups.size(); ++i) {
        const CostGroup &g = groups[i];
        const Side side = sides[g.source];
        if (!side.wanted)
            continue;
        const std::array<std::uint32_t, 4> combo{g.labelSet, g.source, g.usageProvider,
                                                 g.usageModel};
        auto it = resolved.find(combo);
        if (it == resolved.end()) {
            Resolved r;
            const std::string provider =
                side.gateway ? gatewayProvider(cube, g) : billProvider(cube, g);
            if (!provider.empty()) {
                auto [p, inserted] =
                    providerIds.try_emplace(provider, static_cast<std::uint32_t>(providers.size()));
                if (inserted)
                    providers.push_back(provider);
                r.provider = p->second;
                r.model = modelOf(cube, g, !side.gateway);
            }
            it = resolved.emplace(combo, std::move(r)).first;
        }
        const Resolved &r = it->second;
        if (r.provider == 0)
            continue;
        (side.gateway ? gatewayProviders : billProviders).insert(r.provider);
        DayEntries &d = byId[{r.provider, g.currency, g.day}];
        (side.gateway ? d.gateway : d.bill).push_back({i, r.model});
    }
    std::map<DayKey, DayEntries> days;
    for (auto &[k, d] : byId) {
        const std::uint32_t p = std::get<0>(k);
        if (gatewayProviders.contains(p) && billProviders.contains(p))
            days.emplace(DayKey{providers[p], std::get<1>(k), std::get<2>(k)}, std::move(d));
    }
    return days;
}

/// Match groups: by model when both sides name models that day, else by day alone.
std::map<GroupKey, Acc> match(const CostCube &cube, const OverlapOptions &o)
{
    std::map<GroupKey, Acc> out;
    const auto named = [](const std::vector<Entry> &v) {
        return std::any_of(v.begin(), v.end(), [](const Entry &e) { return !e.model.empty(); });
    };
    for (const auto &[day, d] : collect(cube, o)) {
        const bool byModel = named(d.gateway) && named(d.bill);
        const auto keyOf = [&](const Entry &e) {
            return GroupKey{std::get<0>(day), std::get<1>(day), std::get<2>(day),
                            byModel ? e.model : std::string()};
        };
        for (const Entry &e : d.gateway) {
            Acc &a = out[keyOf(e)];
            a.gateway += cube.rawGroups()[e.group].amount;
            a.gatewayRows += cube.rawGroups()[e.group].rows;
        }
        for (const Entry &e : d.bill) {
            Acc &a = out[keyOf(e)];
            a.bill += cube.rawGroups()[e.group].amount;
            a.billRows += cube.rawGroups()[e.group].rows;
            a.billGroups.push_back(e.group);
        }
    }
    return out;
}

OverlapGroup toGroup(const GroupKey &k, const Acc &a)
{
    OverlapGroup g;
    std::tie(g.provider, g.currency, g.day, g.model) = k;
    g.gateway = a.gateway;
    g.bill = a.bill;
    g.overlap = std::max(std::min(a.gateway, a.bill), Decimal());
    g.residual = a.bill - g.overlap;
    g.excess = a.gateway - g.overlap;
    g.gatewayRows = a.gatewayRows;
    g.billRows = a.billRows;
    return g;
}

OverlapReport report(const std::map<GroupKey, Acc> &matched)
{
    OverlapReport r;
    for (const auto &[k, a] : matched)
        r.groups.push_back(toGroup(k, a));
    r.providers = summariseByProvider(r.groups);
    return r;
}

/// New amounts of one match group's bill groups: credits stay, charges share what is left
/// of the residual in proportion to their amounts.
void replaceBills(const CostCube &cube,
                  const Acc &a,
                  const OverlapGroup &g,
                  std::vector<std::optional<Decimal>> &amounts)
{
    std::vector<size_t> charges;
    std::vector<Decimal> weights;
    Decimal credits;
    for (size_t i : a.billGroups) {
        const Decimal amount = cube.rawGroups()[i].amount;
        if (amount.isNegative()) {
            credits += amount;
        } else {
            charges.push_back(i);
            weights.push_back(amount);
        }
    }
    const auto parts = splitLargestRemainder(g.residual - credits, weights, 2);
    for (size_t k = 0; k < charges.size(); ++k)
        amounts[charges[k]] = parts[k];
}

} // namespace

std::vector<ProviderOverlap> summariseByProvider(const std::vector<OverlapGroup> &groups)
{
    std::map<std::pair<std::string, Currency>, ProviderOverlap> providers;
    for (const OverlapGroup &g : groups) {
        ProviderOverlap &p = providers[{g.provider, g.currency}];
        p.provider = g.provider;
        p.currency = g.currency;
        p.gateway += g.gateway;
        p.bill += g.bill;
        p.overlap += g.overlap;
        p.residual += g.residual;
        p.excess += g.excess;
    }
    std::vector<ProviderOverlap> out;
    for (auto &[k, p] : providers) {
        if (!p.bill.isZero())
            p.coveragePct = Decimal::percent(p.gateway, p.bill, 1);
        out.push_back(std::move(p));
    }
    return out;
}

std::string matchModel(std::string_view model)
{
    std::string m = lower(trimmed(model));
    if (const auto slash = m.rfind('/'); slash != std::string::npos)
        m.erase(0, slash + 1);
    if (const auto cut = m.find_first_of(",@"); cut != std::string::npos)
        m.erase(cut);
    m = std::string(trimmed(m));
    const std::string_view v = m;
    if (v.size() > 11 && v[v.size() - 11] == '-' && isDigits(v.substr(v.size() - 10, 4)) &&
        v[v.size() - 6] == '-' && isDigits(v.substr(v.size() - 5, 2)) && v[v.size() - 3] == '-' &&
        isDigits(v.substr(v.size() - 2)))
        m.erase(m.size() - 11);
    else if (v.size() > 9 && v[v.size() - 9] == '-' && isDigits(v.substr(v.size() - 8)))
        m.erase(m.size() - 9);
    return m;
}

OverlapReport findOverlap(const CostCube &cube, const OverlapOptions &options)
{
    return report(match(cube, options));
}

MergedLedger deduplicate(const CostCube &cube, const OverlapOptions &options)
{
    const auto matched = match(cube, options);
    MergedLedger m;
    m.overlap = report(matched);
    std::vector<std::optional<Decimal>> amounts(cube.rawGroups().size());
    size_t k = 0;
    for (const auto &[key, a] : matched) {
        const OverlapGroup &g = m.overlap.groups[k++];
        m.removed += g.overlap;
        m.excess += g.excess;
        if (!g.overlap.isZero())
            replaceBills(cube, a, g, amounts);
    }
    const auto &groups = cube.rawGroups();
    for (size_t i = 0; i < groups.size(); ++i) {
        const CostGroup &g = groups[i];
        m.cube.addGroup(cube.labelSets().at(g.labelSet), cube.sources().at(g.source),
                        cube.objects().at(g.object), g.day, g.currency, g.batch,
                        amounts[i].value_or(g.amount), g.rows, cube.usageName(g.usageProvider),
                        cube.usageName(g.usageModel));
    }
    for (const CollisionTotal &c : cube.collisions())
        m.cube.addCollision(c);
    return m;
}

} // namespace unalloc::core
