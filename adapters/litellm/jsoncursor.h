#pragma once

#include <string_view>
#include <vector>

namespace unalloc::adapters {

/// @brief A strict, allocation-free JSON token reader over bytes (RFC 8259 grammar).
///
/// The bulk LiteLLM path reads records with it instead of materialising a JValue per record.
/// Strings are returned as their raw bytes between the quotes; a string with an escape or a
/// non-ASCII byte is reported as not `plain`, because decoding and UTF-8 validation are left
/// to the generic parser (the caller re-reads such a record through it). Every method returns
/// false on malformed input and leaves the position where it broke.
class JsonCursor final
{
public:
    JsonCursor(const char *begin, const char *end)
        : m_p(begin)
        , m_end(end)
    {}

    const char *pos() const { return m_p; }
    void skipWs()
    {
        while (m_p != m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    bool atEnd() const { return m_p == m_end; }
    /// The next significant character, '\0' at the end.
    char peek()
    {
        skipWs();
        return m_p == m_end ? '\0' : *m_p;
    }
    /// Skips whitespace and consumes `c` when it is next.
    bool consume(char c)
    {
        if (peek() != c)
            return false;
        ++m_p;
        return true;
    }
    /// A string at the position; `plain` is cleared for escapes and non-ASCII bytes.
    bool string(std::string_view &text, bool &plain);
    /// A number token, validated against the JSON grammar; `text` is its literal text.
    bool number(std::string_view &text);
    /// `true`, `false` or `null`.
    bool literal(std::string_view word);
    /// Skips one whole value of any kind; `plain` is cleared when any string in it is, or
    /// when it nests deeper than 32 levels (the generic parser checks the depth limit).
    bool skipValue(bool &plain);

private:
    bool scalar(bool &plain);

    const char *m_p;
    const char *m_end;
    std::vector<char> m_stack; ///< open containers of skipValue, kept to avoid reallocation
};

} // namespace unalloc::adapters
