#include "batchbuilder.h"

#include <algorithm>

namespace unalloc::adapters {

using core::Decimal;
using core::Error;

void RawLabelBuilder::add(std::string_view key, std::string_view value)
{
    if (core::trimmed(key).empty() || core::trimmed(value).empty())
        return;
    for (const core::RawLabel &l : m_labels) {
        if (l.key == key)
            return;
    }
    m_labels.push_back({std::string(key), std::string(value)});
}

void RawLabelBuilder::add(std::string_view key, const JValue *value)
{
    if (value && value->isScalar() && !value->isNull())
        add(key, value->text());
}

void RawLabelBuilder::addObject(const JValue *object)
{
    if (!object || !object->isObject())
        return;
    for (const auto &[k, v] : object->members())
        add(k, &v);
}

BatchBuilder::BatchBuilder(std::string source,
                           std::string format,
                           const ReadOptions &options,
                           const RowSink &sink)
    : m_source(std::move(source))
    , m_format(std::move(format))
    , m_file(options.fileName)
    , m_options(options)
    , m_sink(sink)
    , m_normaliser(options.normaliser)
{
    if (!m_normaliser) {
        m_ownNormaliser.emplace();
        m_normaliser = &*m_ownNormaliser;
    }
}

Error BatchBuilder::error(std::string code,
                          std::string detail,
                          const std::string &record,
                          const std::string &field) const
{
    return Error{std::move(code), std::move(detail), m_file, record, field};
}

core::Result<Decimal> BatchBuilder::parseDecimal(std::string_view text,
                                                 const std::string &record,
                                                 const std::string &field)
{
    // One rule for every source: spaces around a number are not part of it (a JSON string
    // " 12.5 " and a CSV cell " 12.5 " read the same); spaces inside one are an error.
    text = core::trimmed(text);
    bool rounded = false;
    auto d = Decimal::parse(text, &rounded);
    if (!d) {
        return std::unexpected(
            error("bad-amount",
                  "'" + std::string(text) + "' is not an exact decimal (" + d.error().detail + ")",
                  record, field));
    }
    if (rounded)
        ++m_rounded;
    return *d;
}

core::Result<Decimal>
BatchBuilder::decimalField(const JValue *value, const std::string &record, const std::string &field)
{
    if (!value || value->isNull())
        return std::unexpected(error("missing-amount", "the amount is missing", record, field));
    if (!value->isNumber() && !value->isString()) {
        return std::unexpected(error(
            "bad-amount", std::string("expected a number, got ") + JValue::kindName(value->kind()),
            record, field));
    }
    return parseDecimal(core::trimmed(value->text()), record, field);
}

core::Result<core::Currency> BatchBuilder::parseCurrency(std::string_view code,
                                                         const std::string &record,
                                                         const std::string &field)
{
    auto c = core::Currency::parse(core::trimmed(code));
    if (!c) {
        return std::unexpected(error("unknown-currency",
                                     "'" + std::string(code) + "' is not an ISO 4217 currency",
                                     record, field));
    }
    return *c;
}

core::Result<core::TimeUs>
BatchBuilder::timeField(const JValue *value, const std::string &record, const std::string &field)
{
    if (!value || value->isNull())
        return std::unexpected(
            error("missing-timestamp", "the timestamp is missing", record, field));
    core::Result<core::TimeUs> t = value->isNumber()   ? core::parseUnixSeconds(value->text())
                                   : value->isString() ? core::parseTimestamp(value->text())
                                                       : core::fail("bad-timestamp", "not a time");
    if (!t) {
        return std::unexpected(
            error("bad-timestamp",
                  "'" + value->text() + "' is not a timestamp (" + t.error().detail + ")", record,
                  field));
    }
    return *t;
}

core::Result<std::int64_t>
BatchBuilder::countField(const JValue *value, const std::string &record, const std::string &field)
{
    if (!value || !value->isNumber()) {
        return std::unexpected(
            error("bad-count",
                  value ? std::string("expected an integer, got ") + JValue::kindName(value->kind())
                        : std::string("the count is missing"),
                  record, field));
    }
    auto d = Decimal::parse(value->text());
    const Decimal::Units scale = Decimal::fromInt(1).units();
    if (!d || d->units() % scale != 0 || d->isNegative()) {
        return std::unexpected(error("bad-count",
                                     "'" + value->text() + "' is not a non-negative whole count",
                                     record, field));
    }
    return static_cast<std::int64_t>(d->units() / scale);
}

void BatchBuilder::warn(std::string code,
                        const std::string &record,
                        std::string field,
                        std::string detail)
{
    // A pathological file must not turn the warning list into a second copy of the file.
    if (m_warnings.size() >= kMaxWarnings) {
        ++m_droppedWarnings;
        return;
    }
    m_warnings.push_back({std::move(code), m_file, record, std::move(field), std::move(detail)});
}

void BatchBuilder::warnDuplicateKey(const std::string &record, const std::string &key)
{
    warn("duplicate-key", record, key,
         "the key appears more than once in this object; its first value is the one read");
}

core::Result<void> BatchBuilder::leaveOut(core::Error e)
{
    if (!m_options.skipInvalid || e.code == "cancelled" || e.code == "overflow")
        return std::unexpected(std::move(e));
    ++m_leftOut;
    std::string detail = "record left out (--skip-invalid): " + e.detail;
    bool counted = false;
    if (m_recordAmount) {
        auto [it, inserted] = m_leftOutTotals.try_emplace(m_recordAmount->currency, Decimal());
        if (const auto sum = it->second.checkedAdd(m_recordAmount->amount)) {
            it->second = *sum;
            counted = true;
            detail += " (amount " + m_recordAmount->toString() + ")";
        }
    }
    if (!counted) {
        ++m_leftOutUnreadable;
        detail += " (amount not readable)";
    }
    warn("invalid-record-skipped", e.record.empty() ? std::string("record") : e.record,
         std::move(e.field), e.code + ": " + std::move(detail));
    return {};
}

core::Result<void> BatchBuilder::account(const core::CostRow &row, const std::string &record)
{
    // Year 0000 parses (ISO 8601 has it) but no bill is dated before 1970: such a date is a
    // placeholder or a broken export, never a charge.
    for (const core::TimeUs t : {row.start, row.end}) {
        if (t < 0)
            return std::unexpected(
                error("bad-timestamp",
                      core::formatTimestamp(t) + " is before 1970: not the date of a charge",
                      record, std::string(t == row.start ? m_startField : m_endField)));
    }
    if (row.end < row.start) {
        return std::unexpected(error("bad-window",
                                     "the charge window ends (" + core::formatTimestamp(row.end) +
                                         ") before it starts (" + core::formatTimestamp(row.start) +
                                         ")",
                                     record, std::string(m_endField)));
    }
    if (row.amount.amount.isNegative()) {
        warn("negative-amount", record, {},
             "credit of " + row.amount.toString() + " kept as a negative amount");
    }
    auto [it, inserted] = m_totals.try_emplace(row.amount.currency, Decimal());
    const auto sum = it->second.checkedAdd(row.amount.amount);
    if (!sum)
        return std::unexpected(error("overflow", "the batch total overflows", record, {}));
    it->second = *sum;
    auto &perCurrency = m_currencyRows[row.amount.currency];
    if (perCurrency.first++ == 0)
        perCurrency.second = record;
    m_windowStart = m_windowStart ? std::min(*m_windowStart, row.start) : row.start;
    m_windowEnd = m_windowEnd ? std::max(*m_windowEnd, row.end) : row.end;
    return {};
}

core::Result<void> BatchBuilder::submit(core::CostRow &&row, const std::string &record)
{
    if (auto r = account(row, record); !r)
        return r;
    row.source = m_source;
    core::NormalisedLabels n = m_normaliser->normalise(row.rawLabels);
    row.labels = std::move(n.labels);
    row.collisions = std::move(n.collisions);
    row.labelSetMemo = 0;
    row.labelSetMemoRestarted = false;
    ++m_rowCount;
    if (m_sink) {
        m_sink(std::move(row));
        row = core::CostRow{}; // whatever the sink left: these callers build rows afresh
    }
    return {};
}

core::Result<void> BatchBuilder::submitLabelled(core::CostRow &&row, const std::string &record)
{
    if (auto r = account(row, record); !r)
        return r;
    row.source = m_source;
    ++m_rowCount;
    if (m_sink)
        m_sink(std::move(row));
    return {};
}

ReadResult BatchBuilder::finish()
{
    ReadResult r;
    core::ImportBatch &b = r.batch;
    b.source = m_source;
    b.format = m_format;
    b.origin = m_file;
    b.windowStart = m_windowStart;
    b.windowEnd = m_windowEnd;
    b.rowCount = m_rowCount;
    b.roundedValues = m_rounded;
    for (const auto &[currency, amount] : m_totals)
        b.totals.push_back(core::Money{amount, currency});
    if (m_currencyRows.size() > 1) {
        // Reports never sum two currencies: each is reported on its own (--currency).
        std::string list;
        for (const auto &[currency, rows] : m_currencyRows) {
            list += (list.empty() ? "" : ", ") + currency.code() + " " +
                    std::to_string(rows.first) + " row" + (rows.first == 1 ? "" : "s") +
                    " (first: " + rows.second + ")";
        }
        m_warnings.push_back({"mixed-currencies",
                              m_file,
                              {},
                              {},
                              "the file mixes " + std::to_string(m_currencyRows.size()) +
                                  " currencies: " + list +
                                  "; reports show one currency at a time (--currency CODE)"});
    }
    if (m_droppedWarnings > 0) {
        m_warnings.push_back({"warnings-truncated",
                              m_file,
                              {},
                              {},
                              std::to_string(m_droppedWarnings) + " more warnings not listed"});
    }
    b.warnings = std::move(m_warnings);
    b.evidence = std::move(m_evidence);
    if (m_leftOut > 0) {
        // The evidence of a batch that knowingly lacks records: how many, and their dollars.
        std::string reason = std::to_string(m_leftOut) + " invalid record" +
                             (m_leftOut == 1 ? "" : "s") + " left out (--skip-invalid)";
        std::string amounts;
        for (const auto &[currency, amount] : m_leftOutTotals)
            amounts += (amounts.empty() ? "" : " + ") + core::Money{amount, currency}.toString();
        if (!amounts.empty())
            reason += ", " + amounts + " not imported";
        if (m_leftOutUnreadable > 0)
            reason += ", " + std::to_string(m_leftOutUnreadable) + " with no readable amount";
        b.evidence.reason = b.evidence.reason.empty() ? reason : b.evidence.reason + "; " + reason;
    }
    b.status = b.evidence.isComplete() ? core::BatchStatus::Complete : core::BatchStatus::Partial;
    return r;
}

std::string joinKey(const std::vector<std::string> &parts)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i > 0)
            out += '|';
        for (const char c : parts[i]) {
            if (c == '|' || c == '\\')
                out += '\\';
            out += c;
        }
    }
    return out;
}

std::string joinKey(std::initializer_list<std::string_view> parts)
{
    std::string out;
    bool first = true;
    for (std::string_view p : parts) {
        if (!first)
            out += '|';
        first = false;
        for (const char c : p) {
            if (c == '|' || c == '\\')
                out += '\\';
            out += c;
        }
    }
    return out;
}

char firstSignificant(std::string_view head)
{
    if (head.starts_with("\xEF\xBB\xBF"))
        head.remove_prefix(3);
    for (const char c : head) {
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
            return c;
    }
    return '\0';
}

} // namespace unalloc::adapters
