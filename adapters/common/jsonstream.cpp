#include "jsonstream.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <memory>
#include <unordered_set>

namespace unalloc::adapters {

namespace {

/// A char iterator that publishes how far the parser has read, so that concatenated
/// documents can be split and progress reported without a second pass.
class TrackingIterator final
{
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = const char &;

    TrackingIterator() = default;
    TrackingIterator(const char *p, const char **published)
        : m_p(p)
        , m_published(published)
    {}
    reference operator*() const { return *m_p; }
    TrackingIterator &operator++()
    {
        ++m_p;
        if (m_published)
            *m_published = m_p;
        return *this;
    }
    TrackingIterator operator++(int)
    {
        TrackingIterator old = *this;
        ++*this;
        return old;
    }
    friend bool operator==(const TrackingIterator &a, const TrackingIterator &b)
    {
        return a.m_p == b.m_p;
    }

private:
    const char *m_p = nullptr;
    const char **m_published = nullptr;
};

using json = nlohmann::json;

/// Builds JValues for records and forwards envelope events; stops at the first error.
class Handler final : public nlohmann::json_sax<json>
{
public:
    Handler(JsonVisitor &visitor,
            const std::string &file,
            const Progress &progress,
            const char *begin,
            const char *const *cursor,
            std::int64_t total)
        : m_visitor(visitor)
        , m_file(file)
        , m_progress(progress)
        , m_begin(begin)
        , m_cursor(cursor)
        , m_total(total)
    {}

    bool null() override { return scalarValue(JValue::null()); }
    bool boolean(bool b) override { return scalarValue(JValue::boolean(b)); }
    bool number_integer(number_integer_t v) override
    {
        return scalarValue(JValue::number(std::to_string(v)));
    }
    bool number_unsigned(number_unsigned_t v) override
    {
        return scalarValue(JValue::number(std::to_string(v)));
    }
    bool number_float(number_float_t, const string_t &s) override
    {
        return scalarValue(JValue::number(s));
    }
    bool string(string_t &s) override { return scalarValue(JValue::string(std::move(s))); }
    bool binary(binary_t &) override { return scalarValue(JValue::null()); }
    bool start_object(std::size_t) override { return startContainer(JValue::object()); }
    bool start_array(std::size_t) override { return startContainer(JValue::array()); }
    bool end_object() override { return endContainer(); }
    bool end_array() override { return endContainer(); }
    bool key(string_t &k) override
    {
        if (!m_build.empty()) {
            if (m_build.back().isObject() && repeated(k))
                m_visitor.duplicateKey(buildPath(), k);
            m_buildKeys.back() = std::move(k);
        } else if (!m_frames.empty())
            m_frames.back().key = std::move(k);
        return true;
    }
    /// True when the object being built already has a member `k`. Record objects are
    /// small and scanned; one that grows past kScanMembers gets a set of its keys, so that
    /// a hostile object with a million keys costs linear time, not quadratic.
    bool repeated(const std::string &k)
    {
        static constexpr size_t kScanMembers = 32;
        const auto &members = m_build.back().members();
        auto &set = m_buildKeySets.back();
        if (!set && members.size() < kScanMembers) {
            for (const auto &m : members)
                if (m.first == k)
                    return true;
            return false;
        }
        if (!set) {
            set = std::make_unique<std::unordered_set<std::string>>();
            for (const auto &m : members)
                set->insert(m.first);
        }
        return !set->insert(k).second;
    }
    /// The path of the object being built: the record's path plus the members and items
    /// leading to it.
    std::string buildPath() const
    {
        JsonPath path = m_recordPath;
        for (size_t i = 1; i < m_build.size(); ++i) {
            const JValue &parent = m_build[i - 1];
            if (parent.isArray())
                path.push({{}, static_cast<std::int64_t>(parent.items().size())});
            else
                path.push({m_buildKeys[i - 1], -1});
        }
        return path.toString();
    }
    bool parse_error(std::size_t position,
                     const std::string &lastToken,
                     const nlohmann::detail::exception &ex) override
    {
        std::string what = ex.what();
        // Drop the library's "[json.exception.parse_error.101] parse error at line 1, column
        // 2: " prefix: its position counts from the start of the current document, which is
        // not the file's for the second document of a page set.
        if (const auto p = what.find("] "); p != std::string::npos)
            what = what.substr(p + 2);
        if (what.starts_with("parse error"))
            if (const auto p = what.find(": "); p != std::string::npos)
                what = what.substr(p + 2);
        // nlohmann counts 1-based from the document's first byte.
        const std::int64_t docOffset = m_docStart - m_begin;
        const std::int64_t at = docOffset + static_cast<std::int64_t>(position);
        const bool truncated =
            at >= m_total || lastToken.find("<end of input>") != std::string::npos;
        std::string where = m_path.toString();
        if (!m_build.empty())
            where = m_recordPath.toString();
        std::string detail =
            "invalid JSON at byte " + std::to_string(at) + " (" + lineColumn(at) + "): " + what;
        if (m_document > 0 && position <= 1) {
            detail = "unexpected text at byte " + std::to_string(at) + " (" + lineColumn(at) +
                     ") after the end of the JSON document: only whitespace or another whole "
                     "document (a page set) may follow";
        }
        m_error = core::Error{truncated ? "truncated-json" : "bad-json", detail, m_file, where, {}};
        return false;
    }

