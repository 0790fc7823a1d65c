// The labeling backlog over a slice's objects (slice.h): which objects resolve to no owner,
// and the fix plan.
#include "ownerrule.h"
#include "slice.h"

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
        constexpr size_t kAhead = 16; // a set this many objects ahead is loaded meanwhile
        for (size_t i = from; i < to; ++i) {
            if (i + kAhead < to)
                __builtin_prefetch(&unowned[items[i + kAhead].labelSet]);
            if (unowned[items[i].labelSet])
                out.push_back(static_cast<std::uint32_t>(i));
        }
    };
    constexpr size_t kParallelObjects = size_t{1} << 18;
    if (items.size() >= kParallelObjects) {
        std::vector<std::uint32_t> second;
        const size_t half = items.size() / 2;
        auto other = std::async(std::launch::async, [&] { collect(half, items.size(), second); });
        collect(0, half, m_order);
        other.get();
        m_order.insert(m_order.end(), second.begin(), second.end());
    } else {
        collect(0, items.size(), m_order);
    }
    m_after.reserve(m_order.size());
    Decimal remaining = unallocated;
    for (std::uint32_t i : m_order) {
        remaining -= items[i].amount;
        m_after.push_back(remaining);
    }
}

const std::string &Backlog::source(size_t i) const
{
    return m_objects->cube->sources().at(at(i).source);
}

const std::string &Backlog::name(size_t i) const
{
    return m_objects->cube->objects().at(at(i).object);
}

LabelSetRef Backlog::labels(size_t i) const
{
    return m_objects->cube->labelSets().ref(at(i).labelSet);
}

BacklogItem Backlog::item(size_t i) const
{
    return BacklogItem{source(i), name(i), amount(i), rows(i), labels(i).toMap()};
}

FixStep Backlog::step(size_t i, Decimal total) const
{
    return FixStep{item(i), m_after[i], Decimal::percent(m_after[i], total, 1)};
}

} // namespace unalloc::core
