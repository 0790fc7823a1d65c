#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief FinOps FOCUS 1.0–1.2 cost and usage CSV: one row per charge.
///
/// Amount = `BilledCost` (or the column named by ReadOptions::focusCostColumn) in
/// `BillingCurrency`. Accepts real exporters' quirks: unquoted `NULL`, timestamps without `Z`
/// (UTC), extra columns. Labels: `Tags` (JSON), `SubAccountName`, `ServiceName`,
/// `ProviderName`/`ServiceProviderName`, `ResourceId`, then `x_` columns (prefix dropped).
/// Days of the billing period with no charge make the batch partial.
class FocusCsvAdapter final : public Adapter
{
public:
    std::string id() const override { return "focus-csv"; }
    std::string source() const override { return "focus"; }
    std::string description() const override { return "FinOps FOCUS 1.0-1.2 CSV"; }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
