// `unalloc breakeven`: self-hosted GPU vs API tiers over request rates (studies.md U3).
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "core/analysis/metersnapshot.h"
#include "core/ledger/ledgerstore.h"
#include "core/meters/breakeven.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <iomanip>
#include <sstream>

namespace unalloc::cli {

// Defined in cmd_meters.cpp.
core::Result<core::LedgerRow> findPod(const core::LedgerStore &store, const std::string &pod);

namespace {

using Json = nlohmann::ordered_json;

/// A pod of a ledger with its measured traffic and its ratio at that traffic per tier.
struct PodStanding
{
    std::string name;
    core::MeasuredTraffic measured;
    std::vector<core::TierBreakeven> here; ///< one point each: the pod's own rate
};

core::Result<PodStanding> podStanding(const std::string &ledger, const std::string &pod)
{
    auto store = core::LedgerStore::open(ledger, true);
    if (!store)
        return core::fail(store.error());
    auto row = findPod(**store, pod);
    if (!row)
        return core::fail(row.error());
    auto telemetry = core::podTelemetry(**store, row->row, "team");
    if (!telemetry)
        return core::fail(telemetry.error());
    auto measured = core::measuredTraffic(telemetry->records, row->row.start, row->row.end);
    if (!measured)
        return core::fail(measured.error().code, measured.error().detail + ": " + pod);
    return PodStanding{row->row.name, *measured, {}};
}

/// A double for people and JSON: fixed places, so the output is byte-stable.
std::string fixed(double v, int places)
{
    std::ostringstream ss;
    ss.imbue(std::locale::classic());
    ss << std::fixed << std::setprecision(places) << v;
    return ss.str();
}

/// Rates as "0.1,0.25,1": positive, strictly increasing.
core::Result<std::vector<double>> parseRates(const std::string &text)
{
    std::vector<double> out;
    std::string_view rest = text;
    while (true) {
        const auto comma = rest.find(',');
        const std::string_view part = rest.substr(0, comma);
        auto d = core::Decimal::parse(part);
        if (!d || d->sign() <= 0)
            return core::fail("usage", "--rates: '" + std::string(part) +
                                           "' is not a positive rate in requests per second");
        const double rate = d->toDouble(); // a simulator input, not money
        if (!out.empty() && rate <= out.back())
            return core::fail("usage", "--rates must increase: " + text);
        out.push_back(rate);
        if (comma == std::string_view::npos)
            break;
        rest = rest.substr(comma + 1);
    }
    if (out.size() > 64)
        return core::fail("usage", "--rates: at most 64 rates");
    return out;
}

void printPod(const PodStanding &p, Io &io)
{
    io.out << "Pod " << p.name << ": " << p.measured.requests << " requests in its window, "
           << fixed(p.measured.totals.ratePerS, 4) << " req/s; its token mix sets the curve.\n";
    for (const core::TierBreakeven &tb : p.here) {
        const double r = tb.points.front().ratio;
        io.out << "  at its rate vs " << tb.tier.name << ": ratio " << fixed(r, 3) << " \u2014 "
               << (r < 1.0 ? "self-hosting is cheaper" : "the API would be cheaper") << '\n';
    }
}

void printText(const std::vector<core::TierBreakeven> &tiers, core::Decimal gpu, Io &io)
{
    TextTable t("Self-hosted GPU at " + money(gpu) +
                "/h vs API tiers \u2014 ratio = self-hosted \u00f7 API (below 1: self-host)");
    t.addColumn("Req/s", TextTable::Align::Right);
    for (const core::TierBreakeven &tb : tiers)
        t.addColumn(tb.tier.name + " ratio", TextTable::Align::Right);
    for (size_t i = 0; !tiers.empty() && i < tiers.front().points.size(); ++i) {
        std::vector<std::string> row{fixed(tiers.front().points[i].ratePerS, 2)};
        for (const core::TierBreakeven &tb : tiers)
            row.push_back(fixed(tb.points[i].ratio, 3));
        t.addRow(std::move(row));
    }
    t.print(io.out);
    for (const core::TierBreakeven &tb : tiers) {
        io.out << tb.tier.name << " (" << tb.tier.input.toString() << "/"
               << tb.tier.cached.toString() << "/" << tb.tier.output.toString() << " $/M tokens): ";
        if (tb.breakevenRps)
            io.out << "self-hosting pays above " << fixed(*tb.breakevenRps, 3) << " req/s";
        else if (!tb.points.empty() && tb.points.front().ratio < 1.0)
            io.out << "self-hosting is cheaper at every rate given";
        else
            io.out << "the API is cheaper at every rate given";
        io.out << "; floor " << fixed(tb.floorRatio, 3) << "x\n";
    }
}

Json podJson(const PodStanding &p)
{
    Json ratios = Json::array();
    for (const core::TierBreakeven &tb : p.here)
        ratios.push_back(Json{{"tier", tb.tier.name},
                              {"ratio", fixed(tb.points.front().ratio, 6)},
                              {"self_hosted_usd", tb.points.front().selfHostedUsd.toFixed(6)},
                              {"api_usd", tb.points.front().apiUsd.toFixed(6)}});
    return Json{{"name", p.name},
                {"requests", p.measured.requests},
                {"rps", fixed(p.measured.totals.ratePerS, 6)},
                {"prompt_tokens", p.measured.totals.promptTokens},
                {"cached_tokens", p.measured.totals.cachedTokens},
                {"output_tokens", p.measured.totals.outputTokens},
                {"at_its_rate", ratios}};
}

Json toJson(const std::vector<core::TierBreakeven> &tiers, core::Decimal gpu)
{
    Json arr = Json::array();
    for (const core::TierBreakeven &tb : tiers) {
        Json points = Json::array();
        for (const core::BreakevenPoint &p : tb.points)
            points.push_back(Json{{"rps", fixed(p.ratePerS, 4)},
                                  {"ratio", fixed(p.ratio, 6)},
                                  {"self_hosted_usd", p.selfHostedUsd.toFixed(6)},
                                  {"api_usd", p.apiUsd.toFixed(6)}});
        arr.push_back(Json{
            {"tier", tb.tier.name},
            {"prices_per_mtok",
             {tb.tier.input.toString(), tb.tier.cached.toString(), tb.tier.output.toString()}},
            {"breakeven_rps", tb.breakevenRps ? Json(fixed(*tb.breakevenRps, 4)) : Json(nullptr)},
            {"floor_ratio", fixed(tb.floorRatio, 6)},
            {"points", points}});
    }
    return Json{{"gpu_hourly_usd", gpu.toString()}, {"tiers", arr}};
}

} // namespace

int runBreakeven(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("breakeven",
                     "Self-hosted GPU vs API: the request rate above which self-hosting pays.");
    parser.option("gpu-hourly", 0, "USD", "GPU cost per hour (default 3)")
        .option("tier", 0, "NAME=IN/CACHED/OUT",
                "API tier in $ per million tokens (repeatable; default small and mid)")
        .option("rates", 0, "R1,R2,...", "Request rates in req/s (default 0.1,0.25,0.5,1..6)")
        .option("duration", 0, "SECONDS", "Simulated seconds per rate (default 300)")
        .option("pod", 0, "NAME_OR_ID", "Use this pod's measured traffic instead of the simulator")
        .option("ledger", 0, "FILE", "The ledger holding --pod and its request telemetry")
        .flag("json", 0, "Machine-readable output");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    auto gpu = core::Decimal::parse(args->value("gpu-hourly", "3"));
    if (!gpu || gpu->sign() <= 0)
        return reportError(core::fail("usage", "--gpu-hourly " + args->value("gpu-hourly") +
                                                   ": expected a positive amount")
                               .error(),
                           io);
    std::vector<core::ApiTier> tiers;
    for (const std::string &text : args->values("tier")) {
        auto t = core::parseApiTier(text);
        if (!t)
            return reportError(t.error(), io);
        tiers.push_back(*t);
    }
    if (tiers.empty())
        tiers = core::ApiTier::defaults();
    std::vector<double> rates = core::defaultBreakevenRates();
    if (args->has("rates")) {
        auto r = parseRates(args->value("rates"));
        if (!r)
            return reportError(r.error(), io);
        rates = *r;
    }
    auto duration = core::Decimal::parse(args->value("duration", "300"));
    if (!duration || duration->sign() <= 0 || *duration > core::Decimal::fromInt(86'400))
        return reportError(core::fail("usage", "--duration " + args->value("duration") +
                                                   ": expected 0 < seconds <= 86400")
                               .error(),
                           io);
    if (args->has("pod") != args->has("ledger"))
        return reportError(core::fail("usage", "--pod and --ledger go together").error(), io);
    std::optional<PodStanding> pod;
    std::vector<core::TrafficTotals> traffic;
    if (args->has("pod")) {
        auto p = podStanding(args->value("ledger"), args->value("pod"));
        if (!p)
            return reportError(p.error(), io);
        pod = std::move(*p);
        pod->here = core::breakeven({pod->measured.totals}, tiers, *gpu);
        for (double r : rates)
            traffic.push_back(core::atRate(pod->measured, r));
    } else {
        traffic = core::simulatedTraffic(rates, duration->toDouble());
    }
    const auto result = core::breakeven(traffic, tiers, *gpu);
    if (args->has("json")) {
        Json doc = toJson(result, *gpu);
        if (pod)
            doc["pod"] = podJson(*pod);
        io.out << doc.dump(2) << '\n';
        return kExitOk;
    }
    printText(result, *gpu, io);
    if (pod)
        printPod(*pod, io);
    return kExitOk;
}

} // namespace unalloc::cli
