#pragma once

// The monthly chargeback pack's pages, and the per-owner statements, from computed figures.
#include "pdfdoc.h"

#include "core/analysis/appliedsplits.h"
#include "core/analysis/economics.h"
#include "core/export/chargeback.h"
#include "core/importbatch.h"
#include "core/meters/meter.h"
#include "core/seams/overlap.h"
#include "core/seams/periodrecon.h"

#include <QByteArray>
#include <QImage>

#include <optional>

namespace unalloc::pack {

/// One tenant of a pod split by the meter the pack was asked for (`--meter POD=METER`).
struct PodTenantLine
{
    std::string tenant; ///< "" = requests without an owner label
    std::string owner;  ///< the owner the split row is charged to ("" = unallocated)
    bool overhead = false;
    core::Decimal share;  ///< of the whole pod under the chosen meter (rows sum to 1)
    core::Decimal amount; ///< exact; the rows sum to the pod's amount
    /// Per other telemetry meter: (chosen − other) redistributed share, in points.
    std::vector<std::pair<core::MeterKind, core::Decimal>> gaps;
};

/// A pod split in the pack only (the ledger is not written): the chargeback table already
/// holds these amounts in place of the pod row.
struct PodSplitView
{
    std::int64_t rowId = 0;
    std::string pod;
    core::Money amount;
    core::MeterKind meter = core::MeterKind::Tokens;
    core::OverheadPolicy policy = core::OverheadPolicy::Keep;
    std::int64_t requests = 0;
    std::vector<PodTenantLine> tenants;
};

/// A shared inference pod of the month that no meter splits: charged to its own labels.
struct PodSummary
{
    std::int64_t rowId = 0;
    std::string pod;
    core::Money amount;
    std::int64_t requests = 0; ///< request telemetry in its window
};

/// Everything the pack shows; computed by buildPack (packbuild.h), laid out here.
struct PackContent
{
    core::Chargeback chargeback;
    std::string ledger;       ///< the ledger's file name
    std::string ledgerDigest; ///< provenance: sha256 over the batches used
    std::string rulesDigest;
    std::vector<core::ImportBatch> batches;
    std::vector<core::PeriodReconLine> reconciliation; ///< the month's lines
    core::OverlapReport overlap;
    bool deduplicated = false;
    core::Decimal removed;
    std::vector<core::AppliedSplit> splits; ///< applied in the ledger
    std::vector<PodSplitView> meterSplits;  ///< asked for by --meter, in the pack only
    std::vector<PodSummary> unsplitPods;    ///< the month's other pods (when the ledger is read)
    std::optional<core::EconomicsReport> economics; ///< when the month has requests
    bool letter = false;
};

/// The pack as PDF bytes with its outline; "" on failure.
QByteArray packPdf(const PackContent &content, int *pages = nullptr);
/// One owner's single-page statement as PDF bytes.
QByteArray statementPdf(const PackContent &content, const std::string &owner);
/// One owner's statement as CSV: source, cost object, rows, amount, currency; a total line.
QByteArray statementCsv(const PackContent &content, const std::string &owner);
/// Writes `<dir>/<month>-<owner>.csv` and `.pdf` per owner (the folder is created); returns
/// how many owners.
core::Result<size_t> writeStatements(const PackContent &content, const std::string &dir);
/// The pack's pages painted as images (`dpi` dots per inch), laid out exactly as the PDF's:
/// the explorer's preview.
std::vector<QImage> packImages(const PackContent &content, double dpi);

} // namespace unalloc::pack
