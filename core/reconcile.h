#pragma once

#include "decimal.h"
#include "money.h"
#include "timeutil.h"

#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

/// What a provider billed for a period.
struct Invoice
{
    std::string source;
    Money amount;
    std::optional<TimeUs> periodStart, periodEnd;
    std::string note;
};

enum class ReconStatus { Matched, Over, Under, NoInvoice, ZeroInvoice };
const char *toString(ReconStatus s);

/// Ledger vs invoice for one source.
struct ReconLine
{
    std::string source;
    Decimal ledger;
    std::optional<Decimal> invoice;
    std::optional<Decimal> delta;    ///< ledger − invoice
    std::optional<Decimal> deltaPct; ///< rounded to 0.1, half-even; none without a non-zero invoice
    std::optional<Decimal> coveragePct; ///< ledger ÷ invoice × 100, rounded to 0.1
    ReconStatus status = ReconStatus::NoInvoice;
};

struct Reconciliation
{
    std::vector<ReconLine> lines; ///< by source name
    Decimal tolerancePct;
    Decimal ledgerTotal, invoiceTotal;
    /// Every line matched or without an invoice.
    bool clean() const;
    /// Some line is over or under (what `reconcile --strict` fails on).
    bool hasMismatch() const { return !clean(); }
};

/// One ledger amount against its (summed) invoice: delta, delta %, coverage and status.
/// A zero invoice is ZeroInvoice (Matched when the ledger is zero too), never a division.
ReconLine reconcileLine(std::string source,
                        Decimal ledger,
                        std::optional<Decimal> invoice,
                        Decimal tolerancePct);

/// @param ledgerBySource exact ledger totals per source (any order, names unique)
/// @param tolerancePct |delta %| ≤ tolerance (exact comparison) counts as matched
Reconciliation reconcile(const std::vector<std::pair<std::string, Decimal>> &ledgerBySource,
                         const std::vector<Invoice> &invoices,
                         Decimal tolerancePct);

} // namespace unalloc::core
