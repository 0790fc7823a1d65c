#include "economics.h"

#include "core/split.h"
#include "core/timeutil.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace unalloc::core {

namespace {

/// A share rule's pool in one group (month, source or the whole slice), with where each
/// dollar came from so that a pool with no requests to follow can be put back.
struct Pool
{
    Decimal api, infra;
    std::int64_t objects = 0;
    std::map<std::string, std::pair<Decimal, Decimal>> origin; ///< feature → (api, infra)
};

/// The lines of one group; "" is the unattributed line (no feature value is empty).
struct Acc
{
    std::map<std::string, EconomicsLine> lines;
    std::vector<Pool> pools;
};

EconomicsLine &lineOf(Acc &acc, const std::string &feature)
{
    EconomicsLine &l = acc.lines[feature];
    l.feature = feature.empty() ? std::string(kUnattributed) : feature;
    l.unattributed = feature.empty();
    return l;
}

/// Spreads each pool over the features with requests, exactly (largest remainder, cents
/// where the pool allows). Returns what each rule did.
std::vector<EconomicsShareApplied> applyPools(Acc &acc, const std::vector<EconomicsShare> &shares)
{
    std::vector<EconomicsShareApplied> applied;
    std::vector<std::string> names;
    std::vector<Decimal> weights;
    for (const auto &[feature, line] : acc.lines) {
        if (!feature.empty() && line.requests > 0) {
            names.push_back(feature);
            weights.push_back(Decimal::fromInt(line.requests));
        }
    }
    for (size_t i = 0; i < acc.pools.size(); ++i) {
        Pool &p = acc.pools[i];
        EconomicsShareApplied a{shares[i], p.api, p.infra, p.objects, 0};
        if (names.empty()) {
            for (const auto &[feature, amounts] : p.origin) {
                EconomicsLine &l = lineOf(acc, feature);
                l.api += amounts.first;
                l.infra += amounts.second;
            }
        } else if (p.objects > 0) {
            a.features = std::int64_t(names.size());
            const auto api = splitLargestRemainder(p.api, weights, 2);
            const auto infra = splitLargestRemainder(p.infra, weights, 2);
            for (size_t k = 0; k < names.size(); ++k) {
                EconomicsLine &l = lineOf(acc, names[k]);
                l.api += api[k];
                l.infra += infra[k];
                l.sharedIn += api[k] + infra[k];
            }
        }
        applied.push_back(std::move(a));
    }
    return applied;
}

bool lineOrder(const EconomicsLine &a, const EconomicsLine &b)
{
    if (a.unattributed != b.unattributed)
        return b.unattributed;
    if (a.total() != b.total())
        return a.total() > b.total();
    return a.feature < b.feature;
}

/// The lines of `acc` sorted for output; the unattributed line is taken out when asked.
std::vector<EconomicsLine> sortedLines(const Acc &acc, EconomicsLine *unattributed)
{
    std::vector<EconomicsLine> out;
    for (const auto &[feature, line] : acc.lines) {
        if (feature.empty() && unattributed)
            *unattributed = line;
        else
            out.push_back(line);
    }
    std::sort(out.begin(), out.end(), lineOrder);
    return out;
}

std::string monthOf(std::int32_t day)
{
    return formatDate(TimeUs(day) * kUsPerDay).substr(0, 7);
}

} // namespace

std::optional<Decimal> EconomicsLine::perThousand(int places) const
{
    if (requests <= 0)
        return std::nullopt;
    // total × 1000 ÷ requests = percent(total × 10, requests): one exact rounding.
    return Decimal::percent(total().times(10), Decimal::fromInt(requests), places);
}

std::optional<Decimal> EconomicsLine::apiPerThousand(int places) const
{
    if (requests <= 0)
        return std::nullopt;
    return Decimal::percent(api.times(10), Decimal::fromInt(requests), places);
}

std::optional<Decimal> EconomicsLine::infraPerThousand(int places) const
{
    if (requests <= 0)
        return std::nullopt;
    return Decimal::percent(infra.times(10), Decimal::fromInt(requests), places);
}

std::optional<Decimal> EconomicsLine::invisiblePct(int places) const
{
    if (total().isZero())
        return std::nullopt;
    return Decimal::percent(infra, total(), places);
}

