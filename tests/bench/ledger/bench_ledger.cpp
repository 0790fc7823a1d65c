// bench_ledger: import speed, peak RSS, ledger size, report and re-attribution time on a
// generated ledger, for two shapes of gateway records:
//   realistic  records as a real LiteLLM proxy logs them (per-request end user, session, IP,
//              virtual key: distinct label sets are about as many as records)
//   sets       records whose label sets are drawn from 3,000 combinations
//   bench_ledger [--records N] [--shape both|realistic|sets] [--cardinality k=v,...]
//                [--dir DIR] [--keep]                       (env UNALLOC_BENCH_RECORDS=N)
//   bench_ledger --generate [--records N] [--cardinality ...]   realistic JSON to stdout
//   bench_ledger --parse-only [--reuse-rows] [--input FILE | --records N]
//   bench_ledger --ledger FILE [--repeat N] [--objects]   the report figures alone, on a kept
//                                              ledger (--objects: and the backlog's order)
// Default 1M LiteLLM records plus 30 days of hourly OpenCost allocations, and OpenAI's daily
// costs imported after them; `both` runs each shape in its own child process, so each peak
// RSS is its own.
#include "benchgen.h"
#include "benchreal.h"

#include "adapters/import/importer.h"
#include "adapters/litellm/litellmspend.h"
#include "core/allocatorarenas.h"
#include "core/attribution.h"
#include "core/hugepages.h"
#include "core/ledger/ledgercodec.h"
#include "core/seams/overlap.h"
#include "core/slice.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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
    bool parseOnly = false;
    bool reuseRows = false;
    std::string input; ///< --parse-only on this LiteLLM file instead of a generated one
    std::string shape = "both";
    bench::RealisticShape cardinality;
    bool generate = false; ///< --generate: realistic records to stdout, nothing else
    std::string ledger;    ///< --ledger: time the reports on this ledger only
    int repeat = 1;        ///< --repeat: times the reports run (--ledger)
    bool objects = false;  ///< --objects: also the slice's objects in backlog order (--ledger)
    bool bad = false;
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
        else if (arg == "--parse-only")
            a.parseOnly = true;
        else if (arg == "--reuse-rows")
            a.reuseRows = true;
        else if (arg == "--input" && i + 1 < argc)
            a.input = argv[++i];
        else if (arg == "--shape" && i + 1 < argc)
            a.shape = argv[++i];
        else if (arg == "--cardinality" && i + 1 < argc)
            a.bad |= !bench::parseRealisticShape(argv[++i], a.cardinality);
        else if (arg == "--generate")
            a.generate = true;
        else if (arg == "--ledger" && i + 1 < argc)
            a.ledger = argv[++i];
        else if (arg == "--repeat" && i + 1 < argc)
            a.bad |= (a.repeat = std::atoi(argv[++i])) < 1;
        else if (arg == "--objects")
            a.objects = true;
        else
            a.bad = true;
    }
    if (a.shape != "both" && a.shape != "realistic" && a.shape != "sets")
        a.bad = true;
    return a;
}

