#pragma once

#include "adapters/adapter.h"
#include "core/ledger/ledgerstore.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::adapters {

/// What a caller that knows more than the bytes (a live pull) says about one input.
struct InputOptions
{
    /// The adapter (a pull knows its format) and the window the request asked for
    /// (completeness of OpenCost steps), over ImportOptions' for this input.
    std::string adapterId;
    std::optional<core::TimeUs> requestedStart, requestedEnd, requestedStep;
    /// Called with the batch just before it is stored: a pull adds what only it knows (the
    /// pages it fetched, why it stopped early, a clamped window).
    std::function<void(core::ImportBatch &)> amendBatch;
};

/// How one import call reads its inputs.
struct ImportOptions
{
    std::string sourceOverride; ///< non-empty: written as the source of every row and batch
    std::string adapterId;      ///< non-empty: use this adapter instead of detecting
    /// Label rules (user aliases); a default normaliser is used when null.
    core::LabelNormaliser *normaliser = nullptr;
    std::optional<core::TimeUs> requestedStart, requestedEnd, requestedStep;
    /// ReadOptions::skipInvalid for every input: invalid records are left out as warnings
    /// and their batch is partial, instead of failing the import.
    bool skipInvalid = false;
    /// Finds the adapter for bytes; default: Registry::instance().detect. Tests inject fakes.
    std::function<const Adapter *(std::string_view bytes, std::string_view fileName)> detect;
    /// Rows handed from the parser thread to the writer per queue slot, and slots in flight.
    /// Chunks come back to the parser with their rows for reuse: 1024 rows keep those warm in
    /// cache and the rows held in flight small (10M records: peak RSS 274 MB, 2048: 304 MB).
    int chunkRows = 1024;
    int queueChunks = 6;
    /// Once the inputs left are at most 1/settleRatio of the bytes imported so far, the
    /// ledger settles the bulk (ImportTransaction::settle: the fingerprint index build that
    /// commit would run) while the parser reads ahead into up to settleChunks chunks.
    /// settleRatio 0: never.
    int settleRatio = 8;
    int settleChunks = 48;
    /// Set: delete this batch in the same transaction before importing (`batches replace`):
    /// the ledger holds either the old batch or the new ones, never both or neither.
    std::optional<std::int64_t> replaceBatch;
    /// importInputs only: empty, or one entry per input, in input order.
    std::vector<InputOptions> perInput;
};

/// Bytes of one input, e.g. a page set a live pull fetched. `origin` names it in errors.
struct ImportInput
{
    std::string origin;
    std::string_view bytes;
};

/// What one input became: the stored batch and what happened to its rows.
struct BatchOutcome
{
    std::string origin;
    core::ImportBatch batch; ///< as stored: id, status, evidence, totals, warnings
    core::BatchCounts counts;
    std::int64_t invoices = 0;
    std::int64_t bytes = 0;
};

struct ImportReport
{
    std::vector<BatchOutcome> batches; ///< in input order
    std::int64_t rowsRead() const;
    std::int64_t rowsAdded() const;
};

/// Progress of an import: `bytesDone` of `bytesTotal` over all inputs. Return false to cancel
/// (the import then fails with code "cancelled" and the ledger is unchanged).
struct ImportProgress
{
    int input = 0, inputs = 0;
    std::int64_t bytesDone = 0, bytesTotal = 0;
    std::int64_t rows = 0;
};
using ImportProgressFn = std::function<bool(const ImportProgress &)>;

/// Imports files (memory-mapped) into the ledger in ONE transaction: every row of every
/// file, or — on any error, cancel or crash — nothing. Parsing runs on a worker thread and
/// feeds this thread's SQLite writer through a bounded queue. The error names file, record
/// and field.
core::Result<ImportReport> importFiles(core::LedgerStore &ledger,
                                       const std::vector<std::string> &paths,
                                       const ImportOptions &options = {},
                                       const ImportProgressFn &progress = {});

/// The same for bytes already in memory.
core::Result<ImportReport> importInputs(core::LedgerStore &ledger,
                                        const std::vector<ImportInput> &inputs,
                                        const ImportOptions &options = {},
                                        const ImportProgressFn &progress = {});

} // namespace unalloc::adapters
