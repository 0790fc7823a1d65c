// bench_writer: the ledger writer alone (SqliteImportTransaction), without the parser.
//   bench_writer [--records N] [--shape both|realistic|sets] [--dir DIR]
// (default 1M generated LiteLLM records of each shape: realistic ones, whose per-request
// metadata makes about as many label sets as records, as bench_ledger's; and records drawn
// from 3,000 label sets). Parses the generated records into memory first, then times, on this
// thread: a bulk import
// into an empty ledger (rows, then commit with the rows_fp build), a re-import of the same
// rows (every one a duplicate, the exact path) and an import of new rows into the full ledger
// that is large enough to turn bulk. Wall and thread CPU time for each, so that the figures
// hold on a loaded machine.
#include "benchgen.h"
#include "benchreal.h"

#include "adapters/litellm/litellmspend.h"
#include "core/allocatorarenas.h"
#include "core/hugepages.h"
#include "core/ledger/ledgercodec.h"
#include "core/ledger/ledgerstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <sys/resource.h>
#include <time.h>

using namespace unalloc;

namespace {

using Clock = std::chrono::steady_clock;

double cpuNow()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Timer
{
    Clock::time_point wall = Clock::now();
    double cpu = cpuNow();
    double wallS() const { return std::chrono::duration<double>(Clock::now() - wall).count(); }
    double cpuS() const { return cpuNow() - cpu; }
};

long peakRssMb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

struct Rows
{
    std::vector<core::CostRow> rows;
    std::vector<std::uint64_t> hashes;
    /// Label-set ordinals as the importer's parser thread assigns them (here by hash alone:
    /// the generated sets do not collide).
    std::vector<std::uint32_t> ordinals;
};

/// One import of `rows[first, first + count)` with a key suffix (so that runs can add new
/// records); prints its phases.
bool importRun(core::LedgerStore &ledger,
               const char *what,
               Rows &in,
               size_t first,
               size_t count,
               const std::string &suffix)
{
    if (!suffix.empty())
        for (size_t i = first; i < first + count; ++i)
            in.rows[i].recordKey += suffix;
    const Timer all;
    auto txn = ledger.beginImport();
    if (!txn) {
        std::fprintf(stderr, "%s\n", txn.error().message().c_str());
        return false;
    }
    core::ImportBatch meta;
    meta.source = "litellm";
    meta.format = "bench";
    meta.origin = what;
    if (!(*txn)->beginBatch(meta))
        return false;
    const Timer rows;
    // In chunks of 1024, as the importer hands them over (addNumberedRows works ahead).
    for (size_t at = first; at < first + count; at += 1024) {
        const size_t n = std::min<size_t>(1024, first + count - at);
        auto r = (*txn)->addNumberedRows(std::span(in.rows).subspan(at, n), in.hashes.data() + at,
                                         in.ordinals.data() + at);
        if (!r) {
            std::fprintf(stderr, "%s\n", r.error().message().c_str());
            return false;
        }
    }
    const double rowsWall = rows.wallS(), rowsCpu = rows.cpuS();
    const Timer end;
    if (!(*txn)->endBatch(meta))
        return false;
    const auto counts = (*txn)->counts();
    const double aggWall = end.wallS();
    const Timer commit;
    if (auto r = (*txn)->commit(); !r) {
        std::fprintf(stderr, "%s\n", r.error().message().c_str());
        return false;
    }
    const double n = static_cast<double>(count);
    std::printf("%-10s %8zu rows (%lld added, %lld duplicates): rows %.2f s (cpu %.2f us/row), "
                "endBatch %.2f s, commit %.2f s (cpu %.2f s); total %.2f s = %.0f rows/s; "
                "peak RSS %ld MB\n",
                what, count, static_cast<long long>(counts.rowsAdded),
                static_cast<long long>(counts.duplicates), rowsWall, rowsCpu * 1e6 / n, aggWall,
                commit.wallS(), commit.cpuS(), all.wallS(), n / all.wallS(), peakRssMb());
    if (!suffix.empty())
        for (size_t i = first; i < first + count; ++i)
            in.rows[i].recordKey.resize(in.rows[i].recordKey.size() - suffix.size());
    return true;
}

/// Generates `records` of one shape, reads them into memory and runs the three imports.
bool runShape(bool realistic, std::int64_t records, const std::string &dirArg)
{
    QTemporaryDir tmp((dirArg.empty() ? QDir::tempPath() : QString::fromStdString(dirArg)) +
                      QStringLiteral("/bench_writer-XXXXXX"));
    const std::string dir = tmp.path().toStdString();
    const std::string spend = dir + "/litellm_spend_logs.json";
    if (realistic) {
        std::FILE *f = std::fopen(spend.c_str(), "wb");
        const std::int64_t written =
            f ? bench::writeRealisticSpendLogs(f, records, bench::RealisticShape{}) : -1;
        if (!f || std::fclose(f) != 0 || written < 0)
            return false;
    } else {
        bench::writeLiteLlmSpendLogs(spend, records, 3000);
    }

    Rows in;
    {
        QFile file(QString::fromStdString(spend));
        if (!file.open(QIODevice::ReadOnly))
            return false;
        const QByteArray bytes = file.readAll();
        core::LabelNormaliser normaliser;
        adapters::ReadOptions ro;
        ro.fileName = spend;
        ro.normaliser = &normaliser;
        std::unordered_map<std::uint64_t, std::uint32_t> ordinals;
        const adapters::RowSink sink = [&in, &ordinals](core::CostRow &&row) {
            const std::uint64_t hash =
                core::ledgercodec::hashLabelSet(row.labels, row.rawLabels, row.collisions);
            in.hashes.push_back(hash);
            in.ordinals.push_back(
                ordinals.try_emplace(hash, static_cast<std::uint32_t>(ordinals.size()))
                    .first->second);
            in.rows.push_back(std::move(row));
        };
        const adapters::LiteLlmSpendAdapter adapter;
        if (!adapter.read(std::string_view(bytes.constData(), size_t(bytes.size())), ro, sink, {}))
            return false;
    }
    QFile::remove(QString::fromStdString(spend));
    std::printf("== shape %s: %zu rows in memory (RSS %ld MB)\n",
                realistic ? "realistic (per-request metadata)" : "sets (3,000 label sets)",
                in.rows.size(), peakRssMb());

    auto ledger = core::LedgerStore::create(dir + "/bench.unalloc");
    if (!ledger)
        return false;
    const size_t all = in.rows.size();
    const size_t half = all / 2;
    // Half the rows into the empty ledger (bulk), the same again (every row a duplicate), then
    // the other half (more than half the stored rows: bulk after the threshold).
    if (!importRun(**ledger, "bulk", in, 0, half, {}) ||
        !importRun(**ledger, "re-import", in, 0, half, {}) ||
        !importRun(**ledger, "append", in, half, all - half, {}))
        return false;
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    unalloc::core::keepFreedMemory();   // freed arrays reused, not faulted in again
    unalloc::core::hugepages::advise(); // as the programs do
    QCoreApplication app(argc, argv);
    std::int64_t records = 1'000'000;
    std::string dirArg, shapeArg = "both";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--records" && i + 1 < argc)
            records = std::atoll(argv[++i]);
        else if (arg == "--shape" && i + 1 < argc)
            shapeArg = argv[++i];
        else if (arg == "--dir" && i + 1 < argc)
            dirArg = argv[++i];
    }
    if (shapeArg != "both" && shapeArg != "realistic" && shapeArg != "sets") {
        std::fprintf(
            stderr,
            "usage: bench_writer [--records N] [--shape both|realistic|sets] [--dir DIR]\n");
        return 2;
    }
    for (const std::string shape : {"realistic", "sets"}) {
        if (shapeArg != "both" && shapeArg != shape)
            continue;
        if (!runShape(shape == "realistic", records, dirArg))
            return 1;
    }
    return 0;
}
