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
    if (resolved && resolved->cube == m_objects->cube) {
        for (size_t i = 0; i < items.size(); ++i) {
            if (resolved->ofSet[items[i].labelSet].owner < 0)
                m_order.push_back(static_cast<std::uint32_t>(i));
        }
    } else {
        const std::vector<char> unowned = unallocatedSets(*m_objects->cube, options);
        for (size_t i = 0; i < items.size(); ++i) {
            if (unowned[items[i].labelSet])
                m_order.push_back(static_cast<std::uint32_t>(i));
        }
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
