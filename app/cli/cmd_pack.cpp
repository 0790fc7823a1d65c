// `unalloc pack`: the month in one PDF for the chargeback meeting, and a statement per owner.
#include "command.h"
#include "input.h"
#include "ownerargs.h"
#include "pack/packbuild.h"
#include "textformat.h"

#include <QFileInfo>
#include <QLocale>
#include <QSaveFile>

namespace unalloc::cli {

namespace {

core::Result<void> save(const std::string &path, const QByteArray &bytes)
{
    QSaveFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return core::fail("io", "cannot write: " + f.errorString().toStdString(), path);
    return {};
}

} // namespace

int runPack(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("pack", "The month's chargeback pack as one PDF: cover with completeness "
                             "and provenance, headline, chargeback per owner, charts, backlog, "
                             "reconciliation, pods, feature economics, warnings.");
    addInputOptions(parser);
    addOwnerOptions(parser);
    parser.option("month", 0, "YYYY-MM", "The month of the pack (required)")
        .flag("dedupe", 0, "Replace provider bill rows by what the gateway did not already count")
        .option("meter", 0, "POD=METER",
                "Split a shared pod by this meter in the pack (not in the ledger); repeatable")
        .option("page", 0, "a4|letter", "Paper size (default: from the locale)")
        .option("statements", 0, "DIR", "Also write one CSV and one PDF statement per owner")
        .option("output", 'o', "FILE", "The PDF (default: chargeback-YYYY-MM.pdf)");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    pack::PackRequest request;
    request.month = args->value("month");
    if (auto month = core::chargebackMonth(request.month); !month)
        return reportError(month.error(), io);
    const std::string page = args->value("page");
    if (!page.empty() && page != "a4" && page != "letter")
        return reportError({"usage", "--page expects a4 or letter, got '" + page + "'", {}, {}, {}},
                           io);
    for (const std::string &m : args->values("meter")) {
        auto choice = pack::parseMeterChoice(m);
        if (!choice)
            return reportError(choice.error(), io);
        request.meters.push_back(std::move(*choice));
    }
    auto in = readOwnedInput(*args, io, [](const InputOptions &o) -> core::Result<void> {
        if (o.ledger.empty())
            return core::fail("usage", "pack reads a ledger: --ledger FILE");
        if (o.fromDay || o.toDay)
            return core::fail("usage", "pack covers one --month; --from/--to do not apply");
        return {};
    });
    if (!in)
        return reportError(in.error(), io);
    const InputOptions *const inOpts = &in->options;
    LoadedInput *const input = &in->input;
    const core::AttributionOptions *const options = &in->owner;
    request.options = *options;
    request.dedupe = args->has("dedupe");
    request.letter = page.empty() ? QLocale().measurementSystem() == QLocale::ImperialUSSystem
                                  : page == "letter";

    // Read-only: the pods of the month, and their telemetry for --meter.
    auto store = core::LedgerStore::open(inOpts->ledger, true);
    if (!store)
        return reportError(store.error(), io);
    pack::PackSources sources;
    sources.cube = &input->cube;
    sources.batches = input->batches;
    sources.invoices = input->invoices;
    sources.rules = input->rules;
    sources.splits = input->meterSplits;
    sources.ledgerName = QFileInfo(QString::fromStdString(inOpts->ledger)).fileName().toStdString();
    sources.store = store->get();
    auto content = pack::buildPack(sources, request);
    if (!content && content.error().code == "empty") {
        io.out << "No cost rows in " << request.month << " in " << inOpts->ledger << ".\n";
        return kExitError;
    }
    if (!content)
        return reportError(content.error(), io);
    const pack::PackContent &c = *content;

    int pages = 0;
    const QByteArray pdf = pack::packPdf(c, &pages);
    if (pdf.isEmpty())
        return reportError({"pdf", "the PDF outline could not be added", {}, {}, {}}, io);
    const std::string output = args->value("output", "chargeback-" + request.month + ".pdf");
    if (auto r = save(output, pdf); !r)
        return reportError(r.error(), io);
    io.out << "wrote " << output << ": " << pages << " pages, " << request.month << ", "
           << money(c.chargeback.current.total, c.chargeback.current.currency) << ", U "
           << percent(c.chargeback.current.unallocatedPct()) << ", ledger "
           << c.ledgerDigest.substr(0, 19) << '\n';
    for (const pack::PodSplitView &v : c.meterSplits)
        io.out << "split pod " << v.pod << " (#" << v.rowId << ", "
               << money(v.amount.amount, v.amount.currency) << ") by " << core::meterId(v.meter)
               << " in the pack only (the ledger is unchanged)\n";
    for (const core::ImportBatch &b : c.batches)
        if (b.status != core::BatchStatus::Complete)
            io.err << "warning: the pack includes a partial batch: " << b.id << " " << b.source
                   << " (" << b.evidence.reason << ")\n";
    if (args->has("statements")) {
        const std::string dir = args->value("statements");
        auto written = pack::writeStatements(c, dir);
        if (!written)
            return reportError(written.error(), io);
        io.out << "wrote " << *written << " statements (CSV and PDF) to " << dir << '\n';
    }
    return kExitOk;
}

} // namespace unalloc::cli
