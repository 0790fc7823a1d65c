#include "slice.h"

#include "flatindex.h"
#include "hugepages.h"
#include "ownerrule.h"
#include "slicefilter.h"

#include <algorithm>
#include <future>
#include <numeric>
#include <stdexcept>
#include <unordered_map>

namespace unalloc::core {

namespace {

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

/// Each id of `ids` ranked by text from 1 into `rank`, equal texts sharing a rank.
template<class Text>
void rankByText(std::vector<std::uint32_t> &ids, const Text &text, std::vector<std::uint32_t> &rank)
{
    std::sort(ids.begin(), ids.end(),
              [&text](std::uint32_t a, std::uint32_t b) { return text(a) < text(b); });
    std::uint32_t r = 0;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (i == 0 || text(ids[i - 1]) != text(ids[i]))
            ++r;
        rank[ids[i]] = r;
    }
}

/// Per label set, where its first label stands among all sets' first labels sorted by key text,
/// then value text: from 1 (sets with the same first label share it); 0 for the empty set. The
/// backlog orders a tie's objects by it, and compares two sets in full only when it is equal.
/// Found in two passes over the sets in id order (the pool's memory in sequence), so that a
/// tie's objects, in amount order, each read one number: reading each one's first label from the
/// pool, and ranking its key and value texts, was three dependent cache misses an object and
/// three quarters of ordering the ties of ten million per-request objects.
std::vector<std::uint32_t> firstLabelOrder(const LabelSetPool &sets)
{
    constexpr std::uint32_t kNone = 0xffffffffU;
    std::vector<std::uint32_t> firstKeyOfShape(sets.shapeCount(), kNone);
    for (std::uint32_t shape = 0; shape < sets.shapeCount(); ++shape)
        if (const auto keys = sets.shapeKeys(shape); !keys.empty())
            firstKeyOfShape[shape] = keys[0];
    // The key each value is first under; a value first under a second key too (two shapes that
    // share a value text) is kept as an extra (key, value) pair.
    std::vector<std::uint32_t> keyOf(sets.valueCount(), kNone);
    std::vector<std::uint32_t> firstValues;
    std::unordered_map<std::uint64_t, std::uint32_t> extra; // key << 32 | value → its number
    const auto pairOf = [](std::uint32_t key, std::uint32_t value) {
        return static_cast<std::uint64_t>(key) << 32 | value;
    };
    for (std::uint32_t set = 0; set < sets.size(); ++set) {
        const std::uint32_t key = firstKeyOfShape[sets.shapeOf(set)];
        if (key == kNone)
            continue;
        const std::uint32_t value = sets.values(set)[0];
        if (keyOf[value] == kNone) {
            keyOf[value] = key;
            firstValues.push_back(value);
        } else if (keyOf[value] != key) {
            extra.try_emplace(pairOf(key, value), 0);
        }
    }
    std::vector<std::uint32_t> keyRank(sets.keyCount()), valueRank(sets.valueCount(), 0);
    {
        std::vector<std::uint32_t> keys(sets.keyCount());
        std::iota(keys.begin(), keys.end(), 0U);
        rankByText(
            keys, [&sets](std::uint32_t k) { return sets.keyText(k); }, keyRank);
        // An extra pair's value is first under its first key too: firstValues holds every one.
        std::vector<std::uint32_t> values = firstValues;
        rankByText(
            values, [&sets](std::uint32_t v) { return sets.valueText(v); }, valueRank);
    }
    // Every distinct first (key, value) pair, numbered in (key text, value text) order.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> labels; // (ranks, key << 32 | value)
    labels.reserve(firstValues.size() + extra.size());
    for (const std::uint32_t v : firstValues)
        labels.emplace_back(pairOf(keyRank[keyOf[v]], valueRank[v]), pairOf(keyOf[v], v));
    for (const auto &[p, n] : extra)
        labels.emplace_back(pairOf(keyRank[p >> 32], valueRank[static_cast<std::uint32_t>(p)]), p);
    // The pool holds each text once, so no two of these pairs have equal ranks.
    std::sort(labels.begin(), labels.end());
    std::vector<std::uint32_t> numberOf(sets.valueCount(), 0); // of (keyOf[v], v)
    for (size_t i = 0; i < labels.size(); ++i) {
        const auto number = static_cast<std::uint32_t>(i + 1);
        const std::uint64_t p = labels[i].second;
        const auto value = static_cast<std::uint32_t>(p);
        if (keyOf[value] == p >> 32)
            numberOf[value] = number;
        else
            extra[p] = number;
    }
    std::vector<std::uint32_t> out(sets.size(), 0);
    for (std::uint32_t set = 0; set < sets.size(); ++set) {
        const std::uint32_t key = firstKeyOfShape[sets.shapeOf(set)];
        if (key == kNone)
            continue;
        const std::uint32_t value = sets.values(set)[0];
        out[set] = keyOf[value] == key ? numberOf[value] : extra.at(pairOf(key, value));
    }
    return out;
}

} // namespace

