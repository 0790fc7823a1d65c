// bench_meters: simulator wall time at the headline setting (3 req/s, 1,800 s, seed 7), the
// Shapley reference for 4 tenants, and the telemetry meters over 100k requests.
#include "core/allocatorarenas.h"
#include "core/hugepages.h"
#include "core/meters/prng.h"
#include "core/meters/shapley.h"
#include "core/meters/simmeters.h"
#include "core/meters/telemetrymeters.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

using namespace unalloc::core;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

double pct(const MeterSplit &s, const char *tenant)
{
    const MeterRow *r = s.find(tenant);
    return r ? r->share.toDouble() * 100 : 0.0; // display only
}

void benchSimulator(const Money &pool)
{
    const SimConfig config = SimConfig::headline();
    const auto t0 = Clock::now();
    const SimResult r = simulate(config);
    const double wall = secondsSince(t0);
    std::printf("simulate 1800 s @ 3 req/s seed 7: %.3f s wall\n", wall);
    std::printf("  requests %lld (paper 10020), steps %lld (99882), evictions %lld (142979), "
                "preemptions %lld (0), dropped %lld (0)\n",
                (long long)r.requests, (long long)r.steps, (long long)r.evictions,
                (long long)r.preemptions, (long long)r.dropped);
    std::printf("  cache hit %.2f%% (74.76), output %.1f tok/s (1150.65), busy %.3f%% (99.972), "
                "cache reserve %.1f%% (77.9), wall %.2f s (1805.34)\n",
                r.cacheHitRate() * 100, r.outputTokensPerS(), r.busyFraction() * 100,
                r.cacheReserveFraction() * 100, double(r.wallNs) / 1e9);
    const auto m = simulationMeters(r, pool, OverheadPolicy::Keep);
    std::printf("  search: tokens %.2f%% (16.75), list price %.2f%% (18.43), step time %.2f%% "
                "(10.52), kv %.2f%% (0.82)\n",
                pct(m[0], "search"), pct(m[1], "search"), pct(m[2], "search"), pct(m[3], "search"));
    std::printf("  agents: tokens %.2f%% (72.38), list price %.2f%% (59.41), step time %.2f%% "
                "(71.25), kv %.2f%% (13.87)\n",
                pct(m[0], "agents"), pct(m[1], "agents"), pct(m[2], "agents"), pct(m[3], "agents"));
    std::printf("  overhead: step time %.3f%% (0.028), kv %.2f%% (82.93), blended %.2f%% (41.48)\n",
                m[2].overheadShare().toDouble() * 100, m[3].overheadShare().toDouble() * 100,
                m[4].overheadShare().toDouble() * 100);
    for (const SimTenantResult &t : r.tenants)
        std::printf("  %-8s requests %5lld hit %.1f%% ttft p50 %.0f ms p95 %.0f ms tpot p50 "
                    "%.1f ms\n",
                    t.name.c_str(), (long long)t.requests,
                    t.promptTokens ? 100.0 * double(t.cachedPromptTokens) / double(t.promptTokens)
                                   : 0.0,
                    t.ttftP50S * 1e3, t.ttftP95S * 1e3, t.tpotP50S * 1e3);
}

void benchShapley(const Money &pool)
{
    const auto t0 = Clock::now();
    const auto s = shapleyByReplay(SimConfig::headline());
    const double wall = secondsSince(t0);
    if (!s) {
        std::printf("shapley failed: %s\n", s.error().message().c_str());
        return;
    }
    std::printf("shapley 4 tenants (15 coalition replays of 1800 s): %.3f s wall\n", wall);
    const MeterSplit m = shapleyMeter(*s, pool, OverheadPolicy::Keep);
    for (const MeterRow &r : m.rows)
        std::printf("  %-12s phi %s s share %.2f%% $%s\n",
                    r.overhead ? "__overhead__" : r.tenant.c_str(), r.quantity.toFixed(3).c_str(),
                    r.share.toDouble() * 100, r.amount.amount.toString().c_str());
}

std::vector<RequestRecord> syntheticRequests(std::size_t n)
{
    // 100k requests at ~10 req/s over ~2.8 h, four tenants and some unlabeled traffic
    static const char *const kTenants[] = {"search", "agents", "platform", ""};
    Prng rng(11);
    std::vector<RequestRecord> out;
    out.reserve(n);
    double t = 0;
    for (std::size_t i = 0; i < n; ++i) {
        t += rng.exponential(10.0);
        RequestRecord r;
        r.tenant = kTenants[rng.uniformInt(0, 3)];
        r.sendUs = static_cast<TimeUs>(t * 1e6);
        r.firstUs = r.sendUs + rng.uniformInt(10'000, 200'000);
        r.doneUs = r.firstUs + rng.uniformInt(100'000, 8'000'000);
        r.promptTokens = rng.uniformInt(100, 4000);
        r.completionTokens = rng.uniformInt(10, 500);
        r.cachedTokens = rng.uniformInt(0, r.promptTokens);
        out.push_back(std::move(r));
    }
    return out;
}

void benchTelemetry(const Money &pool)
{
    const auto records = syntheticRequests(100'000);
    const auto t0 = Clock::now();
    const auto splits = telemetryMeters(records, pool, OverheadPolicy::Keep);
    const double wall = secondsSince(t0);
    if (!splits)
        return;
    std::printf("telemetry meters (tokens, list price, time share, kv) over 100k requests: "
                "%.3f s wall\n",
                wall);
    for (const MeterSplit &s : *splits)
        std::printf("  %-10s search %.2f%% overhead %.2f%%\n", std::string(meterId(s.kind)).c_str(),
                    pct(s, "search"), s.overheadShare().toDouble() * 100);
}

/// Peak resident set of this process so far, KiB (Linux: VmHWM).
long peakRssKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::strtol(line.c_str() + 6, nullptr, 10);
    }
    return -1;
}

/// One streamed run: the simulator's memory is its requests in flight, whatever the run.
void benchStream(double rate, double duration)
{
    SimConfig config = SimConfig::headline();
    config.ratePerS = rate;
    config.durationS = duration;
    std::int64_t streamed = 0;
    SimOptions options;
    options.sink = [&streamed](const SimRequestOutcome &) {
        ++streamed;
    };
    const auto t0 = Clock::now();
    const SimResult r = simulate(config, options);
    const double wall = secondsSince(t0);
    std::printf("simulate %.0f s @ %g req/s streamed: %.3f s wall, %lld requests (%lld to the "
                "sink), %lld peak request slots, latency %s, peak RSS %ld KiB (estimate %.0f "
                "KiB)\n",
                duration, rate, wall, (long long)r.requests, (long long)streamed,
                (long long)r.peakLiveRequests, r.latencyExact ? "exact" : "histogram", peakRssKiB(),
                config.estimatedBytes() / 1024);
}

} // namespace

int main(int argc, char **argv)
{
    unalloc::core::keepFreedMemory();   // freed arrays reused, not faulted in again
    unalloc::core::hugepages::advise(); // as the programs do
    const Money pool{Decimal::fromInt(17'280), Currency::usd()};
    if (argc == 4 && std::string(argv[1]) == "--stream") {
        benchStream(std::strtod(argv[2], nullptr), std::strtod(argv[3], nullptr));
        return 0;
    }
    benchSimulator(pool);
    benchTelemetry(pool);
    benchShapley(pool);
    return 0;
}
