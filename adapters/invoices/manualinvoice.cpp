#include "manualinvoice.h"

namespace unalloc::adapters {

namespace {

/// RFC 4180 quoting: every field quoted, quotes doubled (a note may hold commas).
std::string field(const std::string &text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out + '"';
}

} // namespace

std::string manualInvoiceCsv(const ManualInvoice &invoice)
{
    const std::string note = invoice.invoiceId.empty()
                                 ? std::string("entered by hand")
                                 : "invoice " + invoice.invoiceId + " (entered by hand)";
    return "source,amount,currency,period_start,period_end,note\n" + field(invoice.source) + ',' +
           field(invoice.amount) + ',' + field(invoice.currency) + ',' +
           field(core::formatTimestamp(invoice.periodStart)) + ',' +
           field(core::formatTimestamp(invoice.periodEnd)) + ',' + field(note) + '\n';
}

core::Result<ImportReport> importManualInvoice(core::LedgerStore &ledger,
                                               const ManualInvoice &invoice)
{
    if (invoice.source.empty())
        return core::fail("missing-field", "the invoice needs a provider", {}, {}, "source");
    const std::string csv = manualInvoiceCsv(invoice);
    const std::string origin =
        "manual invoice " + (invoice.invoiceId.empty() ? invoice.source : invoice.invoiceId);
    ImportOptions options;
    options.adapterId = "invoices-csv";
    return importInputs(ledger, {ImportInput{origin, csv}}, options);
}

} // namespace unalloc::adapters
