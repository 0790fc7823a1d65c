#include "focusexport.h"

#include "core/ownerrule.h"

#include "core/ledger/ledgerstore.h"
#include "core/seams/gatewayidentity.h"
#include "core/valuealiases.h"
#include "linesorter.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

namespace unalloc::core {

namespace {

constexpr const char *kColumns[] = {
    "AvailabilityZone", "BilledCost", "BillingAccountId", "BillingAccountName",
    "BillingAccountType", "BillingCurrency", "BillingPeriodEnd", "BillingPeriodStart",
    "CapacityReservationId", "CapacityReservationStatus", "ChargeCategory", "ChargeClass",
    "ChargeDescription", "ChargeFrequency", "ChargePeriodEnd", "ChargePeriodStart",
    "CommitmentDiscountCategory", "CommitmentDiscountId", "CommitmentDiscountName",
    "CommitmentDiscountQuantity", "CommitmentDiscountStatus", "CommitmentDiscountType",
    "CommitmentDiscountUnit", "ConsumedQuantity", "ConsumedUnit", "ContractedCost",
    "ContractedUnitPrice", "EffectiveCost", "InvoiceId", "InvoiceIssuerName", "ListCost",
    "ListUnitPrice", "PricingCategory", "PricingCurrency", "PricingCurrencyContractedUnitPrice",
    "PricingCurrencyEffectiveCost", "PricingCurrencyListUnitPrice", "PricingQuantity",
    "PricingUnit", "ProviderName", "PublisherName", "RegionId", "RegionName", "ResourceId",
    "ResourceName", "ResourceType", "ServiceCategory", "ServiceName", "ServiceSubcategory", "SkuId",
    "SkuMeter", "SkuPriceDetails", "SkuPriceId", "SubAccountId", "SubAccountName", "SubAccountType",
    "Tags",
    // unalloc's own columns: where the row came from and how it was allocated.
    "x_UnallocSource", "x_CostBasis", "x_Owner", "x_OwnerKey", "x_ResolvedBy", "x_FallbackKey"};
constexpr size_t kFocusColumns = 57;

/// A CSV field: quoted when it holds a separator, a quote, a line break or edge spaces.
void putField(std::string &line, std::string_view v)
{
    const bool quote = v.find_first_of(",\"\r\n") != std::string_view::npos ||
                       (!v.empty() && (v.front() == ' ' || v.back() == ' '));
    if (!quote) {
        line += v;
        return;
    }
    line += '"';
    for (char c : v) {
        if (c == '"')
            line += '"';
        line += c;
    }
    line += '"';
}

void putJsonString(std::string &out, std::string_view s)
{
    static const char *kHex = "0123456789abcdef";
    out += '"';
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20) {
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        } else {
            out += ch;
        }
    }
    out += '"';
}

/// The raw labels as a JSON object of strings, first writer winning on a repeated key.
std::string tagsJson(const RawLabels &raw)
{
    std::string out = "{";
    std::set<std::string_view> seen;
    for (const RawLabel &l : raw) {
        if (!seen.insert(l.key).second)
            continue;
        if (out.size() > 1)
            out += ',';
        putJsonString(out, l.key);
        out += ':';
        putJsonString(out, l.value);
    }
    return out + "}";
}

const std::string *rawLabel(const RawLabels &raw, std::string_view key)
{
    for (const RawLabel &l : raw)
        if (l.key == key && !trimmed(l.value).empty())
            return &l.value;
    return nullptr;
}

/// First instant of the UTC month holding `t`, and of the next month.
std::pair<TimeUs, TimeUs> billingMonth(TimeUs t)
{
    const std::string date = formatDate(t); // YYYY-MM-DD
    int year = std::stoi(date.substr(0, 4));
    unsigned month = static_cast<unsigned>(std::stoi(date.substr(5, 2)));
    const TimeUs start = daysFromCivil(year, month, 1) * kUsPerDay;
    if (++month == 13) {
        month = 1;
        ++year;
    }
    return {start, daysFromCivil(year, month, 1) * kUsPerDay};
}

