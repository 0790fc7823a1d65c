#include "requestrecord.h"

namespace unalloc::core {

std::optional<RequestRecord> requestFromRow(const CostRow &row, std::string_view tenantKey)
{
    if (!row.usage)
        return std::nullopt;
    const Usage &u = *row.usage;
    if (!u.sendTime || !u.firstTokenTime || !u.doneTime || !u.promptTokens || !u.completionTokens)
        return std::nullopt;
    RequestRecord r;
    if (const std::string *tenant = row.labels.find(tenantKey))
        r.tenant = *tenant;
    r.sendUs = *u.sendTime;
    r.firstUs = *u.firstTokenTime;
    r.doneUs = *u.doneTime;
    r.promptTokens = *u.promptTokens;
    r.completionTokens = *u.completionTokens;
    r.cachedTokens = u.cachedTokens.value_or(0);
    return r;
}

TelemetryRecords requestsFromRows(const std::vector<CostRow> &rows, std::string_view tenantKey)
{
    TelemetryRecords out;
    out.records.reserve(rows.size());
    for (const CostRow &row : rows) {
        if (auto r = requestFromRow(row, tenantKey))
            out.records.push_back(std::move(*r));
        else
            ++out.skipped;
    }
    return out;
}

} // namespace unalloc::core
