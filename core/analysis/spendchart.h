#pragma once

#include "core/attribution.h"

#include <string>
#include <utility>
#include <vector>

namespace unalloc::core {

/// One horizontal bar of "Spend by owner": an owner, the folded small owners, or
/// `<unallocated>`; `bySource` is aligned with SpendChart::sources.
struct OwnerBar
{
    enum class Kind { Owner, Others, Unallocated };
    Kind kind = Kind::Owner;
    std::string key; ///< owner value; empty for Others
    int folded = 0;  ///< how many owners an Others bar stands for
    Decimal amount;
    Decimal sharePct; ///< of the total, 0.1, half-even
    std::vector<Decimal> bySource;
    std::vector<std::int64_t> rowsBySource; ///< aligned with bySource
    std::int64_t rows = 0;
};

/// @brief Chart series for "Spend by owner, stacked by source": the top owners by amount,
/// then one bar folding the rest, then `<unallocated>` — never hidden, always last.
struct SpendChart
{
    std::vector<std::string> sources; ///< stack order (by name)
    std::vector<OwnerBar> bars;       ///< top owners desc, Others, Unallocated
    Decimal largest;                  ///< the longest bar, for the axis

    /// The extent of the stacked bars with the sources where `hiddenSources` is true and
    /// the bars where `hiddenBars` is true left out (both indexed like sources and bars;
    /// shorter vectors hide nothing more): {most negative stack ≤ 0, largest stack ≥ 0}.
    /// Credits stack left of zero, so a bar with a refund reaches both ways.
    std::pair<Decimal, Decimal> stackRange(const std::vector<bool> &hiddenSources = {},
                                           const std::vector<bool> &hiddenBars = {}) const;
};

SpendChart spendByOwner(const AttributionReport &report, size_t topOwners = 11);

} // namespace unalloc::core
