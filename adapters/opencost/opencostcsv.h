#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief OpenCost's daily CSV export (`EXPORT_CSV_FILE`): one row per line, `Date` is a
/// one-day window, `Label_<k>` columns and the JSON `Labels` column are labels. Days missing
/// between the first and last date (or from the requested window) make the batch partial.
class OpenCostCsvAdapter final : public Adapter
{
public:
    std::string id() const override { return "opencost-export-csv"; }
    std::string source() const override { return "opencost"; }
    std::string description() const override { return "OpenCost daily CSV export"; }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
