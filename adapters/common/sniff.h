#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::adapters {

/// @brief What format detection learns from the start of an input without parsing it.
struct HeadScan
{
    /// Bytes up to the end of the first record: the first line of text (a CSV header), or,
    /// for JSON, the first object inside an array (a record of a list or page), else the
    /// whole first document. The whole input when it never ends.
    size_t recordEnd = 0;
    bool json = false;
    /// The first distinct object keys met before recordEnd, in order (JSON only).
    std::vector<std::string> keys;
};

/// Scans `bytes` (after an optional UTF-8 BOM) structurally, skipping strings; never more
/// than the first record. `maxKeys` bounds the keys collected for messages.
HeadScan scanHead(std::string_view bytes, size_t maxKeys = 12);

/// "a JSON object with keys a, b, c" / "a text file whose first line is '…'" for the
/// message that says an input is not a recognised format.
std::string describeHead(std::string_view bytes);

} // namespace unalloc::adapters
