// `unalloc reconcile`: the ledger per source against what the providers invoiced.
#include "command.h"
#include "input.h"
#include "provenance.h"
#include "textformat.h"

#include "core/attribution.h"
#include "core/currencyselect.h"
#include "core/reconcile.h"
#include "core/seams/periodrecon.h"
#include "core/timeutil.h"

#include "adapters/adapter.h"

#include <QFile>

#include <nlohmann/json.hpp>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

core::Result<std::vector<core::Invoice>> invoicesFromArgs(const std::vector<std::string> &given)
{
    std::vector<core::Invoice> out;
    for (const std::string &g : given) {
        const auto eq = g.find('=');
        if (eq == std::string::npos)
            return core::fail("usage", "expected SOURCE=AMOUNT, got '" + g + "'");
        const std::string source(core::trimmed(std::string_view(g).substr(0, eq)));
        const std::string amountText(core::trimmed(std::string_view(g).substr(eq + 1)));
        auto amount = core::Decimal::parse(amountText);
        if (!amount)
            return core::fail("bad-amount", "'" + amountText + "' is not an amount", "--invoice",
                              source, "amount");
        out.push_back({source, core::Money{*amount, core::Currency::usd()}, {}, {}, {}});
    }
    return out;
}

std::string statusText(const core::ReconLine &l)
{
    return core::toString(l.status);
}

std::string periodText(const core::PeriodReconLine &l)
{
    if (!l.periodStart)
        return "\u2014";
    std::string out = core::formatDate(*l.periodStart) + " \u2013 ";
    out += l.periodEnd ? core::formatDate(*l.periodEnd) : std::string("…");
    return out;
}

/// Reads an invoice file (JSON or CSV) through the adapters.
core::Result<std::vector<core::Invoice>> invoicesFromFile(const std::string &path)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return core::fail("io", "cannot read the invoice file", path);
    const QByteArray bytes = f.readAll();
    core::LabelNormaliser normaliser;
    adapters::ReadOptions ro;
    ro.fileName = path;
    ro.normaliser = &normaliser;
    auto loaded = adapters::readBytes(
        std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())), ro);
    if (!loaded)
        return core::fail(loaded.error());
    if (!loaded->rows.empty() || loaded->result.invoices.empty())
        return core::fail(
            "not-invoices",
            "expected an invoice file (JSON or CSV), found " + loaded->result.batch.format, path);
    return loaded->result.invoices;
}

} // namespace

