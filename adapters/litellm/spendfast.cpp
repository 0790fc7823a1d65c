// The bulk LiteLLM reader: walks the envelope and each record with JsonCursor and fills a
// FastRecord in place, so a record costs no JValue tree and no per-token allocation. Records
// it cannot read plainly (escapes, non-ASCII text, metadata as a string, odd shapes) go
// through the generic per-record path, so both paths give the same rows.
#include "jsoncursor.h"
#include "spendvisitor.h"

#include <charconv>
#include <string_view>

namespace unalloc::adapters::litellm_detail {

namespace {

using Kind = JValue::Kind;

std::optional<SpendField> fieldOf(std::string_view key)
{
    using F = SpendField;
    using namespace std::string_view_literals;
    // By length first: a record's other keys (call_type, api_key, …) fall out after one or
    // two comparisons, and the branches stay predictable from record to record.
    switch (key.size()) {
    case 4:
        return key == "cost"sv ? F::Cost : key == "user"sv ? F::User : std::optional<F>();
    case 5:
        return key == "spend"sv ? F::Spend : key == "model"sv ? F::Model : std::optional<F>();
    case 7:
        return key == "endTime"sv   ? F::EndTime
               : key == "team_id"sv ? F::TeamId
                                    : std::optional<F>();
    case 8:
        return key == "metadata"sv   ? F::Metadata
               : key == "end_user"sv ? F::EndUser
               : key == "end_time"sv ? F::EndTimeSnake
               : key == "api_base"sv ? F::ApiBase
                                     : std::optional<F>();
    case 9:
        return key == "startTime"sv ? F::StartTime : std::optional<F>();
    case 10:
        return key == "request_id"sv   ? F::RequestId
               : key == "start_time"sv ? F::StartTimeSnake
                                       : std::optional<F>();
    case 11:
        return key == "model_group"sv ? F::ModelGroup : std::optional<F>();
    case 12:
        return key == "request_tags"sv   ? F::RequestTags
               : key == "total_tokens"sv ? F::TotalTokens
                                         : std::optional<F>();
    case 13:
        return key == "api_key_alias"sv   ? F::ApiKeyAlias
               : key == "prompt_tokens"sv ? F::PromptTokens
                                          : std::optional<F>();
    case 17:
        return key == "completion_tokens"sv ? F::CompletionTokens : std::optional<F>();
    case 19:
        return key == "completionStartTime"sv   ? F::CompletionStartTime
               : key == "custom_llm_provider"sv ? F::CustomLlmProvider
                                                : std::optional<F>();
    default:
        return std::nullopt;
    }
}

/// Outcome of a step: fine, malformed JSON, or a shape the bulk reader does not take.
enum class Step { Ok, Malformed, Declined };

class FastReader final
{
public:
    FastReader(std::string_view bytes, BatchBuilder &b, Visitor &v, const Progress &progress)
        : m_bytes(bytes)
        , m_cur(bytes.data(), bytes.data() + bytes.size())
        , m_b(b)
        , m_v(v)
        , m_progress(progress)
    {}

    /// Ok: read. Declined: nothing delivered, stream generically. Malformed: re-read for the
    /// error. A Result error is final (a record's semantic error, a cancel).
    core::Result<Step> run();

private:
    core::Result<Step> document();
    core::Result<Step> list(const std::string &prefix);
    core::Result<Step> envelopeMember(std::string_view key);
    core::Result<Step> record(const std::string &where, std::int64_t index, bool inData);
    Step readRecord(bool &plain);
    Step readScalar(FastScalar &out, bool &plain);
    Step readMetadata(FastScalar &out, bool &plain);
    Step readTags(FastScalar &out, bool &plain);
    bool decode(const char *quote, JValue &out);

    std::string_view m_bytes;
    JsonCursor m_cur;
    BatchBuilder &m_b;
    Visitor &m_v;
    const Progress &m_progress;
    /// True when `key` is among `seen` (and remembers it otherwise), or when the object has
    /// too many keys to scan. Records have a few dozen: comparing lengths first is cheap.
    static bool repeatedKey(std::vector<std::string_view> &seen, std::string_view key)
    {
        // An object with more keys than any real record: the generic reader (which keeps a
        // set of them) takes it, so that no input makes this scan quadratic.
        if (seen.size() >= 64)
            return true;
        for (const std::string_view k : seen)
            if (k.size() == key.size() && k == key)
                return true;
        seen.push_back(key);
        return false;
    }

