#pragma once

// The monthly chargeback pack's pages, and the per-owner statements, from computed figures.
#include "pdfdoc.h"

#include "core/analysis/appliedsplits.h"
#include "core/analysis/economics.h"
#include "core/export/chargeback.h"
#include "core/importbatch.h"
#include "core/seams/overlap.h"
#include "core/seams/periodrecon.h"

#include <QByteArray>

#include <optional>

namespace unalloc::cli::pack {

/// Everything the pack shows; computed by `unalloc pack`, laid out here.
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
    std::vector<core::AppliedSplit> splits;
    std::optional<core::EconomicsReport> economics; ///< when the month has requests
    bool letter = false;
};

/// The pack as PDF bytes with its outline; "" on failure.
QByteArray packPdf(const PackContent &content, int *pages = nullptr);
/// One owner's single-page statement as PDF bytes.
QByteArray statementPdf(const PackContent &content, const std::string &owner);
/// One owner's statement as CSV: source, cost object, rows, amount, currency; a total line.
QByteArray statementCsv(const PackContent &content, const std::string &owner);

} // namespace unalloc::cli::pack
