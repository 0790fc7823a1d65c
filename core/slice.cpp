#include "slice.h"

#include "flatindex.h"
#include "ownerrule.h"
#include "slicefilter.h"

#include <algorithm>
#include <future>
#include <numeric>
#include <unordered_map>

namespace unalloc::core {

namespace {

/// Tracks the slice's currency; the first group of another currency is the error.
class CurrencyCheck
{
public:
    void see(Currency c)
    {
        if (m_error)
            return;
        if (!m_currency)
            m_currency = c;
        else if (*m_currency != c)
            m_error = Error{"currency-mismatch",
                            "the ledger slice mixes " + m_currency->code() + " and " + c.code() +
                                "; add an FX rate table or filter one currency",
                            {},
                            {},
                            {}};
    }
    std::optional<Currency> currency() const { return m_currency; }
    std::optional<Error> error() const { return m_error; }

private:
    std::optional<Currency> m_currency;
    std::optional<Error> m_error;
};

/// Each id's position when the pool's strings are sorted.
std::vector<std::uint32_t> ranks(const StringPool &pool)
{
    std::vector<std::uint32_t> ids(pool.size());
    std::iota(ids.begin(), ids.end(), 0U);
    std::sort(ids.begin(), ids.end(),
              [&pool](std::uint32_t a, std::uint32_t b) { return pool.at(a) < pool.at(b); });
    std::vector<std::uint32_t> rank(pool.size());
    for (size_t r = 0; r < ids.size(); ++r)
        rank[ids[r]] = static_cast<std::uint32_t>(r);
    return rank;
}

} // namespace

namespace {

/// sliceSums() for a cube whose groups come in label-set order (as a ledger loads them): each
/// run of one set is summed per source on the spot, no hashing and no sort.
bool sumInSetOrder(const CostCube &cube, const SliceFilter &inSlice, SliceSums &out)
{
    const std::vector<CostGroup> &groups = cube.rawGroups();
    for (size_t i = 1; i < groups.size(); ++i)
        if (groups[i].labelSet < groups[i - 1].labelSet)
            return false;
    CurrencyCheck currency;
    std::vector<std::int32_t> cellOfSource(cube.sources().size(), -1);
    size_t runStart = 0; // first cell of the current set's run
    std::uint32_t set = 0;
    // At most a cell per group: per-request sets make them about as many (no regrowth).
    out.cells.reserve(groups.size());
    for (const CostGroup &g : groups) {
        if (!inSlice(g))
            continue;
        currency.see(g.currency);
        if (g.labelSet != set || runStart == out.cells.size()) {
            // A new run: sort the last one's cells by source, forget its sources.
            if (out.cells.size() - runStart > 1)
                std::sort(out.cells.begin() + static_cast<std::ptrdiff_t>(runStart),
                          out.cells.end(),
                          [](const auto &a, const auto &b) { return a.source < b.source; });
            for (size_t c = runStart; c < out.cells.size(); ++c)
                cellOfSource[out.cells[c].source] = -1;
            runStart = out.cells.size();
            set = g.labelSet;
        }
        std::int32_t &cell = cellOfSource[g.source];
        if (cell < 0) {
            cell = static_cast<std::int32_t>(out.cells.size());
            out.cells.push_back(
                {.amount = {}, .rows = 0, .labelSet = g.labelSet, .source = g.source});
        }
        SliceSums::Cell &c = out.cells[static_cast<size_t>(cell)];
        c.amount += g.amount;
        c.rows += g.rows;
    }
    std::sort(out.cells.begin() + static_cast<std::ptrdiff_t>(runStart), out.cells.end(),
              [](const auto &a, const auto &b) { return a.source < b.source; });
    out.currency = currency.currency();
    out.error = currency.error();
    return true;
}

} // namespace

SliceSums sliceSums(const CostCube &cube, const AttributionOptions &options)
{
    SliceSums out;
    const SliceFilter inSlice(cube, options);
    if (sumInSetOrder(cube, inSlice, out))
        return out;
    FlatIndex index;
    CurrencyCheck currency;
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        currency.see(g.currency);
        const auto [id, inserted] = index.findOrInsert(
            mixHash(g.labelSet, g.source), static_cast<std::uint32_t>(out.cells.size()),
            [&](std::uint32_t i) {
                return out.cells[i].labelSet == g.labelSet && out.cells[i].source == g.source;
            });
        if (inserted)
            out.cells.push_back(
                {.amount = {}, .rows = 0, .labelSet = g.labelSet, .source = g.source});
        SliceSums::Cell &c = out.cells[id];
        c.amount += g.amount;
        c.rows += g.rows;
    }
    std::sort(out.cells.begin(), out.cells.end(), [](const auto &a, const auto &b) {
        return std::tie(a.labelSet, a.source) < std::tie(b.labelSet, b.source);
    });
    out.currency = currency.currency();
    out.error = currency.error();
    return out;
}