namespace {

/// sliceSums() for a cube whose groups come in label-set order (as a ledger loads them): each
/// run of one set is summed per source on the spot, no hashing and no sort.
bool sumInSetOrder(const CostCube &cube, const SliceFilter &inSlice, SliceSums &out)
{
    const std::vector<CostGroup> &groups = cube.rawGroups();
    const std::vector<GroupContext> &ctx = cube.contexts();
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
        currency.see(ctx[g.context].currency);
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
        std::int32_t &cell = cellOfSource[ctx[g.context].source];
        if (cell < 0) {
            cell = static_cast<std::int32_t>(out.cells.size());
            out.cells.push_back(
                {.amount = {}, .rows = 0, .labelSet = g.labelSet, .source = ctx[g.context].source});
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
    const std::vector<GroupContext> &ctx = cube.contexts();
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        currency.see(ctx[g.context].currency);
        const auto [id, inserted] =
            index.findOrInsert(mixHash(g.labelSet, ctx[g.context].source),
                               static_cast<std::uint32_t>(out.cells.size()), [&](std::uint32_t i) {
                                   return out.cells[i].labelSet == g.labelSet &&
                                          out.cells[i].source == ctx[g.context].source;
                               });
        if (inserted)
            out.cells.push_back(
                {.amount = {}, .rows = 0, .labelSet = g.labelSet, .source = ctx[g.context].source});
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

bool sliceSumsPayOff(const CostCube &cube)
{
    return cube.labelSets().size() * 2 <= cube.rawGroups().size();
}

SetResolution resolveSets(const CostCube &cube, const AttributionOptions &options)
{
    SetResolution r;
    r.cube = &cube;
    r.ofSet = resolveSetOwners(cube.labelSets(), options, r.owners);
    return r;
}

SliceObjects sliceObjects(const CostCube &cube, const AttributionOptions &options)
{
    SliceObjects out;
    out.cube = &cube;
    if (cube.sources().size() > 0xFFFF) // SliceObject::source has 16 bits; sources are a few
        throw std::length_error("a slice's objects hold at most 65,535 sources");
    const SliceFilter inSlice(cube, options);
    CurrencyCheck currency;
    FlatIndex index;
    const std::vector<GroupContext> &ctx = cube.contexts();
    const bool clustered = cube.objectsClustered();
    if (clustered) { // counted first: a vector grown by doubling held two copies (1.2 GB at 10M)
        size_t count = 0;
        for (const CostGroup *last = nullptr; const CostGroup &g : cube.rawGroups())
            if (inSlice(g)) {
                count += !last || last->labelSet != g.labelSet || last->object != g.object ||
                         ctx[last->context].source != ctx[g.context].source;
                last = &g;
            }
        out.items.reserve(count);
        hugepages::prefaultCapacity(out.items); // cleared on the other core while filled here
    }
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        currency.see(ctx[g.context].currency);
        if (clustered) {
            // A loaded ledger: an object's groups are adjacent, so a new (label set, source,
            // object) starts a new item and no lookup is needed.
            if (out.items.empty() || out.items.back().labelSet != g.labelSet ||
                out.items.back().object != g.object ||
                out.items.back().source != ctx[g.context].source)
                out.items.push_back({.amount = {},
                                     .object = g.object,
                                     .labelSet = g.labelSet,
                                     .rows = 0,
                                     .source = ctx[g.context].source});
            out.items.back().amount += g.amount;
            out.items.back().rows += static_cast<std::uint64_t>(g.rows);
            continue;
        }
        const auto [id, inserted] = index.findOrInsert(
            mixHash(g.labelSet, static_cast<std::uint64_t>(ctx[g.context].source) << 32 | g.object),
            static_cast<std::uint32_t>(out.items.size()), [&](std::uint32_t i) {
                const SliceObject &o = out.items[i];
                return o.labelSet == g.labelSet && o.object == g.object &&
                       o.source == ctx[g.context].source;
            });
        if (inserted)
            out.items.push_back({.amount = {},
                                 .object = g.object,
                                 .labelSet = g.labelSet,
                                 .rows = 0,
                                 .source = ctx[g.context].source});
        SliceObject &o = out.items[id];
        o.amount += g.amount;
        o.rows += static_cast<std::uint64_t>(g.rows);
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
    const LabelSetPool &sets = cube.labelSets();
    // A large slice's ties are ordered by firstLabelOrder (below), found meanwhile on the core
    // that the median's search leaves idle (ten million per-request objects nearly all tie).
    std::future<std::vector<std::uint32_t>> firstLabels;
    if (parallel) {
        firstLabels = std::async(std::launch::async, firstLabelOrder, std::cref(sets));
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
    // A tie's objects are first ordered by their set's first label (firstLabelOrder: one number
    // per set, read once per object; per-request sets nearly always differ there); only sets
    // whose first labels are equal are compared in full.
    struct Tied
    {
        std::uint32_t first; ///< firstLabelOrder of the object's set
        std::uint32_t at;    ///< the object's offset in its tie
    };
    // The numbers cost two passes over the whole pool: for a small slice, only when it has a tie
    // to order.
    const std::vector<std::uint32_t> firstOf =
        firstLabels.valid() ? firstLabels.get()
        : std::adjacent_find(out.items.begin(), out.items.end(),
                             [&](const SliceObject &a, const SliceObject &b) {
                                 return !before(a, b);
                             }) != out.items.end()
            ? firstLabelOrder(sets)
            : std::vector<std::uint32_t>{};
    const auto orderTies = [&](Iter first, Iter last) {
        std::vector<Tied> tied;
        std::vector<SliceObject> scratch;
        for (auto run = first; run != last;) {
            const auto end =
                std::find_if(run + 1, last, [&](const SliceObject &o) { return before(*run, o); });
            if (end - run > 1) {
                tied.clear();
                for (auto it = run; it != end; ++it)
                    tied.push_back({firstOf[it->labelSet], static_cast<std::uint32_t>(it - run)});
                scratch.assign(run, end);
                std::sort(tied.begin(), tied.end(), [&](const Tied &a, const Tied &b) {
                    if (a.first != b.first) // the empty set comes first
                        return a.first < b.first;
                    return sets.compare(scratch[a.at].labelSet, scratch[b.at].labelSet) < 0;
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