    std::optional<core::Error> takeError() { return std::move(m_error); }
    void setBaseDepth(int depth) { m_baseDepth = static_cast<size_t>(std::max(depth, 0)); }
    bool failed() const { return m_error.has_value(); }
    void resetDocument(int document, const char *start)
    {
        m_document = document;
        m_docStart = start;
        m_frames.clear();
        m_build.clear();
        m_buildKeys.clear();
        m_buildKeySets.clear();
        m_path = JsonPath();
    }

private:
    struct Frame
    {
        bool isArray = false;
        std::int64_t next = 0;
        std::string key;
    };

    bool check(core::Result<void> r)
    {
        if (!r) {
            m_error = std::move(r.error());
            return false;
        }
        return true;
    }
    void beginValue()
    {
        if (m_frames.empty())
            return;
        Frame &f = m_frames.back();
        if (f.isArray)
            m_path.push({{}, f.next++});
        else
            m_path.push({f.key, -1});
    }
    void endValue()
    {
        if (!m_frames.empty())
            m_path.pop();
    }
    bool attach(JValue &&v)
    {
        if (m_build.empty())
            return deliver(std::move(v));
        JValue &parent = m_build.back();
        if (parent.isArray())
            parent.items().push_back(std::move(v));
        else
            parent.members().emplace_back(m_buildKeys.back(), std::move(v));
        return true;
    }
    bool deliver(JValue &&v)
    {
        if (!check(m_visitor.record(m_recordPath, std::move(v))))
            return false;
        endValue();
        return reportProgress();
    }
    bool reportProgress()
    {
        if (!m_progress || ++m_sinceProgress < 1024)
            return true;
        m_sinceProgress = 0;
        if (!m_progress(*m_cursor - m_begin, m_total)) {
            m_error = core::Error{"cancelled", "the read was cancelled", m_file, {}, {}};
            return false;
        }
        return true;
    }
    bool scalarValue(JValue &&v)
    {
        if (!m_build.empty())
            return attach(std::move(v));
        beginValue();
        if (m_visitor.wantsRecord(m_path)) {
            m_recordPath = m_path;
            return deliver(std::move(v));
        }
        if (!check(m_visitor.scalar(m_path, v)))
            return false;
        endValue();
        return true;
    }
    bool startContainer(JValue &&v)
    {
        if (m_baseDepth + m_frames.size() + m_build.size() >= static_cast<size_t>(kMaxJsonDepth))
            return tooDeep();
        if (!m_build.empty()) {
            m_build.push_back(std::move(v));
            m_buildKeys.emplace_back();
            m_buildKeySets.emplace_back();
            return true;
        }
        beginValue();
        if (m_visitor.wantsRecord(m_path)) {
            m_recordPath = m_path;
            m_build.push_back(std::move(v));
            m_buildKeys.emplace_back();
            m_buildKeySets.emplace_back();
            return true;
        }
        if (!check(m_visitor.enter(m_path, v.kind())))
            return false;
        m_frames.push_back(Frame{v.isArray(), 0, {}});
        return true;
    }
    /// "line 3, column 5" of the 1-based byte offset `at` (errors only: it counts lines).
    std::string lineColumn(std::int64_t at) const
    {
        const std::int64_t end = std::min(at, m_total);
        std::int64_t line = 1, lineStart = 0;
        for (std::int64_t i = 0; i + 1 < end; ++i) {
            if (m_begin[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        return "line " + std::to_string(line) + ", column " + std::to_string(at - lineStart);
    }
    bool tooDeep()
    {
        std::string where = m_path.toString();
        if (!m_build.empty())
            where = m_recordPath.toString();
        m_error =
            core::Error{"too-deep",
                        "JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                            " levels at byte " + std::to_string(*m_cursor - m_begin) + " (" +
                            lineColumn(*m_cursor - m_begin) + ")" + "; no export nests that deep",
                        m_file,
                        where,
                        {}};
        return false;
    }
    bool endContainer()
    {
        if (!m_build.empty()) {
            JValue done = std::move(m_build.back());
            m_build.pop_back();
            m_buildKeys.pop_back();
            m_buildKeySets.pop_back();
            return attach(std::move(done));
        }
        m_frames.pop_back();
        if (!check(m_visitor.leave(m_path)))
            return false;
        endValue();
        return true;
    }

    JsonVisitor &m_visitor;
    const std::string &m_file;
    const Progress &m_progress;
    const char *m_begin;
    const char *const *m_cursor;
    std::int64_t m_total;
    std::vector<Frame> m_frames;
    JsonPath m_path;
    JsonPath m_recordPath;
    std::vector<JValue> m_build;
    std::vector<std::string> m_buildKeys;
    /// Keys of a large object being built (null until it has kScanMembers members).
    std::vector<std::unique_ptr<std::unordered_set<std::string>>> m_buildKeySets;
    std::optional<core::Error> m_error;
    int m_sinceProgress = 0;
    int m_document = 0;
    size_t m_baseDepth = 0; ///< containers open around the text (parseSmallJson)
    const char *m_docStart = nullptr;
};

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

} // namespace

namespace {

core::Result<void> streamJsonAt(std::string_view bytes,
                                const std::string &fileName,
                                JsonVisitor &visitor,
                                const Progress &progress,
                                int baseDepth)
{
    const char *begin = bytes.data();
    const char *end = begin + bytes.size();
    const char *p = begin;
    if (bytes.starts_with("\xEF\xBB\xBF"))
        p += 3;
    const char *cursor = p;
    Handler handler(visitor, fileName, progress, begin, &cursor,
                    static_cast<std::int64_t>(bytes.size()));
    handler.setBaseDepth(baseDepth);
    int doc = 0;
    while (true) {
        while (p != end && isSpace(*p))
            ++p;
        if (p == end)
            break;
        if (auto r = visitor.beginDocument(doc); !r)
            return std::unexpected(r.error());
        handler.resetDocument(doc, p);
        cursor = p;
        json::sax_parse(TrackingIterator(p, &cursor), TrackingIterator(end, nullptr), &handler,
                        nlohmann::json::input_format_t::json, /*strict=*/false);
        if (handler.failed())
            return std::unexpected(*handler.takeError());
        if (auto r = visitor.endDocument(doc); !r)
            return std::unexpected(r.error());
        p = cursor;
        ++doc;
    }
    if (doc == 0)
        return core::fail("empty-file", "the file holds no JSON document", fileName);
    if (progress &&
        !progress(static_cast<std::int64_t>(bytes.size()), static_cast<std::int64_t>(bytes.size())))
        return core::fail("cancelled", "the read was cancelled", fileName);
    return {};
}

} // namespace

core::Result<void> streamJson(std::string_view bytes,
                              const std::string &fileName,
                              JsonVisitor &visitor,
                              const Progress &progress)
{
    return streamJsonAt(bytes, fileName, visitor, progress, 0);
}

namespace {

/// Materialises the whole (small) document as the single record at the root.
class WholeDocument final : public JsonVisitor
{
public:
    explicit WholeDocument(
        const std::function<void(const std::string &, const std::string &)> &onDuplicateKey)
        : m_onDuplicateKey(onDuplicateKey)
    {}
    void duplicateKey(const std::string &where, const std::string &key) override
    {
        if (m_onDuplicateKey)
            m_onDuplicateKey(where, key);
    }
    const std::function<void(const std::string &, const std::string &)> &m_onDuplicateKey;
    bool wantsRecord(const JsonPath &path) const override { return path.empty(); }
    core::Result<void> record(const JsonPath &, JValue &&value) override
    {
        m_value = std::move(value);
        ++m_count;
        return {};
    }
    JValue m_value;
    int m_count = 0;
};

} // namespace

core::Result<JValue> parseSmallJson(
    std::string_view text,
    int baseDepth,
    const std::function<void(const std::string &where, const std::string &key)> &onDuplicateKey)
{
    WholeDocument doc(onDuplicateKey);
    const std::string noFile;
    if (auto r = streamJsonAt(text, noFile, doc, {}, baseDepth); !r)
        return std::unexpected(r.error());
    if (doc.m_count != 1)
        return core::fail("bad-json", "expected exactly one JSON value");
    return std::move(doc.m_value);
}

} // namespace unalloc::adapters
