#include "importer.h"

#include "labelsetordinals.h"
#include "mappedfile.h"
#include "rowqueue.h"

#include "core/ledger/ledgercodec.h"

#include <openssl/evp.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <span>
#include <thread>

namespace unalloc::adapters {

namespace {

// Pages behind the parser are dropped once hashed; the margin covers a record in flight.
constexpr std::int64_t kReleaseMargin = 4 << 20;
// The input is hashed in steps of up to kHashStep (a few milliseconds), each once at least
// kHashMin bytes are parsed and not yet hashed.
constexpr std::int64_t kHashStep = 4 << 20;
constexpr std::int64_t kHashMin = 256 << 10;
// How far the hash may fall behind the parser before the parser hashes anyway: the mapped
// pages stay resident until hashed, so this bounds the RSS the input costs. (48 MB let a 10M
// import, whose writer is never idle to hash, hold 60-72 MB of its input at its peak.)
constexpr std::int64_t kHashLag = 16 << 20;

struct Source
{
    std::string origin;
    std::string_view bytes;
    MappedFile *map = nullptr;           ///< for releasing pages; null for in-memory inputs
    const InputOptions *input = nullptr; ///< per-input options; null for files
};

core::Error located(core::Error e, const std::string &origin)
{
    if (e.file.empty())
        e.file = origin;
    return e;
}

/// A failure of the ledger itself (SQLite: read-only, full disk, locked) names the ledger,
/// not the input being read when it happened.
core::Error ledgerError(core::Error e, const std::string &ledgerPath)
{
    if (e.code == "sqlite" && e.file.empty()) {
        e.file = ledgerPath;
        e.detail = "cannot write the ledger: " + e.detail;
    }
    return e;
}

/// @brief SHA-256 of a byte stream through OpenSSL's EVP interface (it uses the CPU's SHA
/// instructions where there are any), as lowercase hex.
class Sha256 final
{
public:
    Sha256() { restart(); }
    void restart() { m_ok = m_ctx && EVP_DigestInit_ex(m_ctx.get(), EVP_sha256(), nullptr) == 1; }
    void add(const char *data, size_t size)
    {
        m_ok = m_ok && EVP_DigestUpdate(m_ctx.get(), data, size) == 1;
    }
    /// The digest in lowercase hex; empty when OpenSSL failed (no batch gets a wrong hash).
    std::string hex()
    {
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int size = 0;
        if (!m_ok || EVP_DigestFinal_ex(m_ctx.get(), digest, &size) != 1)
            return {};
        static constexpr char kDigits[] = "0123456789abcdef";
        std::string out;
        out.reserve(size * 2);
        for (unsigned int i = 0; i < size; ++i) {
            out += kDigits[digest[i] >> 4];
            out += kDigits[digest[i] & 0xF];
        }
        return out;
    }

private:
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> m_ctx{EVP_MD_CTX_new(),
                                                                  &EVP_MD_CTX_free};
    bool m_ok = false;
};

/// @brief One import call: a transaction, the adapters' reads and the writer loop.
class ImportRun final
{
public:
    ImportRun(core::ImportTransaction &txn,
              std::string ledgerPath,
              const ImportOptions &options,
              const ImportProgressFn &progress,
              std::int64_t bytesTotal,
              int inputs)
        : m_txn(txn)
        , m_ledgerPath(std::move(ledgerPath))
        , m_options(options)
        , m_progress(progress)
    {
        m_state.bytesTotal = bytesTotal;
        m_state.inputs = inputs;
    }

    core::Result<BatchOutcome> importOne(const Source &src, core::LabelNormaliser &normaliser);

private:
    core::Result<const Adapter *> adapterFor(const Source &src) const;
    /// Hashes a step of the bytes the parser has read (`parsed`), or all of them with `all`,
    /// and gives the pages behind them back to the kernel. Either thread calls it when it
    /// would otherwise wait on the queue, so the hash costs neither of them when the other is
    /// the slower one, and the parser once the hash lags kHashLag behind. False when there was
    /// nothing to do or (unless `wait`) the other thread is hashing.
    bool hashStep(const Source &src, std::int64_t parsed, bool all, bool wait = false);
    core::Result<void> writeRows(RowQueue &queue,
                                 const Source &src,
                                 const std::atomic<std::int64_t> &parsed,
                                 const RowQueue::IdleWork &idle);