Result<EconomicsReport> featureEconomics(const CostCube &cube, const EconomicsOptions &options)
{
    EconomicsReport report;
    report.dimension = options.featureKey;
    Acc whole;
    std::map<std::string, Acc> months, sources;
    whole.pools.resize(options.shares.size());
    std::optional<Currency> currency;
    std::vector<char> sourceWanted(cube.sources().size(), 1); // by source id
    if (!options.sources.empty())
        for (std::uint32_t s = 0; s < sourceWanted.size(); ++s)
            sourceWanted[s] = options.sources.contains(std::string(cube.sources().at(s)));
    const auto inSlice = [&](const CostGroup &g) {
        return !((options.fromDay && g.day < *options.fromDay) ||
                 (options.toDay && g.day >= *options.toDay) ||
                 !sourceWanted[cube.context(g).source]);
    };
    // A mixed slice is refused naming the first two currencies in the cube's canonical order.
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        if (currency && *currency != cube.context(g).currency) {
            currency.reset();
            for (const CostGroup &c : cube.groups()) {
                if (!inSlice(c))
                    continue;
                if (currency && *currency != cube.context(c).currency)
                    return fail("mixed-currency", "the slice mixes " + currency->code() + " and " +
                                                      cube.context(c).currency.code() +
                                                      ": feature economics needs one currency");
                currency = cube.context(c).currency;
            }
        }
        currency = cube.context(g).currency;
    }
    // Every figure is a sum: groups are first summed per (month, source, feature, share, counted
    // as requests) with integer keys — a label set's feature and share are found once per set,
    // by ids — then each sum is booked as one group was.
    const LabelSetPool &pool = cube.labelSets();
    const std::uint32_t featureKey = pool.keyId(options.featureKey);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> shareKeys; // (key id, wanted value id)
    for (const auto &share : options.shares) {
        const std::uint32_t k = pool.keyId(share.key);
        shareKeys.emplace_back(k, k == LabelSetPool::kAbsent ? LabelSetPool::kAbsent
                                                             : pool.valueId(share.value));
    }
    constexpr std::int32_t kUnknown = -2;
    std::vector<std::int32_t> shareOf(pool.size(), kUnknown);
    std::vector<std::uint32_t> featureOf(pool.size(), 0); // value id + 1, 0 = none
    // (month index, source, feature value id + 1, share, counted as requests)
    using Key = std::tuple<std::int32_t, std::uint32_t, std::uint32_t, std::int32_t, bool>;
    struct Sum
    {
        Decimal amount;
        std::int64_t rows = 0;
    };
    // Hashed while groups are summed (ten million per-request groups made a tree's compares
    // a noticeable part of the explorer's first analysis), then booked in key order.
    struct KeyHash
    {
        size_t operator()(const Key &k) const
        {
            const auto &[m, source, feature, share, counted] = k;
            std::uint64_t h = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(m)) << 40) ^
                              (static_cast<std::uint64_t>(source) << 20) ^ feature;
            h ^= (static_cast<std::uint64_t>(static_cast<std::uint32_t>(share)) << 1 | counted) *
                 0x9E3779B97F4A7C15ULL;
            h *= 0xBF58476D1CE4E5B9ULL;
            return static_cast<size_t>(h ^ (h >> 31));
        }
    };
    std::unordered_map<Key, Sum, KeyHash> sums;
    std::map<std::int32_t, std::int32_t> monthOfDay; // day → year × 12 + month index
    std::int32_t lastDay = 0, lastMonth = -1;
    std::vector<std::string> monthNames;
    std::vector<char> gateway(cube.sources().size());
    for (std::uint32_t i = 0; i < gateway.size(); ++i)
        gateway[i] = isGatewaySource(cube.sources().at(i)) ? 1 : 0;
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        if (shareOf[g.labelSet] == kUnknown) {
            std::int32_t share = -1;
            for (size_t i = 0; i < shareKeys.size() && share < 0; ++i)
                if (shareKeys[i].first != LabelSetPool::kAbsent &&
                    shareKeys[i].second != LabelSetPool::kAbsent &&
                    pool.valueId(g.labelSet, shareKeys[i].first) == shareKeys[i].second)
                    share = static_cast<std::int32_t>(i);
            shareOf[g.labelSet] = share;
            const std::uint32_t v = featureKey == LabelSetPool::kAbsent
                                        ? LabelSetPool::kAbsent
                                        : pool.valueId(g.labelSet, featureKey);
            featureOf[g.labelSet] = v == LabelSetPool::kAbsent ? 0 : v + 1;
        }
        if (lastMonth < 0 || g.day != lastDay) {
            auto month = monthOfDay.find(g.day);
            if (month == monthOfDay.end()) {
                const std::string name = monthOf(g.day);
                auto known = std::find(monthNames.begin(), monthNames.end(), name);
                const auto index = static_cast<std::int32_t>(known - monthNames.begin());
                if (known == monthNames.end())
                    monthNames.push_back(name);
                month = monthOfDay.emplace(g.day, index).first;
            }
            lastDay = g.day;
            lastMonth = month->second;
        }
        const GroupContext &c = cube.context(g);
        const bool counted = gateway[c.source] && !options.aggregateBatches.contains(c.batch);
        Sum &sum =
            sums[Key{lastMonth, c.source, featureOf[g.labelSet], shareOf[g.labelSet], counted}];
        sum.amount += g.amount;
        sum.rows += g.rows;
    }
    std::vector<std::pair<Key, Sum>> ordered(sums.begin(), sums.end());
    std::sort(ordered.begin(), ordered.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[key, sum] : ordered) {
        const auto &[monthIndex, sourceId, featureId, share, counted] = key;
        const std::string source(cube.sources().at(sourceId));
        const std::string feature =
            featureId == 0 ? std::string() : std::string(pool.valueText(featureId - 1));
        const bool api = economicsSide(source) == EconomicsSide::Api;
        const std::int64_t requests = counted ? sum.rows : 0;
        Acc &month = months[monthNames[static_cast<size_t>(monthIndex)]];
        month.pools.resize(options.shares.size());
        Acc &bySource = sources[source]; // where the dollars were billed: never shared
        for (Acc *acc : {&whole, &month, &bySource}) {
            EconomicsLine &l = lineOf(*acc, feature);
            l.requests += requests;
            if (share >= 0 && acc != &bySource) {
                Pool &p = acc->pools[size_t(share)];
                (api ? p.api : p.infra) += sum.amount;
                auto &o = p.origin[feature];
                (api ? o.first : o.second) += sum.amount;
                p.objects += sum.rows;
            } else {
                (api ? l.api : l.infra) += sum.amount;
            }
        }
        report.requests += requests;
        report.total += sum.amount;
        (api ? report.api : report.infra) += sum.amount;
    }
    report.currency = currency.value_or(Currency::usd());
    report.shares = applyPools(whole, options.shares);
    report.features = sortedLines(whole, &report.unattributed);
    report.unattributed.feature = kUnattributed;
    report.unattributed.unattributed = true;
    for (auto &[month, acc] : months) {
        applyPools(acc, options.shares);
        for (EconomicsLine &l : sortedLines(acc, nullptr))
            report.byMonth.push_back({month, std::move(l)});
    }
    for (auto &[source, acc] : sources)
        for (EconomicsLine &l : sortedLines(acc, nullptr))
            report.bySource.push_back({source, std::move(l)});
    return report;
}

EconomicsSide economicsSide(std::string_view source)
{
    return isGatewaySource(source) || source == "openai" || source == "anthropic"
               ? EconomicsSide::Api
               : EconomicsSide::Infra;
}

bool isGatewaySource(std::string_view source)
{
    return source == "litellm";
}

Result<EconomicsShare> parseEconomicsShare(std::string_view text)
{
    const auto eq = text.find('=');
    const auto colon = text.rfind(':');
    const auto bad = [&](const std::string &why) {
        return fail("usage",
                    "--share " + std::string(text) + ": " + why + " (expected KEY=VALUE:requests)");
    };
    if (eq == std::string_view::npos || eq == 0)
        return bad("no KEY=");
    if (colon == std::string_view::npos || colon < eq)
        return bad("no :DRIVER");
    if (text.substr(colon + 1) != "requests")
        return bad("unknown driver '" + std::string(text.substr(colon + 1)) +
                   "' (only 'requests')");
    EconomicsShare s{std::string(text.substr(0, eq)),
                     std::string(text.substr(eq + 1, colon - eq - 1))};
    if (s.value.empty())
        return bad("empty VALUE");
    return s;
}

} // namespace unalloc::core
