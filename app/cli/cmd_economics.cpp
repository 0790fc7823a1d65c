// `unalloc economics`: cost per 1,000 requests per feature from both ledgers (issue 16).
#include "command.h"
#include "input.h"
#include "provenance.h"
#include "textformat.h"

#include "core/analysis/economics.h"
#include "core/labels.h"

#include <nlohmann/json.hpp>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

/// "$22.3150": per-1k figures keep four places (half-even, already rounded by core).
std::string perK(const std::optional<core::Decimal> &v, core::Currency c)
{
    if (!v)
        return "\u2014";
    const std::string text = v->toFixed(4);
    const std::string sign = v->isNegative() ? "-" : "";
    std::string digits = v->isNegative() ? text.substr(1) : text;
    for (auto i = std::ptrdiff_t(digits.find('.')) - 3; i > 0; i -= 3)
        digits.insert(size_t(i), ",");
    return c == core::Currency::usd() ? sign + "$" + digits : sign + c.code() + " " + digits;
}

std::string pct(const std::optional<core::Decimal> &v)
{
    return v ? percent(*v) : std::string("\u2014");
}

Json nullable(const std::optional<core::Decimal> &v, int places)
{
    return v ? Json(v->toFixed(places)) : Json(nullptr);
}

Json lineJson(const core::EconomicsLine &l)
{
    return Json{{"feature", l.feature},
                {"requests", l.requests},
                {"total_usd", l.total().toString()},
                {"api_usd", l.api.toString()},
                {"infra_usd", l.infra.toString()},
                {"shared_usd", l.sharedIn.toString()},
                {"per_1k_usd", nullable(l.perThousand(), 4)},
                {"api_per_1k_usd", nullable(l.apiPerThousand(), 4)},
                {"invisible_pct", nullable(l.invisiblePct(), 1)}};
}

Json cellsJson(const std::vector<core::EconomicsCell> &cells, const char *key)
{
    Json arr = Json::array();
    for (const core::EconomicsCell &c : cells) {
        Json j{{key, c.group}};
        j.update(lineJson(c.line));
        arr.push_back(std::move(j));
    }
    return arr;
}

void addLine(TextTable &t, const core::EconomicsLine &l, core::Currency c, std::string group = {})
{
    std::vector<std::string> cells;
    if (!group.empty())
        cells.push_back(std::move(group));
    for (std::string s : {l.feature, std::to_string(l.requests), money(l.api, c), money(l.infra, c),
                          money(l.total(), c), perK(l.perThousand(), c),
                          perK(l.apiPerThousand(), c), pct(l.invisiblePct())})
        cells.push_back(std::move(s));
    t.addRow(std::move(cells));
}

TextTable lineTable(const std::string &title, const char *groupHeader)
{
    TextTable t(title);
    if (groupHeader)
        t.addColumn(groupHeader);
    t.addColumn("Feature");
    t.addColumn("Requests", TextTable::Align::Right);
    t.addColumn("API", TextTable::Align::Right);
    t.addColumn("Infra", TextTable::Align::Right);
    t.addColumn("Total", TextTable::Align::Right);
    t.addColumn("Per 1k", TextTable::Align::Right);
    t.addColumn("API per 1k", TextTable::Align::Right);
    t.addColumn("Invisible", TextTable::Align::Right);
    return t;
}

void printText(const core::EconomicsReport &r, const std::string &by, Io &io)
{
    TextTable t = lineTable(
        "Feature economics \u2014 cost per 1,000 requests by '" + r.dimension + "'", nullptr);
    for (const core::EconomicsLine &l : r.features)
        addLine(t, l, r.currency);
    addLine(t, r.unattributed, r.currency);
    t.addSeparator();
    const core::EconomicsLine all{"Total", false, r.requests, r.api, r.infra, {}};
    addLine(t, all, r.currency);
    t.print(io.out);
    for (const core::EconomicsShareApplied &s : r.shares) {
        const std::string what = s.share.key + "=" + s.share.value;
        const std::string amount = money(s.api + s.infra, r.currency);
        if (s.objects == 0)
            io.out << "Shared: nothing carries " << what << ".\n";
        else if (s.features == 0)
            io.out << "Not shared: no feature has requests to spread " << what << " (" << amount
                   << ") over; it stays where it was billed.\n";
        else
            io.out << "Shared " << amount << " of " << what << " over "
                   << counted(s.features, "feature", "features")
                   << " by requests (largest remainder, exact).\n";
    }
    if (r.requests == 0)
        io.out << "No gateway requests in this slice: per-1k figures are \u2014.\n";
    const std::vector<core::EconomicsCell> *cells =
        by == "month" ? &r.byMonth : (by == "source" ? &r.bySource : nullptr);
    if (!cells)
        return;
    io.out << '\n';
    TextTable b = lineTable("By " + by, by == "month" ? "Month" : "Source");
    for (const core::EconomicsCell &c : *cells)
        addLine(b, c.line, r.currency, c.group);
    b.print(io.out);
}

} // namespace

