#include "budget.h"

#include "labels.h"

#include <string>

namespace unalloc::core {

namespace {

bool inRange(const Decimal &pct)
{
    return !(pct < Decimal()) && !(Decimal::fromInt(100) < pct);
}

} // namespace

Result<UBudget> UBudget::checked() const
{
    if (!inRange(targetPct))
        return fail("bad-budget",
                    "the U target " + targetPct.toString() + " % is not within 0–100");
    if (!inRange(criticalPct))
        return fail("bad-budget",
                    "the critical U " + criticalPct.toString() + " % is not within 0–100");
    if (criticalPct < targetPct)
        return fail("bad-budget", "the critical U " + criticalPct.toString() +
                                      " % is below the U target " + targetPct.toString() + " %");
    return *this;
}

BudgetStanding budgetStanding(const AttributionReport &report, const UBudget &budget)
{
    if (report.total.isZero())
        return BudgetStanding::NoSpend;
    if (Decimal::comparePercent(report.unallocated, report.total, budget.criticalPct) >= 0)
        return BudgetStanding::Critical;
    return report.exceedsBudget(budget.targetPct) ? BudgetStanding::Over : BudgetStanding::Within;
}

Result<Decimal> parseBudgetPct(std::string_view text)
{
    std::string t(trimmed(text));
    if (!t.empty() && t.back() == '%')
        t = std::string(trimmed(std::string_view(t).substr(0, t.size() - 1)));
    auto value = Decimal::parse(t);
    if (!value || !inRange(*value))
        return fail("bad-budget",
                    "\"" + std::string(text) + "\" is not a percentage from 0 to 100");
    return *value;
}

} // namespace unalloc::core
