#pragma once

#include "argparser.h"
#include "input.h"

#include "core/attribution.h"

namespace unalloc::cli {

/// Adds -D/--dimension and -f/--fallback.
void addOwnerOptions(ArgParser &parser);
/// Owner key and fallbacks canonicalised with the ledger's label rules (`-D costCenter` finds
/// `cost_center`), plus the period filter of the input options.
core::Result<core::AttributionOptions>
ownerOptions(const ParsedArgs &args, const InputOptions &input, const core::Rules &rules);

} // namespace unalloc::cli
