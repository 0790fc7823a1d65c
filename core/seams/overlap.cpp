#include "overlap.h"

#include "core/split.h"

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <set>
#include <span>
#include <tuple>
#include <unordered_map>

namespace unalloc::core {

namespace {

/// (provider, currency, period start day, period days, model)
using GroupKey = std::tuple<std::string, Currency, std::int32_t, std::int32_t, std::string>;
/// (provider, currency)
using ProviderKey = std::pair<std::string, Currency>;
/// (period start day, period days)
using Period = std::pair<std::int32_t, std::int32_t>;

struct CellHash
{
    size_t operator()(const std::pair<std::int32_t, const std::string *> &k) const noexcept
    {
        const std::uint64_t h = (std::uint64_t(std::uint32_t(k.first)) << 32 ^
                                 reinterpret_cast<std::uintptr_t>(k.second)) *
                                0x9E3779B97F4A7C15ULL;
        return static_cast<size_t>(h ^ (h >> 29));
    }
};

struct Entry
{
    size_t group;             ///< index into CostCube::rawGroups()
    const std::string *model; ///< into Collected::models
};

/// The gateway groups of one day and model, summed: a gateway logs a group per request, and
/// only these sums are matched (a list of ten million entries took 0.8 s and 160 MB).
struct Cell
{
    std::int32_t day = 0;
    const std::string *model = nullptr; ///< into Collected::models
    Decimal amount;
    std::int64_t rows = 0;
};

struct Sides
{
    std::vector<Cell> gateway;
    std::vector<Entry> bill;
    /// (day, model) → index into gateway
    std::unordered_map<std::pair<std::int32_t, const std::string *>, std::uint32_t, CellHash> cells;

