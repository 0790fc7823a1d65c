#pragma once

#include "core/attribution.h"

#include <string>
#include <vector>

namespace unalloc::core {

/// @brief One node of the unallocated drill-down: a source, a grouping label value
/// (namespace, project, workspace, …) or a cost object.
struct DrillNode
{
    enum class Level { Source, Group, Object };
    Level level = Level::Source;
    std::string text;     ///< source name, group value ("" = no grouping label), object name
    std::string groupKey; ///< for Group nodes: the label key used ("namespace")
    Decimal amount;
    std::int64_t rows = 0;
    Decimal shareOfUnallocatedPct;   ///< 0.1, half-even
    Decimal shareOfTotalPct;         ///< 0.1, half-even
    LabelMap labels;                 ///< for Object nodes: the labels it does have
    std::vector<DrillNode> children; ///< amount desc, ties by text
};

/// Label keys tried, in order, to group a source's unallocated objects.
const std::vector<std::string> &drillGroupKeys();

/// Source → group → cost object tree over the backlog (every unallocated object).
std::vector<DrillNode> unallocatedTree(const std::vector<BacklogItem> &backlog,
                                       const AttributionReport &report);

} // namespace unalloc::core
