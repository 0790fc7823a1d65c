// The labeling backlog over a slice's objects (slice.h): which objects resolve to no owner,
// and the fix plan.
#include "ownerrule.h"
#include "slice.h"

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
    // The objects come in backlog order, their sets in no order: each set's resolution is
    // loaded a few objects ahead (ten million objects missed the cache once each).
    const auto collect = [&](const auto &unowned, const auto &prefetch) {
        constexpr size_t kAhead = 16;
        for (size_t i = 0; i < items.size(); ++i) {
            if (i + kAhead < items.size())
                prefetch(items[i + kAhead].labelSet);
            if (unowned(items[i].labelSet))
                m_order.push_back(static_cast<std::uint32_t>(i));
        }
    };
    if (resolved && resolved->cube == m_objects->cube) {
        const std::vector<SetOwner> &of = resolved->ofSet;
        collect([&of](std::uint32_t set) { return of[set].owner < 0; },
                [&of](std::uint32_t set) { __builtin_prefetch(&of[set]); });
    } else {
        const std::vector<char> unowned = unallocatedSets(*m_objects->cube, options);
        collect([&unowned](std::uint32_t set) { return unowned[set] != 0; },
                [&unowned](std::uint32_t set) { __builtin_prefetch(&unowned[set]); });
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
