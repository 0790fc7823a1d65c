#pragma once

// Provenance of a `--json` result (the original tool's §9, on a ledger): what it was computed
// from, so that `unalloc verify` can recompute it later and say whether it still holds.
#include "input.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace unalloc::cli {

using ProvenanceJson = nlohmann::ordered_json;

/// What a result was computed with, beyond the loaded input.
struct ResultContext
{
    std::string command;                ///< "report", "labels", "reconcile", "economics"
    std::vector<std::string> arguments; ///< the command's arguments without --ledger FILE
    std::string ownerKey;               ///< canonical; "" when the command has none
    std::vector<std::string> fallbacks; ///< canonical
    std::string rulesDigest;            ///< "sha256:…" of the rules in force
};

/// "sha256:…" over the batches a ledger result used: id, source, bytes digest, rows, totals
/// and status of each, in id order. Another batch added later does not change it.
std::string ledgerDigest(const std::vector<core::ImportBatch> &batches);
/// "sha256:…" of the result without its provenance (compact JSON, keys in output order).
std::string resultDigest(const ProvenanceJson &result);
/// The arguments to record: `argv` without --ledger FILE (the file may move) and --batch.
std::vector<std::string> recordedArguments(const std::vector<std::string> &argv);

/// The provenance fields every result shares: version, command, arguments, mode, owner key
/// and fallbacks, period, rules digest, and (ledger mode) the ledger digest with the batches
/// used. `result_sha256` is added by the caller.
ProvenanceJson
provenanceBase(const ResultContext &context, const InputOptions &options, const LoadedInput &input);
/// Adds "provenance" to a ledger-mode result of labels/reconcile/economics (fixtures-mode
/// output stays as it was).
void stampLedgerResult(ProvenanceJson &result,
                       const ResultContext &context,
                       const InputOptions &options,
                       const LoadedInput &input);

} // namespace unalloc::cli
