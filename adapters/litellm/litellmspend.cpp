#include "litellmspend.h"

#include "adapters/common/batchbuilder.h"
#include "adapters/common/jsonstream.h"
#include "core/seams/gatewayidentity.h"
#include "spendvisitor.h"

namespace unalloc::adapters::litellm_detail {

namespace {

std::optional<std::int64_t> integer(const JValue &v)
{
    if (!v.isNumber())
        return std::nullopt;
    try {
        return std::stoll(v.text());
    } catch (...) {
        return std::nullopt;
    }
}

void addTags(RawLabelBuilder &labels, const JValue *tags)
{
    if (!tags || !tags->isArray())
        return;
    for (const JValue &t : tags->items()) {
        if (!t.isScalar() || t.isNull())
            continue;
        const std::string &s = t.text();
        const auto colon = s.find(':');
        if (colon == std::string::npos)
            labels.add(s, "true");
        else
            labels.add(s.substr(0, colon), s.substr(colon + 1));
    }
}

std::optional<std::int64_t> cachedTokens(const JValue *metadata)
{
    const JValue *extra =
        metadata && metadata->isObject() ? metadata->get("additional_usage_values") : nullptr;
    if (!extra || !extra->isObject())
        return std::nullopt;
    const JValue *v = extra->get("cache_read_input_tokens");
    if (const JValue *details = extra->get("prompt_tokens_details"); !v && details)
        v = details->isObject() ? details->get("cached_tokens") : nullptr;
    return v ? integer(*v) : std::nullopt;
}

} // namespace

core::Result<void> Visitor::scalar(const JsonPath &p, const JValue &v)
{
    if (p.size() != 1)
        return {};
    if (p.isKey(0, "total"))
        m_page.total = integer(v);
    else if (p.isKey(0, "page"))
        m_page.page = integer(v);
    else if (p.isKey(0, "total_pages"))
        m_page.totalPages = integer(v);
    else if (p.isKey(0, "total_is_capped"))
        m_page.capped = v.isBool() && v.text() == "true";
    return {};
}

core::Result<void> Visitor::spendLog(const JsonPath &p, const JValue &r)
{
    const std::string where = p.toString();
    ++m_page.rows;
    if (!r.isObject()) {
        return std::unexpected(m_b.error("wrong-type",
                                         std::string("a spend log must be an "
                                                     "object, got ") +
                                             JValue::kindName(r.kind()),
                                         where, {}));
    }
    core::CostRow row;
    const JValue *id = r.get("request_id");
    if (!id || !id->isScalar() || id->text().empty())
        return std::unexpected(
            m_b.error("missing-field", "request_id is missing", where, "request_id"));
    row.recordKey = id->text();

    // `spend`, else `cost`; when neither has a value, the error names the one present
    // (a null `spend` is a missing spend, not a missing cost).
    const char *amountField = r.get("spend")                       ? "spend"
                              : r.get("cost")                      ? "cost"
                              : r.find("cost") && !r.find("spend") ? "cost"
                                                                   : "spend";
    auto amount = m_b.decimalField(r.get(amountField), where, amountField);
    if (!amount)
        return std::unexpected(amount.error());
    row.amount = core::Money{*amount, m_currency};
    m_b.noteAmount(row.amount);

    const char *startField = r.get("startTime") ? "startTime" : "start_time";
    const char *endField = r.get("endTime") ? "endTime" : "end_time";
    auto start = m_b.timeField(r.get(startField), where, startField);
    if (!start)
        return std::unexpected(start.error());
    row.start = *start;
    row.end = *start;
    if (r.get(endField)) {
        auto end = m_b.timeField(r.get(endField), where, endField);
        if (!end)
            return std::unexpected(end.error());
        row.end = *end;
    }

    // Some LiteLLM versions store metadata as a JSON string.
    const JValue *metadata = r.get("metadata");
    JValue parsed;
    if (metadata && metadata->isString()) {
        if (auto m = parseSmallJson(metadata->text()); m && m->isObject()) {
            parsed = std::move(*m);
            metadata = &parsed;
        } else {
            m_b.warn("bad-metadata", where, "metadata",
                     "metadata is a string but not a JSON "
                     "object; ignored");
            metadata = nullptr;
        }
    }
    RawLabelBuilder labels;
    labels.addObject(metadata);
    // Custom k/v a caller attached to the request: the most likely home of owner labels.
    if (metadata && metadata->isObject())
        labels.addObject(metadata->get("spend_logs_metadata"));
    addTags(labels, r.get("request_tags"));
    for (const char *k : {"team_id", "user", "end_user", "api_key_alias", "model"})
        labels.add(k, r.get(k));
    row.rawLabels = labels.take();

    const JValue *model = r.get("model");
    const JValue *alias = r.get("api_key_alias");
    row.name = (model && !model->text().empty())   ? model->text()
               : (alias && !alias->text().empty()) ? alias->text()
                                                   : "litellm-request";

    core::Usage usage;
    auto count = [&](const char *field) -> core::Result<std::optional<std::int64_t>> {
        const JValue *v = r.get(field);
        if (!v)
            return std::optional<std::int64_t>();
        auto n = m_b.countField(v, where, field);
        if (!n)
            return std::unexpected(n.error());
        return std::optional<std::int64_t>(*n);
    };
    auto prompt = count("prompt_tokens");
    auto completion = count("completion_tokens");
    auto total = count("total_tokens");
    if (!prompt || !completion || !total)
        return std::unexpected(!prompt       ? prompt.error()
                               : !completion ? completion.error()
                                             : total.error());
    usage.promptTokens = *prompt;
    usage.completionTokens = *completion;
    usage.cachedTokens = cachedTokens(metadata);
    usage.sendTime = row.start;
    usage.doneTime = row.end;
    if (const JValue *first = r.get("completionStartTime")) {
        auto t = m_b.timeField(first, where, "completionStartTime");
        if (!t)
            return std::unexpected(t.error());
        usage.firstTokenTime = *t;
    }
    const auto text = [&r](const char *field) {
        const JValue *v = r.get(field);
        return v && v->isString() ? std::string_view(v->text()) : std::string_view();
    };
    core::GatewayIdentity gateway = core::identifyGatewayRow(
        {text("custom_llm_provider"), model ? std::string_view(model->text()) : std::string_view(),
         text("model_group"), text("api_base")});
    usage.model = std::move(gateway.model);
    usage.provider = std::move(gateway.provider);
    const std::int64_t tokens = total->value_or(prompt->value_or(0) + completion->value_or(0));
    if (tokens != 0) {
        row.quantity = core::Decimal::fromInt(tokens);
        row.unit = "tokens";
    }
    row.usage = std::move(usage);
    m_b.windowFields(startField, endField);
    return m_b.submit(std::move(row), where);
}

void Visitor::finishEvidence()
{
    core::Completeness &ev = m_b.evidence();
    ev.recordsRead = m_b.rowCount();
    if (!m_last.total && !m_last.totalPages)
        return; // a bare list or the sample shape: no declared size to compare with
    ev.recordsDeclared = m_last.total;
    ev.pagesRead =
        static_cast<std::int64_t>(m_pagesSeen.empty() ? m_documents : m_pagesSeen.size());
    ev.pagesDeclared = m_last.totalPages;
    if (m_last.capped && m_last.rows > 0) {
        ev.reason = "LiteLLM capped the row count at " + std::to_string(m_last.total.value_or(0)) +
                    " and the last page read still had rows; read until an empty page";
    } else if (m_last.total && *ev.recordsRead < *m_last.total) {
        ev.reason = "read " + std::to_string(*ev.recordsRead) + " of " +
                    std::to_string(*m_last.total) + " records (" + std::to_string(*ev.pagesRead) +
                    " of " + std::to_string(m_last.totalPages.value_or(0)) + " pages)";
    } else if (m_last.totalPages && *ev.pagesRead < *m_last.totalPages) {
        ev.reason = "read " + std::to_string(*ev.pagesRead) + " of " +
                    std::to_string(*m_last.totalPages) + " pages";
    }
}

} // namespace unalloc::adapters::litellm_detail