    void addGateway(const CostGroup &g, const std::string *model)
    {
        const auto [it, inserted] =
            cells.try_emplace({g.day, model}, static_cast<std::uint32_t>(gateway.size()));
        if (inserted)
            gateway.push_back({g.day, model, Decimal(), 0});
        Cell &c = gateway[it->second];
        c.amount += g.amount;
        c.rows += g.rows;
    }
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

std::string labelOr(const LabelSetRef &labels, std::initializer_list<const char *> keys)
{
    for (const char *k : keys)
        if (const auto v = labels.find(k))
            return std::string(*v);
    return {};
}

/// identifyGatewayRow over what the group kept: its usage fields, else its labels.
GatewayIdentity gatewayIdentity(const CostCube &cube, const CostGroup &g)
{
    const LabelSetRef labels = cube.labelSets().ref(g.labelSet);
    const GroupContext &c = cube.context(g);
    const std::string provider = cube.usageName(c.usageProvider).empty()
                                     ? labelOr(labels, {"custom_llm_provider", "provider"})
                                     : std::string(cube.usageName(c.usageProvider));
    const std::string model = cube.usageName(c.usageModel).empty()
                                  ? labelOr(labels, {"model"})
                                  : std::string(cube.usageName(c.usageModel));
    return identifyGatewayRow({provider, model, labelOr(labels, {"model_group"}), {}});
}

std::string billProvider(const CostCube &cube, const CostGroup &g)
{
    const std::string p = labelOr(cube.labelSets().ref(g.labelSet), {"provider"});
    return lower(trimmed(p.empty() ? cube.sources().at(cube.context(g).source) : p));
}

std::string billModel(const CostCube &cube, const CostGroup &g)
{
    std::string m(cube.usageName(cube.context(g).usageModel));
    if (m.empty())
        m = labelOr(cube.labelSets().ref(g.labelSet), {"model", "line_item"});
    return matchModel(m);
}

struct Collected
{
    std::map<ProviderKey, Sides> providers;
    std::int64_t unknownProviderRows = 0;
    std::deque<std::string> models; ///< each distinct model once; a move keeps addresses
};

/// Gateway and bill groups of the slice per (provider, currency), for providers that have
/// both. Provider and model text are worked out once per distinct combination of what decides
/// them (source, usage provider and model, and the values of the few labels read), not once
/// per group or label set: per-request metadata makes sets about as many as rows.
Collected collect(const CostCube &cube, const OverlapOptions &o)
{
    struct Side
    {
        bool wanted = false, gateway = false;
    };
    std::vector<Side> sides(cube.sources().size());
    for (size_t s = 0; s < sides.size(); ++s) {
        const std::string source(cube.sources().at(static_cast<std::uint32_t>(s)));
        sides[s].wanted = o.sources.empty() || o.sources.contains(source);
        sides[s].gateway = o.gatewaySources.contains(source);
    }
    struct Resolved
    {
        std::uint32_t provider = 0; ///< index into providers; 0 = none
        const std::string *model = nullptr;
        bool providerBill = false; ///< a bill row that names its provider (label `provider`)
    };
    struct ComboHash
    {
        size_t operator()(const std::array<std::uint32_t, 8> &k) const noexcept
        {
            std::uint64_t h = 0;
            for (std::uint32_t v : k)
                h = h * 0x9E3779B97F4A7C15ULL + v;
            return static_cast<size_t>(h ^ (h >> 29));
        }
    };
    // The labels gatewayIdentity, billProvider and billModel read.
    const LabelSetPool &pool = cube.labelSets();
    const std::array<std::uint32_t, 5> identityKeys{
        pool.keyId("custom_llm_provider"), pool.keyId("provider"), pool.keyId("model"),
        pool.keyId("model_group"), pool.keyId("line_item")};
    using Combo = std::array<std::uint32_t, 8>;
    std::unordered_map<Combo, Resolved, ComboHash> resolved;
    std::unordered_map<std::string, const std::string *> modelIds;
    Collected out;
    const auto modelPtr = [&](std::string model) {
        auto [it, inserted] = modelIds.try_emplace(std::move(model), nullptr);
        if (inserted)
            it->second = &out.models.emplace_back(it->first);
        return it->second;
    };
    std::vector<std::string> providers{std::string()};
    std::map<std::string, std::uint32_t> providerIds;
    struct IdHash
    {
        size_t operator()(const std::pair<std::uint32_t, Currency> &k) const noexcept
        {
            const std::uint64_t h =
                std::uint64_t{k.first} * 0x9E3779B97F4A7C15ULL ^ k.second.packed();
            return static_cast<size_t>(h ^ (h >> 29));
        }
    };
    std::unordered_map<std::pair<std::uint32_t, Currency>, Sides, IdHash> byId;
    // Where each identity key stands in each shape, found once per shape: a group's combo is
    // then read straight from its set's value ids.
    std::vector<std::array<std::uint32_t, 5>> positions(pool.shapeCount());
    std::vector<char> positioned(pool.shapeCount(), 0);
    const auto resolve = [&](const CostGroup &g, const Side side) -> const Resolved & {
        const GroupContext &c = cube.context(g);
        Combo combo{c.source, c.usageProvider, c.usageModel};
        const std::uint32_t shape = pool.shapeOf(g.labelSet);
        if (!positioned[shape]) {
            positioned[shape] = 1;
            for (size_t k = 0; k < identityKeys.size(); ++k)
                positions[shape][k] = identityKeys[k] == LabelSetPool::kAbsent
                                          ? LabelSetPool::kAbsent
                                          : pool.shapePosition(shape, identityKeys[k]);
        }
        const PackedIdRun values = pool.values(g.labelSet);
        for (size_t k = 0; k < identityKeys.size(); ++k)
            combo[3 + k] = positions[shape][k] == LabelSetPool::kAbsent
                               ? LabelSetPool::kAbsent
                               : values[positions[shape][k]];
        auto it = resolved.find(combo);
        if (it == resolved.end()) {
            Resolved r;
            std::string provider, model;
            if (side.gateway) {
                GatewayIdentity id = gatewayIdentity(cube, g);
                provider = std::move(id.provider);
                model = matchModel(id.model);
            } else {
                provider = billProvider(cube, g);
                model = billModel(cube, g);
                r.providerBill = combo[4] != LabelSetPool::kAbsent; // label `provider`
            }
            if (!provider.empty()) {
                auto [p, inserted] =
                    providerIds.try_emplace(provider, static_cast<std::uint32_t>(providers.size()));
                if (inserted)
                    providers.push_back(provider);
                r.provider = p->second;
                r.model = modelPtr(std::move(model));
            }
            it = resolved.emplace(combo, std::move(r)).first;
        }
        return it->second;
    };
    const auto &groups = cube.rawGroups();
    // The bills first (a few lines per provider and period): a gateway group is kept only when
    // its provider has one, not the millions of a provider that sends no bill.
    std::vector<char> billed, gatewayed;
    const auto mark = [](std::vector<char> &flags, std::uint32_t provider) {
        if (provider >= flags.size())
            flags.resize(provider + 1, 0);
        flags[provider] = 1;
    };
    const auto has = [](const std::vector<char> &flags, std::uint32_t provider) {
        return provider < flags.size() && flags[provider] != 0;
    };
    // Only a bill row names its provider (a gateway row's Resolved never does).
    bool anyProviderBill = false;
    for (const CostGroup &g : groups)
        if (const Side side = sides[cube.context(g).source]; side.wanted && !side.gateway) {
            const Resolved &r = resolve(g, side);
            anyProviderBill = anyProviderBill || r.providerBill;
            if (r.provider != 0)
                mark(billed, r.provider);
        }
    // No bill with a provider and none that names one: no gateway row can match, and none is
    // reported as of an unknown provider. A ledger of a gateway and a cluster only (ten million
    // requests: 0.19 s of a report, resolving every gateway group for nothing).
    if (billed.empty() && !anyProviderBill)
        return out;
    for (size_t i = 0; i < groups.size(); ++i) {
        const CostGroup &g = groups[i];
        const Side side = sides[cube.context(g).source];
        if (!side.wanted)
            continue;
        const Resolved &r = resolve(g, side);
        if (r.provider == 0) {
            if (side.gateway)
                out.unknownProviderRows += g.rows;
            continue;
        }
        if (side.gateway) {
            mark(gatewayed, r.provider);
            if (!has(billed, r.provider))
                continue;
        }
        Sides &d = byId[{r.provider, cube.context(g).currency}];
        if (side.gateway)
            d.addGateway(g, r.model);
        else
            d.bill.push_back({i, r.model});
    }
    if (!anyProviderBill) // nothing a gateway row could have matched: no one to warn
        out.unknownProviderRows = 0;
    for (auto &[k, d] : byId) {
        if (has(gatewayed, k.first) && has(billed, k.first))
            out.providers.emplace(ProviderKey{providers[k.first], k.second}, std::move(d));
    }
    return out;
}

/// Each day covered by a bill, mapped to the shortest bill period holding it (ties: the
/// earlier start), so that a daily bill line beside a monthly one keeps its own day.
std::unordered_map<std::int32_t, Period> periodOfDay(const CostCube &cube, const Sides &s)
{
    std::set<Period> periods;
    for (const Entry &e : s.bill) {
        const CostGroup &g = cube.rawGroups()[e.group];
        periods.insert({g.day, std::max(cube.context(g).days, 1)});
    }
    std::unordered_map<std::int32_t, Period> out;
    for (const Period &p : periods) {
        for (std::int32_t d = p.first; d < p.first + p.second; ++d) {
            auto [it, inserted] = out.try_emplace(d, p);
            if (!inserted &&
                std::tie(p.second, p.first) < std::tie(it->second.second, it->second.first))
                it->second = p;
        }
    }
    return out;
}

/// Match groups: per billing period, by model when both sides name models in it, else by
/// period alone.
std::map<GroupKey, Acc> match(const CostCube &cube, const OverlapOptions &o, std::int64_t *unknown)
{
    std::map<GroupKey, Acc> out;
    const auto named = [](const auto &v) {
        return std::any_of(v.begin(), v.end(), [](const auto &e) { return !e.model->empty(); });
    };
    Collected collected = collect(cube, o);
    if (unknown)
        *unknown = collected.unknownProviderRows;
    for (const auto &[pk, sides] : collected.providers) {
        const auto periodOf = periodOfDay(cube, sides);
        std::map<Period, Sides> periods;
        for (const Cell &c : sides.gateway) {
            const auto it = periodOf.find(c.day);
            periods[it == periodOf.end() ? Period{c.day, 1} : it->second].gateway.push_back(c);
        }
        for (const Entry &e : sides.bill) {
            const CostGroup &g = cube.rawGroups()[e.group];
            periods[{g.day, std::max(cube.context(g).days, 1)}].bill.push_back(e);
        }
        for (const auto &[period, d] : periods) {
            const bool byModel = named(d.gateway) && named(d.bill);
            // Within a period the key differs only by model: look each model up once.
            std::unordered_map<const std::string *, Acc *> accOf;
            const auto accFor = [&](const std::string *model) -> Acc & {
                Acc *&a = accOf[byModel ? model : nullptr];
                if (a == nullptr)
                    a = &out[GroupKey{pk.first, pk.second, period.first, period.second,
                                      byModel ? *model : std::string()}];
                return *a;
            };
            for (const Cell &c : d.gateway) {
                Acc &a = accFor(c.model);
                a.gateway += c.amount;
                a.gatewayRows += c.rows;
            }
            for (const Entry &e : d.bill) {
                Acc &a = accFor(e.model);
                a.bill += cube.rawGroups()[e.group].amount;
                a.billRows += cube.rawGroups()[e.group].rows;
                a.billGroups.push_back(e.group);
            }
        }
    }
    return out;
}

OverlapGroup toGroup(const GroupKey &k, const Acc &a)
{
    OverlapGroup g;
    std::tie(g.provider, g.currency, g.day, g.days, g.model) = k;
    g.gateway = a.gateway;
    g.bill = a.bill;
    g.overlap = std::max(std::min(a.gateway, a.bill), Decimal());
    g.residual = a.bill - g.overlap;
    g.excess = a.gateway - g.overlap;
    g.gatewayRows = a.gatewayRows;
    g.billRows = a.billRows;
    return g;
}

OverlapReport report(const std::map<GroupKey, Acc> &matched, std::int64_t unknown)
{
    OverlapReport r;
    r.unknownProviderRows = unknown;
    for (const auto &[k, a] : matched)
        r.groups.push_back(toGroup(k, a));
    r.providers = summariseByProvider(r.groups);
    return r;
}

/// New amounts of one match group's bill groups: credits stay, charges share what is left
/// of the residual in proportion to their amounts. Appended to `out` as (index into
/// rawGroups, amount).
void replaceBills(const CostCube &cube,
                  const Acc &a,
                  const OverlapGroup &g,
                  std::vector<std::pair<size_t, Decimal>> &out)
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
        out.emplace_back(charges[k], parts[k]);
}

} // namespace

std::string periodGranularity(std::int32_t days)
{
    if (days <= 1)
        return "daily";
    if (days == 7)
        return "weekly";
    if (days >= 28 && days <= 31)
        return "monthly";
    return std::to_string(days) + "-day";
}

std::vector<ProviderOverlap> summariseByProvider(const std::vector<OverlapGroup> &groups)
{
    std::map<std::pair<std::string, Currency>, ProviderOverlap> providers;
    std::map<std::pair<std::string, Currency>, std::set<std::int32_t>> matchedDays;
    for (const OverlapGroup &g : groups) {
        if (!g.overlap.isZero())
            matchedDays[{g.provider, g.currency}].insert(g.days);
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
        std::set<std::string> names;
        for (std::int32_t days : matchedDays[k])
            names.insert(periodGranularity(days));
        for (const std::string &n : names)
            p.granularity += (p.granularity.empty() ? "" : ", ") + n;
        out.push_back(std::move(p));
    }
    return out;
}

OverlapReport findOverlap(const CostCube &cube, const OverlapOptions &options)
{
    std::int64_t unknown = 0;
    const auto matched = match(cube, options, &unknown);
    return report(matched, unknown);
}

MergedLedger deduplicate(const CostCube &cube, const OverlapOptions &options)
{
    return deduplicate(CostCube(cube), options);
}

MergedLedger deduplicate(CostCube &&cube, const OverlapOptions &options)
{
    MergedLedger m;
    std::vector<std::pair<size_t, Decimal>> replaced; // only the bill groups that change
    {
        std::int64_t unknown = 0;
        const auto matched = match(cube, options, &unknown);
        m.overlap = report(matched, unknown);
        size_t k = 0;
        for (const auto &[key, a] : matched) {
            const OverlapGroup &g = m.overlap.groups[k++];
            m.removed += g.overlap;
            m.excess += g.excess;
            if (!g.overlap.isZero())
                replaceBills(cube, a, g, replaced);
        }
    } // nothing read from the cube is kept past here: it moves
    m.cube = std::move(cube);
    for (const auto &[group, amount] : replaced)
        m.cube.setGroupAmount(group, amount);
    return m;
}

} // namespace unalloc::core
