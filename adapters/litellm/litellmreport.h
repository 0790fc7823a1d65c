#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief LiteLLM `/global/spend/report` (Enterprise): daily spend per team or customer,
/// broken down by api key and model, or per api key broken down by model.
///
/// One row per breakdown entry, keyed (day, team or customer, api key, model). The per-key
/// shape carries no dates, so it needs the requested window. A breakdown that does not add up
/// to its stated total (beyond float noise) is reported as a warning.
class LiteLlmSpendReportAdapter final : public Adapter
{
public:
    std::string id() const override { return "litellm-global-spend-report-json"; }
    std::string source() const override { return "litellm"; }
    std::string description() const override
    {
        return "LiteLLM global spend report (/global/spend/report)";
    }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