/// Opens the ledger afresh, loads the cube and attributes it: what `report --ledger` does.
bool timeReports(const std::string &ledgerPath, bool objects)
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
    std::printf("report:   open + loadCube %.1f ms (%zu groups, %zu label sets, %zu contexts), "
                "attribute %.1f ms, "
                "total %.1f ms; total %s, U %s%%\n",
                load * 1e3, cube->groupCount(), cube->labelSets().size(), cube->contexts().size(),
                first * 1e3, (load + first) * 1e3, report->total.toString().c_str(),
                report->unallocatedPct().toString().c_str());
    {
        // What the cube's label sets hold: labels, the width of a value id, distinct texts.
        const core::LabelSetPool &sets = cube->labelSets();
        size_t labels = 0, textBytes = 0;
        for (std::uint32_t set = 0; set < sets.size(); ++set)
            labels += sets.values(set).size();
        for (std::uint32_t v = 0; v < sets.valueCount(); ++v)
            textBytes += sets.valueText(v).size();
        std::printf("label sets: %zu labels (%.1f per set), value ids of %u bytes, shape ids "
                    "of %u (%zu shapes); %zu value texts, %.1f MB of text\n",
                    labels,
                    sets.size() ? static_cast<double>(labels) / static_cast<double>(sets.size())
                                : 0.0,
                    sets.valueIdBytes(), sets.shapeIdBytes(), sets.shapeCount(), sets.valueCount(),
                    static_cast<double>(textBytes) / 1e6);
    }
    {
        // What `unalloc report` adds: the gateway's requests against the providers' bills.
        const auto t = Clock::now();
        const core::OverlapReport overlap = core::findOverlap(*cube);
        core::Decimal counted;
        for (const core::ProviderOverlap &p : overlap.providers)
            counted += p.overlap;
        std::printf("double counting: %.1f ms (%zu providers billed, %s counted twice)\n",
                    secondsSince(t) * 1e3, overlap.providers.size(), counted.toString().c_str());
    }
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
    core::AttributionOptions endUser;
    endUser.ownerKey = "end_user";
    endUser.fallbacks = {"team"};
    const auto t3 = Clock::now();
    auto third = core::attribute(*cube, endUser);
    const double re3 = secondsSince(t3);
    if (!third)
        return false;
    std::printf("re-attribution (owner end_user, fallback team): %.1f ms; %zu owners, U %s%%\n",
                re3 * 1e3, third->buckets.size(), third->unallocatedPct().toString().c_str());
    // What the explorer pays for an owner-rule change: the rule is resolved per set, and the
    // slice is attributed over its sums per (label set, source) where the explorer keeps them
    // (they do not depend on the owner rule; sliceSumsPayOff), else over the groups. Either
    // pass also sums what each fallback brought to each owner (the exposure).
    const bool keepSums = core::sliceSumsPayOff(*cube);
    std::optional<core::SliceSums> sums;
    double slice = 0;
    if (keepSums) {
        const auto t4 = Clock::now();
        sums = core::sliceSums(*cube, team);
        slice = secondsSince(t4);
    }
    // Two passes: the first right after the sums (on a VM whose first touch of memory is slow,
    // it pays for the pages the sums left untouched before it), the second as an owner change
    // after others does.
    double kept[2][2] = {}, resolve[2][2] = {};
    const core::AttributionOptions *rules[2] = {&other, &endUser};
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = 0; i < 2; ++i) {
            const auto t = Clock::now();
            const core::SetResolution sets = core::resolveSets(*cube, *rules[i]);
            resolve[pass][i] = secondsSince(t);
            core::FallbackOwnerSums via;
            auto r = sums ? core::attributeSums(*cube, *sums, *rules[i], sets, &via)
                          : core::attributeGroups(*cube, *rules[i], sets, &via);
            kept[pass][i] = secondsSince(t);
            if (!r || r->total != (i == 0 ? again->total : third->total) ||
                r->unallocated != (i == 0 ? again->unallocated : third->unallocated))
                return false;
        }
    }
    char path[96];
    if (sums)
        std::snprintf(path, sizeof path, "on the slice's kept sums, built once in %.1f ms",
                      slice * 1e3);
    else
        std::snprintf(path, sizeof path, "over the groups: no sums kept, the sets are too many");
    std::printf("re-attribution as the explorer (%s): %.1f / %.1f ms (owner service + 3 "
                "fallbacks / owner end_user)\n"
                "          of which the rule resolved per label set: %.1f / %.1f ms\n"
                "          again (as a later owner change): %.1f / %.1f ms, resolved %.1f / "
                "%.1f ms\n",
                path, kept[0][0] * 1e3, kept[0][1] * 1e3, resolve[0][0] * 1e3, resolve[0][1] * 1e3,
                kept[1][0] * 1e3, kept[1][1] * 1e3, resolve[1][0] * 1e3, resolve[1][1] * 1e3);
    if (objects) { // opt-in: at 10M they add 320 MB to the peak RSS printed below
        // The explorer's first analysis of a slice orders its objects for the backlog (on a
        // thread of its own, while the other finds the seams): owner-independent, kept per slice.
        const auto t5 = Clock::now();
        const core::SliceObjects o = core::sliceObjects(*cube, team);
        std::printf("the slice's objects in backlog order: %zu objects, %.1f ms\n", o.items.size(),
                    secondsSince(t5) * 1e3);
    }
    return true;
}

