// `unalloc export --focus 1.2`: the ledger as FOCUS CSV for BI tools, with its allocation.
#include "command.h"
#include "input.h"
#include "ownerargs.h"
#include "textformat.h"

#include "core/export/focusexport.h"
#include "core/ledger/ledgerstore.h"

namespace unalloc::cli {

int runExport(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("export", "Write the ledger's rows in an interchange format, with the owner "
                               "each row was allocated to.");
    addInputOptions(parser);
    addOwnerOptions(parser);
    parser.option("focus", 0, "VERSION", "FinOps FOCUS CSV; the version must be 1.2")
        .option("output", 'o', "FILE", "Where to write ('-' = standard output)");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    if (!args->has("focus"))
        return reportError({"usage", "export needs a format: --focus 1.2", {}, {}, {}}, io);
    if (args->value("focus") != "1.2")
        return reportError(
            {"usage",
             "--focus: only FOCUS 1.2 is written, not '" + args->value("focus") + "'",
             {},
             {},
             {}},
            io);
    const std::string output = args->value("output");
    if (output.empty())
        return reportError(
            {"usage", "export needs -o FILE (or -o - for standard output)", {}, {}, {}}, io);
    auto inOpts = inputOptions(*args);
    if (!inOpts)
        return reportError(inOpts.error(), io);
    if (inOpts->ledger.empty())
        return reportError({"usage", "export reads a ledger: --ledger FILE", {}, {}, {}}, io);
    auto ledger = core::LedgerStore::open(inOpts->ledger, true);
    if (!ledger)
        return reportError(ledger.error(), io);
    auto rules = (*ledger)->rules();
    if (!rules)
        return reportError(rules.error(), io);
    auto options = ownerOptions(*args, *inOpts, *rules);
    if (!options)
        return reportError(options.error(), io);

    // Streamed: to standard output as the rows come, or into the file all or nothing.
    auto summary = output == "-" ? core::writeFocusCsv(**ledger, *options, io.out)
                                 : core::writeFocusFile(**ledger, *options, output);
    if (!summary)
        return reportError(summary.error(), io);
    std::string totals;
    for (const core::Money &m : summary->totals)
        totals += (totals.empty() ? "" : ", ") + money(m.amount, m.currency);
    (output == "-" ? io.err : io.out)
        << "exported " << summary->rows << " rows (" << (totals.empty() ? "no cost" : totals)
        << ") as FOCUS 1.2" << (output == "-" ? "" : " to " + output) << '\n';
    return kExitOk;
}

} // namespace unalloc::cli