namespace unalloc::adapters {

using litellm_detail::Visitor;

bool LiteLlmSpendAdapter::canRead(std::string_view head, std::string_view) const
{
    const char c = firstSignificant(head);
    return (c == '{' || c == '[') && contains(head, "\"request_id\"") &&
           (contains(head, "\"spend\"") || contains(head, "\"startTime\""));
}

core::Result<ReadResult> LiteLlmSpendAdapter::read(std::string_view bytes,
                                                   const ReadOptions &options,
                                                   const RowSink &sink,
                                                   const Progress &progress) const
{
    return readWith(bytes, options, sink, progress, true);
}

core::Result<ReadResult> LiteLlmSpendAdapter::readGeneric(std::string_view bytes,
                                                          const ReadOptions &options,
                                                          const RowSink &sink) const
{
    return readWith(bytes, options, sink, {}, false);
}

core::Result<ReadResult> LiteLlmSpendAdapter::readWith(std::string_view bytes,
                                                       const ReadOptions &options,
                                                       const RowSink &sink,
                                                       const Progress &progress,
                                                       bool bulk) const
{
    BatchBuilder b(source(), id(), options, sink);
    auto currency = b.parseCurrency(options.defaultCurrency, {}, "currency");
    if (!currency)
        return std::unexpected(currency.error());
    Visitor v(b, *currency);
    // Malformed input is re-read generically with rows discarded, so that its error reads
    // exactly as the generic path words it.
    auto rereadForError = [&]() -> core::Result<void> {
        const RowSink discard;
        BatchBuilder again(source(), id(), options, discard);
        Visitor generic(again, *currency);
        return streamJson(bytes, again.file(), generic, progress);
    };
    if (bulk) {
        auto fast = litellm_detail::readFast(bytes, b, v, progress, rereadForError);
        if (!fast)
            return std::unexpected(fast.error());
        if (*fast) {
            v.finishEvidence();
            return b.finish();
        }
    }
    // Declined by the bulk reader (before any row) or asked for: a fresh visitor streams it.
    Visitor generic(b, *currency);
    if (auto r = streamJson(bytes, b.file(), generic, progress); !r)
        return std::unexpected(r.error());
    generic.finishEvidence();
    return b.finish();
}

} // namespace unalloc::adapters
