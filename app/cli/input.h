#pragma once

#include "argparser.h"
#include "command.h"

#include "core/analysis/appliedsplits.h"
#include "core/costcube.h"
#include "core/importbatch.h"
#include "core/labels.h"
#include "core/reconcile.h"
#include "core/rules.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace unalloc::cli {

/// Where the rows come from: the bundled demo, a folder of export files, or a ledger file.
struct InputOptions
{
    bool fixtures = false;
    std::string fixtureDir;
    std::string ledger;
    std::vector<std::string> sources;           ///< requested sources, in order, without duplicates
    std::optional<std::int32_t> fromDay, toDay; ///< by charge-period start, [from, to)
    bool requireComplete = false;
    std::vector<std::int64_t> batches; ///< ledger: only these batches (verify replays a result)
    std::optional<core::Currency> currency; ///< --currency: report the rows of this one
};

/// Provenance of one requested source.
struct SourceInput
{
    std::string name;
    std::string status; ///< loaded | missing
    std::string sha256; ///< of the exact bytes, "" when missing
    std::int64_t bytes = 0;
    std::int64_t rows = 0;
    std::string detail;
};

/// @brief Everything a report needs, loaded and validated.
struct LoadedInput
{
    core::CostCube cube;
    std::vector<core::Invoice> invoices;
    bool haveInvoiceFile = false;
    std::vector<SourceInput> inputs;
    std::vector<core::ImportBatch> batches;
    std::string mode; ///< "fixtures" | "ledger"
    core::Rules rules;
    std::vector<core::AppliedSplit> meterSplits; ///< ledger mode: pod rows replaced by splits
    /// The currency of the selection (none when it is empty); the cube holds no other.
    std::optional<core::Currency> currency;
    /// Invoices set apart by selectCurrency: in another currency than `currency`.
    std::vector<core::Invoice> otherCurrencyInvoices;
};

/// The demo file name of a known source ("opencost" → "opencost_allocation.json"), or "".
std::string fixtureFileFor(const std::string &source);
/// The known sources in the original tool's order.
const std::vector<std::string> &knownSources();
/// Adds -s/--source, --fixtures, --fixture-dir, --ledger, --from, --to, --require-complete.
void addInputOptions(ArgParser &parser);
/// Validates the input options; usage problems come back with code "usage".
core::Result<InputOptions> inputOptions(const ParsedArgs &args);
/// Loads rows, invoices and batch evidence. Errors name file, record and field.
core::Result<LoadedInput> loadInput(const InputOptions &options, Io &io);
/// What a command that reads rows starts from: its input options and what they loaded.
struct CommandInput
{
    InputOptions options;
    LoadedInput input;
};
/// Extra validation of the input options before anything is read (e.g. pack wants a ledger).
using InputCheck = std::function<core::Result<void>(const InputOptions &)>;
/// The input options of `args` validated (by inputOptions, then `check`) and loaded: the one
/// setup of every command that reads rows (report, labels, reconcile, economics, pack).
core::Result<CommandInput> readInput(const ParsedArgs &args, Io &io, const InputCheck &check = {});
/// Keeps one currency of a loaded input (input_currency.cpp): --currency, else the only one;
/// several without --currency is a usage error listing them with their row counts.
core::Result<void> selectCurrency(const InputOptions &options, LoadedInput &input);
/// Loads from a ledger file (input_ledger.cpp).
core::Result<LoadedInput> loadLedger(const InputOptions &options, Io &io);
/// What to print when the selection holds no cost row: "No cost rows loaded. Try --fixtures."
/// when the input had none at all, else how many rows it holds and which filter left none.
std::string noRowsMessage(const InputOptions &options, const LoadedInput &input);
/// Batches that are not complete, as "source (origin): reason" lines.
std::vector<std::string> incompleteBatches(const LoadedInput &input);

/// Parses a command's arguments. On a usage error or --help it prints and returns none, with
/// the exit code in `exitCode`.
std::optional<ParsedArgs> parseCommandLine(const ArgParser &parser,
                                           const std::vector<std::string> &argv,
                                           Io &io,
                                           int &exitCode);
/// Prints an error and maps its code to an exit code (usage → 64, anything else → 1).
int reportError(const core::Error &error, Io &io);

} // namespace unalloc::cli
