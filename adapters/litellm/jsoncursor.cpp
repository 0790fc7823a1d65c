#include "jsoncursor.h"

namespace unalloc::adapters {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

bool JsonCursor::string(std::string_view &text, bool &plain)
{
    if (m_p == m_end || *m_p != '"')
        return false;
    const char *start = ++m_p;
    while (m_p != m_end) {
        const auto c = static_cast<unsigned char>(*m_p);
        if (c == '"') {
            text = std::string_view(start, static_cast<size_t>(m_p - start));
            ++m_p;
            return true;
        }
        if (c < 0x20)
            return false; // control characters must be escaped
        if (c == '\\') {
            plain = false;
            if (++m_p == m_end)
                return false;
        } else if (c >= 0x80) {
            plain = false;
        }
        ++m_p;
    }
    return false;
}

bool JsonCursor::number(std::string_view &text)
{
    const char *start = m_p;
    if (m_p != m_end && *m_p == '-')
        ++m_p;
    if (m_p == m_end || !isDigit(*m_p))
        return false;
    if (*m_p++ != '0') {
        while (m_p != m_end && isDigit(*m_p))
            ++m_p;
    }
    if (m_p != m_end && *m_p == '.') {
        ++m_p;
        if (m_p == m_end || !isDigit(*m_p))
            return false;
        while (m_p != m_end && isDigit(*m_p))
            ++m_p;
    }
    if (m_p != m_end && (*m_p == 'e' || *m_p == 'E')) {
        ++m_p;
        if (m_p != m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (m_p == m_end || !isDigit(*m_p))
            return false;
        while (m_p != m_end && isDigit(*m_p))
            ++m_p;
    }
    text = std::string_view(start, static_cast<size_t>(m_p - start));
    return true;
}

bool JsonCursor::literal(std::string_view word)
{
    if (static_cast<size_t>(m_end - m_p) < word.size() ||
        std::string_view(m_p, word.size()) != word)
        return false;
    m_p += word.size();
    return true;
}

bool JsonCursor::scalar(bool &plain)
{
    std::string_view ignored;
    switch (peek()) {
    case '"':
        return string(ignored, plain);
    case 't':
        return literal("true");
    case 'f':
        return literal("false");
    case 'n':
        return literal("null");
    default:
        return number(ignored);
    }
}

bool JsonCursor::skipValue(bool &plain)
{
    m_stack.clear();
    bool expectValue = true; // after '[', ',' or ':'
    while (true) {
        const char c = peek();
        if (expectValue) {
            if (c == '{' || c == '[') {
                m_stack.push_back(c);
                ++m_p;
                const char close = c == '{' ? '}' : ']';
                if (peek() == close) { // empty container
                    ++m_p;
                    m_stack.pop_back();
                    expectValue = false;
                } else if (c == '{') {
                    std::string_view key;
                    if (!string(key, plain) || !consume(':'))
                        return false;
                }
                if (m_stack.empty())
                    return true;
                continue;
            }
            if (!scalar(plain))
                return false;
            expectValue = false;
            if (m_stack.empty())
                return true;
            continue;
        }
        if (c == '\0')
            return false; // the input ended inside a container
        const char open = m_stack.back();
        ++m_p;
        if (c == ',') {
            expectValue = true;
            if (open == '{') {
                std::string_view key;
                peek();
                if (!string(key, plain) || !consume(':'))
                    return false;
            }
        } else if ((c == '}' && open == '{') || (c == ']' && open == '[')) {
            m_stack.pop_back();
            if (m_stack.empty())
                return true;
        } else {
            --m_p;
            return false;
        }
    }
}

} // namespace unalloc::adapters
