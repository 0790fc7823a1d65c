#include "jsonvalue.h"

namespace unalloc::adapters {

JValue JValue::boolean(bool b)
{
    JValue v;
    v.m_kind = Kind::Bool;
    v.m_text = b ? "true" : "false";
    return v;
}

JValue JValue::number(std::string text)
{
    JValue v;
    v.m_kind = Kind::Number;
    v.m_text = std::move(text);
    return v;
}

JValue JValue::string(std::string text)
{
    JValue v;
    v.m_kind = Kind::String;
    v.m_text = std::move(text);
    return v;
}

JValue JValue::object()
{
    JValue v;
    v.m_kind = Kind::Object;
    return v;
}

JValue JValue::array()
{
    JValue v;
    v.m_kind = Kind::Array;
    return v;
}

const JValue *JValue::find(std::string_view key) const
{
    for (const auto &[k, v] : m_members) {
        if (k == key)
            return &v;
    }
    return nullptr;
}

const JValue *JValue::get(std::string_view key) const
{
    const JValue *v = find(key);
    return (v && !v->isNull()) ? v : nullptr;
}

namespace {

void appendQuoted(std::string &out, const std::string &s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            out += "\\u00";
            out += kHex[u >> 4];
            out += kHex[u & 15];
        } else {
            out += c;
        }
    }
    out += '"';
}

void dumpTo(std::string &out, const JValue &v)
{
    switch (v.kind()) {
    case JValue::Kind::Null:
        out += "null";
        break;
    case JValue::Kind::Bool:
    case JValue::Kind::Number:
        out += v.text();
        break;
    case JValue::Kind::String:
        appendQuoted(out, v.text());
        break;
    case JValue::Kind::Object: {
        out += '{';
        bool first = true;
        for (const auto &[k, m] : v.members()) {
            if (!first)
                out += ',';
            first = false;
            appendQuoted(out, k);
            out += ':';
            dumpTo(out, m);
        }
        out += '}';
        break;
    }
    case JValue::Kind::Array: {
        out += '[';
        bool first = true;
        for (const JValue &item : v.items()) {
            if (!first)
                out += ',';
            first = false;
            dumpTo(out, item);
        }
        out += ']';
        break;
    }
    }
}

} // namespace

std::string JValue::dump() const
{
    std::string out;
    dumpTo(out, *this);
    return out;
}

const char *JValue::kindName(Kind k)
{
    switch (k) {
    case Kind::Null:
        return "null";
    case Kind::Bool:
        return "boolean";
    case Kind::Number:
        return "number";
    case Kind::String:
        return "string";
    case Kind::Object:
        return "object";
    case Kind::Array:
        return "array";
    }
    return "value";
}

std::string JsonPath::toString() const
{
    std::string out;
    for (const Segment &s : m_segments) {
        if (s.index >= 0) {
            out += '[';
            out += std::to_string(s.index);
            out += ']';
        } else {
            if (!out.empty())
                out += '.';
            out += s.key;
        }
    }
    return out;
}

} // namespace unalloc::adapters
