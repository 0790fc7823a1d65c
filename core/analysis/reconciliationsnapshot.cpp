#include "reconciliationsnapshot.h"

#include "core/timeutil.h"

#include <algorithm>
#include <map>

namespace unalloc::core {

namespace {

bool inPeriod(std::int32_t day, std::optional<std::int32_t> from, std::optional<std::int32_t> to)
{
    return (!from || day >= *from) && (!to || day < *to);
}

/// Invoices whose billing period meets [from, to); undated invoices always count.
std::vector<Invoice> invoicesInPeriod(const std::vector<Invoice> &invoices,
                                      std::optional<std::int32_t> from,
                                      std::optional<std::int32_t> to)
{
    std::vector<Invoice> out;
    for (const Invoice &inv : invoices) {
        const bool startsBeforeEnd =
            !to || !inv.periodStart || *inv.periodStart < static_cast<TimeUs>(*to) * kUsPerDay;
        const bool endsAfterStart =
            !from || !inv.periodEnd || *inv.periodEnd > static_cast<TimeUs>(*from) * kUsPerDay;
        if (startsBeforeEnd && endsAfterStart)
            out.push_back(inv);
    }
    return out;
}

std::vector<BatchState> batchStates(const LedgerCatalog &catalog,
                                    const AnalysisRequest &request,
                                    const std::set<std::int64_t> &inSlice)
{
    std::vector<BatchState> out;
    for (const ImportBatch &b : catalog.batches) { // the catalog keeps them by id
        if (!request.sources.empty() && !request.sources.contains(b.source))
            continue;
        out.push_back({b, incompleteReason(b), inSlice.contains(b.id)});
    }
    return out;
}

/// "1", "1.5", "0.25": the tolerance as a CLI argument.
std::string shortDecimal(const Decimal &d)
{
    std::string s = d.toString();
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    return s;
}

void sumOverlap(ReconciliationSnapshot &s)
{
    Decimal overlap, residual, excess;
    std::optional<Currency> only;
    for (const ProviderOverlap &p : s.overlap.providers) {
        if (only && *only != p.currency)
            return; // several currencies never add up
        only = p.currency;
        overlap += p.overlap;
        residual += p.residual;
        excess += p.excess;
    }
    s.overlapCurrency = only.value_or(s.currency.value_or(Currency::usd()));
    s.overlapTotal = overlap;
    s.residualTotal = residual;
    s.excessTotal = excess;
}

std::optional<ReconSummary> summarise(const ReconciliationSnapshot &s)
{
    std::optional<Currency> only;
    ReconSummary out;
    for (const PeriodReconLine &l : s.recon.lines) {
        if (only && *only != l.currency)
            return std::nullopt;
        only = l.currency;
        const ReconLine &r = l.line;
        if (r.invoice) {
            out.ledgerInvoiced += r.ledger;
            out.invoiced += *r.invoice;
        } else {
            out.uninvoiced += r.ledger;
        }
        switch (r.status) {
        case ReconStatus::Matched:
            ++out.matched;
            break;
        case ReconStatus::Over:
            ++out.over;
            break;
        case ReconStatus::Under:
            ++out.under;
            break;
        case ReconStatus::NoInvoice:
            ++out.noInvoice;
            break;
        case ReconStatus::ZeroInvoice:
            ++out.zeroInvoice;
            break;
        }
    }
    if (only && s.overlapTotal && !s.overlap.providers.empty() && s.overlapCurrency != *only)
        return std::nullopt;
    out.delta = out.ledgerInvoiced - out.invoiced;
    if (!out.invoiced.isZero())
        out.coveragePct = Decimal::percent(out.ledgerInvoiced, out.invoiced, 1);
    if (s.overlapTotal) {
        Decimal gateway, bill;
        for (const ProviderOverlap &p : s.overlap.providers) {
            gateway += p.gateway;
            bill += p.bill;
        }
        if (!bill.isZero())
            out.gatewayCoveragePct = Decimal::percent(gateway, bill, 1);
    }
    return out;
}

} // namespace

PreparedCube prepareCube(const CostCube &cube, const AnalysisRequest &request)
{
    PreparedCube p;
    p.plain = &cube;
    OverlapOptions options;
    options.sources = request.sources;
    if (request.dedupe) {
        auto merged = std::make_shared<MergedLedger>(deduplicate(cube, options));
        p.overlap = merged->overlap;
        p.merged = std::move(merged);
    } else {
        p.overlap = findOverlap(cube, options);
    }
    return p;
}

OverlapReport overlapInPeriod(const OverlapReport &report,
                              std::optional<std::int32_t> fromDay,
                              std::optional<std::int32_t> toDay)
{
    OverlapReport out;
    out.unknownProviderRows = report.unknownProviderRows;
    for (const OverlapGroup &g : report.groups) {
        if (inPeriod(g.day, fromDay, toDay))
            out.groups.push_back(g);
    }
    out.providers = summariseByProvider(out.groups);
    return out;
}

std::string reconcileCommandLine(const AnalysisRequest &request, const std::string &ledgerPath)
{
    std::string line = "unalloc reconcile";
    if (!ledgerPath.empty())
        line += " --ledger " + shellQuote(ledgerPath);
    if (request.fromDay)
        line += " --from " + dayText(*request.fromDay);
    if (request.toDay)
        line += " --to " + dayText(*request.toDay);
    for (const std::string &s : request.sources)
        line += " --source " + shellQuote(s);
    return line + " --tolerance " + shortDecimal(request.tolerancePct);
}

ReconciliationSnapshot reconciliationSnapshot(const PreparedCube &prepared,
                                              const std::vector<Invoice> &invoices,
                                              const LedgerCatalog &catalog,
                                              const AnalysisRequest &request,
                                              const std::string &ledgerPath)
{
    ReconciliationSnapshot s;
    s.deduplicated = prepared.merged != nullptr;
    s.reconcileCommand = reconcileCommandLine(request, ledgerPath);
    PeriodReconOptions options;
    options.tolerancePct = request.tolerancePct;
    options.sources = request.sources;
    options.fromDay = request.fromDay;
    options.toDay = request.toDay;
    std::vector<Invoice> inPeriod = invoicesInPeriod(invoices, request.fromDay, request.toDay);
    s.currency = request.currency;
    if (!s.currency) {
        const auto held = currencyRows(*prepared.plain);
        if (held.size() == 1)
            s.currency = held.front().currency;
    }
    if (s.currency)
        s.otherCurrencyInvoices = takeOtherCurrencyInvoices(inPeriod, *s.currency);
    auto recon = reconcileByPeriod(*prepared.plain, inPeriod, options);
    if (recon)
        s.recon = std::move(*recon);
    else
        s.error = recon.error();
    s.recon.tolerancePct = request.tolerancePct;
    s.overlap = overlapInPeriod(prepared.overlap, request.fromDay, request.toDay);
    sumOverlap(s);
    const std::set<std::int64_t> inSlice = batchesInSlice(prepared.cube(), request.options());
    s.batches = batchStates(catalog, request, inSlice);
    s.completeBatches = static_cast<int>(std::count_if(
        s.batches.begin(), s.batches.end(), [](const BatchState &b) { return b.complete(); }));
    if (!inSlice.empty())
        s.completeness = assessCompleteness(catalog.batches, inSlice);
    s.summary = summarise(s);
    return s;
}

} // namespace unalloc::core
