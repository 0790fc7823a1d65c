#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace unalloc::adapters {

/// @brief One materialised JSON value that keeps every number's literal text.
///
/// nlohmann::json would turn 19147.10 into a double; money must come from the text, so the
/// streaming parser builds these small trees instead, one record at a time.
class JValue final
{
public:
    enum class Kind { Null, Bool, Number, String, Object, Array };
    using Member = std::pair<std::string, JValue>;

    JValue() = default;
    static JValue null() { return JValue(); }
    static JValue boolean(bool b);
    static JValue number(std::string text);
    static JValue string(std::string text);
    static JValue object();
    static JValue array();

    Kind kind() const { return m_kind; }
    bool isNull() const { return m_kind == Kind::Null; }
    bool isBool() const { return m_kind == Kind::Bool; }
    bool isNumber() const { return m_kind == Kind::Number; }
    bool isString() const { return m_kind == Kind::String; }
    bool isObject() const { return m_kind == Kind::Object; }
    bool isArray() const { return m_kind == Kind::Array; }
    bool isScalar() const { return m_kind != Kind::Object && m_kind != Kind::Array; }

    /// The string's text, the number's literal text, "true"/"false"; empty for null and
    /// containers.
    const std::string &text() const { return m_text; }
    /// Member by key (first match), or nullptr; nullptr on non-objects.
    const JValue *find(std::string_view key) const;
    /// Member that is present and not null, or nullptr.
    const JValue *get(std::string_view key) const;
    const std::vector<Member> &members() const { return m_members; }
    const std::vector<JValue> &items() const { return m_items; }
    std::vector<Member> &members() { return m_members; }
    std::vector<JValue> &items() { return m_items; }

    /// Compact JSON text (numbers keep their literal text).
    std::string dump() const;
    /// "string", "number", … for error messages.
    static const char *kindName(Kind k);

private:
    Kind m_kind = Kind::Null;
    std::string m_text;
    std::vector<Member> m_members;
    std::vector<JValue> m_items;
};

/// A location inside a JSON document: `data[0].results[2]`.
class JsonPath final
{
public:
    struct Segment
    {
        std::string key;         ///< object member name (when index < 0)
        std::int64_t index = -1; ///< array position
    };
    void push(Segment s) { m_segments.push_back(std::move(s)); }
    void pop() { m_segments.pop_back(); }
    size_t size() const { return m_segments.size(); }
    bool empty() const { return m_segments.empty(); }
    const Segment &operator[](size_t i) const { return m_segments[i]; }
    const Segment &back() const { return m_segments.back(); }
    std::string toString() const;
    /// True when segment i is an array element.
    bool isIndex(size_t i) const { return m_segments[i].index >= 0; }
    /// True when segment i is the member `key`.
    bool isKey(size_t i, std::string_view key) const
    {
        return m_segments[i].index < 0 && m_segments[i].key == key;
    }

private:
    std::vector<Segment> m_segments;
};

/// The text of a present, non-null scalar; "" for absent, null, objects and arrays.
inline std::string scalarText(const JValue *v)
{
    return (v && v->isScalar() && !v->isNull()) ? v->text() : std::string();
}

} // namespace unalloc::adapters
