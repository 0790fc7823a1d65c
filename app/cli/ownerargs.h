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

/// A command's input with its owner options (-D, -f) resolved by the loaded rules.
struct OwnedInput : CommandInput
{
    core::AttributionOptions owner;
};
/// readInput, then ownerOptions with the input's rules: the setup of report and pack.
core::Result<OwnedInput>
readOwnedInput(const ParsedArgs &args, Io &io, const InputCheck &check = {});

} // namespace unalloc::cli
