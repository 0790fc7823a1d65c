#pragma once

// --meter POD=METER: a pod split in the pack's figures only (packmeter.cpp).
#include "packbuild.h"

#include "core/analysis/metersnapshot.h"

#include <optional>
#include <vector>

namespace unalloc::pack {

/// `cube` with each chosen pod row replaced by its meter's split rows (exact: the parts sum to
/// the pod's amount), and what the pack shows of each split. The ledger is only read. The pod
/// candidates it looked up are left in `pods` (none looked up without --meter), so that the
/// pack's pod section need not scan every request again.
core::Result<core::CostCube> splitPods(const PackSources &sources,
                                       const PackRequest &request,
                                       std::int32_t fromDay,
                                       std::int32_t toDay,
                                       std::vector<PodSplitView> &views,
                                       std::optional<std::vector<core::PodCandidate>> &pods);

} // namespace unalloc::pack
