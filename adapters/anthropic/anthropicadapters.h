#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief Anthropic `/v1/organizations/cost_report` pages: one row per bucket result.
///
/// `amount` is a decimal string in cents (the currency's lowest unit) and is divided by 100
/// exactly; the key is the bucket start plus every grouping dimension of the result.
class AnthropicCostAdapter final : public Adapter
{
public:
    std::string id() const override { return "anthropic-cost-report-json"; }
    std::string source() const override { return "anthropic"; }
    std::string description() const override
    {
        return "Anthropic cost report pages (/v1/organizations/cost_report)";
    }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

/// @brief Anthropic `/v1/organizations/usage_report/messages` pages: token telemetry.
///
/// Zero-amount rows of source "anthropic-usage" carrying Usage (input = uncached + cache
/// read + cache creation; cached = cache read), like the OpenAI usage adapter.
class AnthropicUsageAdapter final : public Adapter
{
public:
    std::string id() const override { return "anthropic-usage-report-json"; }
    std::string source() const override { return "anthropic-usage"; }
    std::string description() const override
    {
        return "Anthropic messages usage report pages (/v1/organizations/usage_report/messages)";
    }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
