#include "anthropicadapters.h"

#include "adapters/common/bucketstream.h"

namespace unalloc::adapters {

namespace {

class CostVisitor final : public BucketVisitor
{
public:
    using BucketVisitor::BucketVisitor;

protected:
    core::Result<void> result(const Bucket &bucket,
                              const std::string &where,
                              std::int64_t index,
                              const JValue &r) override
    {
        core::CostRow row;
        row.start = bucket.start;
        row.end = bucket.end;
        auto cents = m_b.decimalField(r.find("amount"), where, "amount");
        if (!cents)
            return std::unexpected(cents.error());
        bool rounded = false;
        const core::Decimal dollars = cents->dividedByPow10(2, &rounded);
        if (rounded)
            m_b.countRounded();
        const JValue *c = r.get("currency");
        if (c && !c->isString())
            return std::unexpected(
                m_b.error("unknown-currency", "the currency is not text", where, "currency"));
        if (!c)
            m_b.warn("missing-currency", where, "currency",
                     "no currency given; read as " + m_b.options().defaultCurrency);
        auto currency =
            m_b.parseCurrency(c ? c->text() : m_b.options().defaultCurrency, where, "currency");
        if (!currency)
            return std::unexpected(currency.error());
        row.amount = core::Money{dollars, *currency};
        m_b.noteAmount(row.amount);

        RawLabelBuilder labels;
        labels.add("workspace_id", r.get("workspace_id"));
        labels.add("workspace", r.get("workspace_name"));
        static constexpr const char *kRest[] = {"description",  "model",          "token_type",
                                                "service_tier", "context_window", "inference_geo",
                                                "cost_type"};
        for (const char *k : kRest)
            labels.add(k, r.get(k));
        labels.add("provider", "anthropic");
        row.rawLabels = labels.take();
        const std::string description = scalarText(r.get("description"));
        const std::string workspace = scalarText(r.get("workspace_id"));
        row.name = !description.empty() ? description
                   : !workspace.empty() ? workspace
                                        : "anthropic-usage";
        std::vector<std::string> parts{core::formatTimestamp(bucket.start), workspace};
        for (const char *k : kRest)
            parts.push_back(scalarText(r.get(k)));
        row.recordKey = uniqueKey(joinKey(parts), index);
        return m_b.submit(std::move(row), where);
    }
};

class UsageVisitor final : public BucketVisitor
{
public:
    using BucketVisitor::BucketVisitor;

protected:
    core::Result<void> result(const Bucket &bucket,
                              const std::string &where,
                              std::int64_t index,
                              const JValue &r) override
    {
        core::CostRow row;
        row.start = bucket.start;
        row.end = bucket.end;
        row.amount = core::Money{core::Decimal(), core::Currency::usd()};
        auto count = [&](const JValue *holder, const char *f,
                         const std::string &field) -> core::Result<std::int64_t> {
            const JValue *v = holder && holder->isObject() ? holder->get(f) : nullptr;
            return v ? m_b.countField(v, where, field) : core::Result<std::int64_t>(0);
        };
        const JValue *creation = r.get("cache_creation");
        auto uncached = count(&r, "uncached_input_tokens", "uncached_input_tokens");
        auto read = count(&r, "cache_read_input_tokens", "cache_read_input_tokens");
        auto output = count(&r, "output_tokens", "output_tokens");
        auto write1h = count(creation, "ephemeral_1h_input_tokens",
                             "cache_creation.ephemeral_1h_input_tokens");
        auto write5m = count(creation, "ephemeral_5m_input_tokens",
                             "cache_creation.ephemeral_5m_input_tokens");
        for (auto *n : {&uncached, &read, &output, &write1h, &write5m}) {
            if (!*n)
                return std::unexpected(n->error());
        }
        core::Usage usage;
        usage.promptTokens = *uncached + *read + *write1h + *write5m;
        usage.cachedTokens = *read;
        usage.completionTokens = *output;
        usage.model = scalarText(r.get("model"));
        usage.provider = "anthropic";
        row.quantity = core::Decimal::fromInt(*usage.promptTokens + *output);
        row.unit = "tokens";

        static constexpr const char *kDims[] = {
            "api_key_id",   "workspace_id",       "model",
            "service_tier", "context_window",     "inference_geo",
            "account_id",   "service_account_id", "speed"};
        RawLabelBuilder labels;
        std::vector<std::string> parts{core::formatTimestamp(bucket.start)};
        for (const char *d : kDims) {
            labels.add(d, r.get(d));
            parts.push_back(scalarText(r.get(d)));
        }
        labels.add("provider", "anthropic");
        row.rawLabels = labels.take();
        row.name = !usage.model.empty() ? usage.model : "anthropic-messages";
        row.usage = std::move(usage);
        row.recordKey = uniqueKey(joinKey(parts), index);
        return m_b.submit(std::move(row), where);
    }
};

template<class V>
core::Result<ReadResult> readPages(const Adapter &a,
                                   std::string_view bytes,
                                   const ReadOptions &options,
                                   const RowSink &sink,
                                   const Progress &progress)
{
    BatchBuilder b(a.source(), a.id(), options, sink);
    V v(b, "starting_at", "ending_at");
    if (auto r = streamJson(bytes, b.file(), v, progress); !r)
        return std::unexpected(r.error());
    v.finishEvidence();
    return b.finish();
}

bool looksLikePage(std::string_view head)
{
    return firstSignificant(head) == '{' && contains(head, "\"starting_at\"") &&
           contains(head, "\"results\"");
}

} // namespace

bool AnthropicCostAdapter::canRead(std::string_view head, std::string_view) const
{
    return looksLikePage(head) && contains(head, "\"amount\"");
}

core::Result<ReadResult> AnthropicCostAdapter::read(std::string_view bytes,
                                                    const ReadOptions &options,
                                                    const RowSink &sink,
                                                    const Progress &progress) const
{
    return readPages<CostVisitor>(*this, bytes, options, sink, progress);
}

bool AnthropicUsageAdapter::canRead(std::string_view head, std::string_view) const
{
    return looksLikePage(head) && contains(head, "\"uncached_input_tokens\"");
}

core::Result<ReadResult> AnthropicUsageAdapter::read(std::string_view bytes,
                                                     const ReadOptions &options,
                                                     const RowSink &sink,
                                                     const Progress &progress) const
{
    return readPages<UsageVisitor>(*this, bytes, options, sink, progress);
}

} // namespace unalloc::adapters
