#pragma once

#include "analysisrequest.h"
#include "economics.h"

#include "core/importbatch.h"

#include <set>
#include <string>
#include <vector>

namespace unalloc::core {

/// Gateway batches whose rows are daily aggregates (the LiteLLM global spend report), not
/// requests: their dollars count, their rows are no requests.
std::set<std::int64_t> aggregateGatewayBatches(const std::vector<ImportBatch> &batches);

/// The economics options of the explorer's slice: the period and sources of `request` (its
/// owner key and fallbacks play no part) with `featureKey` (canonical) as the feature key.
EconomicsOptions economicsOptions(const AnalysisRequest &request,
                                  const std::string &featureKey,
                                  const std::vector<ImportBatch> &batches);

/// @brief What the Feature economics view shows for one (ledger, slice, feature key).
struct EconomicsSnapshot
{
    EconomicsOptions options;
    EconomicsReport report;
    /// Σ of the feature lines (the unattributed line left out): the invisible share of the
    /// cost that does carry a feature.
    EconomicsLine attributed;
    /// The month lines over every date of the selected sources (the period left out): a
    /// month-over-month line is what the period alone cannot show.
    std::vector<EconomicsCell> allMonths;
};

Result<EconomicsSnapshot> economicsSnapshot(const CostCube &cube, const EconomicsOptions &options);

/// The month lines of one feature (`feature` = kUnattributed for the unattributed line) out of
/// `months` (e.g. EconomicsSnapshot::allMonths), in month order; a month in which the feature
/// has no line is left out.
std::vector<EconomicsCell> featureTrend(const std::vector<EconomicsCell> &months,
                                        const std::string &feature);

/// The keys offered as feature keys: `current` and "feature" first (when not already
/// present), then `catalogKeys` in their order, each once.
std::vector<std::string> featureKeyChoices(const std::vector<std::string> &catalogKeys,
                                           const std::string &current);

} // namespace unalloc::core
