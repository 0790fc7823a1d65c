#pragma once

#include <cstdint>
#include <string>

namespace unalloc::bench {

/// Writes `records` LiteLLM `/spend/logs` records (a JSON list, ~680 bytes each) whose label
/// sets are drawn from `labelSets` distinct combinations. Streams to disk; RSS stays small.
/// Returns the bytes written.
std::int64_t writeLiteLlmSpendLogs(const std::string &path, std::int64_t records, int labelSets);

/// Writes an OpenCost `/allocation` response with `steps` hourly windows of `pods`
/// allocations each. Returns the bytes written.
std::int64_t writeOpenCostHourly(const std::string &path, int steps, int pods);
/// Writes an OpenAI `/v1/organization/costs` page of daily buckets for August 2026: a line per
/// model the realistic gateway sends to OpenAI (input and output) and project, as the API
/// gives them (a project with its name, one whose name is null, lines of no project). Returns
/// the bytes written.
std::int64_t writeOpenAiDailyCosts(const std::string &path);

} // namespace unalloc::bench
