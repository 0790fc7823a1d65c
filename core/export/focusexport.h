#pragma once

#include "core/attribution.h"
#include "core/money.h"
#include "core/result.h"

#include <ostream>
#include <string>
#include <vector>

namespace unalloc::core {

class LedgerStore;

/// How one row found its owner, as the FOCUS export writes it in its `x_` columns.
struct OwnerResolution
{
    std::string owner;       ///< "" when unallocated
    std::string resolvedBy;  ///< "label" | "fallback" | "none"
    std::string fallbackKey; ///< the fallback key that gave the owner, else ""
};

/// The owner of a label set under `options`, by the rule attribute() applies per label set
/// (first non-blank of owner key then fallbacks; a value "<unallocated>" counts as none).
OwnerResolution resolveOwner(const LabelMap &labels, const AttributionOptions &options);

/// The FOCUS 1.2 columns in specification order (57), then the `x_` columns unalloc adds.
const std::vector<std::string> &focusColumns();
/// The `x_` columns unalloc writes about its own allocation: the FOCUS importer must not read
/// them back as labels (an owner fed back as a `team` label would change the next result).
bool isUnallocResultColumn(std::string_view column);

/// What an export wrote.
struct FocusExportSummary
{
    std::int64_t rows = 0;
    std::vector<Money> totals; ///< per currency, by code
};

/// @brief Writes the ledger's reportable rows (meter splits replace their pod row; request
/// telemetry is no cost) in the slice of `options` (days by charge start, sources) as FOCUS 1.2
/// CSV: ISO `…Z` timestamps (charge period widened to whole seconds, end exclusive), empty
/// fields for null, amounts as their exact decimal text, the row's raw labels as JSON `Tags`,
/// the allocation in `x_Owner`, `x_OwnerKey`, `x_ResolvedBy`, `x_FallbackKey` (after the
/// ledger's label value aliases, as `unalloc report` attributes).
/// Rows are ordered by (charge start, source, line text): the bytes depend neither on the
/// order the ledger's batches were imported in nor on record keys.
/// The rows are streamed: memory holds one page of ledger rows and the lines of one charge
/// start (bounded; see GroupedLineSorter), not the export.
Result<FocusExportSummary>
writeFocusCsv(const LedgerStore &ledger, const AttributionOptions &options, std::ostream &out);

/// writeFocusCsv into the file `path`, all or nothing: written beside it as `path.partial` and
/// renamed over it once complete; on failure `path` is left as it was.
Result<FocusExportSummary> writeFocusFile(const LedgerStore &ledger,
                                          const AttributionOptions &options,
                                          const std::string &path);

} // namespace unalloc::core
