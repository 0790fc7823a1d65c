// `unalloc reconcile`: the ledger per source against what the providers invoiced.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "core/attribution.h"
#include "core/reconcile.h"

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
            return core::fail("bad-amount", "'" + amountText + "' is not an amount", "--invoice", source, "amount");
        out.push_back({source, core::Money{*amount, core::Currency::usd()}, {}, {}, {}});
    }
    return out;
}

std::string statusText(const core::ReconLine &l)
{
    return core::toString(l.status);
}

} // namespace

int runReconcile(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("reconcile", "Compare the ledger per source with the provider invoices.");
    addInputOptions(parser);
    parser.option("invoice", 'i', "SOURCE=AMOUNT", "An invoice (repeatable; replaces the bundled ones)")
        .option("tolerance", 0, "PCT", "|delta %| at or below this is matched (default 1.0)")
        .flag("strict", 0, "Exit 2 when any source is over or under")
        .flag("json", 0, "Machine-readable output");
    auto args = parser.parse(argv);
    if (!args)
        return reportError(args.error(), io);
    if (args->helpRequested()) {
        io.out << parser.help();
        return kExitOk;
    }
    core::Decimal tolerance = core::Decimal::fromInt(1);
    if (args->has("tolerance")) {
        auto t = core::Decimal::parse(args->value("tolerance"));
        if (!t || t->isNegative())
            return reportError({"usage", "--tolerance expects a percentage, got '" + args->value("tolerance") + "'", {}, {}, {}}, io);
        tolerance = *t;
    }
    auto given = invoicesFromArgs(args->values("invoice"));
    if (!given)
        return reportError(given.error(), io);
    auto inOpts = inputOptions(*args);
    if (!inOpts)
        return reportError(inOpts.error(), io);
    auto input = loadInput(*inOpts, io);
    if (!input)
        return reportError(input.error(), io);
    core::AttributionOptions all;
    all.fromDay = inOpts->fromDay;
    all.toDay = inOpts->toDay;
    auto report = core::attribute(input->cube, all);
    if (!report)
        return reportError(report.error(), io);
    std::vector<std::pair<std::string, core::Decimal>> ledger;
    for (const auto &s : report->bySource)
        ledger.emplace_back(s.source, s.amount);
    const auto &invoices = args->has("invoice") ? *given : input->invoices;
    const core::Reconciliation rec = core::reconcile(ledger, invoices, tolerance);

    if (args->has("json")) {
        Json lines = Json::array();
        for (const auto &l : rec.lines) {
            Json j;
            j["source"] = l.source;
            j["ledger_usd"] = l.ledger.toString();
            j["invoice_usd"] = l.invoice ? Json(l.invoice->toString()) : Json();
            j["delta_usd"] = l.delta ? Json(l.delta->toString()) : Json();
            j["delta_pct"] = l.deltaPct ? Json(l.deltaPct->toFixed(1)) : Json();
            j["coverage_pct"] = l.coveragePct ? Json(l.coveragePct->toFixed(1)) : Json();
            j["status"] = statusText(l);
            lines.push_back(j);
        }
        io.out << Json{{"tolerance_pct", shortNumber(tolerance)}, {"clean", rec.clean()},
                       {"complete", incompleteBatches(*input).empty()}, {"sources", lines}}.dump(2) << '\n';
    } else {
        TextTable t("Ledger vs invoice");
        t.addColumn("Source");
        t.addColumn("Ledger", TextTable::Align::Right);
        t.addColumn("Invoice", TextTable::Align::Right);
        t.addColumn("Delta", TextTable::Align::Right);
        t.addColumn("Coverage", TextTable::Align::Right);
        t.addColumn("Status");
        for (const auto &l : rec.lines) {
            const std::string delta = !l.delta ? "\u2014"
                                      : l.deltaPct ? money(*l.delta) + " (" + percent(*l.deltaPct) + ")"
                                                   : money(*l.delta);
            t.addRow({l.source, money(l.ledger), l.invoice ? money(*l.invoice) : "\u2014", delta,
                      l.coveragePct ? percent(*l.coveragePct) : "\u2014", statusText(l)});
        }
        t.print(io.out);
        if (!rec.clean())
            io.out << "\nThe ledger does not tie out. Attribution built on this is not defensible yet.\n";
        for (const auto &p : incompleteBatches(*input))
            io.out << "warning: incomplete data — " << p << '\n';
    }
    if (args->has("strict") && !rec.clean())
        return kExitBudget;
    return kExitOk;
}

} // namespace unalloc::cli
