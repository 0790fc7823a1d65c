#include "jsoncursor.h"

#include <bit>
#include <cstdint>
#include <cstring>

namespace unalloc::adapters {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

constexpr size_t kPlainDepth = 32;

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighs = 0x8080808080808080ULL;

/// High bit of each byte of `w` that is zero. Exact for the lowest such byte (a borrow only
/// runs upwards), which is all the callers use.
constexpr std::uint64_t zeroBytes(std::uint64_t w)
{
    return (w - kOnes) & ~w & kHighs;
}

/// High bits of the bytes that end a plain run of string text: a quote, a backslash, a
/// control character or a non-ASCII byte. The lowest flagged byte is exactly the first one.
std::uint64_t specialBytes(const char *p)
{
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return (zeroBytes(w ^ (kOnes * '"')) | zeroBytes(w ^ (kOnes * '\\')) |
            ((w - kOnes * 0x20) & ~w) | w) &
           kHighs;
}

} // namespace

bool JsonCursor::string(std::string_view &text, bool &plain)
{
    // A local cursor: stores through `plain` would otherwise force m_p back to memory.
    const char *p = m_p;
    const char *const end = m_end;
    if (p == end || *p != '"')
        return false;
    const char *start = ++p;
    bool ok = false;
    while (true) {
        if constexpr (std::endian::native == std::endian::little) {
            // Eight bytes a step up to the next byte that needs a look.
            while (end - p >= 8) {
                if (const std::uint64_t special = specialBytes(p)) {
                    p += std::countr_zero(special) / 8;
                    break;
                }
                p += 8;
            }
        }
        if (p == end)
            break;
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"') {
            text = std::string_view(start, static_cast<size_t>(p - start));
            ++p;
            ok = true;
            break;
        }
        if (c < 0x20)
            break; // control characters must be escaped
        if (c == '\\') {
            plain = false;
            if (++p == end)
                break;
        } else if (c >= 0x80) {
            plain = false;
        }
        ++p;
    }
    m_p = p;
    return ok;
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
    if (const char c = peek(); c != '{' && c != '[')
        return scalar(plain);
    m_stack.clear();
    bool expectValue = true; // after '[', ',' or ':'
    while (true) {
        const char c = peek();
        if (expectValue) {
            if (c == '{' || c == '[') {
                m_stack.push_back(c);
                // Deep values go to the generic parser, which holds the depth limit for the
                // document as a whole (this cursor does not know how deep it started).
                if (m_stack.size() > kPlainDepth)
                    plain = false;
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
