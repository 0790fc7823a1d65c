#pragma once

#include "core/costcube.h"
#include "core/reconcile.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace unalloc::core {

/// Ledger vs invoice for one provider (source) and one billing period.
struct PeriodReconLine
{
    std::optional<TimeUs> periodStart; ///< none: invoices without a period, or no invoice
    std::optional<TimeUs> periodEnd;   ///< exclusive
    Currency currency;
    ReconLine line;        ///< source, ledger, invoice, delta, delta %, coverage, status
    std::int64_t rows = 0; ///< ledger rows counted in this line
    int invoiceCount = 0;  ///< invoices that add up to line.invoice
};

struct PeriodReconOptions
{
    Decimal tolerancePct = Decimal::fromInt(1);
    std::set<std::string> sources;       ///< empty = all
    std::optional<std::int32_t> fromDay; ///< ledger groups from this day (inclusive)
    std::optional<std::int32_t> toDay;   ///< ledger groups before this day
};

/// @brief Reconciliation per provider and billing period (DESIGN §7, issue 5 item 1).
struct PeriodReconciliation
{
    std::vector<PeriodReconLine> lines; ///< by source, then period (undated first)
    Decimal tolerancePct;
    /// Sums over all lines; none when the lines are in more than one currency.
    std::optional<Decimal> ledgerTotal, invoiceTotal;
    /// Some line is over or under: `reconcile --strict` exits 2.
    bool hasMismatch() const;
};

/// Assigns every ledger group of the cube to one line: the first dated invoice period of its
/// source (by period start) whose days contain the group's day; else the source's undated
/// line, which holds its invoices without a period (or none: `no-invoice`). Several invoices
/// for one (source, period) add up; a dated invoice without ledger rows is `under` at −100%.
/// An error when a line mixes currencies.
Result<PeriodReconciliation> reconcileByPeriod(const CostCube &cube,
                                               const std::vector<Invoice> &invoices,
                                               const PeriodReconOptions &options = {});

} // namespace unalloc::core
