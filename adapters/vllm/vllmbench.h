#pragma once

#include "core/meters/requestrecord.h"
#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace unalloc::adapters {

/// What a vLLM benchmark run file gives the meters.
struct VllmBenchRead
{
    /// The served requests in file order (tenant = `team`, "" when null); `skipped` counts the
    /// requests that were not served (an `error`, no first token, or no usage block).
    core::TelemetryRecords telemetry;
    std::int64_t roundedTimes = 0; ///< times with digits below a microsecond (half-even)
};

/// True when `bytes` look like a vLLM benchmark run file (docs: studies §7.2): one JSON object
/// with the top-level members `started_unix` and `requests`. A sniff, not a validation:
/// readVllmBench says what is wrong with a file that passes it.
bool isVllmBench(std::string_view bytes);

/// @brief Reads the request records of a vLLM benchmark run (the bench client's JSON).
///
/// A request's times are `started_unix` (epoch seconds) plus its `send`, `first` and `done`
/// (seconds since the run's start), summed exactly from the JSON number text and rounded
/// once, half-even, to the microsecond — never through a double. Token counts are
/// non-negative JSON integers. A malformed value fails the read with an error naming the
/// file, the record (`requests[3]`) and the field (`usage.prompt_tokens`).
core::Result<VllmBenchRead> readVllmBench(std::string_view bytes, const std::string &fileName);

} // namespace unalloc::adapters
