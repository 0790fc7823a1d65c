#pragma once

#include "core/slice.h"

#include <string>
#include <vector>

namespace unalloc::core {

/// @brief One node of the unallocated drill-down: a source, or a grouping label value
/// (namespace, project, workspace, …) under it. The cost objects of a group are backlog
/// positions, so that a backlog of a million objects is not copied into the tree.
struct DrillNode
{
    enum class Level { Source, Group };
    Level level = Level::Source;
    std::string text;     ///< source name, or group value ("" = no grouping label)
    std::string groupKey; ///< for Group nodes: the label key used ("namespace")
    Decimal amount;
    std::int64_t rows = 0;
    std::vector<DrillNode> children;    ///< Source: its groups, amount desc, ties by key, value
    std::vector<std::uint32_t> objects; ///< Group: backlog positions (amount desc, ties by name)
};

/// Label keys tried, in order, to group a source's unallocated objects.
const std::vector<std::string> &drillGroupKeys();

/// @brief The drill-down group of every label set of a cube: the first of drillGroupKeys()
/// with a non-empty value. It does not depend on the owner key, so a slice computes it once.
struct DrillGroups
{
    std::vector<std::uint32_t> ofSet;                ///< index into groups, per label set id
    std::vector<std::pair<int, std::string>> groups; ///< (drillGroupKeys() index or -1, value)
};
DrillGroups drillGroups(const CostCube &cube);

/// Source → group → cost object tree over the backlog (every unallocated object); `groups`
/// must be drillGroups() of the backlog's cube.
std::vector<DrillNode> unallocatedTree(const Backlog &backlog, const DrillGroups &groups);
/// The same, computing the groups first.
std::vector<DrillNode> unallocatedTree(const Backlog &backlog);

} // namespace unalloc::core
