// `unalloc import`: export files into a ledger, all files in one transaction.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "adapters/import/ledgerimport.h"
#include "core/ledger/ledgerstore.h"

#include <nlohmann/json.hpp>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string totalsText(const std::vector<core::Money> &totals)
{
    std::string out;
    for (const core::Money &m : totals)
        out += (out.empty() ? "" : ", ") + m.toString();
    return out.empty() ? "none" : out;
}

Json batchJson(const adapters::BatchOutcome &b)
{
    Json totals = Json::object();
    for (const core::Money &m : b.batch.totals)
        totals[m.currency.code()] = m.amount.toString();
    Json warnings = Json::array();
    for (const core::Warning &w : b.batch.warnings)
        warnings.push_back({{"code", w.code},
                            {"file", w.file},
                            {"record", w.record},
                            {"field", w.field},
                            {"detail", w.detail}});
    return Json{{"file", b.origin},
                {"batch", b.batch.id},
                {"source", b.batch.source},
                {"format", b.batch.format},
                {"sha256", b.batch.sha256},
                {"rows_read", b.counts.rowsRead},
                {"rows_added", b.counts.rowsAdded},
                {"duplicates", b.counts.duplicates},
                {"invoices", b.invoices},
                {"totals", totals},
                {"status", core::toString(b.batch.status)},
                {"reason", b.batch.evidence.reason},
                {"warnings", warnings}};
}

void printBatch(const adapters::BatchOutcome &b, std::ostream &os)
{
    os << b.origin << ": " << b.batch.source << " (" << b.batch.format << "), batch " << b.batch.id
       << '\n'
       << "  rows:     " << b.counts.rowsRead << " read, " << b.counts.rowsAdded << " added, "
       << b.counts.duplicates << " duplicates skipped\n";
    if (b.invoices > 0)
        os << "  invoices: " << b.invoices << '\n';
    os << "  total:    " << totalsText(b.batch.totals) << '\n'
       << "  status:   " << core::toString(b.batch.status);
    if (!b.batch.evidence.reason.empty())
        os << " \u2014 " << b.batch.evidence.reason;
    os << '\n';
    for (const core::Warning &w : b.batch.warnings)
        os << "  warning:  " << w.message() << '\n';
}

/// What a failed import says about the ledger after the error.
std::string unchangedNote(const std::string &ledgerPath, bool created)
{
    return created ? "nothing was imported; no ledger was created at " + ledgerPath
                   : "nothing was imported; the ledger " + ledgerPath + " is unchanged";
}

} // namespace

int runImport(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("import", "Import export files into a ledger: every file or nothing.");
    parser.option("ledger", 0, "FILE", "The .unalloc ledger (created when missing)")
        .option("source", 's', "NAME", "Write NAME as the source of every row")
        .option("format", 0, "ID", "Use this adapter instead of detecting the format")
        .flag("skip-invalid", 0,
              "Leave out records that fail validation (each a warning; the batch is partial)")
        .flag("json", 0, "Machine-readable output")
        .positional("PATH", "Export files to import", true);
    auto args = parser.parse(argv);
    if (!args)
        return reportError(args.error(), io);
    if (args->helpRequested()) {
        io.out << parser.help();
        return kExitOk;
    }
    const std::string ledgerPath = args->value("ledger");
    if (ledgerPath.empty() || args->positionals().empty())
        return reportError(
            {"usage", "import needs --ledger FILE and at least one PATH", {}, {}, {}}, io);
    adapters::ImportOptions options;
    options.sourceOverride = args->value("source");
    options.adapterId = args->value("format");
    options.skipInvalid = args->has("skip-invalid");
    auto report = adapters::importIntoLedgerFile(ledgerPath, args->positionals(), options);
    if (!report) {
        io.err << "error: " << report.error().error.message() << '\n'
               << unchangedNote(ledgerPath, report.error().created) << '\n';
        return kExitError;
    }
    if (args->has("json")) {
        Json batches = Json::array();
        for (const auto &b : report->batches)
            batches.push_back(batchJson(b));
        // Paths are bytes, not always UTF-8: replace what JSON cannot carry (U+FFFD)
        // rather than fail after the import committed.
        io.out << Json{{"ledger", ledgerPath}, {"batches", batches}}.dump(
                      2, ' ', false, Json::error_handler_t::replace)
               << '\n';
        return kExitOk;
    }
    for (const auto &b : report->batches)
        printBatch(b, io.out);
    io.out << "imported " << counted(report->rowsAdded(), "new row", "new rows") << " from "
           << counted(report->batches.size(), "file", "files") << " into " << ledgerPath << '\n';
    return kExitOk;
}

} // namespace unalloc::cli
