// `unalloc batches delete N` and `unalloc batches replace N FILE…`: take an import back out of
// a ledger, or swap it for a corrected export. One transaction each: a failed replace leaves
// the old batch in place.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "adapters/import/ledgerimport.h"
#include "core/ledger/ledgerstore.h"

#include <charconv>

namespace unalloc::cli {

namespace {

std::optional<std::int64_t> batchNumber(const std::string &text)
{
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v <= 0)
        return std::nullopt;
    return v;
}

} // namespace

int runBatches(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("batches", "Delete an import batch (delete N) or replace it by new files "
                                "(replace N FILE...), atomically.");
    parser.option("ledger", 0, "FILE", "The .unalloc ledger")
        .option("source", 's', "NAME", "replace: write NAME as the source of every row")
        .option("format", 0, "ID", "replace: use this adapter instead of detecting the format")
        .flag("skip-invalid", 0, "replace: leave out records that fail validation")
        .positional("ACTION", "delete or replace")
        .positional("N", "The batch number (see `unalloc ledger`)")
        .positional("FILE", "replace: the files that take the batch's place", true);
    auto args = parser.parse(argv);
    if (!args)
        return reportError(args.error(), io);
    if (args->helpRequested()) {
        io.out << parser.help();
        return kExitOk;
    }
    const std::vector<std::string> &pos = args->positionals();
    const std::string ledgerPath = args->value("ledger");
    const std::string action = pos.empty() ? std::string() : pos[0];
    const auto batch = pos.size() >= 2 ? batchNumber(pos[1]) : std::nullopt;
    if (ledgerPath.empty() || (action != "delete" && action != "replace") || !batch ||
        (action == "delete" && pos.size() != 2) || (action == "replace" && pos.size() < 3))
        return reportError({"usage",
                            "use: batches delete N --ledger FILE | batches replace N FILE... "
                            "--ledger FILE",
                            {},
                            {},
                            {}},
                           io);
    const std::int64_t id = batch.value_or(0);
    if (action == "delete") {
        auto ledger = core::LedgerStore::open(ledgerPath);
        if (!ledger)
            return reportError(ledger.error(), io);
        auto removed = (*ledger)->deleteBatch(id);
        if (!removed)
            return reportError(removed.error(), io);
        io.out << "deleted batch " << id << " (" << removed->record.batch.source << ", "
               << removed->record.batch.origin << "): " << removed->record.rowsAdded << " rows, "
               << removed->invoices.size() << " invoices";
        if (removed->splitsDropped > 0)
            io.out << ", " << removed->splitsDropped << " meter splits";
        io.out << " from " << ledgerPath << '\n';
        return kExitOk;
    }
    adapters::ImportOptions options;
    options.sourceOverride = args->value("source");
    options.adapterId = args->value("format");
    options.skipInvalid = args->has("skip-invalid");
    options.replaceBatch = id;
    const std::vector<std::string> files(pos.begin() + 2, pos.end());
    auto report = adapters::importIntoLedgerFile(ledgerPath, files, options);
    if (!report) {
        io.err << "error: " << report.error().error.message() << '\n'
               << "nothing was replaced; the ledger " << ledgerPath << " is unchanged\n";
        return kExitError;
    }
    for (const auto &b : report->batches)
        io.out << b.origin << ": batch " << b.batch.id << ", " << b.counts.rowsRead << " read, "
               << b.counts.rowsAdded << " added, " << b.counts.duplicates
               << " duplicates skipped\n";
    io.out << "replaced batch " << id << " by "
           << counted(report->batches.size(), "batch", "batches") << " in " << ledgerPath << '\n';
    return kExitOk;
}

} // namespace unalloc::cli