/// --parse-only: the LiteLLM adapter's read alone, into a sink that hashes the label set and
/// keeps the rows in chunks as the importer's parser thread does (less the SHA-256 and the
/// queue hand-off). --reuse-rows: the sink swaps each row with one of the chunk's old rows
/// instead of moving it in, so the adapter refills strings that keep their capacity, and (as
/// for the importer) rows of a label set seen before come without their labels.
int benchParseOnly(const std::string &spend, bool reuseRows)
{
    QFile file(QString::fromStdString(spend));
    if (!file.open(QIODevice::ReadOnly))
        return 1;
    const QByteArray bytes = file.readAll();
    core::LabelNormaliser normaliser;
    adapters::ReadOptions ro;
    ro.fileName = spend;
    ro.normaliser = &normaliser;
    ro.elideRepeatedLabels = reuseRows;
    std::int64_t rows = 0;
    std::vector<core::CostRow> chunk;
    std::vector<std::uint64_t> hashes;
    size_t used = 0;
    const adapters::RowSink sink = [&](core::CostRow &&row) {
        // As the importer's parser thread: only a row without a memo id is hashed.
        hashes.push_back(row.labelSetMemo != 0 ? 0
                                               : core::ledgercodec::hashLabelSet(
                                                     row.labels, row.rawLabels, row.collisions));
        if (!reuseRows)
            chunk.push_back(std::move(row));
        else if (used < chunk.size())
            chunk[used].swap(row);
        else
            chunk.push_back(std::move(row));
        if (++used >= 4096) {
            rows += static_cast<std::int64_t>(used);
            used = 0;
            if (!reuseRows)
                chunk.clear();
            hashes.clear();
        }
    };
    const adapters::LiteLlmSpendAdapter adapter;
    // Thread CPU time as well as wall time: the figure that holds on a loaded machine.
    auto cpuNow = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    };
    double best = 1e9, bestCpu = 1e9;
    std::int64_t records = 0;
    for (int run = 0; run < 5; ++run) {
        rows = 0;
        const double c0 = cpuNow();
        const auto t0 = Clock::now();
        auto r =
            adapter.read(std::string_view(bytes.constData(), size_t(bytes.size())), ro, sink, {});
        const double s = secondsSince(t0);
        const double cpu = cpuNow() - c0;
        if (!r) {
            std::fprintf(stderr, "read failed: %s\n", r.error().message().c_str());
            return 1;
        }
        rows += static_cast<std::int64_t>(used);
        used = 0;
        if (!reuseRows)
            chunk.clear();
        hashes.clear();
        best = std::min(best, s);
        bestCpu = std::min(bestCpu, cpu);
        records = rows;
        std::printf("parse-only run %d: %lld rows in %.3f s = %.2f us/record (cpu %.2f)\n", run,
                    static_cast<long long>(rows), s, s * 1e6 / static_cast<double>(rows),
                    cpu * 1e6 / static_cast<double>(rows));
    }
    std::printf("parse-only best: %.2f us/record wall (%.0f records/s), %.2f us/record cpu\n",
                best * 1e6 / static_cast<double>(records), static_cast<double>(records) / best,
                bestCpu * 1e6 / static_cast<double>(records));
    return 0;
}

std::int64_t fileBytes(const std::string &path)
{
    struct stat st
    {
    };
    return ::stat(path.c_str(), &st) == 0 ? static_cast<std::int64_t>(st.st_size) : 0;
}

