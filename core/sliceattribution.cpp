#include "slice.h"

#include "ownerrule.h"
#include "slicefilter.h"

#include <algorithm>
#include <future>
#include <numeric>

/// @file
/// The attribution report from per-set sums (attributeSums: what the explorer keeps per slice)
/// or straight from the cube's groups (attributeGroups: a one-off report, no sums held).

namespace unalloc::core {

namespace {

// A bucket's sums and its per-source cells lie together: with an owner key of tens of
// thousands of values (end users), each cell then touches two cache lines, not five.
using Sum = AmountRows;
struct BucketSum
{
    Sum all, viaFallback;
};

/// One thread's sums over part of the slice.
struct Partial
{
    std::vector<BucketSum> bucket;
    std::vector<Sum> cell;          ///< bucket × source
    std::vector<Sum> fallback;      ///< per fallback key
    std::vector<Sum> fallbackOwner; ///< fallback key × bucket, when asked for
    CurrencyCheck currency;         ///< attributeGroups only: the sums' currencies come checked

    /// Adds `other`'s sums (integer sums: exact whatever the split).
    void add(const Partial &other)
    {
        for (size_t b = 0; b < bucket.size(); ++b) {
            bucket[b].all.add(other.bucket[b].all);
            bucket[b].viaFallback.add(other.bucket[b].viaFallback);
        }
        for (size_t c = 0; c < cell.size(); ++c)
            cell[c].add(other.cell[c]);
        for (size_t f = 0; f < fallback.size(); ++f)
            fallback[f].add(other.fallback[f]);
        for (size_t f = 0; f < fallbackOwner.size(); ++f)
            fallbackOwner[f].add(other.fallbackOwner[f]);
        currency.follow(other.currency);
    }
};

/// Sums (label set, source, amount, rows) items into a Partial per the sets' resolution.
class Accumulator
{
public:
    /// `byFallbackOwner`: also sum per (fallback key, owner).
    Accumulator(const CostCube &cube,
                const AttributionOptions &options,
                const SetResolution &resolution,
                bool byFallbackOwner)
        : m_resolved(resolution.ofSet)
        , m_nSources(cube.sources().size())
        , m_nBuckets(resolution.owners.size() + 1) // last = unallocated
        , m_nFallbacks(options.fallbacks.size())
        , m_byFallbackOwner(byFallbackOwner)
    {}

    void start(Partial &p) const
    {
        p.bucket.resize(m_nBuckets);
        p.cell.resize(m_nBuckets * m_nSources);
        p.fallback.resize(m_nFallbacks);
        if (m_byFallbackOwner)
            p.fallbackOwner.resize(m_nFallbacks * m_nBuckets);
    }
    /// Loads the sums the item of (set, source) will add to.
    void prefetch(const Partial &p, std::uint32_t set, std::uint32_t source) const
    {
        const size_t b = bucketOf(m_resolved[set]);
        __builtin_prefetch(&p.bucket[b], 1);
        __builtin_prefetch(&p.cell[b * m_nSources + source], 1);
    }
    void add(Partial &p, std::uint32_t set, std::uint32_t source, const Sum &add) const
    {
        const SetOwner &res = m_resolved[set];
        // No owner (via < 0) is the unallocated bucket: the totals per resolution follow
        // from the buckets' sums after the scan.
        const size_t b = bucketOf(res);
        p.bucket[b].all.add(add);
        p.cell[b * m_nSources + source].add(add);
        if (res.via > 0) {
            const auto f = static_cast<size_t>(res.via - 1);
            p.bucket[b].viaFallback.add(add);
            p.fallback[f].add(add);
            if (m_byFallbackOwner)
                p.fallbackOwner[f * m_nBuckets + b].add(add);
        }
    }
    /// The per (fallback key, owner) sums of `p` as FallbackOwnerSums (the unallocated bucket,
    /// which no fallback reaches, left out).
    void takeFallbackOwners(Partial &p, FallbackOwnerSums *out) const
    {
        if (!out)
            return;
        out->owners = m_nBuckets - 1;
        out->sums.clear();
        out->sums.reserve(m_nFallbacks * out->owners);
        for (size_t f = 0; f < m_nFallbacks; ++f)
            out->sums.insert(out->sums.end(),
                             p.fallbackOwner.begin() + static_cast<std::ptrdiff_t>(f * m_nBuckets),
                             p.fallbackOwner.begin() +
                                 static_cast<std::ptrdiff_t>(f * m_nBuckets + out->owners));
    }

private:
    size_t bucketOf(const SetOwner &res) const
    {
        return res.owner < 0 ? m_nBuckets - 1 : static_cast<size_t>(res.owner);
    }

