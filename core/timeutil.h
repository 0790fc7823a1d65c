#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace unalloc::core {

/// Microseconds since 1970-01-01T00:00:00Z. Everything inside the program is UTC.
using TimeUs = std::int64_t;

constexpr TimeUs kUsPerSecond = 1'000'000;
constexpr TimeUs kUsPerDay = 86'400 * kUsPerSecond;

/// Parses ISO-8601 / RFC 3339 text: "YYYY-MM-DD", "YYYY-MM-DDTHH:MM[:SS[.frac]]" with 'T' or
/// a space, then "Z", "+HH:MM", "+HHMM", "+HH" or nothing (= UTC). Anything else is an error —
/// never "now".
Result<TimeUs> parseTimestamp(std::string_view text);
/// Seconds since the epoch given as JSON number text (integer or fraction).
Result<TimeUs> parseUnixSeconds(std::string_view text);
/// "2026-08-01T00:00:00Z", with ".ffffff" only when the fraction is non-zero.
std::string formatTimestamp(TimeUs t);
/// "2026-08-01".
std::string formatDate(TimeUs t);
/// Days since the epoch (floor).
std::int64_t dayIndex(TimeUs t);
/// Days since epoch for a civil date.
std::int64_t daysFromCivil(int year, unsigned month, unsigned day);

} // namespace unalloc::core