TimeUs floorSecond(TimeUs t)
{
    return t - ((t % kUsPerSecond) + kUsPerSecond) % kUsPerSecond;
}

/// Who billed a row and under which service, by source (FOCUS rows keep their own names).
struct Origin
{
    std::string provider, issuer, service, category, subcategory, basis;
};

std::string providerTitle(std::string_view p)
{
    if (p == "openai")
        return "OpenAI";
    if (p == "anthropic")
        return "Anthropic";
    if (p.empty())
        return {};
    std::string out(p);
    out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
}

Origin originOf(const CostRow &row)
{
    Origin o{providerTitle(row.source), "",       row.source, "AI and Machine Learning",
             "Generative AI",           "invoice"};
    if (row.source == "openai") {
        o.service = "OpenAI API";
    } else if (row.source == "anthropic") {
        o.service = "Claude API";
    } else if (row.source == "litellm") {
        // A gateway's spend is its own estimate of the provider's bill, not an invoice.
        const std::string p = row.usage ? providerTitle(row.usage->provider) : std::string();
        o.provider = p.empty() ? "LiteLLM" : p;
        o.service = "LiteLLM proxy";
        o.basis = "estimate";
    } else if (row.source == "opencost") {
        o.provider = "Kubernetes";
        o.service = "Kubernetes (OpenCost)";
        o.category = "Compute";
        o.subcategory = "Containers";
        o.basis = "estimate";
    } else if (row.source == "focus") {
        const std::string *p = rawLabel(row.rawLabels, "ProviderName");
        if (!p)
            p = rawLabel(row.rawLabels, "ServiceProviderName");
        o.provider = p ? *p : "FOCUS";
        const std::string *s = rawLabel(row.rawLabels, "ServiceName");
        o.service = s ? *s : o.provider;
        o.basis = "billed";
        // A row unalloc exported before keeps what it said then (the importer reads these
        // back from its own exports only).
        if (const std::string *c = rawLabel(row.rawLabels, "ServiceCategory"))
            o.category = *c;
        if (const std::string *c = rawLabel(row.rawLabels, "ServiceSubcategory"))
            o.subcategory = *c;
        if (const std::string *c = rawLabel(row.rawLabels, "x_CostBasis"))
            o.basis = *c;
    }
    o.issuer = o.provider;
    return o;
}

} // namespace

OwnerResolution resolveOwner(const LabelMap &labels, const AttributionOptions &options)
{
    const OwnerPick pick = pickOwner(labels, options);
    if (!pick.owned())
        return {"", "none", ""};
    if (pick.via == 0)
        return {std::string(pick.owner), "label", ""};
    return {std::string(pick.owner), "fallback",
            options.fallbacks[static_cast<size_t>(pick.via - 1)]};
}

const std::vector<std::string> &focusColumns()
{
    static const std::vector<std::string> kList(std::begin(kColumns), std::end(kColumns));
    return kList;
}

bool isUnallocResultColumn(std::string_view column)
{
    for (size_t i = kFocusColumns; i < std::size(kColumns); ++i)
        if (column == kColumns[i])
            return true;
    return false;
}