    const std::vector<SetOwner> &m_resolved;
    size_t m_nSources, m_nBuckets, m_nFallbacks;
    bool m_byFallbackOwner;
};

/// Runs `scan(from, to, partial)` over [0, n): on two threads, each into sums of its own, when
/// n is large; the halves' sums are then added, the lower half's first.
template<class Scan>
Partial scanInHalves(size_t n, size_t parallelFrom, const Accumulator &acc, const Scan &scan)
{
    Partial part;
    acc.start(part);
    if (n < parallelFrom) {
        scan(size_t{0}, n, part);
        return part;
    }
    Partial second;
    const size_t half = n / 2;
    auto other = std::async(std::launch::async, [&] {
        acc.start(second);
        scan(half, n, second);
    });
    scan(size_t{0}, half, part);
    other.get();
    part.add(second);
    return part;
}

/// The report from the slice's sums per bucket.
AttributionReport reportOf(const CostCube &cube,
                           const AttributionOptions &options,
                           const SetResolution &resolution,
                           const Partial &part,
                           Currency currency)
{
    AttributionReport r;
    r.dimension = options.ownerKey;
    r.fallbacks = options.fallbacks;
    r.currency = currency;
    const std::vector<std::string> &owners = resolution.owners;
    const size_t nSources = cube.sources().size();
    const size_t nBuckets = owners.size() + 1; // last = unallocated
    const std::vector<BucketSum> &bucketSum = part.bucket;
    const std::vector<Sum> &cell = part.cell;
    Sum all, viaFallback;
    for (const BucketSum &bs : bucketSum) {
        all.add(bs.all);
        viaFallback.add(bs.viaFallback);
    }
    const Sum &none = bucketSum[nBuckets - 1].all;
    r.total = all.amount;
    r.rowCount = all.rows;
    r.resolution.none = none.amount;
    r.resolution.noneRows = none.rows;
    r.resolution.fallback = viaFallback.amount;
    r.resolution.fallbackRows = viaFallback.rows;
    r.resolution.ownerLabel = all.amount - viaFallback.amount - none.amount;
    r.resolution.ownerRows = all.rows - viaFallback.rows - none.rows;
    r.unallocated = none.amount;
    r.fallbackTotal = r.resolution.fallback;

    // Source names sorted for output.
    std::vector<size_t> sourceOrder(nSources);
    std::iota(sourceOrder.begin(), sourceOrder.end(), size_t{0});
    std::sort(sourceOrder.begin(), sourceOrder.end(), [&cube](size_t a, size_t b) {
        return cube.sources().at(static_cast<std::uint32_t>(a)) <
               cube.sources().at(static_cast<std::uint32_t>(b));
    });

    // The buckets in report order (owners by amount, then name; unallocated last), sorted as
    // compact (amount, index) entries so that each Bucket is built once, in place.
    struct Rank
    {
        Decimal amount;
        std::uint32_t bucket;
    };
    std::vector<Rank> order;
    order.reserve(nBuckets);
    for (size_t b = 0; b + 1 < nBuckets; ++b)
        if (bucketSum[b].all.rows != 0)
            order.push_back({bucketSum[b].all.amount, static_cast<std::uint32_t>(b)});
    const auto before = [&owners](const Rank &a, const Rank &b) {
        if (a.amount != b.amount)
            return a.amount > b.amount;
        return owners[a.bucket] < owners[b.bucket];
    };
    // With an owner key of tens of thousands of values (end users) the sort and the buckets
    // are a third of a re-attribution: each half on a thread of its own. The order is total
    // (owner names are unique), so the merge gives the order one sort would.
    constexpr size_t kParallelBuckets = 16384;
    const bool twoThreads = order.size() >= kParallelBuckets;
    const auto middle = order.begin() + static_cast<std::ptrdiff_t>(order.size() / 2);
    if (twoThreads) {
        auto lower =
            std::async(std::launch::async, [&] { std::sort(order.begin(), middle, before); });
        std::sort(middle, order.end(), before);
        lower.get();
        std::inplace_merge(order.begin(), middle, order.end(), before);
    } else {
        std::sort(order.begin(), order.end(), before);
    }
    if (none.rows != 0)
        order.push_back({none.amount, static_cast<std::uint32_t>(nBuckets - 1)});
    r.buckets.resize(order.size());
    const auto build = [&](size_t from, size_t to) {
        constexpr size_t kAhead = 8; // a bucket's sums this many ahead are loaded meanwhile
        for (size_t i = from; i < to; ++i) {
            if (i + kAhead < to) {
                const std::uint32_t ahead = order[i + kAhead].bucket;
                __builtin_prefetch(&bucketSum[ahead]);
                __builtin_prefetch(&cell[ahead * nSources]);
                if (ahead + 1 < nBuckets)
                    __builtin_prefetch(&owners[ahead]);
            }
            const std::uint32_t b = order[i].bucket;
            Bucket &bucket = r.buckets[i];
            bucket.unallocated = b == nBuckets - 1;
            bucket.key = bucket.unallocated ? std::string(kUnallocated) : owners[b];
            bucket.amount = bucketSum[b].all.amount;
            bucket.viaFallback = bucketSum[b].viaFallback.amount;
            bucket.rows = bucketSum[b].all.rows;
            for (size_t s : sourceOrder) {
                const Sum &c = cell[b * nSources + s];
                if (c.rows == 0)
                    continue;
                bucket.bySource.push_back(
                    {std::string(cube.sources().at(static_cast<std::uint32_t>(s))), c.amount,
                     c.rows});
            }
        }
    };
    if (twoThreads) {
        const size_t half = order.size() / 2;
        auto lower = std::async(std::launch::async, build, 0, half);
        build(half, order.size());
        lower.get();
    } else {
        build(0, order.size());
    }
    for (size_t s : sourceOrder) {
        Decimal sum;
        std::int64_t rows = 0;
        for (size_t b = 0; b < nBuckets; ++b) {
            sum += cell[b * nSources + s].amount;
            rows += cell[b * nSources + s].rows;
        }
        if (rows > 0)
            r.bySource.push_back(
                {std::string(cube.sources().at(static_cast<std::uint32_t>(s))), sum, rows});
    }
    for (size_t f = 0; f < options.fallbacks.size(); ++f)
        r.fallbackByKey.push_back(
            {options.fallbacks[f], part.fallback[f].amount, part.fallback[f].rows});
    return r;
}

} // namespace

Result<AttributionReport>
attributeSums(const CostCube &cube, const SliceSums &sums, const AttributionOptions &options)
{
    if (sums.error)
        return fail(*sums.error);
    return attributeSums(cube, sums, options, resolveSets(cube, options));
}

Result<AttributionReport> attributeSums(const CostCube &cube,
                                        const SliceSums &sums,
                                        const AttributionOptions &options,
                                        const SetResolution &resolution,
                                        FallbackOwnerSums *viaFallbacks)
{
    if (sums.error)
        return fail(*sums.error);
    if (resolution.cube != &cube)
        return attributeSums(cube, sums, options, resolveSets(cube, options), viaFallbacks);
    const Accumulator acc(cube, options, resolution, viaFallbacks != nullptr);
    const std::vector<SliceSums::Cell> &cells = sums.cells;
    constexpr size_t kParallelCells = 65536;
    Partial part =
        scanInHalves(cells.size(), kParallelCells, acc, [&](size_t from, size_t to, Partial &p) {
            constexpr size_t kAhead = 16; // the sums of a cell this far ahead are loaded meanwhile
            for (size_t i = from; i < to; ++i) {
                if (i + kAhead < to)
                    acc.prefetch(p, cells[i + kAhead].labelSet, cells[i + kAhead].source);
                const SliceSums::Cell &c = cells[i];
                acc.add(p, c.labelSet, c.source, {c.amount, c.rows});
            }
        });
    acc.takeFallbackOwners(part, viaFallbacks);
    return reportOf(cube, options, resolution, part, sums.currency.value_or(Currency::usd()));
}

Result<AttributionReport> attributeGroups(const CostCube &cube,
                                          const AttributionOptions &options,
                                          const SetResolution &resolution,
                                          FallbackOwnerSums *viaFallbacks)
{
    if (resolution.cube != &cube)
        return attributeGroups(cube, options, resolveSets(cube, options), viaFallbacks);
    const Accumulator acc(cube, options, resolution, viaFallbacks != nullptr);
    const SliceFilter inSlice(cube, options);
    const std::vector<CostGroup> &groups = cube.rawGroups();
    const std::vector<GroupContext> &ctx = cube.contexts();
    // The whole ledger in one currency (what the explorer shows first): no group needs its
    // slice or its currency checked.
    const bool everyGroup = !groups.empty() && inSlice.takesEveryGroup() &&
                            std::all_of(ctx.begin(), ctx.end(), [&](const GroupContext &c) {
                                return c.currency == ctx.front().currency;
                            });
    constexpr size_t kParallelGroups = 65536;
    Partial part =
        scanInHalves(groups.size(), kParallelGroups, acc, [&](size_t from, size_t to, Partial &p) {
            constexpr size_t kAhead = 16; // as for the cells
            for (size_t i = from; i < to; ++i) {
                if (i + kAhead < to)
                    acc.prefetch(p, groups[i + kAhead].labelSet,
                                 ctx[groups[i + kAhead].context].source);
                const CostGroup &g = groups[i];
                if (everyGroup) {
                    acc.add(p, g.labelSet, ctx[g.context].source, {g.amount, g.rows});
                    continue;
                }
                if (!inSlice(g))
                    continue;
                const GroupContext &c = ctx[g.context];
                p.currency.see(c.currency);
                acc.add(p, g.labelSet, c.source, {g.amount, g.rows});
            }
        });
    if (everyGroup)
        part.currency.see(ctx.front().currency);
    if (const std::optional<Error> error = part.currency.error())
        return fail(*error);
    acc.takeFallbackOwners(part, viaFallbacks);
    return reportOf(cube, options, resolution, part,
                    part.currency.currency().value_or(Currency::usd()));
}

} // namespace unalloc::core
