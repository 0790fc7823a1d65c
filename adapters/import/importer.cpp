#include "importer.h"

#include "mappedfile.h"
#include "rowqueue.h"

#include "core/ledger/ledgercodec.h"

#include <QByteArray>
#include <QCryptographicHash>

#include <atomic>
#include <thread>

namespace unalloc::adapters {

namespace {

// Pages behind the parser are dropped once hashed; the margin covers a record in flight.
constexpr std::int64_t kReleaseMargin = 4 << 20;
constexpr std::int64_t kHashStep = 8 << 20;

struct Source
{
    std::string origin;
    std::string_view bytes;
    MappedFile *map = nullptr; ///< for releasing pages; null for in-memory inputs
};

core::Error located(core::Error e, const std::string &origin)
{
    if (e.file.empty())
        e.file = origin;
    return e;
}

/// @brief One import call: a transaction, the adapters' reads and the writer loop.
class ImportRun final
{
public:
    ImportRun(core::ImportTransaction &txn,
              const ImportOptions &options,
              const ImportProgressFn &progress,
              std::int64_t bytesTotal,
              int inputs)
        : m_txn(txn)
        , m_options(options)
        , m_progress(progress)
    {
        m_state.bytesTotal = bytesTotal;
        m_state.inputs = inputs;
    }

    core::Result<BatchOutcome> importOne(const Source &src, core::LabelNormaliser &normaliser);

private:
    core::Result<const Adapter *> adapterFor(const Source &src) const;
    /// Hashes the bytes up to `upTo` and gives the pages behind them back to the kernel.
    void hashUpTo(const Source &src, std::int64_t upTo);
    core::Result<void>
    writeRows(RowQueue &queue, const Source &src, const std::atomic<std::int64_t> &parsed);

