// The labeling backlog over a slice's objects (slice.h): which objects resolve to no owner,
// and the fix plan.
#include "ownerrule.h"
#include "slice.h"

#include <algorithm>
#include <bit>
#include <future>

namespace unalloc::core {

void SetBits::merge(const SetBits &other)
{
    for (size_t i = 0; i < m_words.size() && i < other.m_words.size(); ++i)
        m_words[i] |= other.m_words[i];
}

namespace {

/// Sets read on two threads from here on (each half a scan of 8 bytes a set).
constexpr size_t kParallelSets = size_t{1} << 18;

ResolutionSummary summaryOf(const SetResolution &resolved, std::vector<std::string> owners)
{
    ResolutionSummary out;
    out.cube = resolved.cube;
    const std::vector<SetOwner> &sets = resolved.ofSet;
    out.unowned = SetBits(sets.size());
    out.ownerKeyValue.assign(owners.size(), 0);
    out.owners = std::move(owners);
    const auto read = [&sets](size_t from, size_t to, SetBits &unowned, std::vector<char> &via0) {
        for (size_t i = from; i < to; ++i) {
            const SetOwner &r = sets[i];
            if (r.owner < 0)
                unowned.set(i);
            else if (r.via == 0)
                via0[static_cast<size_t>(r.owner)] = 1;
        }
    };
    if (sets.size() < kParallelSets) {
        read(0, sets.size(), out.unowned, out.ownerKeyValue);
        return out;
    }
    // Halves split at a word of bits: each thread sets bits of its own words only.
    const size_t half = sets.size() / 2 / 64 * 64;
    SetBits secondBits(sets.size());
    std::vector<char> secondVia0(out.ownerKeyValue.size(), 0);
    auto second =
        std::async(std::launch::async, [&] { read(half, sets.size(), secondBits, secondVia0); });
    read(0, half, out.unowned, out.ownerKeyValue);
    second.get();
    out.unowned.merge(secondBits);
    for (size_t i = 0; i < secondVia0.size(); ++i)
        out.ownerKeyValue[i] = static_cast<char>(out.ownerKeyValue[i] | secondVia0[i]);
    return out;
}

} // namespace

ResolutionSummary summarise(const SetResolution &resolved)
{
    return summaryOf(resolved, resolved.owners);
}

ResolutionSummary summarise(SetResolution &&resolved)
{
    std::vector<std::string> owners = std::move(resolved.owners);
    ResolutionSummary out = summaryOf(resolved, std::move(owners));
    resolved = SetResolution{};
    return out;
}

namespace {

/// The sets of `resolved` that resolve to no owner.
SetBits unownedOf(const std::vector<SetOwner> &resolved)
{
    SetBits out(resolved.size());
    for (size_t i = 0; i < resolved.size(); ++i)
        if (resolved[i].owner < 0)
            out.set(i);
    return out;
}

} // namespace

SetBits unallocatedSets(const CostCube &cube, const AttributionOptions &options)
{
    std::vector<std::string> owners;
    return unownedOf(resolveSetOwners(cube.labelSets(), options, owners));
}

Backlog::Backlog(std::shared_ptr<const SliceObjects> objects,
                 const AttributionOptions &options,
                 Decimal unallocated,
                 const SetResolution *resolved)
    : m_objects(std::move(objects))
{
    if (!m_objects || !m_objects->cube)
        return;
    if (resolved && resolved->cube == m_objects->cube)
        build(unownedOf(resolved->ofSet), unallocated);
    else
        build(unallocatedSets(*m_objects->cube, options), unallocated);
}

Backlog::Backlog(std::shared_ptr<const SliceObjects> objects,
                 const AttributionOptions &options,
                 Decimal unallocated,
                 const ResolutionSummary &resolved)
    : m_objects(std::move(objects))
{
    if (!m_objects || !m_objects->cube)
        return;
    if (resolved.cube == m_objects->cube)
        build(resolved.unowned, unallocated);
    else
        build(unallocatedSets(*m_objects->cube, options), unallocated);
}

void Backlog::build(const SetBits &unowned, Decimal unallocated)
{
    const std::vector<SliceObject> &items = m_objects->items;
    // Which sets resolve to no owner is a bit each: the objects come in backlog order and
    // their sets in no order, so each object looks its set up at random, in a 64th of the
    // memory the resolutions take. The unowned objects of a range are marked; a large slice
    // is scanned on two threads.
    const auto scan = [&](size_t from, size_t to, auto &&mark) {
        constexpr size_t kAhead = 48; // a set this many objects ahead is loaded meanwhile
        for (size_t i = from; i < to; ++i) {
            if (i + kAhead < to)
                __builtin_prefetch(unowned.word(items[i + kAhead].labelSet));
            if (unowned.test(items[i].labelSet))
                mark(i);
        }
    };
    constexpr size_t kParallelObjects = size_t{1} << 18;
    // Room for every object, reserved, not touched: the pages an order takes are those it
    // fills (no regrowth copies of a list of millions).
    m_order.reserve(items.size());
    const auto append = [this](size_t i) {
        m_order.push_back(static_cast<std::uint32_t>(i));
    };
    if (items.size() >= kParallelObjects) {
        // The second half marks its objects in a bit each (a list of them was 4 bytes each,
        // 20 MB at ten million, beside the order), appended in order once both are done.
        const size_t half = items.size() / 2;
        std::vector<std::uint64_t> marks((items.size() - half + 63) / 64, 0);
        auto other = std::async(std::launch::async, [&] {
            scan(half, items.size(), [&marks, half](size_t i) {
                marks[(i - half) / 64] |= std::uint64_t{1} << ((i - half) % 64);
            });
        });
        scan(0, half, append);
        other.get();
        for (size_t w = 0; w < marks.size(); ++w)
            for (std::uint64_t m = marks[w]; m != 0; m &= m - 1)
                append(half + w * 64 + static_cast<size_t>(std::countr_zero(m)));
    } else {
        scan(0, items.size(), append);
    }
    // The fix plan: U after each step is kept every kStride steps (a 16-byte decimal per step
    // was 160 MB for ten million unowned objects); unallocatedAfter() adds the rest.
    // A large plan is summed on two threads, split at a kept step: the second half's U starts
    // from 0 and gets the first half's last U added (integer sums: exact).
    const size_t steps = m_order.size();
    m_after.resize((steps + kStride - 1) / kStride);
    const auto plan = [&](size_t from, size_t to, Decimal remaining) {
        for (size_t i = from; i < to; ++i) {
            // The unowned objects are a few of every slice's many: their amounts are fetched
            // ahead.
            constexpr size_t kAhead = 48;
            if (i + kAhead < to) {
                const SliceObject &ahead = items[m_order[i + kAhead]];
                __builtin_prefetch(&ahead.amount); // 32 bytes: one line
            }
            remaining -= items[m_order[i]].amount;
            if (i % kStride == kStride - 1 || i + 1 == steps)
                m_after[i / kStride] = remaining;
        }
    };
    const size_t half = steps / 2 / kStride * kStride;
    if (steps >= kParallelObjects) {
        auto second = std::async(std::launch::async, [&] { plan(half, steps, Decimal()); });
        plan(0, half, unallocated);
        second.get();
        const Decimal firstHalf = m_after[half / kStride - 1];
        for (size_t k = half / kStride; k < m_after.size(); ++k)
            m_after[k] += firstHalf;
    } else {
        plan(0, steps, unallocated);
    }
}

Decimal Backlog::unallocatedAfter(size_t i) const
{
    // m_after[k] is U after step (k + 1) × kStride − 1 (the last kept one may be the last
    // step): step i adds back the amounts of the steps after it up to that one. Exact: the
    // amounts are integers of units.
    const size_t k = i / kStride;
    const size_t kept = std::min((k + 1) * kStride, m_order.size()) - 1;
    Decimal u = m_after[k];
    for (size_t j = i + 1; j <= kept; ++j)
        u += amount(j);
    return u;
}

std::string_view Backlog::source(size_t i) const
{
    return m_objects->cube->sources().at(at(i).source);
}

std::string_view Backlog::name(size_t i) const
{
    return m_objects->cube->objects().at(at(i).object);
}

LabelSetRef Backlog::labels(size_t i) const
{
    return m_objects->cube->labelSets().ref(at(i).labelSet);
}

BacklogItem Backlog::item(size_t i) const
{
    return BacklogItem{std::string(source(i)), std::string(name(i)), amount(i), rows(i),
                       labels(i).toMap()};
}

FixStep Backlog::step(size_t i, Decimal total) const
{
    const Decimal after = unallocatedAfter(i);
    return FixStep{item(i), after, Decimal::percent(after, total, 1)};
}

} // namespace unalloc::core
