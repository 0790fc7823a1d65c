#include "vllmbench.h"

#include "adapters/common/jsonstream.h"
#include "core/decimal.h"
#include "core/timeutil.h"

#include <optional>
#include <vector>

namespace unalloc::adapters {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/// True when `"key"` occurs followed by optional white space and a colon: a member name.
bool hasMember(std::string_view bytes, std::string_view key)
{
    const std::string quoted = '"' + std::string(key) + '"';
    for (size_t at = bytes.find(quoted); at != std::string_view::npos;
         at = bytes.find(quoted, at + 1)) {
        size_t p = at + quoted.size();
        while (p < bytes.size() && isSpace(bytes[p]))
            ++p;
        if (p < bytes.size() && bytes[p] == ':')
            return true;
    }
    return false;
}

/// Seconds beyond which no epoch time or run offset is plausible (the year 5138); keeps the
/// microsecond count of a sum of two such values inside 64 bits.
const core::Decimal kMaxSeconds = core::Decimal::fromInt(100'000'000'000);
constexpr core::Decimal::Units kUnitsPerInteger = core::Decimal::Units(1'000'000'000'000'000'000);

/// A served request before `started_unix` is known (it may follow `requests`).
struct Pending
{
    core::RequestRecord record;      ///< tenant and tokens
    core::Decimal send, first, done; ///< seconds since the run's start
};

/// @brief Streams a run file: the top-level `started_unix` and each `requests[i]`.
class BenchVisitor final : public JsonVisitor
{
public:
    explicit BenchVisitor(const std::string &file)
        : m_file(file)
    {}

    bool wantsRecord(const JsonPath &path) const override
    {
        return path.size() == 2 && path.isKey(0, "requests") && path.isIndex(1);
    }

    core::Result<void> beginDocument(int doc) override
    {
        if (doc > 0)
            return core::fail("bad-json", "a run file holds one JSON document; another follows it",
                              m_file);
        return {};
    }

    core::Result<void> enter(const JsonPath &path, JValue::Kind kind) override
    {
        if (path.empty() && kind != JValue::Kind::Object)
            return core::fail("wrong-type", "a vLLM bench run is a JSON object", m_file);
        if (path.size() != 1)
            return {};
        if (path.isKey(0, "requests")) {
            if (kind != JValue::Kind::Array)
                return wrongType({}, "requests", "an array of request records", kind);
            m_sawRequests = true;
        } else if (path.isKey(0, "started_unix")) {
            return wrongType({}, "started_unix", "a number of seconds", kind);
        }
        return {};
    }

    core::Result<void> scalar(const JsonPath &path, const JValue &value) override
    {
        if (path.empty())
            return core::fail("wrong-type", "a vLLM bench run is a JSON object", m_file);
        if (path.size() != 1)
            return {};
        if (path.isKey(0, "requests"))
            return wrongType({}, "requests", "an array of request records", value.kind());
        if (path.isKey(0, "started_unix")) {
            auto origin = seconds(&value, {}, "started_unix");
            if (!origin)
                return core::fail(origin.error());
            m_origin = *origin;
        }
        return {};
    }

    core::Result<void> record(const JsonPath &path, JValue &&value) override
    {
        return request(path.toString(), value);
    }

    core::Result<void> endDocument(int) override
    {
        if (!m_origin)
            return core::fail("missing-field", "the run has no start time (epoch seconds)", m_file,
                              {}, "started_unix");
        if (!m_sawRequests)
            return core::fail("missing-field", "the run has no request records", m_file, {},
                              "requests");
        return {};
    }

    VllmBenchRead take()
    {
        VllmBenchRead out;
        out.telemetry.skipped = m_skipped;
        out.telemetry.records.reserve(m_pending.size());
        for (Pending &p : m_pending) {
            p.record.sendUs = microseconds(*m_origin + p.send);
            p.record.firstUs = microseconds(*m_origin + p.first);
            p.record.doneUs = microseconds(*m_origin + p.done);
            out.telemetry.records.push_back(std::move(p.record));
        }
        out.roundedTimes = m_rounded;
        return out;
    }

private:
    std::unexpected<core::Error> wrongType(const std::string &where,
                                           const std::string &field,
                                           const std::string &expected,
                                           JValue::Kind found) const
    {
        return core::fail("wrong-type",
                          "expected " + expected + ", found " + JValue::kindName(found), m_file,
                          where, field);
    }

    core::Result<core::Decimal>
    seconds(const JValue *v, const std::string &where, const std::string &field) const
    {
        if (!v || v->isNull())
            return core::fail("missing-field", "the time is missing", m_file, where, field);
        if (!v->isNumber())
            return wrongType(where, field, "a number of seconds", v->kind());
        auto s = core::Decimal::parse(v->text());
        if (!s || *s > kMaxSeconds || *s < -kMaxSeconds)
            return core::fail("bad-timestamp", "'" + v->text() + "' is not a time in seconds",
                              m_file, where, field);
        return *s;
    }

    core::Result<std::int64_t>
    count(const JValue *v, const std::string &where, const std::string &field) const
    {
        if (!v || v->isNull())
            return core::fail("missing-field", "the token count is missing", m_file, where, field);
        if (!v->isNumber())
            return wrongType(where, field, "a token count", v->kind());
        const std::string &t = v->text();
        if (t.empty() || t.size() > 18 || t.find_first_not_of("0123456789") != std::string::npos)
            return core::fail("bad-token-count", "'" + t + "' is not a non-negative integer",
                              m_file, where, field);
        return std::stoll(t);
    }

    /// One request record: served ones are kept, the others counted.
    core::Result<void> request(const std::string &where, const JValue &r)
    {
        if (!r.isObject())
            return wrongType(where, {}, "a request record (an object)", r.kind());
        const JValue *first = r.get("first");
        const JValue *usage = r.get("usage");
        if (r.get("error") || !first || !usage) {
            ++m_skipped; // errored or never produced a token: not served
            return {};
        }
        if (!usage->isObject())
            return wrongType(where, "usage", "an object", usage->kind());
        Pending p;
        if (const JValue *team = r.get("team")) {
            if (!team->isString())
                return wrongType(where, "team", "a string or null", team->kind());
            p.record.tenant = team->text();
        }
        auto send = seconds(r.find("send"), where, "send");
        if (!send)
            return core::fail(send.error());
        auto firstS = seconds(first, where, "first");
        if (!firstS)
            return core::fail(firstS.error());
        auto done = seconds(r.find("done"), where, "done");
        if (!done)
            return core::fail(done.error());
        if (*firstS < *send || *done < *firstS)
            return core::fail("bad-request-times",
                              "times must satisfy send <= first <= done (" + send->toString() +
                                  ", " + firstS->toString() + ", " + done->toString() + ")",
                              m_file, where, *firstS < *send ? "first" : "done");
        auto prompt = count(usage->find("prompt_tokens"), where, "usage.prompt_tokens");
        if (!prompt)
            return core::fail(prompt.error());
        auto completion = count(usage->find("completion_tokens"), where, "usage.completion_tokens");
        if (!completion)
            return core::fail(completion.error());
        if (const JValue *details = usage->get("prompt_tokens_details")) {
            if (!details->isObject())
                return wrongType(where, "usage.prompt_tokens_details", "an object",
                                 details->kind());
            if (const JValue *cached = details->get("cached_tokens")) {
                auto c = count(cached, where, "usage.prompt_tokens_details.cached_tokens");
                if (!c)
                    return core::fail(c.error());
                p.record.cachedTokens = *c;
            }
        }
        p.record.promptTokens = *prompt;
        p.record.completionTokens = *completion;
        p.send = *send;
        p.first = *firstS;
        p.done = *done;
        m_pending.push_back(std::move(p));
        return {};
    }

    /// Exact seconds to microseconds, rounded once, half-even.
    core::TimeUs microseconds(core::Decimal s)
    {
        const core::Decimal us = s.times(core::kUsPerSecond);
        const core::Decimal whole = us.roundedHalfEven(0);
        if (whole != us)
            ++m_rounded;
        return static_cast<core::TimeUs>(whole.units() / kUnitsPerInteger);
    }

    const std::string &m_file;
    std::optional<core::Decimal> m_origin;
    bool m_sawRequests = false;
    std::vector<Pending> m_pending;
    std::int64_t m_skipped = 0;
    std::int64_t m_rounded = 0;
};

} // namespace

bool isVllmBench(std::string_view bytes)
{
    if (bytes.starts_with("\xEF\xBB\xBF"))
        bytes.remove_prefix(3);
    size_t p = 0;
    while (p < bytes.size() && isSpace(bytes[p]))
        ++p;
    return p < bytes.size() && bytes[p] == '{' && hasMember(bytes, "started_unix") &&
           hasMember(bytes, "requests");
}

core::Result<VllmBenchRead> readVllmBench(std::string_view bytes, const std::string &fileName)
{
    BenchVisitor visitor(fileName);
    if (auto r = streamJson(bytes, fileName, visitor, {}); !r)
        return core::fail(r.error());
    return visitor.take();
}

} // namespace unalloc::adapters
