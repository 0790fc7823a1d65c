#pragma once

#include "adapter.h"

namespace unalloc::adapters {

/// @brief Recognises the error bodies upstream APIs send instead of data (OpenCost
/// `{code,message}`, OpenAI/LiteLLM `{error:{message}}`, Anthropic `{type:"error"}`, FastAPI
/// `{detail}`) and shapes that must not be ingested (LiteLLM's summarised `/spend/logs`),
/// so the user reads the upstream's own message instead of "unknown format".
/// Detection runs it last; `read` always fails.
class UpstreamErrorAdapter final : public Adapter
{
public:
    std::string id() const override { return "upstream-error"; }
    std::string source() const override { return "error"; }
    std::string description() const override { return "an upstream API error body"; }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
