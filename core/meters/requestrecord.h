#pragma once

#include "core/costrow.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// @brief One served request as the meters see it: who sent it, when, and how many tokens.
struct RequestRecord
{
    std::string tenant; ///< owner label value; "" = no owner label
    TimeUs sendUs = 0;  ///< request sent (queueing counts as in flight)
    TimeUs firstUs = 0; ///< first token streamed
    TimeUs doneUs = 0;  ///< last token
    std::int64_t promptTokens = 0;
    std::int64_t completionTokens = 0;
    std::int64_t cachedTokens = 0; ///< prefix-cache hits among the prompt tokens
    friend bool operator==(const RequestRecord &, const RequestRecord &) = default;
};

/// Records taken from telemetry rows, and how many rows could not be used.
struct TelemetryRecords
{
    std::vector<RequestRecord> records;
    std::int64_t skipped = 0; ///< rows without usage, times or token counts
};

/// The request a gateway/telemetry row describes (tenant = the value of `tenantKey`), or
/// nothing when its usage lacks a time or the prompt/completion counts (errored requests).
std::optional<RequestRecord> requestFromRow(const CostRow &row, std::string_view tenantKey);
TelemetryRecords requestsFromRows(const std::vector<CostRow> &rows, std::string_view tenantKey);

} // namespace unalloc::core