int runReconcile(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("reconcile", "Compare the ledger per source with the provider invoices.");
    addInputOptions(parser);
    parser
        .option("invoice", 'i', "SOURCE=AMOUNT",
                "An invoice (repeatable; replaces the bundled ones)")
        .option("invoices", 0, "FILE",
                "Invoices from a JSON or CSV file (replaces the bundled ones)")
        .option("tolerance", 0, "PCT", "|delta %| at or below this is matched (default 1.0)")
        .flag("strict", 0, "Exit 2 when any source is over or under")
        .flag("json", 0, "Machine-readable output");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    const auto toleranceArg = args->percentage("tolerance");
    if (!toleranceArg)
        return reportError(toleranceArg.error(), io);
    const core::Decimal tolerance = toleranceArg->value_or(core::Decimal::fromInt(1));
    auto given = invoicesFromArgs(args->values("invoice"));
    if (!given)
        return reportError(given.error(), io);
    auto in = readInput(*args, io);
    if (!in)
        return reportError(in.error(), io);
    const InputOptions *const inOpts = &in->options;
    LoadedInput *const input = &in->input;
    std::vector<core::Invoice> invoices = input->invoices;
    if (args->has("invoices")) {
        auto fromFile = invoicesFromFile(args->value("invoices"));
        if (!fromFile)
            return reportError(fromFile.error(), io);
        invoices = *fromFile;
    }
    if (args->has("invoice"))
        invoices.insert(invoices.end(), given->begin(), given->end());
    if (args->has("invoice") && !args->has("invoices"))
        invoices = *given;
    // Invoices in another currency than the rows are listed, never reconciled against them.
    std::vector<core::Invoice> other;
    if (!args->has("invoice") && !args->has("invoices"))
        other = input->otherCurrencyInvoices;
    if (input->currency) {
        auto more = core::takeOtherCurrencyInvoices(invoices, *input->currency);
        other.insert(other.end(), more.begin(), more.end());
    }
    // Only the period filter applies to the ledger side: invoices carry their own periods.
    // reconcileByPeriod reads each group's source, day and amount; the cube is not copied.
    core::PeriodReconOptions ro;
    ro.tolerancePct = tolerance;
    ro.fromDay = inOpts->fromDay;
    ro.toDay = inOpts->toDay;
    auto rec = core::reconcileByPeriod(input->cube, invoices, ro);
    if (!rec)
        return reportError(rec.error(), io);
    const auto partial = incompleteBatches(*input);

    if (args->has("json")) {
        Json lines = Json::array();
        for (const auto &pl : rec->lines) {
            const core::ReconLine &l = pl.line;
            Json j;
            j["source"] = l.source;
            j["period_start"] =
                pl.periodStart ? Json(core::formatTimestamp(*pl.periodStart)) : Json();
            j["period_end"] = pl.periodEnd ? Json(core::formatTimestamp(*pl.periodEnd)) : Json();
            j["currency"] = pl.currency.code();
            j["ledger_usd"] = l.ledger.toString();
            j["invoice_usd"] = l.invoice ? Json(l.invoice->toString()) : Json();
            j["invoices"] = pl.invoiceCount;
            j["delta_usd"] = l.delta ? Json(l.delta->toString()) : Json();
            j["delta_pct"] = l.deltaPct ? Json(l.deltaPct->toFixed(1)) : Json();
            j["coverage_pct"] = l.coveragePct ? Json(l.coveragePct->toFixed(1)) : Json();
            j["status"] = statusText(l);
            j["rows"] = pl.rows;
            lines.push_back(j);
        }
        Json out{{"tolerance_pct", shortNumber(tolerance)},
                 {"clean", !rec->hasMismatch()},
                 {"complete", partial.empty()},
                 {"sources", lines}};
        if (!other.empty()) { // only then, so that single-currency output stays as it was
            Json list = Json::array();
            for (const core::Invoice &inv : other)
                list.push_back(
                    {{"source", inv.source},
                     {"period_start",
                      inv.periodStart ? Json(core::formatTimestamp(*inv.periodStart)) : Json()},
                     {"period_end",
                      inv.periodEnd ? Json(core::formatTimestamp(*inv.periodEnd)) : Json()},
                     {"currency", inv.amount.currency.code()},
                     {"amount", inv.amount.amount.toString()},
                     {"note", core::otherCurrencyNote(inv.amount.currency, *input->currency)}});
            out["other_currency_invoices"] = list;
        }
        stampLedgerResult(out,
                          {"reconcile", recordedArguments(argv), {}, {}, input->rules.digest()},
                          *inOpts, *input);
        io.out << out.dump(2) << '\n';
    } else {
        TextTable t("Ledger vs invoice");
        t.addColumn("Source");
        t.addColumn("Billing period");
        t.addColumn("Ledger", TextTable::Align::Right);
        t.addColumn("Invoice", TextTable::Align::Right);
        t.addColumn("Delta", TextTable::Align::Right);
        t.addColumn("Coverage", TextTable::Align::Right);
        t.addColumn("Status");
        for (const auto &pl : rec->lines) {
            const core::ReconLine &l = pl.line;
            const auto m = [&pl](core::Decimal d) {
                return money(d, pl.currency);
            };
            const std::string delta = !l.delta     ? "\u2014"
                                      : l.deltaPct ? m(*l.delta) + " (" + percent(*l.deltaPct) + ")"
                                                   : m(*l.delta);
            t.addRow({l.source, periodText(pl), m(l.ledger), l.invoice ? m(*l.invoice) : "\u2014",
                      delta, l.coveragePct ? percent(*l.coveragePct) : "\u2014", statusText(l)});
        }
        t.print(io.out);
        if (!other.empty())
            io.out << '\n';
        for (const core::Invoice &inv : other) {
            std::string period;
            if (inv.periodStart)
                period = " " + core::formatDate(*inv.periodStart) + " \u2013 " +
                         (inv.periodEnd ? core::formatDate(*inv.periodEnd) : std::string("…"));
            io.out << "Invoice " << inv.source << period << ' '
                   << money(inv.amount.amount, inv.amount.currency) << ": "
                   << core::otherCurrencyNote(inv.amount.currency, *input->currency) << '\n';
        }
        if (rec->hasMismatch())
            io.out << "\nThe ledger does not tie out. Attribution built on this is not defensible "
                      "yet.\n";
        for (const auto &p : partial)
            io.out << "warning: incomplete data \u2014 " << p << '\n';
    }
    if (args->has("strict") && rec->hasMismatch())
        return kExitBudget;
    return kExitOk;
}

} // namespace unalloc::cli
