#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>

namespace unalloc::bench {

/// Writes a ledger of `rows` cost rows straight through LedgerStore/ImportTransaction (no
/// parsing): four sources, one batch each, a month of hourly rows per source and label sets
/// like a real cluster's (team on about half of the rows, namespace/project/workspace on
/// others, a tail with none). Deterministic: the same arguments give the same ledger.
core::Result<void> writeUiBenchLedger(const std::string &path, std::int64_t rows);

} // namespace unalloc::bench
