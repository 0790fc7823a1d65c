// bench_ledger: import speed, peak RSS, report and re-attribution time on a generated ledger.
//   bench_ledger [--records N] [--dir DIR] [--keep]     (env UNALLOC_BENCH_RECORDS=N)
// Default 1M LiteLLM records plus 30 days of hourly OpenCost allocations.
#include "benchgen.h"

#include "adapters/import/importer.h"
#include "core/attribution.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include <sys/resource.h>

using namespace unalloc;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

long peakRssMb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

struct Args
{
    std::int64_t records = 1'000'000;
    std::string dir;
    bool keep = false;
};

Args parseArgs(int argc, char **argv)
{
    Args a;
    if (const char *env = std::getenv("UNALLOC_BENCH_RECORDS"))
        a.records = std::atoll(env);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--records" && i + 1 < argc)
            a.records = std::atoll(argv[++i]);
        else if (arg == "--dir" && i + 1 < argc)
            a.dir = argv[++i];
        else if (arg == "--keep")
            a.keep = true;
    }
    return a;
}

/// Opens the ledger afresh, loads the cube and attributes it: what `report --ledger` does.
bool timeReports(const std::string &ledgerPath)
{
    const auto t0 = Clock::now();
    auto ledger = core::LedgerStore::open(ledgerPath, true);
    if (!ledger)
        return false;
    auto cube = (*ledger)->loadCube();
    if (!cube)
        return false;
    const double load = secondsSince(t0);
    core::AttributionOptions team;
    const auto t1 = Clock::now();
    auto report = core::attribute(*cube, team);
    const double first = secondsSince(t1);
    if (!report)
        return false;
    std::printf(
        "report:   open + loadCube %.1f ms (%zu groups, %zu label sets), attribute %.1f ms, "
        "total %.1f ms; total %s, U %s%%\n",
        load * 1e3, cube->groupCount(), cube->labelSets().size(), first * 1e3, (load + first) * 1e3,
        report->total.toString().c_str(), report->unallocatedPct().toString().c_str());
    core::AttributionOptions other;
    other.ownerKey = "service";
    other.fallbacks = {"cost_center", "namespace", "team"};
    const auto t2 = Clock::now();
    auto again = core::attribute(*cube, other);
    const double re = secondsSince(t2);
    if (!again)
        return false;
    std::printf("re-attribution (owner service, fallbacks cost_center,namespace,team): %.1f ms; "
                "U %s%%, F %s%%\n",
                re * 1e3, again->unallocatedPct().toString().c_str(),
                again->fallbackPct().toString().c_str());
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const Args args = parseArgs(argc, argv);
    QTemporaryDir tmp(args.dir.empty() ? QDir::tempPath() + QStringLiteral("/bench_ledger-XXXXXX")
                                       : QString::fromStdString(args.dir) +
                                             QStringLiteral("/bench_ledger-XXXXXX"));
    tmp.setAutoRemove(!args.keep);
    const std::string dir = tmp.path().toStdString();
    const std::string spend = dir + "/litellm_spend_logs.json";
    const std::string alloc = dir + "/opencost_allocation_hourly.json";
    const int steps = 30 * 24, pods = 100;

    std::printf("bench_ledger: %lld LiteLLM records + %d OpenCost allocations; %u cores; dir %s\n",
                static_cast<long long>(args.records), steps * pods,
                std::thread::hardware_concurrency(), dir.c_str());
    auto t0 = Clock::now();
    const std::int64_t spendBytes = bench::writeLiteLlmSpendLogs(spend, args.records, 3000);
    const std::int64_t allocBytes = bench::writeOpenCostHourly(alloc, steps, pods);
    std::printf("generate: %.1f s, %.0f MB (%.0f bytes per LiteLLM record)\n", secondsSince(t0),
                static_cast<double>(spendBytes + allocBytes) / 1e6,
                static_cast<double>(spendBytes) / static_cast<double>(args.records));

    const std::string ledgerPath = dir + "/bench.unalloc";
    auto ledger = core::LedgerStore::create(ledgerPath);
    if (!ledger) {
        std::fprintf(stderr, "%s\n", ledger.error().message().c_str());
        return 1;
    }
    t0 = Clock::now();
    auto report = adapters::importFiles(**ledger, {spend, alloc});
    const double importSeconds = secondsSince(t0);
    if (!report) {
        std::fprintf(stderr, "import failed: %s\n", report.error().message().c_str());
        return 1;
    }
    const auto rows = report->rowsRead();
    std::printf("import:   %lld records in %.2f s = %.0f records/s (%.0f MB/s); peak RSS %ld MB\n",
                static_cast<long long>(rows), importSeconds,
                static_cast<double>(rows) / importSeconds,
                static_cast<double>(spendBytes + allocBytes) / 1e6 / importSeconds, peakRssMb());
    for (const auto &b : report->batches)
        std::printf("          %s: %lld rows, %s, %s\n", b.batch.format.c_str(),
                    static_cast<long long>(b.counts.rowsAdded), core::toString(b.batch.status),
                    b.batch.totals.empty() ? "-" : b.batch.totals.front().toString().c_str());
    ledger->reset();
    if (!timeReports(ledgerPath)) {
        std::fprintf(stderr, "report failed\n");
        return 1;
    }
    std::printf("peak RSS over the whole run: %ld MB\n", peakRssMb());
    return 0;
}
