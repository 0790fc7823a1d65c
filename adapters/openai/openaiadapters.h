#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief OpenAI `/v1/organization/costs` pages: one row per bucket result.
///
/// `amount.value` is read as a number or a numeric string, in `amount.currency`; the key is
/// (bucket start, project id, line item[, api key id]).
class OpenAiCostsAdapter final : public Adapter
{
public:
    std::string id() const override { return "openai-costs-json"; }
    std::string source() const override { return "openai"; }
    std::string description() const override
    {
        return "OpenAI organization costs pages (/v1/organization/costs)";
    }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

/// @brief OpenAI `/v1/organization/usage/completions` pages: token telemetry, no money.
///
/// Each result becomes a zero-amount row of source "openai-usage" carrying Usage (tokens per
/// bucket, model, project), so that the seams can match tokens to dollars without the
/// telemetry ever adding to a spend total.
class OpenAiUsageAdapter final : public Adapter
{
public:
    std::string id() const override { return "openai-usage-completions-json"; }
    std::string source() const override { return "openai-usage"; }
    std::string description() const override
    {
        return "OpenAI completions usage pages (/v1/organization/usage/completions)";
    }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
