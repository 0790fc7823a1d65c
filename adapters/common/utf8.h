#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace unalloc::adapters {

/// Offset of the first byte of `text` that does not start or continue a well-formed UTF-8
/// sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or nullopt
/// when the whole text is valid.
std::optional<size_t> firstInvalidUtf8(std::string_view text);

/// What a reader says about text that is not UTF-8: the offending byte, where it is in the
/// cell, and how to convert the file (a Latin-1 / Windows-1252 export is the usual cause).
std::string invalidUtf8Detail(std::string_view text, size_t at);

} // namespace unalloc::adapters
