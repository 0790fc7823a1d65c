#include "reconcile.h"

#include <map>

namespace unalloc::core {

const char *toString(ReconStatus s)
{
    switch (s) {
    case ReconStatus::Matched:
        return "matched";
    case ReconStatus::Over:
        return "over";
    case ReconStatus::Under:
        return "under";
    case ReconStatus::NoInvoice:
        return "no-invoice";
    case ReconStatus::ZeroInvoice:
        return "zero-invoice";
    }
    return "no-invoice";
}

bool Reconciliation::clean() const
{
    for (const auto &l : lines)
        if (l.status == ReconStatus::Over || l.status == ReconStatus::Under)
            return false;
    return true;
}

Reconciliation reconcile(const std::vector<std::pair<std::string, Decimal>> &ledgerBySource,
                         const std::vector<Invoice> &invoices,
                         Decimal tolerancePct)
{
    std::map<std::string, Decimal> ledger;
    std::map<std::string, Decimal> billed;
    for (const auto &[s, a] : ledgerBySource)
        ledger[s] += a;
    for (const Invoice &inv : invoices)
        billed[inv.source] += inv.amount.amount;
    std::map<std::string, ReconLine> lines;
    for (const auto &[s, a] : ledger)
        lines[s].ledger = a;
    for (const auto &[s, a] : billed)
        lines[s].invoice = a;

    Reconciliation out;
    out.tolerancePct = tolerancePct;
    for (auto &[s, line] : lines) {
        line.source = s;
        out.ledgerTotal += line.ledger;
        if (!line.invoice) {
            line.status = ReconStatus::NoInvoice;
        } else if (line.invoice->isZero()) {
            out.invoiceTotal += *line.invoice;
            line.delta = line.ledger - *line.invoice;
            line.status = line.ledger.isZero() ? ReconStatus::Matched : ReconStatus::ZeroInvoice;
        } else {
            out.invoiceTotal += *line.invoice;
            const Decimal delta = line.ledger - *line.invoice;
            line.delta = delta;
            line.deltaPct = Decimal::percent(delta, *line.invoice, 1);
            line.coveragePct = Decimal::percent(line.ledger, *line.invoice, 1);
            // |delta| / invoice × 100 <= tolerance, compared exactly.
            const Decimal absDelta = delta.isNegative() ? -delta : delta;
            const Decimal absInvoice = line.invoice->isNegative() ? -*line.invoice : *line.invoice;
            if (Decimal::comparePercent(absDelta, absInvoice, tolerancePct) <= 0)
                line.status = ReconStatus::Matched;
            else
                line.status = delta.isNegative() ? ReconStatus::Under : ReconStatus::Over;
        }
        out.lines.push_back(line);
    }
    return out;
}

} // namespace unalloc::core
