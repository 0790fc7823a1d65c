#pragma once

#include "core/attribution.h"

#include <string>
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
    std::int64_t rows = 0;
};

/// @brief Chart series for "Spend by owner, stacked by source": the top owners by amount,
/// then one bar folding the rest, then `<unallocated>` — never hidden, always last.
struct SpendChart
{
    std::vector<std::string> sources; ///< stack order (by name)
    std::vector<OwnerBar> bars;       ///< top owners desc, Others, Unallocated
    Decimal largest;                  ///< the longest bar, for the axis
};

SpendChart spendByOwner(const AttributionReport &report, size_t topOwners = 11);

} // namespace unalloc::core
