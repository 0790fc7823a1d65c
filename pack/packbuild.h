#pragma once

// What a chargeback pack shows, computed once for `unalloc pack` and the explorer's
// File ▸ Export chargeback pack…: both call buildPack with what they loaded.
#include "packlayout.h"

#include "core/analysis/appliedsplits.h"
#include "core/attribution.h"
#include "core/costcube.h"
#include "core/ledger/ledgerstore.h"
#include "core/reconcile.h"
#include "core/rules.h"

#include <string>
#include <vector>

namespace unalloc::pack {

/// A loaded ledger: the caller keeps these alive while buildPack runs.
struct PackSources
{
    const core::CostCube *cube = nullptr; ///< every reportable row (applied splits included)
    std::vector<core::ImportBatch> batches;
    std::vector<core::Invoice> invoices;
    core::Rules rules;
    std::vector<core::AppliedSplit> splits; ///< meter splits applied in the ledger
    std::string ledgerName;                 ///< the file name shown on every page
    /// The ledger, read (never written) for `meters`: the pods and their telemetry.
    const core::LedgerStore *store = nullptr;
};

/// `--meter POD=METER`: split the pod named (or numbered) POD by METER in the pack only.
struct MeterChoice
{
    std::string pod;
    std::string meter;
};

struct PackRequest
{
    std::string month;                ///< "YYYY-MM"
    core::AttributionOptions options; ///< owner key, fallbacks, sources (days are the month's)
    bool dedupe = false;
    bool letter = false;
    std::vector<MeterChoice> meters;
};

/// Parses "POD=METER"; a usage error naming the text otherwise.
core::Result<MeterChoice> parseMeterChoice(const std::string &text);

/// The pack's content. Errors: "usage" for a bad month, an unknown pod or meter (the message
/// lists the valid ones); "empty" when the month holds no cost row.
core::Result<PackContent> buildPack(const PackSources &sources, const PackRequest &request);

/// The pods of `store` that --meter accepts, as "name (#id)" (for messages and the dialog).
core::Result<std::vector<std::string>> meterPods(const core::LedgerStore &store,
                                                 const std::string &ownerKey);

} // namespace unalloc::pack
