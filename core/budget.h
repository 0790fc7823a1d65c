#pragma once

#include "attribution.h"
#include "decimal.h"
#include "result.h"

#include <string_view>

namespace unalloc::core {

/// @brief How much unallocated spend a ledger tolerates: the U target (the budget `report
/// --budget` gates on, the target line of the fix-plan curve) and the share from which U is
/// critical. Percentages, exact.
struct UBudget
{
    Decimal targetPct = Decimal::fromInt(10);
    Decimal criticalPct = Decimal::fromInt(25);

    friend bool operator==(const UBudget &, const UBudget &) = default;

    /// Both within 0–100 and the target not above the critical share; else "bad-budget"
    /// naming the figure.
    Result<UBudget> checked() const;
};

/// Where a slice's U stands against a budget.
enum class BudgetStanding {
    NoSpend,  ///< nothing to judge: the slice has no spend
    Within,   ///< U ≤ target
    Over,     ///< target < U < critical
    Critical, ///< U ≥ critical
};

/// Exact comparison of U = unallocated ÷ total (no rounding first), as `report --budget`.
BudgetStanding budgetStanding(const AttributionReport &report, const UBudget &budget);

/// A percentage as typed ("10", "7.5", "10 %"): 0–100, else "bad-budget".
Result<Decimal> parseBudgetPct(std::string_view text);

} // namespace unalloc::core
