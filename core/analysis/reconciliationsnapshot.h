#pragma once

#include "analysisrequest.h"
#include "ledgercatalog.h"

#include "core/reconcile.h"
#include "core/seams/completeness.h"
#include "core/seams/overlap.h"
#include "core/seams/periodrecon.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

/// One import batch for the explorer's batch list: whether its numbers are complete and why.
struct BatchState
{
    ImportBatch batch;
    std::string reason;   ///< incompleteReason(); "" when complete
    bool inSlice = false; ///< contributes rows to the current period and sources
    bool complete() const { return reason.empty(); }
};

/// @brief The cube an analysis attributes: the ledger itself or, with `request.dedupe`, its
/// de-duplicated merge (DESIGN §7). Holds the gateway-vs-bill overlap either way.
struct PreparedCube
{
    const CostCube *plain = nullptr;
    std::shared_ptr<const MergedLedger> merged; ///< set when de-duplicating
    OverlapReport overlap;                      ///< over the request's sources, every day
    const CostCube &cube() const { return merged ? merged->cube : *plain; }
};

/// Overlap over the request's sources (gateway rows only overlap bills that are in the
/// slice too: an excluded bill is not summed, so nothing is counted twice), and the merged
/// cube when the request asks for de-duplication.
PreparedCube prepareCube(const CostCube &cube, const AnalysisRequest &request);

/// Headline figures of a reconciliation (one currency; none of them when lines mix).
struct ReconSummary
{
    Decimal ledgerInvoiced;             ///< ledger $ of the lines that have an invoice
    Decimal invoiced;                   ///< Σ invoices
    Decimal delta;                      ///< ledgerInvoiced − invoiced
    std::optional<Decimal> coveragePct; ///< ledgerInvoiced ÷ invoiced, 0.1; none without invoices
    Decimal uninvoiced;                 ///< ledger $ of sources without an invoice
    int matched = 0, over = 0, under = 0, noInvoice = 0, zeroInvoice = 0;
    /// Gateway ÷ bill over every provider with overlap, 0.1; none without bills.
    std::optional<Decimal> gatewayCoveragePct;
};

/// @brief What the Reconciliation view and the seam banners of every view show: ledger vs
/// invoices per provider and billing period, the gateway-vs-bill overlap in the period, and
/// the completeness of every batch.
struct ReconciliationSnapshot
{
    std::optional<Error> error; ///< reconciliation failed (a line mixes currencies)
    PeriodReconciliation recon; ///< of the plain ledger: each source against its own bill
    OverlapReport overlap;      ///< match groups in the period; providers summed over them
    /// Σ overlap, Σ residual, Σ excess; none when the providers use more than one currency.
    std::optional<Decimal> overlapTotal, residualTotal, excessTotal;
    Currency overlapCurrency;
    /// The currency of the rows reconciled (the request's, else the ledger's only one).
    std::optional<Currency> currency;
    /// Invoices of the period in another currency: listed (otherCurrencyNote), not reconciled.
    std::vector<Invoice> otherCurrencyInvoices;
    bool deduplicated = false;           ///< the analysis attributes the merged cube
    std::vector<BatchState> batches;     ///< every batch of the selected sources, by id
    int completeBatches = 0;             ///< of `batches`
    SliceCompleteness completeness;      ///< partial batches whose rows are in the slice
    std::string reconcileCommand;        ///< the equivalent `unalloc reconcile …`
    std::optional<ReconSummary> summary; ///< none when currencies mix

    /// Overlapping sources are summed: the same dollars are counted twice.
    bool doubleCounted() const { return !deduplicated && overlapTotal && !overlapTotal->isZero(); }
};

/// Reconciles the plain cube's slice (period and sources of `request`; invoices whose
/// period misses the selected period are left out, invoices in another currency than the
/// request's, or the cube's only one, are set apart), restricts `prepared.overlap` to the
/// period and assesses the batches.
ReconciliationSnapshot reconciliationSnapshot(const PreparedCube &prepared,
                                              const std::vector<Invoice> &invoices,
                                              const LedgerCatalog &catalog,
                                              const AnalysisRequest &request,
                                              const std::string &ledgerPath);

/// The overlap report with only the groups whose day lies in [fromDay, toDay), providers
/// summed again over them (coverage = gateway ÷ bill, 0.1 half-even).
OverlapReport overlapInPeriod(const OverlapReport &report,
                              std::optional<std::int32_t> fromDay,
                              std::optional<std::int32_t> toDay);

/// `unalloc reconcile --ledger FILE --from … --to … --tolerance PCT`.
std::string reconcileCommandLine(const AnalysisRequest &request, const std::string &ledgerPath);

} // namespace unalloc::core
