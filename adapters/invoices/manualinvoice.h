#pragma once

#include "adapters/import/importer.h"
#include "core/timeutil.h"

#include <string>

namespace unalloc::adapters {

/// An invoice typed in by hand (the explorer's Ledger → Add invoice…).
struct ManualInvoice
{
    std::string source;    ///< the provider, as the ledger's cost source is named (openai, …)
    std::string invoiceId; ///< optional; kept in the invoice's note
    core::TimeUs periodStart = 0;
    core::TimeUs periodEnd = 0; ///< exclusive, as in invoice files
    std::string amount;         ///< exact decimal text, e.g. "4412.80"
    std::string currency = "USD";
};

/// The one-line invoice CSV (`invoices-csv` format) that `invoice` stands for.
std::string manualInvoiceCsv(const ManualInvoice &invoice);

/// @brief Stores `invoice` as an invoice batch of its own, through the same adapter and checks
/// as an imported invoice file (amount parsed exactly, a period ending before it starts
/// refused, an unknown currency refused): one transaction, deletable like any batch.
core::Result<ImportReport> importManualInvoice(core::LedgerStore &ledger,
                                               const ManualInvoice &invoice);

} // namespace unalloc::adapters
