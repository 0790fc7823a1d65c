#include "attribution.h"

#include <algorithm>
#include <map>

namespace unalloc::core {

bool groupInSlice(const CostCube &cube, const CostGroup &g, const AttributionOptions &o)
{
    if (o.fromDay && g.day < *o.fromDay)
        return false;
    if (o.toDay && g.day >= *o.toDay)
        return false;
    if (!o.sources.empty() && !o.sources.contains(cube.sources().at(g.source)))
        return false;
    if (!o.batches.empty() && !o.batches.contains(g.batch))
        return false;
    return true;
}

namespace {

/// Owner of one label set: index into `owners` (-1 = unallocated) and which key gave it
/// (0 = owner key, k = fallback k, -1 = none).
struct Resolved
{
    std::int32_t owner = -1;
    std::int32_t via = -1;
};

const std::string *ownerValue(const LabelMap &labels, const std::string &key)
{
    const std::string *v = labels.find(key);
    if (v == nullptr || trimmed(*v).empty())
        return nullptr;
    return v;
}

std::optional<Error> checkCurrency(std::optional<Currency> &seen, Currency c)
{
    if (!seen) {
        seen = c;
        return std::nullopt;
    }
    if (*seen != c)
        return Error{"currency-mismatch",
                     "the ledger slice mixes " + seen->code() + " and " + c.code() +
                         "; add an FX rate table or filter one currency",
                     {},
                     {},
                     {}};
    return std::nullopt;
}

} // namespace

std::string Bucket::sourceList() const
{
    std::string out;
    for (const auto &s : bySource) {
        if (!out.empty())
            out += ", ";
        out += s.source;
    }
    return out;
}

bool AttributionReport::exceedsBudget(Decimal budgetPct) const
{
    if (total.isZero())
        return false;
    return Decimal::comparePercent(unallocated, total, budgetPct) > 0;
}

size_t AttributionReport::ownerCount() const
{
    size_t n = 0;
    for (const auto &b : buckets)
        n += b.unallocated ? 0 : 1;
    return n;
}

Result<AttributionReport> attribute(const CostCube &cube, const AttributionOptions &options)
{
    AttributionReport r;
    r.dimension = options.ownerKey;
    r.fallbacks = options.fallbacks;
    r.currency = Currency::usd();

    // Resolve each distinct label set once.
    const LabelSetPool &pool = cube.labelSets();
    std::vector<Resolved> resolved(pool.size());
    std::vector<std::string> owners;
    std::unordered_map<std::string, std::int32_t> ownerIndex;
    for (size_t i = 0; i < pool.size(); ++i) {
        const LabelMap &labels = pool.at(static_cast<std::uint32_t>(i));
        const std::string *v = ownerValue(labels, options.ownerKey);
        std::int32_t via = v ? 0 : -1;
        for (size_t f = 0; v == nullptr && f < options.fallbacks.size(); ++f) {
            v = ownerValue(labels, options.fallbacks[f]);
            if (v)
                via = static_cast<std::int32_t>(f + 1);
        }
        if (v == nullptr || *v == kUnallocated)
            continue; // stays unallocated
        const std::string owner(trimmed(*v));
        auto [it, inserted] =
            ownerIndex.try_emplace(owner, static_cast<std::int32_t>(owners.size()));
        if (inserted)
            owners.push_back(owner);
        resolved[i] = {it->second, via};
    }

    const size_t nSources = cube.sources().size();
    const size_t nBuckets = owners.size() + 1; // last = unallocated
    std::vector<Decimal> bucketAmount(nBuckets), bucketFallback(nBuckets);
    std::vector<std::int64_t> bucketRows(nBuckets, 0);
    std::vector<Decimal> cell(nBuckets * nSources);
    std::vector<std::int64_t> cellRows(nBuckets * nSources, 0);
    std::vector<Decimal> fbAmount(options.fallbacks.size());
    std::vector<std::int64_t> fbRows(options.fallbacks.size(), 0);
    std::optional<Currency> currency;

    for (const CostGroup &g : cube.rawGroups()) {
        if (!groupInSlice(cube, g, options))
            continue;
        if (auto err = checkCurrency(currency, g.currency))
            return fail(*err);
        const Resolved &res = resolved[g.labelSet];
        const size_t b = res.owner < 0 ? nBuckets - 1 : static_cast<size_t>(res.owner);
        bucketAmount[b] += g.amount;
        bucketRows[b] += g.rows;
        cell[b * nSources + g.source] += g.amount;
        cellRows[b * nSources + g.source] += g.rows;
        r.total += g.amount;
        r.rowCount += g.rows;
        if (res.via == 0) {
            r.resolution.ownerLabel += g.amount;
            r.resolution.ownerRows += g.rows;
        } else if (res.via > 0) {
            r.resolution.fallback += g.amount;
            r.resolution.fallbackRows += g.rows;
            bucketFallback[b] += g.amount;
            fbAmount[static_cast<size_t>(res.via - 1)] += g.amount;
            fbRows[static_cast<size_t>(res.via - 1)] += g.rows;
        } else {
            r.resolution.none += g.amount;
            r.resolution.noneRows += g.rows;
        }
    }
    if (currency)
        r.currency = *currency;
    r.unallocated = bucketAmount[nBuckets - 1];
    r.fallbackTotal = r.resolution.fallback;

    // Source names sorted for output.
    std::vector<size_t> sourceOrder(nSources);
    for (size_t s = 0; s < nSources; ++s)
        sourceOrder[s] = s;
    std::sort(sourceOrder.begin(), sourceOrder.end(), [&cube](size_t a, size_t b) {
        return cube.sources().at(static_cast<std::uint32_t>(a)) <
               cube.sources().at(static_cast<std::uint32_t>(b));
    });

    for (size_t b = 0; b < nBuckets; ++b) {
        if (bucketRows[b] == 0)
            continue;
        Bucket bucket;
        bucket.unallocated = b == nBuckets - 1;
        bucket.key = bucket.unallocated ? std::string(kUnallocated) : owners[b];
        bucket.amount = bucketAmount[b];
        bucket.viaFallback = bucketFallback[b];
        bucket.rows = bucketRows[b];
        for (size_t s : sourceOrder) {
            if (cellRows[b * nSources + s] == 0)
                continue;
            bucket.bySource.push_back({cube.sources().at(static_cast<std::uint32_t>(s)),
                                       cell[b * nSources + s], cellRows[b * nSources + s]});
        }
        r.buckets.push_back(std::move(bucket));
    }
    std::sort(r.buckets.begin(), r.buckets.end(), [](const Bucket &a, const Bucket &b) {
        if (a.unallocated != b.unallocated)
            return b.unallocated;
        if (a.amount != b.amount)
            return a.amount > b.amount;
        return a.key < b.key;
    });
    for (size_t s : sourceOrder) {
        Decimal sum;
        std::int64_t rows = 0;
        for (size_t b = 0; b < nBuckets; ++b) {
            sum += cell[b * nSources + s];
            rows += cellRows[b * nSources + s];
        }
        if (rows > 0)
            r.bySource.push_back({cube.sources().at(static_cast<std::uint32_t>(s)), sum, rows});
    }
    for (size_t f = 0; f < options.fallbacks.size(); ++f)
        r.fallbackByKey.push_back({options.fallbacks[f], fbAmount[f], fbRows[f]});
    return r;
}

Result<std::vector<BacklogItem>>
backlog(const CostCube &cube, const AttributionOptions &options, size_t limit)
{
    const LabelSetPool &pool = cube.labelSets();
    std::vector<char> isUnallocated(pool.size(), 0);
    for (size_t i = 0; i < pool.size(); ++i) {
        const LabelMap &labels = pool.at(static_cast<std::uint32_t>(i));
        const std::string *v = ownerValue(labels, options.ownerKey);
        for (size_t f = 0; v == nullptr && f < options.fallbacks.size(); ++f)
            v = ownerValue(labels, options.fallbacks[f]);
        isUnallocated[i] = (v == nullptr || *v == kUnallocated) ? 1 : 0;
    }
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, BacklogItem> merged;
    std::optional<Currency> currency;
    for (const CostGroup &g : cube.rawGroups()) {
        if (!isUnallocated[g.labelSet] || !groupInSlice(cube, g, options))
            continue;
        if (auto err = checkCurrency(currency, g.currency))
            return fail(*err);
        auto [it, inserted] = merged.try_emplace({g.source, g.object, g.labelSet});
        BacklogItem &item = it->second;
        if (inserted) {
            item.source = cube.sources().at(g.source);
            item.name = cube.objects().at(g.object);
            item.labels = pool.at(g.labelSet);
        }
        item.amount += g.amount;
        item.rows += g.rows;
    }
    std::vector<BacklogItem> out;
    out.reserve(merged.size());
    for (auto &[k, v] : merged)
        out.push_back(std::move(v));
    std::sort(out.begin(), out.end(), [](const BacklogItem &a, const BacklogItem &b) {
        if (a.amount != b.amount)
            return a.amount > b.amount;
        return std::tie(a.source, a.name, a.labels) < std::tie(b.source, b.name, b.labels);
    });
    if (limit > 0 && out.size() > limit)
        out.resize(limit);
    return out;
}

std::vector<FixStep> fixPlan(const AttributionReport &report, const std::vector<BacklogItem> &items)
{
    std::vector<FixStep> steps;
    steps.reserve(items.size());
    Decimal remaining = report.unallocated;
    for (const BacklogItem &item : items) {
        remaining -= item.amount;
        steps.push_back({item, remaining, Decimal::percent(remaining, report.total, 1)});
    }
    return steps;
}

std::vector<std::pair<std::string, std::int64_t>> availableKeys(const CostCube &cube)
{
    std::map<std::string, std::int64_t> counts;
    std::vector<std::int64_t> rowsPerSet(cube.labelSets().size(), 0);
    for (const CostGroup &g : cube.rawGroups())
        rowsPerSet[g.labelSet] += g.rows;
    for (size_t i = 0; i < rowsPerSet.size(); ++i) {
        if (rowsPerSet[i] == 0)
            continue;
        for (const auto &[k, v] : cube.labelSets().at(static_cast<std::uint32_t>(i)).entries())
            counts[k] += rowsPerSet[i];
    }
    std::vector<std::pair<std::string, std::int64_t>> out(counts.begin(), counts.end());
    std::stable_sort(out.begin(), out.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    return out;
}

} // namespace unalloc::core
