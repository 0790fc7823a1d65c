#include "focuscsv.h"

#include "adapters/common/batchbuilder.h"
#include "adapters/common/csvreader.h"
#include "adapters/common/daycoverage.h"
#include "adapters/common/jsonstream.h"
#include "core/export/focusexport.h"

#include <QCryptographicHash>

#include <unordered_map>

namespace unalloc::adapters {

namespace {

/// A FOCUS file has no record id; a digest of the whole line keeps re-imports idempotent.
std::string lineDigest(const std::vector<std::string> &fields)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    for (const std::string &f : fields) {
        hash.addData(QByteArrayView(f.data(), qsizetype(f.size())));
        hash.addData(QByteArrayView("\x1f", 1));
    }
    return hash.result().toHex().left(20).toStdString();
}

} // namespace

bool FocusCsvAdapter::canRead(std::string_view head, std::string_view) const
{
    const std::string_view line = firstLine(head);
    return contains(line, "ChargePeriodStart") && contains(line, "BillingCurrency") &&
           (contains(line, "BilledCost") || contains(line, "EffectiveCost"));
}

core::Result<ReadResult> FocusCsvAdapter::read(std::string_view bytes,
                                               const ReadOptions &options,
                                               const RowSink &sink,
                                               const Progress &progress) const
{
    BatchBuilder b(source(), id(), options, sink);
    b.windowFields("ChargePeriodStart", "ChargePeriodEnd");
    const std::string costColumn = options.focusCostColumn;
    std::vector<std::pair<size_t, std::string>> customColumns;
    std::optional<size_t> idColumn;
    bool unallocExport = false;
    std::unordered_map<std::string, int> seen;
    DayCoverage days;
    std::optional<core::TimeUs> periodStart, periodEnd;

    auto onHeader = [&](const CsvHeader &h) -> core::Result<void> {
        for (const std::string &required :
             {costColumn, std::string("BillingCurrency"), std::string("ChargePeriodStart"),
              std::string("ChargePeriodEnd")}) {
            if (!h.find(required))
                return core::fail("missing-column", "no " + required + " column", b.file(),
                                  lineRef(1), required);
        }
        for (size_t i = 0; i < h.names().size(); ++i) {
            // unalloc's own allocation columns are a result, not labels: reading x_Owner back
            // as an "owner" (= team) label would change the next report.
            if (h.names()[i].starts_with("x_") && h.names()[i].size() > 2 &&
                !core::isUnallocResultColumn(h.names()[i]))
                customColumns.emplace_back(i, h.names()[i].substr(2));
        }
        idColumn = h.find("x_Id") ? h.find("x_Id") : h.find("Id");
        // A file unalloc exported: its service category and cost basis are facts about the
        // original row (an OpenCost row is Compute, an estimate), kept so a re-export says so.
        unallocExport = h.find("x_UnallocSource").has_value();
        return {};
    };
    auto time = [&](const CsvRecord &rec, const char *col,
                    const std::string &where) -> core::Result<std::optional<core::TimeUs>> {
        const auto v = rec.get(col);
        if (!v)
            return std::optional<core::TimeUs>();
        auto t = core::parseTimestamp(*v);
        if (!t)
            return std::unexpected(b.error(
                "bad-timestamp", "'" + std::string(*v) + "' is not a timestamp", where, col));
        return std::optional<core::TimeUs>(*t);
    };
    auto onRecord = [&](const CsvRecord &rec) -> core::Result<void> {
        const std::string where = lineRef(rec.line);
        core::CostRow row;
        const auto cost = rec.get(costColumn);
        if (!cost)
            return std::unexpected(
                b.error("missing-amount", costColumn + " is null", where, costColumn));
        auto amount = b.parseDecimal(*cost, where, costColumn);
        if (!amount)
            return std::unexpected(amount.error());
        const auto code = rec.get("BillingCurrency");
        if (!code)
            return std::unexpected(
                b.error("unknown-currency", "BillingCurrency is null", where, "BillingCurrency"));
        auto currency = b.parseCurrency(*code, where, "BillingCurrency");
        if (!currency)
            return std::unexpected(currency.error());
        row.amount = core::Money{*amount, *currency};
        b.noteAmount(row.amount);

        auto start = time(rec, "ChargePeriodStart", where);
        auto end = time(rec, "ChargePeriodEnd", where);
        auto bps = time(rec, "BillingPeriodStart", where);
        auto bpe = time(rec, "BillingPeriodEnd", where);
        for (auto *t : {&start, &end, &bps, &bpe}) {
            if (!*t)
                return std::unexpected(t->error());
        }
        if (!*start || !*end)
            return std::unexpected(b.error("missing-timestamp", "the charge period is null", where,
                                           *start ? "ChargePeriodEnd" : "ChargePeriodStart"));
        row.start = **start;
        row.end = **end;
        days.add(row.start, row.end);
        if (*bps)
            periodStart = periodStart ? std::min(*periodStart, **bps) : **bps;
        if (*bpe)
            periodEnd = periodEnd ? std::max(*periodEnd, **bpe) : **bpe;

        RawLabelBuilder labels;
        if (const auto tags = rec.get("Tags")) {
            auto parsed = parseSmallJson(*tags);
            if (!parsed)
                return std::unexpected(
                    b.error(parsed.error().code == "too-deep" ? "too-deep" : "bad-labels",
                            "Tags is not valid JSON: " + parsed.error().detail, where, "Tags"));
            if (!parsed->isObject())
                return std::unexpected(
                    b.error("bad-labels", "Tags is not a JSON object", where, "Tags"));
            labels.addObject(&*parsed);
        }
        for (const char *col :
             {"SubAccountName", "ServiceName", "ProviderName", "ServiceProviderName", "ResourceId"})
            labels.add(col, rec.get(col).value_or(""));
        if (unallocExport)
            for (const char *col : {"ServiceCategory", "ServiceSubcategory", "x_CostBasis"})
                labels.add(col, rec.get(col).value_or(""));
        for (const auto &[i, key] : customColumns) {
            if (!(rec.fields[i].empty() || (!rec.quoted[i] && rec.fields[i] == "NULL")))
                labels.add(key, rec.fields[i]);
        }
        row.rawLabels = labels.take();
        for (const char *col : {"ResourceName", "ResourceId", "ChargeDescription", "ServiceName"}) {
            if (const auto v = rec.get(col); v && row.name.empty())
                row.name = std::string(*v);
        }
        const bool consumed = rec.get("ConsumedQuantity").has_value();
        if (const auto q = rec.get(consumed ? "ConsumedQuantity" : "PricingQuantity")) {
            auto quantity =
                b.parseDecimal(*q, where, consumed ? "ConsumedQuantity" : "PricingQuantity");
            if (!quantity)
                return std::unexpected(quantity.error());
            row.quantity = *quantity;
            row.unit = std::string(rec.get(consumed ? "ConsumedUnit" : "PricingUnit").value_or(""));
        }
        std::string key = (idColumn && !rec.fields[*idColumn].empty())
                              ? joinKey({"id", rec.fields[*idColumn]})
                              : joinKey({core::formatTimestamp(row.start), lineDigest(rec.fields)});
        // Identical lines are separate charges; number the repeats so each keeps a row.
        if (const int n = ++seen[key]; n > 1)
            key += "|#" + std::to_string(n);
        row.recordKey = std::move(key);
        return b.submit(std::move(row), where);
    };
    if (auto r = forEachCsvRecord(bytes, b, progress, onHeader, onRecord); !r)
        return std::unexpected(r.error());
    if (periodStart && periodEnd)
        days.report(*periodStart, *periodEnd, b.evidence(), "the billing period");
    return b.finish();
}

} // namespace unalloc::adapters
