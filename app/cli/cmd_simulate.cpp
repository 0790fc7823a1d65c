// `unalloc simulate`: run the built-in vLLM-style server simulator (studies.md §1) and print
// what each tenant pays under each meter.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "core/meters/latencysamples.h"
#include "core/meters/metercompare.h"
#include "core/meters/shapley.h"
#include "core/meters/simmeters.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace unalloc::cli {

using Json = nlohmann::ordered_json;

// Shared with `unalloc meters` (defined in cmd_meters.cpp).
void printMeterTables(const std::vector<core::MeterSplit> &splits,
                      const core::MeterComparison &cmp,
                      Io &io);
Json meterJson(const std::vector<core::MeterSplit> &splits, const core::MeterComparison &cmp);

namespace {

/// A [min, max] pair of integers from JSON.
core::Result<std::pair<int, int>> range(const Json &t, const char *key, const std::string &where)
{
    const Json v = t.value(key, Json());
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number())
        return core::fail("bad-tenants", "expected [min, max]", {}, where, key);
    return std::pair<int, int>(v[0].get<int>(), v[1].get<int>());
}

/// Tenants as in the studies' metrics.json `assumptions.tenants` (a list, or an object
/// holding `tenants` or `assumptions.tenants`).
core::Result<std::vector<core::SimTenant>> parseTenants(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return core::fail("io", "cannot open file", path);
    std::ostringstream ss;
    ss << in.rdbuf();
    Json doc = Json::parse(ss.str(), nullptr, false);
    if (doc.is_object() && doc.contains("assumptions"))
        doc = doc["assumptions"];
    if (doc.is_object() && doc.contains("tenants"))
        doc = doc["tenants"];
    if (!doc.is_array() || doc.empty() || doc.size() > 32)
        return core::fail("bad-tenants", "expected a list of 1 to 32 tenants", path);
    std::vector<core::SimTenant> out;
    for (size_t i = 0; i < doc.size(); ++i) {
        const Json &t = doc[i];
        const std::string where = "tenants[" + std::to_string(i) + "]";
        if (!t.is_object() || !t.value("name", Json()).is_string())
            return core::fail("bad-tenants", "a tenant needs a name", path, where, "name");
        core::SimTenant s;
        s.name = t["name"].get<std::string>();
        s.team = t.value("team", Json()).is_string() ? t["team"].get<std::string>() : "";
        s.weight = t.value("weight", 1.0);
        auto prompt = range(t, "prompt", where);
        auto output = range(t, "output", where);
        if (!prompt || !output)
            return core::fail(prompt ? output.error() : prompt.error());
        std::tie(s.messageMin, s.messageMax) = *prompt;
        std::tie(s.outputMin, s.outputMax) = *output;
        s.systemPrefix = t.value("system_prefix", 0);
        s.prefixGroups = std::max(1, t.value("prefix_groups", 1));
        if (t.value("turns", Json()).is_array()) {
            auto turns = range(t, "turns", where);
            if (!turns)
                return core::fail(turns.error());
            std::tie(s.turnsMin, s.turnsMax) = *turns;
        }
        const Json think = t.value("think_s", Json());
        if (think.is_array() && think.size() == 2) {
            s.thinkMinS = think[0].get<double>();
            s.thinkMaxS = think[1].get<double>();
        }
        if (s.weight < 0 || s.messageMin < 0 || s.messageMax < s.messageMin || s.outputMin < 1 ||
            s.outputMax < s.outputMin)
            return core::fail("bad-tenants", "weights and ranges must be sane", path, where);
        out.push_back(std::move(s));
    }
    return out;
}

core::Result<double> positive(const ParsedArgs &a, const char *name, double fallback)
{
    if (!a.has(name))
        return fallback;
    const std::string t = a.value(name);
    char *end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0' || !std::isfinite(v) || v <= 0)
        return core::fail("usage", std::string("--") + name + " expects a positive number");
    return v;
}

