#pragma once

#include "adapters/adapter.h"

namespace unalloc::adapters {

/// @brief Invoice files as JSON: `{period:{start,end}, invoices:[{source, amount_usd |
/// amount+currency, note[, period_start, period_end]}]}`. Produces invoices, no rows.
class InvoicesJsonAdapter final : public Adapter
{
public:
    std::string id() const override { return "invoices-json"; }
    std::string source() const override { return "invoices"; }
    std::string description() const override { return "Provider invoices (JSON)"; }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

/// @brief Invoice files as CSV with a header: `source, amount | amount_usd, currency,
/// period_start, period_end, note` (any order, case-insensitive; currency defaults to USD).
class InvoicesCsvAdapter final : public Adapter
{
public:
    std::string id() const override { return "invoices-csv"; }
    std::string source() const override { return "invoices"; }
    std::string description() const override { return "Provider invoices (CSV)"; }
    bool canRead(std::string_view head, std::string_view fileName) const override;
    core::Result<ReadResult> read(std::string_view bytes,
                                  const ReadOptions &options,
                                  const RowSink &sink,
                                  const Progress &progress) const override;
};

} // namespace unalloc::adapters
