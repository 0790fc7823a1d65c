// The bulk reader's half of the LiteLLM spend-log visitor: a row from a FastRecord. It must
// produce exactly what Visitor::record makes of the same JSON; anything it does not handle
// (and every error, whose wording belongs to the generic path) is declined.
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

void addLabel(RawLabelBuilder &labels, std::string_view key, const FastScalar *v)
{
    if (isScalar(v))
        labels.add(key, v->text);
}

void addTags(RawLabelBuilder &labels, const std::vector<FastScalar> &tags)
{
    for (const FastScalar &t : tags) {
        if (t.kind == Kind::Null)
            continue;
        const auto colon = t.text.find(':');
        if (colon == std::string_view::npos)
            labels.add(t.text, "true");
        else
            labels.add(t.text.substr(0, colon), t.text.substr(colon + 1));
    }
}

/// Raw labels in the generic order: metadata, request tags, then the named fields.
core::RawLabels rawLabels(const FastRecord &r)
{
    RawLabelBuilder labels;
    if (const FastScalar *m = r.get(SpendField::Metadata); m && m->kind == Kind::Object) {
        for (const auto &[k, v] : r.metadata)
            addLabel(labels, k, &v);
    }
    if (const FastScalar *t = r.get(SpendField::RequestTags); t && t->kind == Kind::Array)
        addTags(labels, r.tags);
    addLabel(labels, "team_id", r.get(SpendField::TeamId));
    addLabel(labels, "user", r.get(SpendField::User));
    addLabel(labels, "end_user", r.get(SpendField::EndUser));
    addLabel(labels, "api_key_alias", r.get(SpendField::ApiKeyAlias));
    addLabel(labels, "model", r.get(SpendField::Model));
    return labels.take();
}

std::uint64_t hashRaw(const core::RawLabels &raw)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    auto add = [&h](std::string_view s) {
        for (const char c : s)
            h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
        h = (h ^ 0xFF) * 0x100000001b3ULL;
    };
    for (const core::RawLabel &l : raw) {
        add(l.key);
        add(l.value);
    }
    return h;
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
    const FastScalar *model = r.get(SpendField::Model);
    if (model)
        usage.model = std::string(model->text);
    if (const FastScalar *p = r.get(SpendField::CustomLlmProvider); p && p->kind == Kind::String)
        usage.provider = std::string(p->text);
    if (usage.provider.empty() && usage.model.find('/') != std::string::npos)
        usage.provider = usage.model.substr(0, usage.model.find('/'));
    const std::int64_t tokens = counts[2].value_or(counts[0].value_or(0) + counts[1].value_or(0));
    if (tokens != 0) {
        row.quantity = core::Decimal::fromInt(tokens);
        row.unit = "tokens";
    }
    return true;
}

} // namespace

const core::NormalisedLabels &Visitor::normalised(const core::RawLabels &raw)
{
    // Bounded: a file whose every request has its own label set must not grow this forever.
    if (m_cached >= 65536) {
        m_labelCache.clear();
        m_cached = 0;
    }
    auto &bucket = m_labelCache[hashRaw(raw)];
    for (const auto &[r, n] : bucket) {
        if (r == raw)
            return n;
    }
    ++m_cached;
    bucket.emplace_back(raw, m_b.normaliser().normalise(raw));
    return bucket.back().second;
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
    bool rounded = false;
    auto amount = core::Decimal::parse(core::trimmed(amountText->text), &rounded);
    if (!amount)
        return false;
    core::CostRow row;
    core::Usage usage;
    if (!fastTimes(r, row, usage) || !fastUsage(r, row, usage))
        return false;

    if (rounded)
        m_b.countRounded();
    ++m_page.rows;
    row.recordKey = std::string(id->text);
    row.amount = core::Money{*amount, m_currency};
    row.rawLabels = rawLabels(r);
    const FastScalar *model = r.get(F::Model);
    const FastScalar *alias = r.get(F::ApiKeyAlias);
    row.name = (model && !model->text.empty())   ? std::string(model->text)
               : (alias && !alias->text.empty()) ? std::string(alias->text)
                                                 : "litellm-request";
    row.usage = std::move(usage);
    const core::NormalisedLabels &labels = normalised(row.rawLabels);
    if (auto s = m_b.submit(std::move(row), where, &labels); !s)
        return std::unexpected(s.error());
    return true;
}

} // namespace unalloc::adapters::litellm_detail
