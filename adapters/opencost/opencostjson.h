#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief OpenCost `/allocation` (= `/allocation/compute`) responses: one row per allocation.
///
/// `data` is one allocation set or a list of sets, one per step; a concatenation of several
/// responses reads as one batch. Steps are checked for gaps (and against the requested
/// window when known); a `code` other than 200 is an error carrying OpenCost's message.
class OpenCostJsonAdapter final : public Adapter
{
public:
    std::string id() const override { return "opencost-allocation-json"; }
    std::string source() const override { return "opencost"; }
    std::string description() const override { return "OpenCost allocation API response (JSON)"; }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