    FastRecord m_rec;
    std::vector<std::string_view> m_recordKeys;   ///< keys of the record being read
    std::vector<std::string_view> m_metadataKeys; ///< keys of its metadata object
    bool m_delivered = false;
    int m_sinceProgress = 0;
};

core::Result<Step> FastReader::run()
{
    if (m_bytes.starts_with("\xEF\xBB\xBF"))
        m_cur = JsonCursor(m_bytes.data() + 3, m_bytes.data() + m_bytes.size());
    int doc = 0;
    for (char c = m_cur.peek(); c != '\0'; c = m_cur.peek(), ++doc) {
        if (c != '[' && c != '{')
            return m_delivered ? Step::Malformed : Step::Declined;
        (void)m_v.beginDocument(doc);
        auto s = document();
        if (!s || *s != Step::Ok)
            return s;
        (void)m_v.endDocument(doc);
    }
    if (doc == 0)
        return Step::Declined; // the generic path words the empty-file error
    const auto size = static_cast<std::int64_t>(m_bytes.size());
    if (m_progress && !m_progress(size, size))
        return core::fail("cancelled", "the read was cancelled", m_b.file());
    return Step::Ok;
}

core::Result<Step> FastReader::document()
{
    if (m_cur.peek() == '[')
        return list({});
    m_cur.consume('{');
    if (m_cur.consume('}'))
        return Step::Ok;
    do {
        const char *quote = (m_cur.peek(), m_cur.pos());
        std::string_view key;
        bool plain = true;
        if (!m_cur.string(key, plain) || !m_cur.consume(':'))
            return Step::Malformed;
        JValue decoded;
        if (!plain) {
            if (!decode(quote, decoded))
                return Step::Malformed;
            key = decoded.text();
        }
        auto s = envelopeMember(key);
        if (!s || *s != Step::Ok)
            return s;
    } while (m_cur.consume(','));
    return m_cur.consume('}') ? Step::Ok : Step::Malformed;
}

core::Result<Step> FastReader::envelopeMember(std::string_view key)
{
    const char c = m_cur.peek();
    if (key == "data" && c == '[')
        return list("data");
    const char *start = m_cur.pos();
    bool plain = true;
    if (c == '{' || c == '[') {
        if (!m_cur.skipValue(plain))
            return Step::Malformed;
        JValue ignored;
        if (!plain && !decode(start, ignored)) // the generic parser validates these strings
            return Step::Malformed;
        return Step::Ok;
    }
    FastScalar s;
    if (readScalar(s, plain) != Step::Ok)
        return Step::Malformed;
    JValue v = s.kind == Kind::Number ? JValue::number(std::string(s.text))
               : s.kind == Kind::Bool ? JValue::boolean(s.text == "true")
               : s.kind == Kind::Null ? JValue::null()
                                      : JValue::string(std::string(s.text));
    if (!plain && !decode(start, v))
        return Step::Malformed;
    JsonPath path;
    path.push({std::string(key), -1});
    if (auto r = m_v.scalar(path, v); !r)
        return std::unexpected(r.error());
    return Step::Ok;
}

core::Result<Step> FastReader::list(const std::string &prefix)
{
    m_cur.consume('[');
    if (m_cur.consume(']'))
        return Step::Ok;
    std::int64_t index = 0;
    std::string where;
    do {
        char digits[24];
        const auto n = std::to_chars(digits, digits + sizeof digits, index).ptr;
        where = prefix;
        where += '[';
        where.append(digits, n);
        where += ']';
        auto s = record(where, index++, !prefix.empty());
        if (!s || *s != Step::Ok)
            return s;
    } while (m_cur.consume(','));
    return m_cur.consume(']') ? Step::Ok : Step::Malformed;
}

core::Result<Step> FastReader::record(const std::string &where, std::int64_t index, bool inData)
{
    const char *start = (m_cur.peek(), m_cur.pos());
    bool plain = true;
    m_rec.clear();
    const Step read = m_cur.peek() == '{'      ? readRecord(plain)
                      : m_cur.skipValue(plain) ? Step::Declined
                                               : Step::Malformed;
    if (read == Step::Malformed)
        return Step::Malformed;
    m_delivered = true;
    bool done = false;
    if (read == Step::Ok && plain) {
        auto r = m_v.recordFast(m_rec, where);
        if (!r)
            return std::unexpected(r.error());
        done = *r;
    }
    if (!done) {
        // The record sits in the top-level list, or in the list under "data".
        auto value =
            parseSmallJson(std::string_view(start, size_t(m_cur.pos() - start)), inData ? 2 : 1,
                           [&](const std::string &inner, const std::string &key) {
                               m_v.duplicateKey(inner.empty() ? where : where + "." + inner, key);
                           });
        if (!value)
            return Step::Malformed;
        JsonPath path;
        if (inData)
            path.push({"data", -1});
        path.push({{}, index});
        if (auto r = m_v.record(path, std::move(*value)); !r)
            return std::unexpected(r.error());
    }
    if (m_progress && ++m_sinceProgress >= 1024) {
        m_sinceProgress = 0;
        if (!m_progress(m_cur.pos() - m_bytes.data(), static_cast<std::int64_t>(m_bytes.size())))
            return core::fail("cancelled", "the read was cancelled", m_b.file());
    }
    return Step::Ok;
}

Step FastReader::readRecord(bool &plain)
{
    m_cur.consume('{');
    m_recordKeys.clear();
    if (m_cur.consume('}'))
        return Step::Ok;
    do {
        std::string_view key;
        bool plainKey = true;
        m_cur.peek();
        if (!m_cur.string(key, plainKey) || !m_cur.consume(':'))
            return Step::Malformed;
        // A repeated key: the generic reader reads the record and warns about it.
        if (repeatedKey(m_recordKeys, key))
            plain = false;
        const auto field = plainKey ? fieldOf(key) : std::nullopt;
        plain = plain && plainKey;
        Step s = Step::Ok;
        if (!field) {
            s = m_cur.skipValue(plain) ? Step::Ok : Step::Malformed;
        } else {
            FastScalar &out = m_rec.fields[static_cast<size_t>(*field)];
            plain = plain && !m_rec.seen(out); // a repeated field: the generic path picks
            s = *field == SpendField::Metadata      ? readMetadata(out, plain)
                : *field == SpendField::RequestTags ? readTags(out, plain)
                                                    : readScalar(out, plain);
            m_rec.markSeen(out);
        }
        if (s != Step::Ok)
            return s;
    } while (m_cur.consume(','));
    return m_cur.consume('}') ? Step::Ok : Step::Malformed;
}

Step FastReader::readScalar(FastScalar &out, bool &plain)
{
    const char c = m_cur.peek();
    bool ok = true;
    out.text = {};
    if (c == '"') {
        out.kind = Kind::String;
        ok = m_cur.string(out.text, plain);
    } else if (c == 't' || c == 'f') {
        out.kind = Kind::Bool;
        out.text = c == 't' ? "true" : "false";
        ok = m_cur.literal(out.text);
    } else if (c == 'n') {
        out.kind = Kind::Null;
        ok = m_cur.literal("null");
    } else if (c == '{' || c == '[') {
        out.kind = c == '{' ? Kind::Object : Kind::Array;
        ok = m_cur.skipValue(plain);
    } else {
        out.kind = Kind::Number;
        ok = m_cur.number(out.text);
        plain = plain && out.text != "-0"; // the generic parser spells it "0"
    }
    return ok ? Step::Ok : Step::Malformed;
}

Step FastReader::readMetadata(FastScalar &out, bool &plain)
{
    if (m_cur.peek() != '{')
        return readScalar(out, plain);
    out.kind = Kind::Object;
    m_cur.consume('{');
    m_metadataKeys.clear();
    if (m_cur.consume('}'))
        return Step::Ok;
    do {
        std::string_view key;
        m_cur.peek();
        if (!m_cur.string(key, plain) || !m_cur.consume(':'))
            return Step::Malformed;
        if (repeatedKey(m_metadataKeys, key))
            plain = false;
        FastScalar v;
        if (readScalar(v, plain) != Step::Ok)
            return Step::Malformed;
        // Nested label sources and cached-token counts: the generic path reads those. A real
        // proxy writes both keys on every row, nearly always as null: nothing to read then.
        if ((key == "spend_logs_metadata" || key == "additional_usage_values") &&
            v.kind != Kind::Null)
            plain = false;
        if (v.kind != Kind::Object && v.kind != Kind::Array)
            m_rec.metadata.emplace_back(key, v);
    } while (m_cur.consume(','));
    return m_cur.consume('}') ? Step::Ok : Step::Malformed;
}

Step FastReader::readTags(FastScalar &out, bool &plain)
{
    if (m_cur.peek() != '[')
        return readScalar(out, plain);
    out.kind = Kind::Array;
    m_cur.consume('[');
    if (m_cur.consume(']'))
        return Step::Ok;
    do {
        FastScalar v;
        if (readScalar(v, plain) != Step::Ok)
            return Step::Malformed;
        if (v.kind != Kind::Object && v.kind != Kind::Array)
            m_rec.tags.push_back(v);
    } while (m_cur.consume(','));
    return m_cur.consume(']') ? Step::Ok : Step::Malformed;
}

/// Decodes (and validates) the value starting at `start` with the generic parser.
bool FastReader::decode(const char *start, JValue &out)
{
    JsonCursor probe(start, m_bytes.data() + m_bytes.size());
    bool plain = true;
    if (!probe.skipValue(plain))
        return false;
    // Only envelope members (inside the top-level object) are decoded here.
    auto v = parseSmallJson(std::string_view(start, size_t(probe.pos() - start)), 1);
    if (!v)
        return false;
    out = std::move(*v);
    return true;
}

} // namespace

core::Result<bool> readFast(std::string_view bytes,
                            BatchBuilder &b,
                            Visitor &v,
                            const Progress &progress,
                            const std::function<core::Result<void>()> &rereadForError)
{
    FastReader reader(bytes, b, v, progress);
    auto step = reader.run();
    if (!step)
        return std::unexpected(step.error());
    if (*step == Step::Declined)
        return false;
    if (*step == Step::Ok)
        return true;
    if (auto r = rereadForError(); !r)
        return std::unexpected(r.error());
    return core::fail("internal",
                      "the bulk LiteLLM reader rejected JSON the generic parser "
                      "accepts",
                      b.file());
}

} // namespace unalloc::adapters::litellm_detail
