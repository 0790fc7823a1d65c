#include "openaiadapters.h"

#include "adapters/common/bucketstream.h"

namespace unalloc::adapters {

namespace {

class CostsVisitor final : public BucketVisitor
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
        // The spec says {value, currency}; a bare number has been seen in older captures.
        const JValue *amount = r.find("amount");
        const JValue *value = amount && amount->isObject() ? amount->find("value") : amount;
        const std::string field = amount && amount->isObject() ? "amount.value" : "amount";
        auto d = m_b.decimalField(value, where, field);
        if (!d)
            return std::unexpected(d.error());
        std::string code = m_b.options().defaultCurrency;
        if (const JValue *c = amount && amount->isObject() ? amount->get("currency") : nullptr) {
            if (!c->isString())
                return std::unexpected(m_b.error("unknown-currency", "the currency is not text",
                                                 where, "amount.currency"));
            code = c->text();
        } else if (amount && amount->isObject()) {
            // The API always names the currency; an amount without one (or null) is read in
            // the default currency, but not silently.
            m_b.warn("missing-currency", where, "amount.currency",
                     "no currency given; read as " + code);
        }
        auto currency = m_b.parseCurrency(code, where, "amount.currency");
        if (!currency)
            return std::unexpected(currency.error());
        row.amount = core::Money{*d, *currency};
        m_b.noteAmount(row.amount);

        const std::string project = scalarText(r.get("project_id"));
        const std::string lineItem = scalarText(r.get("line_item"));
        const std::string apiKey = scalarText(r.get("api_key_id"));
        RawLabelBuilder labels;
        labels.add("project_id", project);
        labels.add("project", scalarText(r.get("project_name")));
        labels.add("line_item", lineItem);
        labels.add("api_key_id", apiKey);
        labels.add("provider", "openai");
        row.rawLabels = labels.take();
        row.name = !lineItem.empty() ? lineItem : !project.empty() ? project : "openai-usage";

        if (const JValue *q = r.get("quantity")) {
            auto quantity = m_b.decimalField(q, where, "quantity");
            if (!quantity)
                return std::unexpected(quantity.error());
            row.quantity = *quantity;
            row.unit = scalarText(r.get("quantity_unit"));
        }
        std::vector<std::string> parts{core::formatTimestamp(bucket.start), project, lineItem};
        if (!apiKey.empty())
            parts.push_back(apiKey);
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
        core::Usage usage;
        auto count = [&](const char *f) -> core::Result<std::int64_t> {
            const JValue *v = r.get(f);
            return v ? m_b.countField(v, where, f) : core::Result<std::int64_t>(0);
        };
        auto input = count("input_tokens");
        auto cached = count("input_cached_tokens");
        auto output = count("output_tokens");
        if (!input || !cached || !output)
            return std::unexpected(!input    ? input.error()
                                   : !cached ? cached.error()
                                             : output.error());
        usage.promptTokens = *input;
        usage.cachedTokens = *cached;
        usage.completionTokens = *output;
        usage.model = scalarText(r.get("model"));
        usage.provider = "openai";
        row.quantity = core::Decimal::fromInt(*input + *output);
        row.unit = "tokens";

        static constexpr const char *kDims[] = {"project_id", "user_id", "api_key_id",
                                                "model",      "batch",   "service_tier"};
        RawLabelBuilder labels;
        std::vector<std::string> parts{core::formatTimestamp(bucket.start)};
        for (const char *d : kDims) {
            labels.add(d, r.get(d));
            parts.push_back(scalarText(r.get(d)));
        }
        labels.add("provider", "openai");
        row.rawLabels = labels.take();
        const std::string project = scalarText(r.get("project_id"));
        row.name = !usage.model.empty() ? usage.model
                   : !project.empty()   ? project
                                        : "openai-completions";
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
    V v(b, "start_time", "end_time");
    if (auto r = streamJson(bytes, b.file(), v, progress); !r)
        return std::unexpected(r.error());
    v.finishEvidence();
    return b.finish();
}

bool looksLikePage(std::string_view head)
{
    const char c = firstSignificant(head);
    return c == '{' && contains(head, "\"start_time\"") && contains(head, "\"results\"");
}

} // namespace

bool OpenAiCostsAdapter::canRead(std::string_view head, std::string_view) const
{
    return looksLikePage(head) &&
           (contains(head, "organization.costs.result") || contains(head, "\"amount\""));
}

core::Result<ReadResult> OpenAiCostsAdapter::read(std::string_view bytes,
                                                  const ReadOptions &options,
                                                  const RowSink &sink,
                                                  const Progress &progress) const
{
    return readPages<CostsVisitor>(*this, bytes, options, sink, progress);
}

bool OpenAiUsageAdapter::canRead(std::string_view head, std::string_view) const
{
    return looksLikePage(head) &&
           (contains(head, "organization.usage.completions.result") ||
            (contains(head, "\"input_tokens\"") && contains(head, "\"num_model_requests\"")));
}

core::Result<ReadResult> OpenAiUsageAdapter::read(std::string_view bytes,
                                                  const ReadOptions &options,
                                                  const RowSink &sink,
                                                  const Progress &progress) const
{
    return readPages<UsageVisitor>(*this, bytes, options, sink, progress);
}

} // namespace unalloc::adapters