SetResolution resolveSets(const CostCube &cube, const AttributionOptions &options)
{
    SetResolution r;
    r.cube = &cube;
    r.ofSet = resolveSetOwners(cube.labelSets(), options, r.owners);
    return r;
}

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
                                        const SetResolution &resolution)
{
    if (sums.error)
        return fail(*sums.error);
    if (resolution.cube != &cube)
        return attributeSums(cube, sums, options);
    AttributionReport r;
    r.dimension = options.ownerKey;
    r.fallbacks = options.fallbacks;
    r.currency = sums.currency.value_or(Currency::usd());

    const std::vector<std::string> &owners = resolution.owners;
    const std::vector<SetOwner> &resolved = resolution.ofSet;

    const size_t nSources = cube.sources().size();
    const size_t nBuckets = owners.size() + 1; // last = unallocated
    // A bucket's sums and its per-source cells lie together: with an owner key of tens of
    // thousands of values (end users), each cell then touches two cache lines, not five.
    struct Sum
    {
        Decimal amount;
        std::int64_t rows = 0;
        void add(const Sum &o)
        {
            amount += o.amount;
            rows += o.rows;
        }
    };
    struct BucketSum
    {
        Sum all, viaFallback;
    };
    struct Partial
    {
        std::vector<BucketSum> bucket;
        std::vector<Sum> cell;     ///< bucket × source
        std::vector<Sum> fallback; ///< per fallback key
    };
    const auto accumulate = [&](size_t from, size_t to, Partial &p) {
        p.bucket.resize(nBuckets);
        p.cell.resize(nBuckets * nSources);
        p.fallback.resize(options.fallbacks.size());
        const std::vector<SliceSums::Cell> &cells = sums.cells;
        constexpr size_t kAhead = 16; // the sums of a cell this far ahead are loaded meanwhile
        for (size_t i = from; i < to; ++i) {
            if (i + kAhead < to) {
                const SliceSums::Cell &a = cells[i + kAhead];
                const std::int32_t o = resolved[a.labelSet].owner;
                const size_t ahead = o < 0 ? nBuckets - 1 : static_cast<size_t>(o);
                __builtin_prefetch(&p.bucket[ahead], 1);
                __builtin_prefetch(&p.cell[ahead * nSources + a.source], 1);
            }
            const SliceSums::Cell &g = cells[i];
            const SetOwner &res = resolved[g.labelSet];
            // No owner (via < 0) is the unallocated bucket: the totals per resolution follow
            // from the buckets' sums after the scan.
            const size_t b = res.owner < 0 ? nBuckets - 1 : static_cast<size_t>(res.owner);
            const Sum add{g.amount, g.rows};
            p.bucket[b].all.add(add);
            p.cell[b * nSources + g.source].add(add);
            if (res.via > 0) {
                p.bucket[b].viaFallback.add(add);
                p.fallback[static_cast<size_t>(res.via - 1)].add(add);
            }
        }
    };
    // Two threads over a large slice, each into sums of its own; integer sums make the merge
    // exact, so the report is the same whatever the split.
    Partial part;
    constexpr size_t kParallelCells = 65536;
    if (sums.cells.size() >= kParallelCells) {
        Partial second;
        const size_t half = sums.cells.size() / 2;
        auto other =
            std::async(std::launch::async, [&] { accumulate(half, sums.cells.size(), second); });
        accumulate(0, half, part);
        other.get();
        for (size_t b = 0; b < nBuckets; ++b) {
            part.bucket[b].all.add(second.bucket[b].all);
            part.bucket[b].viaFallback.add(second.bucket[b].viaFallback);
        }
        for (size_t c = 0; c < part.cell.size(); ++c)
            part.cell[c].add(second.cell[c]);
        for (size_t f = 0; f < part.fallback.size(); ++f)
            part.fallback[f].add(second.fallback[f]);
    } else {
        accumulate(0, sums.cells.size(), part);
    }
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
                    {cube.sources().at(static_cast<std::uint32_t>(s)), c.amount, c.rows});
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
            r.bySource.push_back({cube.sources().at(static_cast<std::uint32_t>(s)), sum, rows});
    }
    for (size_t f = 0; f < options.fallbacks.size(); ++f)
        r.fallbackByKey.push_back(
            {options.fallbacks[f], part.fallback[f].amount, part.fallback[f].rows});
    return r;
}

