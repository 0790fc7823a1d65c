#pragma once

#include "core/costcube.h"

#include <vector>

namespace unalloc::core {

/// @brief The collision report (DESIGN §5, issue 5 item 5): every set of raw keys merged into
/// one canonical key, its winner and the dollars of the rows where it happened.
/// Sorted by dollars descending, then canonical key, raw keys, winner and currency code.
std::vector<CollisionTotal> collisionReport(const CostCube &cube);

} // namespace unalloc::core
