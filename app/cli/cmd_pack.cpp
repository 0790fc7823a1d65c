// `unalloc pack`: the month in one PDF for the chargeback meeting, and a statement per owner.
#include "command.h"
#include "input.h"
#include "ownerargs.h"
#include "pack/packlayout.h"
#include "provenance.h"
#include "textformat.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSaveFile>

namespace unalloc::cli {

namespace {

/// The groups of `cube` whose charge starts in [from, to).
core::CostCube days(const core::CostCube &cube, std::int32_t from, std::int32_t to)
{
    core::CostCube out;
    for (const core::CostGroup &g : cube.rawGroups()) {
        if (g.day < from || g.day >= to)
            continue;
        out.addGroupFrom(cube, g);
    }
    return out;
}

core::Result<void> save(const std::string &path, const QByteArray &bytes)
{
    QSaveFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return core::fail("io", "cannot write: " + f.errorString().toStdString(), path);
    return {};
}

/// A file name for an owner value: letters, digits, '-', '_' and '.'; others become '_'.
std::string fileName(const std::string &owner)
{
    std::string out;
    for (unsigned char c : owner)
        out += std::isalnum(c) || c == '-' || c == '_' || c == '.' ? char(c) : '_';
    return out == "_unallocated_" ? "unallocated" : out;
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
        .option("page", 0, "a4|letter", "Paper size (default: from the locale)")
        .option("statements", 0, "DIR", "Also write one CSV and one PDF statement per owner")
        .option("output", 'o', "FILE", "The PDF (default: chargeback-YYYY-MM.pdf)");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    auto inOpts = inputOptions(*args);
    if (!inOpts)
        return reportError(inOpts.error(), io);
    if (inOpts->ledger.empty())
        return reportError({"usage", "pack reads a ledger: --ledger FILE", {}, {}, {}}, io);
    if (inOpts->fromDay || inOpts->toDay)
        return reportError(
            {"usage", "pack covers one --month; --from/--to do not apply", {}, {}, {}}, io);
    auto month = core::chargebackMonth(args->value("month"));
    if (!month)
        return reportError(month.error(), io);
    const std::string page = args->value("page");
    if (!page.empty() && page != "a4" && page != "letter")
        return reportError({"usage", "--page expects a4 or letter, got '" + page + "'", {}, {}, {}},
                           io);
    auto input = loadInput(*inOpts, io);
    if (!input)
        return reportError(input.error(), io);
    auto options = ownerOptions(*args, *inOpts, input->rules);
    if (!options)
        return reportError(options.error(), io);

    pack::PackContent c;
    c.letter = page.empty() ? QLocale().measurementSystem() == QLocale::ImperialUSSystem
                            : page == "letter";
    c.ledger = QFileInfo(QString::fromStdString(inOpts->ledger)).fileName().toStdString();
    core::OverlapOptions overlapOptions;
    overlapOptions.sources = options->sources;
    const core::CostCube monthCube = days(input->cube, month->fromDay, month->toDay);
    const core::CostCube *cube = &input->cube;
    std::optional<core::MergedLedger> merged;
    if (args->has("dedupe")) {
        merged = core::deduplicate(input->cube, overlapOptions);
        cube = &merged->cube;
        c.deduplicated = true;
        c.removed = core::deduplicate(monthCube, overlapOptions).removed;
    }
    c.overlap = core::findOverlap(monthCube, overlapOptions);
    auto cb = core::buildChargeback(*cube, *options, *month);
    if (!cb)
        return reportError(cb.error(), io);
    if (cb->current.rowCount == 0) {
        io.out << "No cost rows in " << month->month << " in " << inOpts->ledger << ".\n";
        return kExitError;
    }
    c.chargeback = std::move(*cb);
    core::Rules rules = input->rules;
    rules.ownerKey = options->ownerKey;
    rules.fallbacks = options->fallbacks;
    c.rulesDigest = rules.digest();
    c.ledgerDigest = ledgerDigest(input->batches);
    c.batches = input->batches;
    c.splits = input->meterSplits;
    auto rec = core::reconcileByPeriod(monthCube, input->invoices, {});
    if (!rec)
        return reportError(rec.error(), io);
    for (const core::PeriodReconLine &l : rec->lines)
        if (!l.periodStart || (*l.periodStart >= core::TimeUs(month->fromDay) * core::kUsPerDay &&
                               *l.periodStart < core::TimeUs(month->toDay) * core::kUsPerDay))
            c.reconciliation.push_back(l);
    core::EconomicsOptions eo;
    eo.featureKey = "feature";
    eo.fromDay = month->fromDay;
    eo.toDay = month->toDay;
    eo.sources = options->sources;
    for (const core::ImportBatch &b : input->batches)
        if (b.format.find("report") != std::string::npos && core::isGatewaySource(b.source))
            eo.aggregateBatches.insert(b.id);
    if (auto econ = core::featureEconomics(*cube, eo); econ && econ->requests > 0)
        c.economics = std::move(*econ);

    int pages = 0;
    const QByteArray pdf = pack::packPdf(c, &pages);
    if (pdf.isEmpty())
        return reportError({"pdf", "the PDF outline could not be added", {}, {}, {}}, io);
    const std::string output = args->value("output", "chargeback-" + month->month + ".pdf");
    if (auto r = save(output, pdf); !r)
        return reportError(r.error(), io);
    io.out << "wrote " << output << ": " << pages << " pages, " << month->month << ", "
           << money(c.chargeback.current.total, c.chargeback.current.currency) << ", U "
           << percent(c.chargeback.current.unallocatedPct()) << ", ledger "
           << c.ledgerDigest.substr(0, 19) << '\n';
    for (const core::ImportBatch &b : c.batches)
        if (b.status != core::BatchStatus::Complete)
            io.err << "warning: the pack includes a partial batch: " << b.id << " " << b.source
                   << " (" << b.evidence.reason << ")\n";
    if (args->has("statements")) {
        const std::string dir = args->value("statements");
        if (!QDir().mkpath(QString::fromStdString(dir)))
            return reportError({"io", "cannot create the folder", dir, {}, {}}, io);
        for (const core::ChargebackLine &l : c.chargeback.owners) {
            const std::string base = dir + "/" + month->month + "-" + fileName(l.owner);
            if (auto r = save(base + ".csv", pack::statementCsv(c, l.owner)); !r)
                return reportError(r.error(), io);
            if (auto r = save(base + ".pdf", pack::statementPdf(c, l.owner)); !r)
                return reportError(r.error(), io);
        }
        io.out << "wrote " << c.chargeback.owners.size() << " statements (CSV and PDF) to " << dir
               << '\n';
    }
    return kExitOk;
}

} // namespace unalloc::cli