SliceObjects sliceObjects(const CostCube &cube, const AttributionOptions &options)
{
    SliceObjects out;
    out.cube = &cube;
    const SliceFilter inSlice(cube, options);
    CurrencyCheck currency;
    FlatIndex index;
    const bool clustered = cube.objectsClustered();
    if (clustered) { // counted first: a vector grown by doubling held two copies (1.2 GB at 10M)
        size_t count = 0;
        for (const CostGroup *last = nullptr; const CostGroup &g : cube.rawGroups())
            if (inSlice(g)) {
                count += !last || last->labelSet != g.labelSet || last->object != g.object ||
                         last->source != g.source;
                last = &g;
            }
        out.items.reserve(count);
    }
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        currency.see(g.currency);
        if (clustered) {
            // A loaded ledger: an object's groups are adjacent, so a new (label set, source,
            // object) starts a new item and no lookup is needed.
            if (out.items.empty() || out.items.back().labelSet != g.labelSet ||
                out.items.back().object != g.object || out.items.back().source != g.source)
                out.items.push_back({g.source, g.object, g.labelSet, {}, 0});
            out.items.back().amount += g.amount;
            out.items.back().rows += g.rows;
            continue;
        }
        const auto [id, inserted] = index.findOrInsert(
            mixHash(g.labelSet, static_cast<std::uint64_t>(g.source) << 32 | g.object),
            static_cast<std::uint32_t>(out.items.size()), [&](std::uint32_t i) {
                const SliceObject &o = out.items[i];
                return o.labelSet == g.labelSet && o.object == g.object && o.source == g.source;
            });
        if (inserted)
            out.items.push_back({g.source, g.object, g.labelSet, {}, 0});
        SliceObject &o = out.items[id];
        o.amount += g.amount;
        o.rows += g.rows;
    }
    out.error = currency.error();
    const std::vector<std::uint32_t> sourceRank = ranks(cube.sources());
    const std::vector<std::uint32_t> objectRank = ranks(cube.objects());
    // By amount, source and object first: integers and decimals. Ties are common (a million
    // requests share a few thousand amounts, failures all cost zero), and only the objects of
    // one tie are then ordered by their label sets' text, run by run: the label sets of a
    // million objects are neither ranked nor walked in the sort of all of them (on a loaded
    // 1M-request ledger that took most of the explorer's first analysis).
    const auto before = [&](const SliceObject &a, const SliceObject &b) {
        if (a.amount != b.amount)
            return a.amount > b.amount;
        if (a.source != b.source)
            return sourceRank[a.source] < sourceRank[b.source];
        return objectRank[a.object] < objectRank[b.object];
    };
    // Ten million per-request objects take seconds to order, and the analysis's other thread
    // is done long before: a large slice is split at its median (nth_element) and each half
    // sorted on a thread of its own, and so are its ties below. The final order is total
    // (objects are unique by source, object and label set), so it is the same however the work
    // is split.
    constexpr size_t kParallelObjects = size_t{1} << 18;
    const bool parallel = out.items.size() >= kParallelObjects;
    using Iter = std::vector<SliceObject>::iterator;
    Iter split = out.items.end();
    if (parallel) {
        const Iter mid = out.items.begin() + static_cast<std::ptrdiff_t>(out.items.size() / 2);
        std::nth_element(out.items.begin(), mid, out.items.end(), before);
        auto left =
            std::async(std::launch::async, [&] { std::sort(out.items.begin(), mid, before); });
        std::sort(mid, out.items.end(), before);
        left.get();
        // The ties are ordered per run: the halves meet where the middle object's run starts.
        split = std::lower_bound(out.items.begin(), mid, *mid, before);
    } else {
        std::sort(out.items.begin(), out.items.end(), before);
    }
    const LabelSetPool &sets = cube.labelSets();
    // A tie's objects are first ordered by their set's first label, gathered once per object
    // (per-request sets nearly always differ there); only sets whose first labels are equal
    // are compared in full. Walking two sets' labels in every comparison missed the cache
    // several times each.
    struct Tied
    {
        std::uint32_t key, value; ///< the first label's ids; kAbsent for the empty set
        std::uint32_t at;         ///< the object's offset in its tie
    };
    constexpr std::uint32_t kNone = LabelSetPool::kAbsent;
    const auto tiedBefore = [&sets](const Tied &a, const Tied &b, std::uint32_t setA,
                                    std::uint32_t setB) {
        if (a.key != b.key) { // distinct ids are distinct texts; the empty set comes first
            if (a.key == kNone || b.key == kNone)
                return a.key == kNone;
            return sets.keyText(a.key) < sets.keyText(b.key);
        }
        if (a.value != b.value)
            return sets.valueText(a.value) < sets.valueText(b.value);
        return sets.compare(setA, setB) < 0;
    };
    const auto orderTies = [&](Iter first, Iter last) {
        std::vector<Tied> tied;
        std::vector<SliceObject> scratch;
        for (auto run = first; run != last;) {
            const auto end =
                std::find_if(run + 1, last, [&](const SliceObject &o) { return before(*run, o); });
            if (end - run > 1) {
                tied.clear();
                for (auto it = run; it != end; ++it) {
                    const LabelSetPool::Pairs p = sets.pairs(it->labelSet);
                    const auto at = static_cast<std::uint32_t>(it - run);
                    tied.push_back(p.empty() ? Tied{kNone, kNone, at}
                                             : Tied{p[0].key, p[0].value, at});
                }
                scratch.assign(run, end);
                std::sort(tied.begin(), tied.end(), [&](const Tied &a, const Tied &b) {
                    return tiedBefore(a, b, scratch[a.at].labelSet, scratch[b.at].labelSet);
                });
                for (size_t k = 0; k < tied.size(); ++k)
                    run[static_cast<std::ptrdiff_t>(k)] = scratch[tied[k].at];
            }
            run = end;
        }
    };
    if (parallel) {
        auto left = std::async(std::launch::async, orderTies, out.items.begin(), split);
        orderTies(split, out.items.end());
        left.get();
    } else {
        orderTies(out.items.begin(), out.items.end());
    }
    return out;
}

} // namespace unalloc::core