    core::ImportTransaction &m_txn;
    const ImportOptions &m_options;
    const ImportProgressFn &m_progress;
    ImportProgress m_state;
    std::int64_t m_bytesBefore = 0; ///< bytes of the inputs already imported
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
    std::int64_t m_hashed = 0;
};

core::Result<const Adapter *> ImportRun::adapterFor(const Source &src) const
{
    const Registry &registry = Registry::instance();
    const Adapter *adapter = nullptr;
    if (!m_options.adapterId.empty()) {
        adapter = registry.byId(m_options.adapterId);
        if (!adapter)
            return core::fail("unknown-format",
                              "no adapter with id '" + m_options.adapterId +
                                  "'; accepted: " + registry.acceptedList(),
                              src.origin);
        return adapter;
    }
    adapter = m_options.detect ? m_options.detect(src.bytes, src.origin)
                               : registry.detect(src.bytes, src.origin);
    if (!adapter)
        return core::fail("unknown-format",
                          "not a recognised export format; accepted: " + registry.acceptedList(),
                          src.origin);
    return adapter;
}

void ImportRun::hashUpTo(const Source &src, std::int64_t upTo)
{
    upTo = std::min<std::int64_t>(upTo, static_cast<std::int64_t>(src.bytes.size()));
    if (upTo - m_hashed < kHashStep && upTo != static_cast<std::int64_t>(src.bytes.size()))
        return;
    m_hash.addData(QByteArrayView(src.bytes.data() + m_hashed, upTo - m_hashed));
    m_hashed = upTo;
    if (src.map)
        src.map->release(m_hashed - kReleaseMargin);
}

core::Result<void>
ImportRun::writeRows(RowQueue &queue, const Source &src, const std::atomic<std::int64_t> &parsed)
{
    while (auto chunk = queue.pop()) {
        for (size_t i = 0; i < chunk->rows.size(); ++i) {
            core::CostRow &row = chunk->rows[i];
            if (!m_options.sourceOverride.empty())
                row.source = m_options.sourceOverride;
            auto added = m_txn.addHashedRow(row, chunk->labelHashes[i]);
            if (!added)
                return core::fail(located(added.error(), src.origin));
        }
        m_state.rows += static_cast<std::int64_t>(chunk->rows.size());
        queue.recycle(std::move(*chunk));
        const std::int64_t done = parsed.load(std::memory_order_relaxed);
        m_state.bytesDone = m_bytesBefore + done;
        if (m_progress && !m_progress(m_state))
            return core::fail("cancelled", "the import was cancelled; nothing was imported",
                              src.origin);
    }
    return {};
}

core::Result<BatchOutcome> ImportRun::importOne(const Source &src,
                                                core::LabelNormaliser &normaliser)
{
    auto adapter = adapterFor(src);
    if (!adapter)
        return core::fail(adapter.error());
    core::ImportBatch meta;
    meta.source =
        m_options.sourceOverride.empty() ? (*adapter)->source() : m_options.sourceOverride;
    meta.format = (*adapter)->id();
    meta.origin = src.origin;
    auto batchId = m_txn.beginBatch(meta);
    if (!batchId)
        return core::fail(located(batchId.error(), src.origin));

    ReadOptions ro;
    ro.fileName = src.origin;
    ro.normaliser = &normaliser;
    ro.requestedStart = m_options.requestedStart;
    ro.requestedEnd = m_options.requestedEnd;
    ro.requestedStep = m_options.requestedStep;
    RowQueue queue(static_cast<size_t>(std::max(m_options.queueChunks, 1)));
    std::atomic<std::int64_t> parsed{0};
    std::atomic<bool> stop{false};
    core::Result<ReadResult> read = core::fail("internal", "the parser did not run");
    m_hash.reset();
    m_hashed = 0;
    std::thread parser([&] {
        const size_t chunkRows = static_cast<size_t>(std::max(m_options.chunkRows, 1));
        RowQueue::Chunk chunk = queue.fresh(chunkRows);
        auto sink = [&](core::CostRow &&row) {
            // Hashed here so that the writer, the slower thread, only looks the set up.
            chunk.labelHashes.push_back(
                core::ledgercodec::hashLabelSet(row.labels, row.rawLabels, row.collisions));
            chunk.rows.push_back(std::move(row));
            if (chunk.rows.size() >= chunkRows) {
                queue.push(std::move(chunk));
                chunk = queue.fresh(chunkRows);
            }
        };
        // The parser thread also hashes the bytes it has read and releases their pages.
        auto progress = [&](std::int64_t done, std::int64_t) {
            parsed.store(done, std::memory_order_relaxed);
            hashUpTo(src, done);
            return !stop.load(std::memory_order_relaxed);
        };
        try {
            read = (*adapter)->read(src.bytes, ro, sink, progress);
        } catch (const std::exception &e) {
            read = core::fail("internal", std::string("the parser failed: ") + e.what());
        }
        if (read && !chunk.rows.empty())
            queue.push(std::move(chunk));
        queue.close();
    });
    auto written = writeRows(queue, src, parsed);
    if (!written) {
        stop = true;
        queue.cancel();
    }
    parser.join();
    if (!written)
        return core::fail(written.error());
    if (!read)
        return core::fail(located(read.error(), src.origin));
    hashUpTo(src, static_cast<std::int64_t>(src.bytes.size()));
    m_bytesBefore += static_cast<std::int64_t>(src.bytes.size());

    BatchOutcome out;
    out.origin = src.origin;
    out.bytes = static_cast<std::int64_t>(src.bytes.size());
    for (const core::Invoice &inv : read->invoices) {
        if (auto r = m_txn.addInvoice(inv); !r)
            return core::fail(located(r.error(), src.origin));
        ++out.invoices;
    }
    core::ImportBatch final = std::move(read->batch);
    final.source = meta.source;
    final.format = meta.format;
    final.origin = src.origin;
    final.sha256 = m_hash.result().toHex().toStdString();
    if (auto r = m_txn.endBatch(final); !r)
        return core::fail(located(r.error(), src.origin));
    out.counts = m_txn.counts();
    out.batch = std::move(final);
    out.batch.id = *batchId;
    return out;
}

core::Result<ImportReport> run(core::LedgerStore &ledger,
                               const std::vector<Source> &sources,
                               const ImportOptions &options,
                               const ImportProgressFn &progress)
{
    std::int64_t total = 0;
    for (const Source &s : sources)
        total += static_cast<std::int64_t>(s.bytes.size());
    auto txn = ledger.beginImport();
    if (!txn)
        return core::fail(txn.error());
    core::LabelNormaliser ownNormaliser;
    core::LabelNormaliser &normaliser = options.normaliser ? *options.normaliser : ownNormaliser;
    ImportRun importRun(**txn, options, progress, total, static_cast<int>(sources.size()));
    ImportReport report;
    std::vector<std::int64_t> ids;
    for (const Source &s : sources) {
        auto outcome = importRun.importOne(s, normaliser);
        if (!outcome)
            return core::fail(outcome.error()); // *txn rolls back as it goes out of scope
        report.batches.push_back(std::move(*outcome));
    }
    if (auto r = (*txn)->commit(); !r)
        return core::fail(r.error());
    // Report the batches as stored (ids, final status, the ledger's own totals).
    auto stored = ledger.batches();
    if (!stored)
        return core::fail(stored.error());
    for (BatchOutcome &b : report.batches)
        for (core::ImportBatch &s : *stored)
            if (s.id == b.batch.id)
                b.batch = std::move(s);
    return report;
}

} // namespace

std::int64_t ImportReport::rowsRead() const
{
    std::int64_t n = 0;
    for (const BatchOutcome &b : batches)
        n += b.counts.rowsRead;
    return n;
}

std::int64_t ImportReport::rowsAdded() const
{
    std::int64_t n = 0;
    for (const BatchOutcome &b : batches)
        n += b.counts.rowsAdded;
    return n;
}

core::Result<ImportReport> importFiles(core::LedgerStore &ledger,
                                       const std::vector<std::string> &paths,
                                       const ImportOptions &options,
                                       const ImportProgressFn &progress)
{
    std::vector<MappedFile> maps;
    maps.reserve(paths.size());
    for (const std::string &p : paths) {
        auto m = MappedFile::open(p);
        if (!m)
            return core::fail(m.error());
        maps.push_back(std::move(*m));
    }
    std::vector<Source> sources;
    for (size_t i = 0; i < paths.size(); ++i)
        sources.push_back(Source{paths[i], maps[i].bytes(), &maps[i]});
    return run(ledger, sources, options, progress);
}

core::Result<ImportReport> importInputs(core::LedgerStore &ledger,
                                        const std::vector<ImportInput> &inputs,
                                        const ImportOptions &options,
                                        const ImportProgressFn &progress)
{
    std::vector<Source> sources;
    for (const ImportInput &in : inputs)
        sources.push_back(Source{in.origin, in.bytes, nullptr});
    return run(ledger, sources, options, progress);
}

} // namespace unalloc::adapters
