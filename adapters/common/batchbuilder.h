#pragma once

#include "adapters/adapter.h"
#include "jsonvalue.h"

#include <map>
#include <string>
#include <string_view>

namespace unalloc::adapters {

/// @brief Collects raw labels in source order; the first writer of a raw key wins.
///
/// Null, empty and container values are not labels: they are dropped here so that an empty
/// value never blocks a later writer of the same key.
class RawLabelBuilder final
{
public:
    void add(std::string_view key, std::string_view value);
    /// Scalars only: strings as text, numbers and booleans as their JSON text.
    void add(std::string_view key, const JValue *value);
    /// Every scalar member of an object, in document order.
    void addObject(const JValue *object);
    core::RawLabels take() { return std::move(m_labels); }
    const core::RawLabels &labels() const { return m_labels; }

private:
    core::RawLabels m_labels;
};

/// @brief Shared bookkeeping of one read: money parsing, warnings, totals, window, sink.
///
/// Every adapter feeds its rows through `submit`, which normalises labels, counts credits and
/// totals per currency, and hands the row on; `finish` seals the ImportBatch.
class BatchBuilder final
{
public:
    BatchBuilder(std::string source,
                 std::string format,
                 const ReadOptions &options,
                 const RowSink &sink);

    const std::string &file() const { return m_file; }
    const ReadOptions &options() const { return m_options; }

    /// Exact decimal from text (surrounding spaces ignored); >18 fractional digits round
    /// half-even and are counted.
    core::Result<core::Decimal>
    parseDecimal(std::string_view text, const std::string &record, const std::string &field);
    /// A money field given as a JSON number or a numeric string; null/absent is an error.
    core::Result<core::Decimal>
    decimalField(const JValue *value, const std::string &record, const std::string &field);
    core::Result<core::Currency>
    parseCurrency(std::string_view code, const std::string &record, const std::string &field);
    /// RFC 3339 text or, for JSON numbers, Unix seconds.
    core::Result<core::TimeUs>
    timeField(const JValue *value, const std::string &record, const std::string &field);
    /// A JSON integer token count (a float such as "105.0" is accepted when integral).
    core::Result<std::int64_t>
    countField(const JValue *value, const std::string &record, const std::string &field);
    core::Error error(std::string code,
                      std::string detail,
                      const std::string &record,
                      const std::string &field) const;

    void warn(std::string code, const std::string &record, std::string field, std::string detail);
    /// The warning for a key repeated inside one JSON object of `record` (the first value
    /// is the one read): a silently edited or badly merged export shows this way.
    void warnDuplicateKey(const std::string &record, const std::string &key);
    /// The fields an error about a row's window names (a window that ends before it starts
    /// names `end`). Views of strings that outlive the builder (literals, members).
    void windowFields(std::string_view start, std::string_view end)
    {
        m_startField = start;
        m_endField = end;
    }
    /// Adds an already-rounded count (e.g. from Decimal::dividedByPow10).
    void countRounded() { ++m_rounded; }

    /// Normalises the row's raw labels, checks the window, accounts for it and passes it on.
    core::Result<void> submit(core::CostRow &&row, const std::string &record);
    /// The same for a row whose raw labels, labels, collisions and labelSetMemo are set
    /// already (by a LabelSetMemo over this builder's normaliser). The row is left as the
    /// sink left it (moved from, or an older row handed back): the caller must assign every
    /// field of it for the next record.
    core::Result<void> submitLabelled(core::CostRow &&row, const std::string &record);
    core::LabelNormaliser &normaliser() { return *m_normaliser; }

    /// Runs `parse` for one record (a callable returning core::Result<void>) and decides,
    /// in leaveOut, what its validation error does.
    template<class Parse> core::Result<void> guardRecord(Parse &&parse)
    {
        m_recordAmount.reset();
        core::Result<void> r = parse();
        if (r)
            return r;
        return leaveOut(std::move(r.error()));
    }
    /// The amount of the record being read, once it parsed: what a record left out by
    /// --skip-invalid is counted as.
    void noteAmount(const core::Money &amount) { m_recordAmount = amount; }
    std::int64_t recordsLeftOut() const { return m_leftOut; }

    core::Completeness &evidence() { return m_evidence; }
    std::int64_t rowCount() const { return m_rowCount; }
    /// The batch with status set from the evidence (partial when a reason was given).
    ReadResult finish();

private:
    static constexpr size_t kMaxWarnings = 1000;

    /// The one decision for a record that failed validation: without ReadOptions::skipInvalid
    /// its error fails the read; with it the record is left out as a warning (file, record,
    /// field, reason) and counted, with its amount when that was readable. Cancelling and a
    /// batch total overflow are never a record's fault and always fail.
    core::Result<void> leaveOut(core::Error e);
    /// Window check and totals; the part of submit before the labels.
    core::Result<void> account(const core::CostRow &row, const std::string &record);

    std::string m_source, m_format, m_file;
    const ReadOptions &m_options;
    const RowSink &m_sink;
    std::optional<core::LabelNormaliser> m_ownNormaliser; ///< when the caller passed none
    core::LabelNormaliser *m_normaliser = nullptr;
    core::Completeness m_evidence;
    std::vector<core::Warning> m_warnings;
    std::int64_t m_droppedWarnings = 0;
    std::map<core::Currency, core::Decimal> m_totals;
    /// Rows per currency and the record of the first: a file mixing currencies is a warning.
    std::map<core::Currency, std::pair<std::int64_t, std::string>> m_currencyRows;
    std::optional<core::TimeUs> m_windowStart, m_windowEnd;
    std::int64_t m_rowCount = 0;
    std::int64_t m_rounded = 0;
    std::string_view m_startField, m_endField;
    std::optional<core::Money> m_recordAmount;
    std::int64_t m_leftOut = 0, m_leftOutUnreadable = 0;
    std::map<core::Currency, core::Decimal> m_leftOutTotals;
};

/// "a|b|c" with '|' and '\' in parts escaped, so distinct tuples give distinct keys.
std::string joinKey(std::initializer_list<std::string_view> parts);
std::string joinKey(const std::vector<std::string> &parts);

/// True when `head` contains `needle` (used by the sniffers).
inline bool contains(std::string_view head, std::string_view needle)
{
    return head.find(needle) != std::string_view::npos;
}

/// First non-whitespace character after an optional BOM, or '\0'.
char firstSignificant(std::string_view head);

} // namespace unalloc::adapters
