// The bulk reader's half of the LiteLLM spend-log visitor: a row from a FastRecord. It must
// produce exactly what Visitor::record makes of the same JSON; anything it does not handle
// (and every error, whose wording belongs to the generic path) is declined.
#include "core/seams/gatewayidentity.h"
#include "spendvisitor.h"

namespace unalloc::adapters::litellm_detail {

namespace {

using Kind = JValue::Kind;

bool isScalar(const FastScalar *v)
{
    return v && v->kind != Kind::Object && v->kind != Kind::Array;
}

/// BatchBuilder::countField for a present value; nullopt where it would fail.
std::optional<std::int64_t> fastCount(const FastScalar &v)
{
    if (v.kind != Kind::Number)
        return std::nullopt;
    if (!v.text.empty() && v.text.size() <= 18 && v.text.front() != '-') {
        std::int64_t n = 0;
        bool digits = true;
        for (const char c : v.text) {
            digits = digits && c >= '0' && c <= '9';
            n = n * 10 + (c - '0');
        }
        if (digits)
            return n;
    }
    auto d = core::Decimal::parse(v.text);
    const core::Decimal::Units scale = core::Decimal::fromInt(1).units();
    if (!d || d->units() % scale != 0 || d->isNegative())
        return std::nullopt;
    return static_cast<std::int64_t>(d->units() / scale);
}

/// BatchBuilder::timeField for a value; nullopt where it would fail.
std::optional<core::TimeUs> fastTime(const FastScalar *v)
{
    if (!v)
        return std::nullopt;
    core::Result<core::TimeUs> t = v->kind == Kind::Number ? core::parseUnixSeconds(v->text)
                                   : v->kind == Kind::String
                                       ? core::parseTimestamp(v->text)
                                       : core::fail("bad-timestamp", "not a time");
    return t ? std::optional<core::TimeUs>(*t) : std::nullopt;
}

/// The window and usage times; false where the generic path would report an error.
bool fastTimes(const FastRecord &r, core::CostRow &row, core::Usage &usage)
{
    using F = SpendField;
    const F startField = r.get(F::StartTime) ? F::StartTime : F::StartTimeSnake;
    const F endField = r.get(F::EndTime) ? F::EndTime : F::EndTimeSnake;
    const auto start = fastTime(r.get(startField));
    if (!start)
        return false;
    row.start = row.end = *start;
    if (r.get(endField)) {
        const auto end = fastTime(r.get(endField));
        if (!end)
            return false;
        row.end = *end;
    }
    usage.sendTime = row.start;
    usage.doneTime = row.end;
    usage.firstTokenTime.reset();
    if (const FastScalar *first = r.get(F::CompletionStartTime)) {
        const auto t = fastTime(first);
        if (!t)
            return false;
        usage.firstTokenTime = *t;
    }
    return true;
}

/// Token counts and quantity; false where the generic path would report an error.
bool fastUsage(const FastRecord &r, core::CostRow &row, core::Usage &usage)
{
    std::optional<std::int64_t> counts[3];
    const SpendField fields[3] = {SpendField::PromptTokens, SpendField::CompletionTokens,
                                  SpendField::TotalTokens};
    for (int i = 0; i < 3; ++i) {
        if (const FastScalar *v = r.get(fields[i])) {
            counts[i] = fastCount(*v);
            if (!counts[i])
                return false;
        }
    }
    usage.promptTokens = counts[0];
    usage.completionTokens = counts[1];
    usage.cachedTokens.reset(); // only under metadata.additional_usage_values: generic path
    const auto text = [&r](SpendField f) {
        const FastScalar *v = r.get(f);
        return v && v->kind == Kind::String ? v->text : std::string_view();
    };
    const FastScalar *model = r.get(SpendField::Model);
    // Into the row's own strings: a model name past 15 characters was a heap string made
    // and freed for every record.
    core::GatewayIdentity id;
    id.model.swap(usage.model);
    id.provider.swap(usage.provider);
    core::identifyGatewayRow({text(SpendField::CustomLlmProvider),
                              model ? model->text : std::string_view(),
                              text(SpendField::ModelGroup), text(SpendField::ApiBase)},
                             id);
    usage.model.swap(id.model);
    usage.provider.swap(id.provider);
    const std::int64_t tokens = counts[2].value_or(counts[0].value_or(0) + counts[1].value_or(0));
    if (tokens != 0) {
        row.quantity = core::Decimal::fromInt(tokens);
        row.unit.assign("tokens");
    } else {
        row.quantity.reset();
        row.unit.clear();
    }
    return true;
}

} // namespace

void Visitor::addRawLabels(const FastRecord &r)
{
    m_labels.clear();
    auto add = [this](std::string_view key, const FastScalar *v) {
        if (isScalar(v))
            m_labels.add(key, v->text);
    };
    using F = SpendField;
    if (const FastScalar *m = r.get(F::Metadata); m && m->kind == Kind::Object) {
        for (const auto &[k, v] : r.metadata)
            add(k, &v);
    }
    if (const FastScalar *t = r.get(F::RequestTags); t && t->kind == Kind::Array) {
        for (const FastScalar &tag : r.tags) {
            if (tag.kind == Kind::Null)
                continue;
            const auto colon = tag.text.find(':');
            if (colon == std::string_view::npos)
                m_labels.add(tag.text, "true");
            else
                m_labels.add(tag.text.substr(0, colon), tag.text.substr(colon + 1));
        }
    }
    add("team_id", r.get(F::TeamId));
    add("user", r.get(F::User));
    add("end_user", r.get(F::EndUser));
    add("api_key_alias", r.get(F::ApiKeyAlias));
    add("model", r.get(F::Model));
}

core::Result<bool> Visitor::recordFast(const FastRecord &r, const std::string &where)
{
    using F = SpendField;
    const FastScalar *id = r.get(F::RequestId);
    if (!isScalar(id) || id->text.empty())
        return false;
    const FastScalar *metadata = r.get(F::Metadata);
    if (metadata && metadata->kind == Kind::String)
        return false; // metadata as a JSON string: parsed (or warned about) generically
    const FastScalar *amountText = r.get(r.get(F::Spend) ? F::Spend : F::Cost);
    if (!amountText || (amountText->kind != Kind::Number && amountText->kind != Kind::String))
        return false;
    // The label set first: its memo entry loads while the amount and times are parsed.
    addRawLabels(r);
    m_labels.prefetchSlot();
    bool rounded = false;
    auto amount = core::Decimal::parse(core::trimmed(amountText->text), &rounded);
    if (!amount)
        return false;
    m_labels.prefetchEntry();
    // Every field of the reused row is assigned below, whatever the previous record left.
    core::CostRow &row = m_row;
    core::Usage &usage = row.usage ? *row.usage : row.usage.emplace();
    if (!fastTimes(r, row, usage) || !fastUsage(r, row, usage))
        return false;
    // A window the builder would refuse: the generic path words the error (and, with
    // --skip-invalid, leaves the record out), so both paths treat the record alike.
    if (row.end < row.start || row.start < 0)
        return false;

    if (rounded)
        m_b.countRounded();
    ++m_page.rows;
    row.recordKey.assign(id->text);
    row.amount = core::Money{*amount, m_currency};
    const FastScalar *model = r.get(F::Model);
    const FastScalar *alias = r.get(F::ApiKeyAlias);
    row.name.assign((model && !model->text.empty())   ? model->text
                    : (alias && !alias->text.empty()) ? alias->text
                                                      : std::string_view("litellm-request"));
    row.batchId = 0;
    m_labels.fill(row);
    if (auto s = m_b.submitLabelled(std::move(row), where); !s)
        return std::unexpected(s.error());
    prefetchRow();
    return true;
}

void Visitor::prefetchRow() const
{
    // A sink that swaps the row with one of its older rows hands back memory last touched
    // long ago (or on another thread): start loading it while the next record is parsed.
    const core::CostRow &row = m_row;
    for (const core::RawLabel &l : row.rawLabels)
        __builtin_prefetch(&l);
    for (const auto &e : row.labels.entries())
        __builtin_prefetch(&e);
    if (row.usage)
        __builtin_prefetch(&*row.usage);
}

} // namespace unalloc::adapters::litellm_detail
