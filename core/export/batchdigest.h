#pragma once

#include "core/importbatch.h"

#include <string>
#include <vector>

namespace unalloc::core {

/// The provenance digest of a ledger's batches ("sha256:…"): over each batch's id, source,
/// bytes digest, rows, totals and status, by id. `--json` results, the pack's cover and
/// `unalloc verify` all use it, so a figure can be checked against the ledger months later.
std::string batchesDigest(const std::vector<ImportBatch> &batches);

} // namespace unalloc::core