Result<FocusExportSummary>
writeFocusCsv(const LedgerStore &ledger, const AttributionOptions &options, std::ostream &out)
{
    LedgerRowFilter filter;
    if (options.fromDay)
        filter.from = TimeUs(*options.fromDay) * kUsPerDay;
    if (options.toDay)
        filter.to = TimeUs(*options.toDay) * kUsPerDay;
    filter.sources = options.sources;

    // Rows arrive by charge start; those sharing a start are ordered by (source, line text)
    // before they are written, so only one start's lines are held at a time (and a start with
    // more lines than fit the sorter's budget is merged from sorted runs on disk).
    std::string header;
    for (size_t i = 0; i < std::size(kColumns); ++i)
        header += std::string(i ? "," : "") + kColumns[i];
    out << header << '\n';
    GroupedLineSorter sorter(out);
    std::int64_t written = 0;
    std::map<std::string, Money> totals;
    // The owner columns say who the report attributes a row to: the ledger's value aliases
    // (team=e8d1460f… → team=search) apply first; Tags keep the labels as imported.
    auto aliases = ledger.valueAliases();
    if (!aliases)
        return fail(aliases.error());
    auto each = ledger.forEachRowByStart(filter, [&](const LedgerRow &lr) -> Result<void> {
        const CostRow &row = lr.row;
        if (lr.superseded ||
            (row.usage && isTelemetryOnly(row.usage->provider, row.amount.amount.isZero())))
            return {};
        const std::string amount = row.amount.amount.toString();
        const std::string currency = row.amount.currency.code();
        const auto [monthStart, monthEnd] = billingMonth(row.start);
        const TimeUs start = floorSecond(row.start);
        TimeUs end = floorSecond(row.end);
        if (end < row.end)
            end += kUsPerSecond;
        end = std::max(end, start + kUsPerSecond);
        const Origin o = originOf(row);
        const OwnerResolution who = resolveOwner(aliasLabels(row.labels, *aliases), options);
        const bool quantity = row.quantity.has_value() && !row.unit.empty();
        const std::vector<std::string> values = {"",
                                                 amount,
                                                 row.source,
                                                 row.source,
                                                 "Ledger Source",
                                                 currency,
                                                 formatTimestamp(monthEnd),
                                                 formatTimestamp(monthStart),
                                                 "",
                                                 "",
                                                 "Usage",
                                                 "",
                                                 row.name,
                                                 "Usage-Based",
                                                 formatTimestamp(end),
                                                 formatTimestamp(start),
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 quantity ? row.quantity->toString() : "",
                                                 quantity ? row.unit : "",
                                                 amount,
                                                 "",
                                                 amount,
                                                 "",
                                                 o.issuer,
                                                 amount,
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 o.provider,
                                                 o.provider,
                                                 "",
                                                 "",
                                                 "",
                                                 row.name,
                                                 "",
                                                 o.category,
                                                 o.service,
                                                 o.subcategory,
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 "",
                                                 tagsJson(row.rawLabels),
                                                 row.source,
                                                 o.basis,
                                                 who.owner,
                                                 options.ownerKey,
                                                 who.resolvedBy,
                                                 who.fallbackKey};
        std::string text;
        for (size_t i = 0; i < values.size(); ++i) {
            if (i)
                text += ',';
            putField(text, values[i]);
        }
        text += '\n';
        if (auto r = sorter.add(row.start, row.source, std::move(text)); !r)
            return fail(r.error());
        ++written;
        auto [it, added] = totals.try_emplace(currency, row.amount);
        if (!added)
            it->second.amount += row.amount.amount;
        return {};
    });
    if (!each)
        return fail(each.error());
    if (auto r = sorter.finish(); !r)
        return fail(r.error());
    if (!out)
        return fail("io", "cannot write the FOCUS export");
    FocusExportSummary summary;
    summary.rows = written;
    for (auto &[code, money] : totals)
        summary.totals.push_back(money);
    return summary;
}

} // namespace unalloc::core

namespace unalloc::core {

Result<FocusExportSummary> writeFocusFile(const LedgerStore &ledger,
                                          const AttributionOptions &options,
                                          const std::string &path)
{
    // All or nothing: the rows stream into a sibling file that replaces `path` only once
    // complete, so a failed export never leaves half a CSV where an earlier one was.
    const std::string partial = path + ".partial";
    Result<FocusExportSummary> summary = fail("internal", "not written");
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out)
            return fail("io", "cannot write", partial);
        summary = writeFocusCsv(ledger, options, out);
        out.flush();
        if (summary && !out)
            summary = fail("io", "cannot write (disk full?)", partial);
    }
    if (!summary || std::rename(partial.c_str(), path.c_str()) != 0) {
        std::remove(partial.c_str());
        return summary ? fail("io", "cannot replace the file", path) : summary;
    }
    return summary;
}

} // namespace unalloc::core
