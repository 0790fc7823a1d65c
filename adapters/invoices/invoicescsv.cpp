#include "invoiceadapters.h"

#include "adapters/common/batchbuilder.h"
#include "adapters/common/csvreader.h"

namespace unalloc::adapters {

bool InvoicesCsvAdapter::canRead(std::string_view head, std::string_view) const
{
    const std::string_view line = firstLine(head);
    return contains(line, "source") && (contains(line, "amount") || contains(line, "amount_usd")) &&
           !contains(line, "ChargePeriodStart");
}

core::Result<ReadResult> InvoicesCsvAdapter::read(std::string_view bytes,
                                                  const ReadOptions &options,
                                                  const RowSink &sink,
                                                  const Progress &progress) const
{
    BatchBuilder b(source(), id(), options, sink);
    std::vector<core::Invoice> invoices;
    std::string amountColumn;
    auto onHeader = [&](const CsvHeader &h) -> core::Result<void> {
        amountColumn = h.find("amount") ? "amount" : "amount_usd";
        if (!h.find("source") || !h.find(amountColumn))
            return core::fail("missing-column", "an invoice CSV needs source and amount columns",
                              b.file(), lineRef(1));
        return {};
    };
    auto onRecord = [&](const CsvRecord &rec) -> core::Result<void> {
        const std::string where = lineRef(rec.line);
        core::Invoice inv;
        const auto source = rec.get("source");
        if (!source)
            return std::unexpected(
                b.error("missing-field", "the invoice has no source", where, "source"));
        inv.source = std::string(*source);
        const auto text = rec.get(amountColumn);
        if (!text)
            return std::unexpected(
                b.error("missing-amount", "the amount is empty", where, amountColumn));
        auto amount = b.parseDecimal(*text, where, amountColumn);
        if (!amount)
            return std::unexpected(amount.error());
        auto currency = b.parseCurrency(
            amountColumn == "amount_usd" ? "USD" : rec.get("currency").value_or("USD"), where,
            "currency");
        if (!currency)
            return std::unexpected(currency.error());
        if (amount->isNegative())
            b.warn("negative-amount", where, amountColumn, "the invoice amount is negative");
        inv.amount = core::Money{*amount, *currency};
        for (const char *col : {"period_start", "period_end"}) {
            if (const auto v = rec.get(col)) {
                auto t = core::parseTimestamp(*v);
                if (!t)
                    return std::unexpected(b.error(
                        "bad-timestamp", "'" + std::string(*v) + "' is not a date", where, col));
                (std::string_view(col) == "period_start" ? inv.periodStart : inv.periodEnd) = *t;
            }
        }
        // The same rule as a cost row's charge window.
        if (inv.periodStart && inv.periodEnd && *inv.periodEnd < *inv.periodStart)
            return std::unexpected(
                b.error("bad-window",
                        "the period ends (" + core::formatTimestamp(*inv.periodEnd) +
                            ") before it starts (" + core::formatTimestamp(*inv.periodStart) + ")",
                        where, "period_end"));
        inv.note = std::string(rec.get("note").value_or(""));
        invoices.push_back(std::move(inv));
        return {};
    };
    if (auto r = forEachCsvRecord(bytes, b, progress, onHeader, onRecord); !r)
        return std::unexpected(r.error());
    ReadResult result = b.finish();
    for (const core::Invoice &inv : invoices) {
        if (inv.periodStart &&
            (!result.batch.windowStart || *inv.periodStart < *result.batch.windowStart))
            result.batch.windowStart = inv.periodStart;
        if (inv.periodEnd && (!result.batch.windowEnd || *inv.periodEnd > *result.batch.windowEnd))
            result.batch.windowEnd = inv.periodEnd;
    }
    result.invoices = std::move(invoices);
    return result;
}

} // namespace unalloc::adapters
