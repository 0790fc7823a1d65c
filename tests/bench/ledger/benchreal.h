#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace unalloc::bench {

/// Cardinalities of the per-request metadata a real LiteLLM gateway logs (issue 14 defaults).
struct RealisticShape
{
    int virtualKeys = 400;
    int teams = 60;
    int users = 20'000;
    int endUsers = 50'000;
    int requestsPerSession = 5; ///< one session id per this many requests, on average
    int features = 12;
    int models = 8; ///< at most 8: the bare model names LiteLLM logs, with their providers
    int ips = 260'000;
};

/// Parses "keys=400,teams=60,users=…,end_users=…,session=5,features=…,models=…,ips=…" onto
/// `shape`; returns false (and leaves `shape` as far as it got) on an unknown name or value.
bool parseRealisticShape(const std::string &text, RealisticShape &shape);

/// Writes `records` `/spend/logs` rows as a real LiteLLM proxy returns them (a bare JSON list,
/// newest first is not kept: times are spread over August 2026): bare provider model names
/// with the provider in `custom_llm_provider`, hashed virtual keys, metadata with the key's
/// alias, team and user, the requester IP and a session, `end_user`, `request_tags` with a
/// feature, failed requests with `spend: 0.0` and their error object, amounts printed like
/// Python floats (scientific notation below 1e-4). About 1.1 kB per record. Streams to `out`;
/// memory stays small. Returns the bytes written, or -1 on a write error.
std::int64_t
writeRealisticSpendLogs(std::FILE *out, std::int64_t records, const RealisticShape &shape);

} // namespace unalloc::bench
