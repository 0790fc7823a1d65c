#include "collisionreport.h"

#include <algorithm>
#include <tuple>

namespace unalloc::core {

std::vector<CollisionTotal> collisionReport(const CostCube &cube,
                                            std::optional<std::int32_t> fromDay,
                                            std::optional<std::int32_t> toDay)
{
    std::vector<CollisionTotal> out = cube.collisions(fromDay, toDay);
    std::sort(out.begin(), out.end(), [](const CollisionTotal &a, const CollisionTotal &b) {
        if (a.amount != b.amount)
            return a.amount > b.amount;
        // Currency orders by its code.
        return std::tie(a.canonicalKey, a.rawKeys, a.winnerRawKey, a.currency) <
               std::tie(b.canonicalKey, b.rawKeys, b.winnerRawKey, b.currency);
    });
    return out;
}

} // namespace unalloc::core
