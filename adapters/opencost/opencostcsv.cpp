#include "opencostcsv.h"

#include "adapters/common/batchbuilder.h"
#include "adapters/common/csvreader.h"
#include "adapters/common/daycoverage.h"
#include "adapters/common/jsonstream.h"

namespace unalloc::adapters {

bool OpenCostCsvAdapter::canRead(std::string_view head, std::string_view) const
{
    const std::string_view line = firstLine(head);
    return contains(line, "Date") && contains(line, "Namespace") && contains(line, "TotalCost");
}

core::Result<ReadResult> OpenCostCsvAdapter::read(std::string_view bytes,
                                                  const ReadOptions &options,
                                                  const RowSink &sink,
                                                  const Progress &progress) const
{
    BatchBuilder b(source(), id(), options, sink);
    b.windowFields("Date", "Date");
    auto currency = b.parseCurrency(options.defaultCurrency, {}, "currency");
    if (!currency)
        return std::unexpected(currency.error());
    std::vector<std::pair<size_t, std::string>> labelColumns; // Label_<k> in header order
    DayCoverage days;
    auto onHeader = [&](const CsvHeader &h) -> core::Result<void> {
        for (const char *required : {"Date", "TotalCost"}) {
            if (!h.find(required))
                return core::fail("missing-column", std::string("no ") + required + " column",
                                  b.file(), lineRef(1), required);
        }
        for (size_t i = 0; i < h.names().size(); ++i) {
            if (h.names()[i].starts_with("Label_"))
                labelColumns.emplace_back(i, h.names()[i].substr(6));
        }
        return {};
    };
    auto onRecord = [&](const CsvRecord &rec) -> core::Result<void> {
        const std::string where = lineRef(rec.line);
        // The amount first: a record left out by --skip-invalid counts its dollars.
        const auto total = rec.get("TotalCost");
        if (!total)
            return std::unexpected(
                b.error("missing-amount", "TotalCost is empty", where, "TotalCost"));
        auto amount = b.parseDecimal(*total, where, "TotalCost");
        if (!amount)
            return std::unexpected(amount.error());
        b.noteAmount(core::Money{*amount, *currency});
        auto date = core::parseTimestamp(rec.get("Date").value_or(""));
        if (!date) {
            return std::unexpected(
                b.error("bad-timestamp",
                        "'" + std::string(rec.get("Date").value_or("")) + "' is not a date", where,
                        "Date"));
        }
        core::CostRow row;
        row.start = *date;
        row.end = *date + core::kUsPerDay;
        days.add(row.start, row.end);
        row.amount = core::Money{*amount, *currency};

        RawLabelBuilder labels;
        for (const auto &[i, key] : labelColumns) {
            if (!(rec.fields[i].empty() || (!rec.quoted[i] && rec.fields[i] == "NULL")))
                labels.add(key, rec.fields[i]);
        }
        if (const auto json = rec.get("Labels")) {
            auto parsed = parseSmallJson(*json);
            if (!parsed)
                return std::unexpected(
                    b.error(parsed.error().code == "too-deep" ? "too-deep" : "bad-labels",
                            "Labels is not valid JSON: " + parsed.error().detail, where, "Labels"));
            if (!parsed->isObject())
                return std::unexpected(
                    b.error("bad-labels", "Labels is not a JSON object", where, "Labels"));
            labels.addObject(&*parsed);
        }
        labels.add("namespace", rec.get("Namespace").value_or(""));
        labels.add("controller", rec.get("ControllerName").value_or(""));
        labels.add("controllerKind", rec.get("ControllerKind").value_or(""));
        row.rawLabels = labels.take();

        std::string parts[5];
        const char *cols[5] = {"Namespace", "ControllerKind", "ControllerName", "Pod", "Container"};
        for (int i = 0; i < 5; ++i)
            parts[i] = std::string(rec.get(cols[i]).value_or(""));
        row.name = parts[0];
        for (int i : {3, 4}) {
            if (!parts[i].empty())
                row.name += (row.name.empty() ? "" : "/") + parts[i];
        }
        row.recordKey = joinKey(
            {core::formatDate(row.start), parts[0], parts[1], parts[2], parts[3], parts[4]});
        return b.submit(std::move(row), where);
    };
    if (auto r = forEachCsvRecord(bytes, b, progress, onHeader, onRecord); !r)
        return std::unexpected(r.error());
    if (!days.empty()) {
        const core::TimeUs from = options.requestedStart.value_or(days.first() * core::kUsPerDay);
        const core::TimeUs to = options.requestedEnd.value_or((days.last() + 1) * core::kUsPerDay);
        days.report(from, to, b.evidence(), "the export's date range");
    }
    return b.finish();
}

} // namespace unalloc::adapters
