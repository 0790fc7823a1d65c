// The labeling backlog over a slice's objects (slice.h): which objects resolve to no owner,
// and the fix plan.
#include "ownerrule.h"
#include "slice.h"

#include <algorithm>
#include <future>

namespace unalloc::core {

std::vector<char> unallocatedSets(const CostCube &cube, const AttributionOptions &options)
{
    std::vector<std::string> owners;
    const std::vector<SetOwner> resolved = resolveSetOwners(cube.labelSets(), options, owners);
    std::vector<char> out(resolved.size());
    for (size_t i = 0; i < resolved.size(); ++i)
        out[i] = resolved[i].owner < 0 ? 1 : 0;
    return out;
}

Backlog::Backlog(std::shared_ptr<const SliceObjects> objects,
                 const AttributionOptions &options,
                 Decimal unallocated,
                 const SetResolution *resolved)
    : m_objects(std::move(objects))
{
    if (!m_objects || !m_objects->cube)
        return;
    const std::vector<SliceObject> &items = m_objects->items;
    // Which sets resolve to no owner, a byte each: the objects come in backlog order and
    // their sets in no order, so each object looks its set up at random, in a tenth of the
    // memory the resolutions take.
    std::vector<char> unowned;
    if (resolved && resolved->cube == m_objects->cube) {
        unowned.resize(resolved->ofSet.size());
        for (size_t i = 0; i < unowned.size(); ++i)
            unowned[i] = resolved->ofSet[i].owner < 0 ? 1 : 0;
    } else {
        unowned = unallocatedSets(*m_objects->cube, options);
    }
    // The unowned objects of a range, in order; a large slice is scanned on two threads.
    const auto collect = [&](size_t from, size_t to, std::vector<std::uint32_t> &out) {
        constexpr size_t kAhead = 48; // a set this many objects ahead is loaded meanwhile
        for (size_t i = from; i < to; ++i) {
            if (i + kAhead < to)
                __builtin_prefetch(&unowned[items[i + kAhead].labelSet]);
            if (unowned[items[i].labelSet])
                out.push_back(static_cast<std::uint32_t>(i));
        }
    };
    constexpr size_t kParallelObjects = size_t{1} << 18;
    // Room for every object, reserved, not touched: the pages an order takes are those it
    // fills (no regrowth copies of a list of millions).
    m_order.reserve(items.size());
    if (items.size() >= kParallelObjects) {
        std::vector<std::uint32_t> second;
        const size_t half = items.size() / 2;
        second.reserve(items.size() - half);
        auto other = std::async(std::launch::async, [&] { collect(half, items.size(), second); });
        collect(0, half, m_order);
        other.get();
        m_order.insert(m_order.end(), second.begin(), second.end());
    } else {
        collect(0, items.size(), m_order);
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
