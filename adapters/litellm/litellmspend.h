#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief LiteLLM spend logs: the legacy `/spend/logs` list, `/spend/logs/v2` pages and the
/// original tool's `{data:[…]}` sample. One row per request, keyed by `request_id`.
///
/// A page set (pages concatenated) reads as one batch; completeness compares rows read with
/// `total` and pages read with `total_pages`.
class LiteLlmSpendAdapter final : public Adapter
{
public:
    std::string id() const override { return "litellm-spend-logs-json"; }
    std::string source() const override { return "litellm"; }
    std::string description() const override
    {
        return "LiteLLM spend logs (/spend/logs, /spend/logs/v2 pages)";
    }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
    /// The same read through the generic JSON streamer only (one JValue per record): the
    /// reference the bulk reader is tested against.
    core::Result<ReadResult>
    readGeneric(std::string_view bytes, const ReadOptions &options, const RowSink &sink) const;

private:
    core::Result<ReadResult> readWith(std::string_view bytes,
                                      const ReadOptions &options,
                                      const RowSink &sink,
                                      const Progress &progress,
                                      bool bulk) const;
};

} // namespace unalloc::adapters