int runEconomics(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("economics",
                     "Cost per 1,000 requests per feature, API and cluster cost together.");
    addInputOptions(parser);
    parser.option("dimension", 'D', "KEY", "Feature label key (default: feature; canonicalised)")
        .option("share", 0, "KEY=VALUE:requests",
                "Spread cost objects with this label over the features by requests (repeatable)")
        .option("by", 0, "month|source", "Also print the breakdown per month or per source")
        .flag("json", 0, "Machine-readable output");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    const std::string by = args->value("by");
    if (!by.empty() && by != "month" && by != "source")
        return reportError(core::fail("usage", "--by " + by + ": expected month or source").error(),
                           io);
    auto in = readInput(*args, io);
    if (!in)
        return reportError(in.error(), io);
    const InputOptions *const inOpts = &in->options;
    LoadedInput *const input = &in->input;
    if (input->cube.rowCount() == 0) {
        io.out << noRowsMessage(*inOpts, *input);
        return kExitError;
    }
    const core::LabelNormaliser normaliser(input->rules.extraAliases);
    core::EconomicsOptions o;
    const std::string rawKey = args->value("dimension", "feature");
    o.featureKey = normaliser.canonicalKey(rawKey);
    if (o.featureKey.empty())
        return reportError(
            core::fail("usage", "feature key '" + rawKey + "' is empty after normalisation")
                .error(),
            io);
    for (const std::string &text : args->values("share")) {
        auto s = core::parseEconomicsShare(text);
        if (!s)
            return reportError(s.error(), io);
        s->key = normaliser.canonicalKey(s->key);
        o.shares.push_back(*s);
    }
    o.fromDay = inOpts->fromDay;
    o.toDay = inOpts->toDay;
    if (!inOpts->ledger.empty())
        o.sources.insert(inOpts->sources.begin(), inOpts->sources.end());
    for (const core::ImportBatch &b : input->batches)
        if (b.format.find("report") != std::string::npos && core::isGatewaySource(b.source))
            o.aggregateBatches.insert(b.id);
    auto report = core::featureEconomics(input->cube, o);
    if (!report)
        return reportError(report.error(), io);
    if (!args->has("json")) {
        printText(*report, by, io);
        return kExitOk;
    }
    Json features = Json::array();
    for (const core::EconomicsLine &l : report->features)
        features.push_back(lineJson(l));
    Json shares = Json::array();
    for (const core::EconomicsShareApplied &s : report->shares)
        shares.push_back(Json{{"label", s.share.key + "=" + s.share.value},
                              {"driver", "requests"},
                              {"amount_usd", (s.api + s.infra).toString()},
                              {"objects", s.objects},
                              {"features", s.features}});
    Json out{{"dimension", report->dimension},
             {"currency", report->currency.code()},
             {"requests", report->requests},
             {"total_usd", report->total.toString()},
             {"api_usd", report->api.toString()},
             {"infra_usd", report->infra.toString()},
             {"features", features},
             {"unattributed_usd", report->unattributed.total().toString()},
             {"unattributed", lineJson(report->unattributed)},
             {"shares", shares},
             {"months", cellsJson(report->byMonth, "month")},
             {"sources", cellsJson(report->bySource, "source")}};
    stampLedgerResult(
        out, {"economics", recordedArguments(argv), o.featureKey, {}, input->rules.digest()},
        *inOpts, *input);
    io.out << out.dump(2) << '\n';
    return kExitOk;
}

} // namespace unalloc::cli