Json runJson(const core::SimResult &r)
{
    Json tenants = Json::array();
    for (const core::SimTenantResult &t : r.tenants)
        tenants.push_back(Json{{"name", t.name},
                               {"team", t.team.empty() ? Json() : Json(t.team)},
                               {"requests", t.requests},
                               {"prompt_tokens", t.promptTokens},
                               {"cached_prompt_tokens", t.cachedPromptTokens},
                               {"completion_tokens", t.completionTokens},
                               {"compute_ns", t.computeNs},
                               {"kv_block_ns", t.kvBlockNs},
                               {"preemptions", t.preemptions},
                               {"ttft_p50_s", t.ttftP50S},
                               {"ttft_p95_s", t.ttftP95S},
                               {"tpot_p50_s", t.tpotP50S},
                               {"e2e_p50_s", t.e2eP50S}});
    Json doc{{"rate_rps", r.config.ratePerS},
             {"duration_s", r.config.durationS},
             {"seed", r.config.seed},
             {"prefix_caching", r.config.engine.prefixCaching},
             {"wall_ns", r.wallNs},
             {"idle_ns", r.idleNs},
             {"steps", r.steps},
             {"requests", r.requests},
             {"dropped", r.dropped},
             {"evictions", r.evictions},
             {"preemptions", r.preemptions},
             {"cache_hit_rate", r.cacheHitRate()},
             {"output_tokens_per_s", r.outputTokensPerS()},
             {"cache_reserve_fraction", r.cacheReserveFraction()},
             {"tenants", tenants}};
    if (!r.latencyExact) // only past the exact limit, so the small runs' output stays as it was
        doc["latency_quantiles"] = "histogram";
    return doc;
}

void printRun(const core::SimResult &r, Io &io)
{
    io.out << std::fixed << std::setprecision(2) << "Simulated " << r.config.durationS << " s at "
           << r.config.ratePerS << " req/s (seed " << r.config.seed << "): " << r.requests
           << " requests, " << r.steps << " steps, wall " << double(r.wallNs) / 1e9 << " s, busy "
           << r.busyFraction() * 100 << "%, prefix-cache hits " << r.cacheHitRate() * 100 << "%, "
           << r.outputTokensPerS() << " output tok/s, " << r.evictions << " evictions, "
           << r.preemptions << " preemptions, " << r.dropped << " dropped\n\n";
    TextTable lat("Latency per tenant");
    lat.addColumn("Tenant");
    for (const char *h : {"Requests", "Cache hits", "TTFT p50", "TTFT p95", "TPOT p50"})
        lat.addColumn(h, TextTable::Align::Right);
    auto ms = [](double s) {
        std::ostringstream o;
        o << std::fixed << std::setprecision(1) << s * 1e3 << " ms";
        return o.str();
    };
    for (const core::SimTenantResult &t : r.tenants) {
        std::ostringstream hit;
        hit << std::fixed << std::setprecision(1)
            << (t.promptTokens ? 100.0 * double(t.cachedPromptTokens) / double(t.promptTokens)
                               : 0.0)
            << "%";
        lat.addRow({t.team.empty() ? t.name + " (unlabeled)" : t.name, std::to_string(t.requests),
                    hit.str(), ms(t.ttftP50S), ms(t.ttftP95S), ms(t.tpotP50S)});
    }
    lat.print(io.out);
    if (!r.latencyExact)
        io.out << "Latency quantiles of a tenant past "
               << core::LatencySamples::kExactLatencySamples
               << " requests come from a histogram (within 0.05%).\n";
    io.out << '\n';
}

/// What a run may be estimated to use unless --max-memory says otherwise.
constexpr double kDefaultMaxMemoryMiB = 4096;

