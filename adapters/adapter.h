#pragma once

#include "core/costrow.h"
#include "core/importbatch.h"
#include "core/labels.h"
#include "core/reconcile.h"
#include "core/result.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::adapters {

/// Options for one read. The normaliser is passed in so that a caller's alias table applies.
struct ReadOptions
{
    std::string fileName; ///< shown in every error and warning ("litellm_spend.json")
    core::LabelNormaliser *normaliser = nullptr; ///< required
    /// The window the pull asked for, when known: lets OpenCost count missing steps and FOCUS
    /// missing days for completeness.
    std::optional<core::TimeUs> requestedStart, requestedEnd;
    std::optional<core::TimeUs> requestedStep;
    /// Currency for sources whose payload has none (OpenCost, LiteLLM); ISO 4217, default USD.
    std::string defaultCurrency = "USD";
    /// The FOCUS cost column used as the row amount: "BilledCost" (invoice basis, default) or
    /// "EffectiveCost" (amortised), per the ledger's rules.
    std::string focusCostColumn = "BilledCost";
    /// For the importer only: a reader with a label-set memo may write a row's labels, raw
    /// labels and collisions only the first time it hands out that row's labelSetMemo, and
    /// mark the later rows CostRow::labelsElided (the consumer keeps the set by its id).
    bool elideRepeatedLabels = false;
    /// Leave out a record that fails validation (bad amount or timestamp, a window that ends
    /// before it starts, a missing key field, …) instead of failing the read: each is a
    /// warning with its location and the batch is partial, with the count and the amount
    /// left out. Malformed JSON or CSV structure still fails the whole read.
    bool skipInvalid = false;
};

/// Receives each parsed row; rows are streamed, never all held by the adapter. A sink may
/// leave an older row of its own in the argument instead of an empty one (the importer does,
/// so that a parser that refills one row object reuses that row's string capacity);
/// BatchBuilder empties it again for callers that expect a moved-from row.
using RowSink = std::function<void(core::CostRow &&row)>;
/// Progress in bytes consumed of total; return false to cancel (the read then fails with
/// code "cancelled").
using Progress = std::function<bool(std::int64_t done, std::int64_t total)>;

/// What a read produced besides the rows: the batch record (source, format, status,
/// completeness evidence, warnings, rounded count, row count, totals per currency, window)
/// and, for invoice files, the invoices.
struct ReadResult
{
    core::ImportBatch batch;
    std::vector<core::Invoice> invoices;
};

/// @brief One source format: identify it, sniff it, parse bytes into CostRows.
///
/// Parsing is a pure function of the bytes and options. A malformed record fails the whole
/// read with an Error naming file, record and field; nothing is half-delivered that the caller
/// would keep (the caller discards rows of a failed read).
class Adapter
{
public:
    virtual ~Adapter() = default;
    /// Stable id, e.g. "opencost-allocation-json".
    virtual std::string id() const = 0;
    /// Source name written on rows, e.g. "opencost".
    virtual std::string source() const = 0;
    /// One line for people: "OpenCost allocation API response (JSON)".
    virtual std::string description() const = 0;
    /// True when the first bytes look like this format: the first 64 KiB, or more when the
    /// first record is longer (Registry::detect), never the whole of a long file.
    virtual bool canRead(std::string_view head, std::string_view fileName) const = 0;
    virtual core::Result<ReadResult> read(std::string_view bytes,
                                          const ReadOptions &options,
                                          const RowSink &sink,
                                          const Progress &progress = {}) const = 0;
};

/// @brief The static list of adapters, in detection order.
class Registry final
{
public:
    static const Registry &instance();
    const std::vector<const Adapter *> &all() const { return m_adapters; }
    const Adapter *byId(std::string_view id) const;
    /// First adapter whose canRead accepts the bytes; nullptr when none does. Reads the
    /// first 64 KiB, and further up to the end of the first record when those do not decide.
    const Adapter *detect(std::string_view bytes, std::string_view fileName) const;
    /// The "unknown-format" error for bytes no adapter claims: how much was read, what it
    /// looked like (JSON keys or the first line) and every format tried.
    core::Error unrecognised(std::string_view bytes, const std::string &fileName) const;
    /// "opencost-allocation-json (OpenCost allocation API response), …" for error messages.
    std::string acceptedList() const;

private:
    Registry();
    std::vector<const Adapter *> m_adapters;
};

/// Convenience for small inputs (tests, --fixtures): detect (or use `adapterId`), read, and
/// collect the rows. An unknown format is an error naming the file and listing what is
/// accepted.
struct LoadedFile
{
    ReadResult result;
    std::vector<core::CostRow> rows;
};
core::Result<LoadedFile>
readBytes(std::string_view bytes, const ReadOptions &options, std::string_view adapterId = {});

} // namespace unalloc::adapters
