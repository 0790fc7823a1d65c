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
        if (l.status == ReconStatus::Over || l.status == ReconStatus::Under ||
            l.status == ReconStatus::ZeroInvoice)
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
        out.ledgerTotal += line.ledger;
        if (line.invoice)
            out.invoiceTotal += *line.invoice;
        out.lines.push_back(reconcileLine(s, line.ledger, line.invoice, tolerancePct));
    }
    return out;
}

ReconLine reconcileLine(std::string source,
                        Decimal ledger,
                        std::optional<Decimal> invoice,
                        Decimal tolerancePct)
{
    ReconLine line;
    line.source = std::move(source);
    line.ledger = ledger;
    line.invoice = invoice;
    if (!invoice) {
        line.status = ReconStatus::NoInvoice;
    } else if (invoice->isZero()) {
        line.delta = ledger - *invoice;
        line.status = ledger.isZero() ? ReconStatus::Matched : ReconStatus::ZeroInvoice;
    } else {
        const Decimal delta = ledger - *invoice;
        line.delta = delta;
        line.deltaPct = Decimal::percent(delta, *invoice, 1);
        line.coveragePct = Decimal::percent(ledger, *invoice, 1);
        // |delta| / invoice × 100 <= tolerance, compared exactly.
        const Decimal absDelta = delta.isNegative() ? -delta : delta;
        const Decimal absInvoice = invoice->isNegative() ? -*invoice : *invoice;
        if (Decimal::comparePercent(absDelta, absInvoice, tolerancePct) <= 0)
            line.status = ReconStatus::Matched;
        else
            line.status = delta.isNegative() ? ReconStatus::Under : ReconStatus::Over;
    }
    return line;
}

} // namespace unalloc::core
