// `unalloc breakeven`: self-hosted GPU vs API tiers over request rates (studies.md U3).
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "core/meters/breakeven.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <iomanip>
#include <sstream>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

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
    const auto traffic = core::simulatedTraffic(rates, duration->toDouble());
    const auto result = core::breakeven(traffic, tiers, *gpu);
    if (args->has("json"))
        io.out << toJson(result, *gpu).dump(2) << '\n';
    else
        printText(result, *gpu, io);
    return kExitOk;
}

} // namespace unalloc::cli
