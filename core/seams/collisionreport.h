#pragma once

#include "core/costcube.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace unalloc::core {

/// @brief The collision report (DESIGN §5, issue 5 item 5): every set of raw keys merged into
/// one canonical key, its winner and the dollars of the rows where it happened.
/// Sorted by dollars descending, then canonical key, raw keys, winner and currency code. Of the
/// groups whose day is in [fromDay, toDay) (CostCube::collisions).
std::vector<CollisionTotal> collisionReport(const CostCube &cube,
                                            std::optional<std::int32_t> fromDay = {},
                                            std::optional<std::int32_t> toDay = {});

} // namespace unalloc::core
