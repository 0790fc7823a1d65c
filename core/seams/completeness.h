#pragma once

#include "core/attribution.h"
#include "core/importbatch.h"

#include <set>
#include <string>
#include <vector>

namespace unalloc::core {

/// A batch whose numbers are incomplete, with why.
struct PartialBatch
{
    std::int64_t id = 0;
    std::string source;
    std::string origin;
    BatchStatus status = BatchStatus::Partial;
    std::string reason;
};

/// @brief Whether a slice's numbers rest on complete reads (DESIGN §7 "truncated reads").
struct SliceCompleteness
{
    std::vector<PartialBatch> partial; ///< by batch id
    bool complete() const { return partial.empty(); }
};

/// Why a batch is incomplete, "" when it is complete. Its own evidence counts even when its
/// status says complete: the last page had `has_more: true`, fewer records, pages or steps
/// than declared, missing days; a failed import says so.
std::string incompleteReason(const ImportBatch &batch);

/// The batches of `batchIds` (all when empty) that are partial or failed, or whose evidence
/// says data is missing.
SliceCompleteness assessCompleteness(const std::vector<ImportBatch> &batches,
                                     const std::set<std::int64_t> &batchIds = {});

/// Ids of the batches that contribute rows to the slice of `options`.
std::set<std::int64_t> batchesInSlice(const CostCube &cube, const AttributionOptions &options);

} // namespace unalloc::core