/// One shape, in this process: generate, flush, import, size, report.
int runShape(const Args &args, const std::string &shape)
{
    QTemporaryDir tmp(args.dir.empty() ? QDir::tempPath() + QStringLiteral("/bench_ledger-XXXXXX")
                                       : QString::fromStdString(args.dir) +
                                             QStringLiteral("/bench_ledger-XXXXXX"));
    tmp.setAutoRemove(!args.keep);
    const std::string dir = tmp.path().toStdString();
    const std::string spend = dir + "/litellm_spend_logs.json";
    const std::string alloc = dir + "/opencost_allocation_hourly.json";
    const int steps = 30 * 24, pods = 100;
    const bool realistic = shape == "realistic";

    std::printf("\n== shape %s: %lld LiteLLM records + %d OpenCost allocations; %u cores; dir %s\n",
                shape.c_str(), static_cast<long long>(args.records), steps * pods,
                std::thread::hardware_concurrency(), dir.c_str());
    if (realistic) {
        const auto &c = args.cardinality;
        std::printf("cardinality: %d virtual keys, %d teams, %d users, %d end users, a session per "
                    "%d requests, %d features, %d models, %d IPs\n",
                    c.virtualKeys, c.teams, c.users, c.endUsers, c.requestsPerSession, c.features,
                    c.models, c.ips);
    }
    auto t0 = Clock::now();
    std::int64_t spendBytes = 0;
    if (realistic) {
        std::FILE *f = std::fopen(spend.c_str(), "wb");
        spendBytes = f ? bench::writeRealisticSpendLogs(f, args.records, args.cardinality) : -1;
        if (f && std::fclose(f) != 0)
            spendBytes = -1;
    } else {
        spendBytes = bench::writeLiteLlmSpendLogs(spend, args.records, 3000);
    }
    const std::int64_t allocBytes = bench::writeOpenCostHourly(alloc, steps, pods);
    if (spendBytes < 0 || allocBytes < 0) {
        std::fprintf(stderr, "cannot write the generated inputs in %s\n", dir.c_str());
        return 1;
    }
    std::printf("generate: %.1f s, %.0f MB (%.0f bytes per LiteLLM record)\n", secondsSince(t0),
                static_cast<double>(spendBytes + allocBytes) / 1e6,
                static_cast<double>(spendBytes) / static_cast<double>(args.records));
    if (args.parseOnly)
        return benchParseOnly(spend, args.reuseRows);
    // The inputs of a real import were downloaded long before: write the generated ones out
    // now, so that their write-back does not compete with the ledger's writes in the timing.
    t0 = Clock::now();
    for (const std::string &path : {spend, alloc}) {
        const int fd = ::open(path.c_str(), O_RDONLY);
        if (fd < 0 || ::fdatasync(fd) != 0) {
            std::fprintf(stderr, "cannot flush %s\n", path.c_str());
            return 1;
        }
        ::close(fd);
    }
    std::printf("flush:    %.1f s (the generated inputs written to disk before the import)\n",
                secondsSince(t0));

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
    // The provider's bill comes later, in a batch of its own, as a user imports it: the
    // report then matches the gateway's OpenAI requests against it (double counting).
    const std::string bills = dir + "/openai_costs_daily.json";
    if (bench::writeOpenAiDailyCosts(bills) < 0) {
        std::fprintf(stderr, "cannot write %s\n", bills.c_str());
        return 1;
    }
    t0 = Clock::now();
    auto billed = adapters::importFiles(**ledger, {bills});
    if (!billed) {
        std::fprintf(stderr, "bill import failed: %s\n", billed.error().message().c_str());
        return 1;
    }
    std::printf("bills:    %lld OpenAI cost lines imported later, in a batch of their own, in "
                "%.0f ms\n",
                static_cast<long long>(billed->rowsRead()), secondsSince(t0) * 1e3);
    ledger->reset();
    const std::int64_t ledgerBytes =
        fileBytes(ledgerPath) + fileBytes(ledgerPath + "-wal") + fileBytes(ledgerPath + "-journal");
    std::printf("ledger:   %.1f MB = %.0f bytes per row\n", static_cast<double>(ledgerBytes) / 1e6,
                static_cast<double>(ledgerBytes) /
                    static_cast<double>(std::max<std::int64_t>(1, rows)));
    if (!timeReports(ledgerPath, false)) {
        std::fprintf(stderr, "report failed\n");
        return 1;
    }
    std::printf("peak RSS over the whole run: %ld MB\n", peakRssMb());
    if (args.keep)
        std::printf("kept:     %s (e.g. bench_ui 0 %s)\n", ledgerPath.c_str(), ledgerPath.c_str());
    std::fflush(stdout);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    unalloc::core::keepFreedMemory();   // freed arrays reused, not faulted in again
    unalloc::core::hugepages::advise(); // as the programs do
    QCoreApplication app(argc, argv);
    const Args args = parseArgs(argc, argv);
    if (args.bad) {
        std::fprintf(stderr, "usage: bench_ledger [--records N] [--shape both|realistic|sets] "
                             "[--cardinality keys=N,teams=N,users=N,end_users=N,session=N,"
                             "features=N,models=N,ips=N] [--dir DIR] [--keep] | --generate | "
                             "--parse-only [--reuse-rows] [--input FILE] | --ledger FILE [--repeat "
                             "N] [--objects]\n");
        return 64;
    }
    if (args.generate)
        return bench::writeRealisticSpendLogs(stdout, args.records, args.cardinality) < 0 ? 1 : 0;
    if (args.parseOnly && !args.input.empty())
        return benchParseOnly(args.input, args.reuseRows);
    if (!args.ledger.empty()) {
        for (int i = 0; i < args.repeat; ++i)
            if (!timeReports(args.ledger, args.objects)) {
                std::fprintf(stderr, "report failed on %s\n", args.ledger.c_str());
                return 1;
            }
        std::printf("peak RSS over the whole run: %ld MB\n", peakRssMb());
        return 0;
    }
    if (args.shape != "both")
        return runShape(args, args.shape);
    // Each shape in a child of its own: a peak RSS is that shape's, not the larger of both.
    int status = 0;
    for (const char *shape : {"realistic", "sets"}) {
        std::fflush(stdout);
        const pid_t pid = ::fork();
        if (pid < 0)
            return 1;
        if (pid == 0)
            std::_Exit(runShape(args, shape));
        int ws = 0;
        ::waitpid(pid, &ws, 0);
        if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
            status = 1;
    }
    return status;
}
