#include "simmeters.h"

#include "exactmeter.h"
#include "telemetrymeters.h"

#include <algorithm>
#include <cmath>

namespace unalloc::core {

namespace {

ExactMeter baseMeter(MeterKind kind, const SimResult &r)
{
    ExactMeter m;
    m.kind = kind;
    for (const SimTenantResult &t : r.tenants) {
        m.tenants.push_back(t.name);
        m.owners.push_back(t.team);
    }
    m.weights.assign(r.tenants.size(), 0);
    m.quantities.assign(r.tenants.size() + 1, Decimal());
    return m;
}

/// Nanoseconds as a Decimal count of seconds (exact).
Decimal seconds(std::int64_t ns)
{
    return Decimal::fromInt(ns).dividedByPow10(9);
}

ExactMeter exactSimMeter(MeterKind kind, const SimResult &r, const ListPriceWeights &p)
{
    ExactMeter m = baseMeter(kind, r);
    const BigInt wall = r.wallNs;
    const BigInt pool = BigInt(r.config.engine.numBlocks) * wall;
    BigInt stepSum = 0, kvSum = 0;
    for (size_t i = 0; i < r.tenants.size(); ++i) {
        const SimTenantResult &t = r.tenants[i];
        stepSum += t.computeNs;
        kvSum += t.kvBlockNs;
        switch (kind) {
        case MeterKind::Tokens:
            m.weights[i] = t.promptTokens + t.completionTokens;
            m.quantities[i] = Decimal::fromInt(t.promptTokens + t.completionTokens);
            break;
        case MeterKind::ListPrice: {
            const Decimal v = p.uncachedInput.times(t.promptTokens - t.cachedPromptTokens) +
                              p.cachedInput.times(t.cachedPromptTokens) +
                              p.output.times(t.completionTokens);
            m.weights[i] = toBig(v.units());
            m.quantities[i] = v;
            break;
        }
        case MeterKind::StepTime:
            m.weights[i] = t.computeNs;
            m.quantities[i] = seconds(t.computeNs);
            break;
        case MeterKind::KvBlockSeconds:
            m.weights[i] = t.kvBlockNs;
            m.quantities[i] = seconds(t.kvBlockNs);
            break;
        default: // Blended: ½·step/W + ½·kv/(N·W) over the denominator 2·N·W
            m.weights[i] = BigInt(t.computeNs) * r.config.engine.numBlocks + t.kvBlockNs;
            break;
        }
    }
    if (kind == MeterKind::StepTime) {
        m.overhead = wall - stepSum;
        m.quantities.back() = seconds(r.wallNs) - seconds(static_cast<std::int64_t>(stepSum));
    } else if (kind == MeterKind::KvBlockSeconds) {
        m.overhead = pool - kvSum;
        m.quantities.back() = ratioToDecimal(m.overhead, BigInt(1'000'000'000));
    } else if (kind == MeterKind::Blended) {
        m.overhead = 2 * pool - stepSum * r.config.engine.numBlocks - kvSum;
        const BigInt total = 2 * pool;
        for (size_t i = 0; i < m.weights.size(); ++i)
            m.quantities[i] = ratioToDecimal(m.weights[i], total);
        m.quantities.back() = total > 0 ? ratioToDecimal(m.overhead, total) : Decimal();
    }
    return m;
}

} // namespace

const std::vector<MeterKind> &simulationMeterKinds()
{
    static const std::vector<MeterKind> kinds{MeterKind::Tokens, MeterKind::ListPrice,
                                              MeterKind::StepTime, MeterKind::KvBlockSeconds,
                                              MeterKind::Blended};
    return kinds;
}

MeterSplit simulationMeter(MeterKind kind,
                           const SimResult &result,
                           const Money &cost,
                           OverheadPolicy policy,
                           const ListPriceWeights &prices)
{
    return finishMeter(exactSimMeter(kind, result, prices), cost, policy);
}

std::vector<MeterSplit> simulationMeters(const SimResult &result,
                                         const Money &cost,
                                         OverheadPolicy policy,
                                         const ListPriceWeights &prices)
{
    std::vector<MeterSplit> out;
    for (MeterKind kind : simulationMeterKinds())
        out.push_back(simulationMeter(kind, result, cost, policy, prices));
    return out;
}

std::vector<RequestRecord> simulationTelemetry(const SimResult &result, TimeUs originUs)
{
    auto us = [originUs](std::int64_t ns) {
        return originUs + (ns + 500) / 1000;
    };
    std::vector<RequestRecord> out;
    out.reserve(result.outcomes.size());
    for (const SimRequestOutcome &o : result.outcomes) {
        if (o.dropped || o.doneNs < 0)
            continue;
        RequestRecord r;
        r.tenant = result.tenants[size_t(o.tenant)].team;
        r.sendUs = us(o.arrivalNs);
        r.firstUs = us(o.firstNs);
        r.doneUs = us(o.doneNs);
        r.promptTokens = o.promptLen;
        r.completionTokens = o.outputLen;
        r.cachedTokens = std::min<std::int64_t>(o.cachedTokens, o.promptLen);
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace unalloc::core
