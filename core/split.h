#pragma once

#include "decimal.h"

#include <vector>

namespace unalloc::core {

/// Splits `total` into parts proportional to non-negative `weights`, each a multiple of
/// 10^-places, by the largest-remainder method: the parts sum exactly to `total` (which must
/// itself be a multiple of 10^-places; otherwise the last unit of precision is used).
/// Ties in the remainders go to the earlier index. All-zero weights → all zero, except that
/// the whole total goes to index 0 when `total` is non-zero (nothing is lost).
std::vector<Decimal>
splitLargestRemainder(Decimal total, const std::vector<Decimal> &weights, int places = 2);

} // namespace unalloc::core