    core::ImportTransaction &m_txn;
    const std::string m_ledgerPath;
    const ImportOptions &m_options;
    const ImportProgressFn &m_progress;
    ImportProgress m_state;
    std::int64_t m_bytesBefore = 0; ///< bytes of the inputs already imported
    LabelSetOrdinals m_labelSets;   ///< used by the parser thread of each input in turn
    std::mutex m_hashMutex;         ///< guards m_hash and the map's page release
    Sha256 m_hash;
    std::atomic<std::int64_t> m_hashed{0}; ///< written under m_hashMutex
};

core::Result<const Adapter *> ImportRun::adapterFor(const Source &src) const
{
    const Registry &registry = Registry::instance();
    const Adapter *adapter = nullptr;
    const std::string &adapterId =
        src.input && !src.input->adapterId.empty() ? src.input->adapterId : m_options.adapterId;
    if (!adapterId.empty()) {
        adapter = registry.byId(adapterId);
        if (!adapter)
            return core::fail("unknown-format",
                              "no adapter with id '" + adapterId +
                                  "'; accepted: " + registry.acceptedList(),
                              src.origin);
        return adapter;
    }
    adapter = m_options.detect ? m_options.detect(src.bytes, src.origin)
                               : registry.detect(src.bytes, src.origin);
    if (!adapter)
        return core::fail(registry.unrecognised(src.bytes, src.origin));
    return adapter;
}

bool ImportRun::hashStep(const Source &src, std::int64_t parsed, bool all, bool wait)
{
    std::unique_lock lock(m_hashMutex, std::defer_lock);
    if (all || wait)
        lock.lock();
    else if (!lock.try_lock())
        return false;
    const auto size = static_cast<std::int64_t>(src.bytes.size());
    const std::int64_t hashed = m_hashed.load(std::memory_order_relaxed);
    const std::int64_t upTo = all ? size : std::min({parsed, size, hashed + kHashStep});
    if (upTo <= hashed || (!all && upTo - hashed < kHashMin && upTo != size))
        return false;
    m_hash.add(src.bytes.data() + hashed, static_cast<size_t>(upTo - hashed));
    m_hashed.store(upTo, std::memory_order_relaxed);
    if (src.map)
        src.map->release(upTo - kReleaseMargin);
    return true;
}

core::Result<void> ImportRun::writeRows(RowQueue &queue,
                                        const Source &src,
                                        const std::atomic<std::int64_t> &parsed,
                                        const RowQueue::IdleWork &idle)
{
    while (auto chunk = queue.pop(idle)) {
        if (!m_options.sourceOverride.empty()) {
            for (size_t i = 0; i < chunk->count; ++i)
                chunk->rows[i].source = m_options.sourceOverride;
        }
        if (auto added = m_txn.addNumberedRows(
                std::span<const core::CostRow>(chunk->rows.data(), chunk->count),
                chunk->labelHashes.data(), chunk->labelSets.data());
            !added)
            return core::fail(located(ledgerError(added.error(), m_ledgerPath), src.origin));
        m_txn.forgetOrdinalsBelow(chunk->ordinalFloor);
        m_state.rows += static_cast<std::int64_t>(chunk->count);
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
        return core::fail(located(ledgerError(batchId.error(), m_ledgerPath), src.origin));

    ReadOptions ro;
    ro.fileName = src.origin;
    ro.normaliser = &normaliser;
    ro.requestedStart = m_options.requestedStart;
    ro.requestedEnd = m_options.requestedEnd;
    ro.requestedStep = m_options.requestedStep;
    if (src.input && src.input->requestedStart) {
        ro.requestedStart = src.input->requestedStart;
        ro.requestedEnd = src.input->requestedEnd;
        ro.requestedStep = src.input->requestedStep;
    }
    ro.skipInvalid = m_options.skipInvalid;
    // Rows of a set seen before come without their labels: this run numbers each set once.
    ro.elideRepeatedLabels = true;
    // What is left of the import (this input included) against what it wrote already.
    const std::int64_t rest = m_state.bytesTotal - m_bytesBefore;
    const bool settle = m_options.settleRatio > 0 && m_bytesBefore > 0 &&
                        rest * m_options.settleRatio <= m_bytesBefore;
    RowQueue queue(static_cast<size_t>(
        std::max({m_options.queueChunks, settle ? m_options.settleChunks : 0, 1})));
    std::atomic<std::int64_t> parsed{0};
    std::atomic<bool> stop{false};
    core::Result<ReadResult> read = core::fail("internal", "the parser did not run");
    m_hash.restart();
    m_hashed.store(0, std::memory_order_relaxed);
    const RowQueue::IdleWork idle = [&] {
        return hashStep(src, parsed.load(std::memory_order_relaxed), false);
    };
    std::thread parser([&] {
        const size_t chunkRows = static_cast<size_t>(std::max(m_options.chunkRows, 1));
        RowQueue::Chunk chunk = queue.fresh(chunkRows);
        auto sink = [&](core::CostRow &&row) {
            // Numbered here, where the row is still in cache: the writer then looks each label
            // set up once, and does not pull every label string of every row over to its core
            // to compare it. A memo's rows are numbered by their memo id; only the others are
            // hashed, to find an equal set met recently.
            const std::uint64_t hash =
                row.labelSetMemo != 0
                    ? 0
                    : core::ledgercodec::hashLabelSet(row.labels, row.rawLabels, row.collisions);
            chunk.labelHashes.push_back(hash);
            chunk.labelSets.push_back(m_labelSets.ordinalOf(row, hash));
            // The parser gets an old row to refill, with its strings' capacity.
            row.swap(chunk.next());
            if (chunk.count >= chunkRows) {
                chunk.ordinalFloor = m_labelSets.floor();
                queue.push(std::move(chunk), idle);
                chunk = queue.fresh(chunkRows);
            }
        };
        auto progress = [&](std::int64_t done, std::int64_t) {
            parsed.store(done, std::memory_order_relaxed);
            if (done - m_hashed.load(std::memory_order_relaxed) > kHashLag)
                hashStep(src, done, false, true);
            return !stop.load(std::memory_order_relaxed);
        };
        try {
            read = (*adapter)->read(src.bytes, ro, sink, progress);
        } catch (const std::exception &e) {
            read = core::fail("internal", std::string("the parser failed: ") + e.what());
        }
        if (read && chunk.count != 0) {
            chunk.ordinalFloor = m_labelSets.floor();
            queue.push(std::move(chunk));
        }
        queue.close();
    });
    // The settling (a sort of every fingerprint) overlaps the parser's read-ahead.
    core::Result<void> written;
    // A throw here would destroy the joinable parser thread (std::terminate): every failure
    // of the writer becomes an error value, and the parser is stopped and joined below.
    try {
        written = settle ? m_txn.settle() : core::Result<void>{};
        if (written)
            written = writeRows(queue, src, parsed, idle);
    } catch (const std::exception &e) {
        written = core::fail("internal", std::string("the ledger writer failed: ") + e.what(),
                             src.origin);
    }
    if (!written) {
        stop = true;
        queue.cancel();
    }
    parser.join();
    if (!written)
        return core::fail(written.error());
    if (!read)
        return core::fail(located(read.error(), src.origin));
    hashStep(src, 0, true);
    m_bytesBefore += static_cast<std::int64_t>(src.bytes.size());

    BatchOutcome out;
    out.origin = src.origin;
    out.bytes = static_cast<std::int64_t>(src.bytes.size());
    for (const core::Invoice &inv : read->invoices) {
        if (auto r = m_txn.addInvoice(inv); !r)
            return core::fail(located(ledgerError(r.error(), m_ledgerPath), src.origin));
        ++out.invoices;
    }
    core::ImportBatch final = std::move(read->batch);
    final.source = meta.source;
    final.format = meta.format;
    final.origin = src.origin;
    final.sha256 = m_hash.hex();
    if (final.sha256.empty())
        return core::fail("internal", "cannot compute the SHA-256 of the input", src.origin);
    if (src.input && src.input->amendBatch)
        src.input->amendBatch(final);
    for (core::Warning &w : m_txn.takeKeyConflicts()) {
        w.file = src.origin;
        final.warnings.push_back(std::move(w));
    }
    if (auto r = m_txn.endBatch(final); !r)
        return core::fail(located(ledgerError(r.error(), m_ledgerPath), src.origin));
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
        return core::fail(ledgerError(txn.error(), ledger.path()));
    if (options.replaceBatch) {
        if (auto r = (*txn)->removeBatch(*options.replaceBatch); !r)
            return core::fail(ledgerError(r.error(), ledger.path()));
    }
    core::LabelNormaliser ownNormaliser;
    core::LabelNormaliser &normaliser = options.normaliser ? *options.normaliser : ownNormaliser;
    ImportRun importRun(**txn, ledger.path(), options, progress, total,
                        static_cast<int>(sources.size()));
    ImportReport report;
    std::vector<std::int64_t> ids;
    for (const Source &s : sources) {
        auto outcome = importRun.importOne(s, normaliser);
        if (!outcome)
            return core::fail(outcome.error()); // *txn rolls back as it goes out of scope
        report.batches.push_back(std::move(*outcome));
    }
    if (auto r = (*txn)->commit(); !r)
        return core::fail(ledgerError(r.error(), ledger.path()));
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
    if (std::count(paths.begin(), paths.end(), "-") > 1)
        return core::fail("usage", "standard input (-) can be read only once per import");
    for (const std::string &p : paths) {
        auto m = MappedFile::open(p);
        if (!m)
            return core::fail(m.error());
        maps.push_back(std::move(*m));
    }
    std::vector<Source> sources;
    for (size_t i = 0; i < paths.size(); ++i)
        sources.push_back(
            Source{paths[i] == "-" ? MappedFile::kStdinName : paths[i], maps[i].bytes(), &maps[i]});
    return run(ledger, sources, options, progress);
}

core::Result<ImportReport> importInputs(core::LedgerStore &ledger,
                                        const std::vector<ImportInput> &inputs,
                                        const ImportOptions &options,
                                        const ImportProgressFn &progress)
{
    std::vector<Source> sources;
    if (!options.perInput.empty() && options.perInput.size() != inputs.size())
        return core::fail("internal", "per-input options do not match the inputs");
    for (size_t i = 0; i < inputs.size(); ++i)
        sources.push_back(Source{inputs[i].origin, inputs[i].bytes, nullptr,
                                 options.perInput.empty() ? nullptr : &options.perInput[i]});
    return run(ledger, sources, options, progress);
}

} // namespace unalloc::adapters
