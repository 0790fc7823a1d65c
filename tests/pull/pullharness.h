#pragma once

#include "fakeupstream.h"
#include "upstreams.h"

#include "adapters/pull/pull.h"

#include <memory>
#include <string>
#include <vector>

namespace unalloc::tests {

/// Keys the tests hand to the pulls; every test that can, asserts none reaches output or disk.
inline const std::string kOpenAiKey = "sk-admin-TEST-openai-0f9e8d7c6b5a";
inline const std::string kAnthropicKey = "sk-ant-admin01-TEST-anthropic-1a2b3c";
inline const std::string kLiteLlmKey = "sk-litellm-TEST-master-9z8y7x";

/// 2025-08-01 and 2025-09-01 (UTC), and a fixed "now" a month later.
inline constexpr core::TimeUs kAug1 = 1754006400LL * core::kUsPerSecond;
inline constexpr core::TimeUs kAug17 = kAug1 + 16 * core::kUsPerDay;
inline constexpr core::TimeUs kSep1 = 1756684800LL * core::kUsPerSecond;
inline constexpr std::int64_t kNowMs = 1759276800000LL; // 2025-10-01

/// @brief A FakeUpstream serving the test month, and pull options whose sleeps are recorded
/// (never slept), with a fixed clock and jitter 0.5 (a wait of 0.75 × the backoff step).
class PullHarness final
{
public:
    explicit PullHarness(int pageSize = 4);
    bool listen() { return server.listen(); }
    adapters::pull::SourceConfig config(const std::string &source) const;
    adapters::pull::PullOptions options();
    adapters::pull::SourcePull
    pull(const std::string &source, core::TimeUs from = kAug1, core::TimeUs to = kSep1);
    /// The requests to a source's endpoint, in order.
    std::vector<SeenRequest> requestsOf(const std::string &source) const;

    Upstreams data;
    FakeUpstream server;
    std::vector<std::int64_t> waits;
    int timeoutMs = 2000;
    int retries = 4;
    std::function<bool()> cancel;
};

/// Every row of a ledger as one sorted text per row (source, key, amount, window, labels):
/// two ledgers with equal fingerprints hold the same rows to the cent.
std::vector<std::string> ledgerFingerprint(const std::string &path);

} // namespace unalloc::tests
