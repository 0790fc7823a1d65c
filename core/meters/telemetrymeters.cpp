#include "telemetrymeters.h"

#include "telemetryinternal.h"

#include <algorithm>

namespace unalloc::core {

namespace {

Result<void> validate(const std::vector<RequestRecord> &records)
{
    for (size_t i = 0; i < records.size(); ++i) {
        const RequestRecord &r = records[i];
        const std::string where = "requests[" + std::to_string(i) + "]";
        if (r.sendUs > r.firstUs || r.firstUs > r.doneUs)
            return fail("bad-request-times", "times must satisfy send <= first <= done", {}, where,
                        "first");
        if (r.promptTokens < 0 || r.completionTokens < 0 || r.cachedTokens < 0)
            return fail("bad-token-count", "token counts must not be negative", {}, where);
    }
    return {};
}

ExactMeter tokensMeter(const std::vector<RequestRecord> &records, const TenantIndex &tenants)
{
    ExactMeter m = emptyMeter(MeterKind::Tokens, tenants);
    for (size_t i = 0; i < records.size(); ++i)
        m.weights[size_t(tenants.index[i])] +=
            records[i].promptTokens + records[i].completionTokens;
    for (size_t t = 0; t < m.weights.size(); ++t)
        m.quantities[t] = Decimal::fromInt(static_cast<std::int64_t>(m.weights[t]));
    return m;
}

ExactMeter listPriceMeter(const std::vector<RequestRecord> &records,
                          const TenantIndex &tenants,
                          const ListPriceWeights &p)
{
    ExactMeter m = emptyMeter(MeterKind::ListPrice, tenants);
    std::vector<Decimal> sums(tenants.names.size());
    for (size_t i = 0; i < records.size(); ++i) {
        const RequestRecord &r = records[i];
        const std::int64_t cached = std::min(r.cachedTokens, r.promptTokens);
        Decimal &s = sums[size_t(tenants.index[i])];
        s += p.uncachedInput.times(r.promptTokens - cached) + p.cachedInput.times(cached) +
             p.output.times(r.completionTokens);
    }
    for (size_t t = 0; t < sums.size(); ++t) {
        m.weights[t] = toBig(sums[t].units());
        m.quantities[t] = sums[t];
    }
    return m;
}

/// Weights in half-token-microseconds, so that output/2 stays an integer.
Result<ExactMeter> kvMeter(const std::vector<RequestRecord> &records,
                           const TenantIndex &tenants,
                           const TelemetryOptions &options)
{
    ExactMeter m = emptyMeter(MeterKind::KvTokenSeconds, tenants);
    TimeUs origin = records.empty() ? 0 : records.front().sendUs;
    TimeUs end = records.empty() ? 0 : records.front().doneUs;
    for (size_t i = 0; i < records.size(); ++i) {
        const RequestRecord &r = records[i];
        origin = std::min(origin, r.sendUs);
        end = std::max(end, r.doneUs);
        const __int128 halfTokUs =
            __int128(2 * r.promptTokens) * (r.firstUs - r.sendUs) +
            __int128(2 * r.promptTokens + r.completionTokens) * (r.doneUs - r.firstUs);
        m.weights[size_t(tenants.index[i])] += toBig(halfTokUs);
    }
    const BigInt halfTokUsPerTokS = 2'000'000;
    BigInt used = 0;
    for (size_t t = 0; t < m.weights.size(); ++t) {
        used += m.weights[t];
        m.quantities[t] = ratioToDecimal(m.weights[t], halfTokUsPerTokS);
    }
    if (options.kvMeanOccupancy) {
        const Decimal occ = *options.kvMeanOccupancy;
        if (occ.sign() <= 0 || occ > Decimal::fromInt(1))
            return fail("bad-occupancy", "KV mean occupancy must be in (0, 1]");
        const BigInt scale = toBig(occ.units());
        const BigInt rest = toBig(Decimal::fromInt(1).units() - occ.units());
        for (BigInt &w : m.weights)
            w *= scale;
        m.overhead = used * rest;
        m.quantities.back() = used > 0
                                  ? Decimal::mulDiv(Decimal::fromInt(1) - occ,
                                                    ratioToDecimal(used, halfTokUsPerTokS), occ)
                                  : Decimal();
    } else if (options.kvCapacityTokens) {
        const TimeUs window = options.endUs.value_or(end) - options.originUs.value_or(origin);
        const BigInt capacity = BigInt(2 * *options.kvCapacityTokens) * BigInt(window);
        m.overhead = capacity > used ? BigInt(capacity - used) : BigInt(0);
        m.quantities.back() = ratioToDecimal(m.overhead, halfTokUsPerTokS);
    }
    return m;
}

} // namespace

TenantIndex indexTenants(const std::vector<RequestRecord> &records)
{
    TenantIndex ti;
    for (const RequestRecord &r : records)
        ti.names.push_back(r.tenant);
    std::sort(ti.names.begin(), ti.names.end());
    ti.names.erase(std::unique(ti.names.begin(), ti.names.end()), ti.names.end());
    ti.index.reserve(records.size());
    for (const RequestRecord &r : records) {
        const auto it = std::lower_bound(ti.names.begin(), ti.names.end(), r.tenant);
        ti.index.push_back(static_cast<int>(it - ti.names.begin()));
    }
    return ti;
}

ExactMeter emptyMeter(MeterKind kind, const TenantIndex &tenants)
{
    ExactMeter m;
    m.kind = kind;
    m.tenants = tenants.names;
    m.owners = tenants.names;
    m.weights.assign(tenants.names.size(), 0);
    m.quantities.assign(tenants.names.size() + 1, Decimal());
    return m;
}

const std::vector<MeterKind> &telemetryMeterKinds()
{
    static const std::vector<MeterKind> kinds{MeterKind::Tokens, MeterKind::ListPrice,
                                              MeterKind::TimeShare, MeterKind::KvTokenSeconds};
    return kinds;
}

Result<MeterSplit> telemetryMeter(MeterKind kind,
                                  const std::vector<RequestRecord> &records,
                                  const Money &cost,
                                  OverheadPolicy policy,
                                  const TelemetryOptions &options)
{
    if (auto ok = validate(records); !ok)
        return fail(ok.error());
    if (options.tickUs <= 0)
        return fail("bad-tick", "the time-share tick must be positive");
    const TenantIndex tenants = indexTenants(records);
    switch (kind) {
    case MeterKind::Tokens:
        return finishMeter(tokensMeter(records, tenants), cost, policy);
    case MeterKind::ListPrice:
        return finishMeter(listPriceMeter(records, tenants, options.prices), cost, policy);
    case MeterKind::TimeShare:
        return finishMeter(timeShareMeter(records, tenants, options), cost, policy);
    case MeterKind::KvTokenSeconds: {
        auto m = kvMeter(records, tenants, options);
        if (!m)
            return fail(m.error());
        return finishMeter(std::move(*m), cost, policy);
    }
    default:
        return fail("meter-needs-simulator",
                    "meter '" + std::string(meterId(kind)) + "' comes from the simulator");
    }
}

Result<std::vector<MeterSplit>> telemetryMeters(const std::vector<RequestRecord> &records,
                                                const Money &cost,
                                                OverheadPolicy policy,
                                                const TelemetryOptions &options)
{
    std::vector<MeterSplit> out;
    for (MeterKind kind : telemetryMeterKinds()) {
        auto split = telemetryMeter(kind, records, cost, policy, options);
        if (!split)
            return fail(split.error());
        out.push_back(std::move(*split));
    }
    return out;
}

} // namespace unalloc::core