core::Result<core::SimConfig> simConfig(const ParsedArgs &a)
{
    core::SimConfig config = core::SimConfig::headline();
    auto rate = positive(a, "rate", config.ratePerS);
    auto duration = positive(a, "duration", config.durationS);
    if (!rate || !duration)
        return core::fail(rate ? duration.error() : rate.error());
    config.ratePerS = *rate;
    config.durationS = *duration;
    config.engine.prefixCaching = !a.has("no-prefix-caching");
    if (a.has("seed")) {
        const std::string s = a.value("seed");
        if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != s.npos)
            return core::fail("usage", "--seed expects a non-negative integer");
        config.seed = std::stoull(s);
    }
    if (a.has("tenants")) {
        auto tenants = parseTenants(a.value("tenants"));
        if (!tenants)
            return core::fail(tenants.error());
        config.tenants = std::move(*tenants);
    }
    // The run holds its requests in flight only, but absurd engines or tenants can still
    // need more than the machine has: refuse up front what cannot fit rather than let the
    // kernel kill it gigabytes later.
    auto limitMiB = positive(a, "max-memory", kDefaultMaxMemoryMiB);
    if (!limitMiB)
        return core::fail(limitMiB.error());
    const double mib = config.estimatedBytes() / (1024.0 * 1024.0);
    if (mib > *limitMiB) {
        std::ostringstream o;
        o << std::fixed << std::setprecision(0) << "--rate " << config.ratePerS << " --duration "
          << config.durationS << " is about " << config.expectedRequests() << " requests, up to "
          << config.maxLiveRequests() << " of them in flight at once, an "
          << "estimated " << mib << " MiB of memory, over the limit of " << *limitMiB
          << " MiB: lower --rate or --duration, or the tenants' turns and think times (or "
             "raise --max-memory MIB)";
        return core::fail("too-large", o.str());
    }
    return config;
}

} // namespace

int runSimulate(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("simulate", "Simulate a shared vLLM-style server and meter its tenants.");
    parser.option("rate", 0, "R", "Session starts and single requests per second (default 3)")
        .option("duration", 0, "S", "Simulated seconds of arrivals (default 1800)")
        .option("seed", 0, "N", "Random seed (default 7)")
        .option("tenants", 0, "FILE", "Tenants JSON (studies' assumptions.tenants shape)")
        .option("pool", 0, "AMOUNT", "Monthly bill to split, USD (default 17280)")
        .option("policy", 0, "keep|redistribute", "Overhead policy (default keep)")
        .option("max-memory", 0, "MIB",
                "Refuse runs estimated to need more memory, MiB (default 4096)")
        .flag("no-prefix-caching", 0, "Run without automatic prefix caching")
        .flag("shapley", 0, "Add the Shapley reference (replays all 2^n - 1 coalitions)")
        .flag("json", 0, "Machine-readable output (money as strings)");
    auto a = parser.parse(argv);
    if (!a)
        return reportError(a.error(), io);
    if (a->helpRequested()) {
        io.out << parser.help();
        return kExitOk;
    }
    auto parsed = simConfig(*a);
    if (!parsed)
        return reportError(parsed.error(), io);
    const core::SimConfig &config = *parsed;
    auto pool = core::Decimal::parse(a->value("pool", "17280"));
    const auto policy = core::policyFromId(a->value("policy", "keep"));
    if (!pool || pool->sign() < 0 || !policy)
        return reportError(
            {"usage", "--pool expects an amount, --policy keep|redistribute", {}, {}, {}}, io);
    const core::Money cost{*pool, core::Currency::usd()};
    const core::SimResult r = core::simulate(config);
    std::vector<core::MeterSplit> splits = core::simulationMeters(r, cost, *policy);
    if (a->has("shapley")) {
        auto s = core::shapleyByReplay(config);
        if (!s)
            return reportError(s.error(), io);
        splits.push_back(core::shapleyMeter(*s, cost, *policy));
    }
    // the pool is a monthly bill (the studies' billing window, August 2026)
    const core::PodCost pod{cost, core::daysFromCivil(2026, 8, 1) * core::kUsPerDay,
                            core::daysFromCivil(2026, 9, 1) * core::kUsPerDay};
    const core::MeterComparison cmp = core::compareMeters(splits, pod);
    if (a->has("json")) {
        Json doc{{"run", runJson(r)}};
        doc.update(meterJson(splits, cmp));
        io.out << doc.dump(2) << '\n';
        return kExitOk;
    }
    printRun(r, io);
    printMeterTables(splits, cmp, io);
    return kExitOk;
}

} // namespace unalloc::cli
