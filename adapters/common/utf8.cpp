#include "utf8.h"

#include <cstdint>

namespace unalloc::adapters {

std::optional<size_t> firstInvalidUtf8(std::string_view text)
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const size_t n = text.size();
    size_t i = 0;
    while (i < n) {
        const unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        size_t len = 0;
        unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0)
                lo = 0xA0; // overlong
            else if (c == 0xED)
                hi = 0x9F; // surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0)
                lo = 0x90; // overlong
            else if (c == 0xF4)
                hi = 0x8F; // above U+10FFFF
        } else {
            return i;
        }
        if (i + len > n || p[i + 1] < lo || p[i + 1] > hi)
            return i;
        for (size_t k = 2; k < len; ++k) {
            if (p[i + k] < 0x80 || p[i + k] > 0xBF)
                return i;
        }
        i += len;
    }
    return std::nullopt;
}

std::string invalidUtf8Detail(std::string_view text, size_t at)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    const auto byte = static_cast<std::uint8_t>(text[at]);
    std::string out = "the text is not valid UTF-8 (byte 0x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
    out += " at position " + std::to_string(at + 1) +
           " of the value); exports must be UTF-8 — "
           "a Latin-1 or Windows-1252 file converts with "
           "'iconv -f WINDOWS-1252 -t UTF-8 FILE > FILE.utf8'";
    return out;
}

} // namespace unalloc::adapters
