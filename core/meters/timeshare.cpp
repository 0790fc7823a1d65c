#include "telemetryinternal.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

namespace unalloc::core {

namespace {

struct Event
{
    TimeUs at;
    int start; ///< 0 = end, 1 = start: ends sort first at equal times
    int tenant;
    friend bool operator<(const Event &a, const Event &b)
    {
        return std::tie(a.at, a.start, a.tenant) < std::tie(b.at, b.start, b.tenant);
    }
};

/// Number of ticks origin + k·tick (k ≥ 0) strictly before `t`.
std::int64_t ticksBefore(TimeUs t, TimeUs origin, TimeUs tick)
{
    if (t <= origin)
        return 0;
    return (t - origin + tick - 1) / tick;
}

/// Exact tenant ticks = Σ_n perTotal[n] / n, brought to the common denominator lcm(n).
void setExactTicks(ExactMeter &m,
                   const std::vector<std::map<std::int64_t, std::int64_t>> &perTotal,
                   std::int64_t idle)
{
    BigInt lcm = 1;
    for (const auto &byTotal : perTotal) {
        for (const auto &[n, c] : byTotal)
            lcm = boost::multiprecision::lcm(lcm, BigInt(n));
    }
    for (size_t t = 0; t < perTotal.size(); ++t) {
        BigInt w = 0;
        for (const auto &[n, c] : perTotal[t])
            w += BigInt(c) * (lcm / n);
        m.weights[t] = w;
        m.quantities[t] = ratioToDecimal(w, lcm);
    }
    m.overhead = BigInt(idle) * lcm;
    m.quantities.back() = Decimal::fromInt(idle);
}

} // namespace

ExactMeter timeShareMeter(const std::vector<RequestRecord> &records,
                          const TenantIndex &tenants,
                          const TelemetryOptions &options)
{
    ExactMeter m = emptyMeter(MeterKind::TimeShare, tenants);
    if (records.empty())
        return m;
    const TimeUs tick = options.tickUs;
    TimeUs origin = records.front().sendUs, end = records.front().doneUs;
    std::vector<Event> events;
    events.reserve(records.size() * 2);
    for (size_t i = 0; i < records.size(); ++i) {
        origin = std::min(origin, records[i].sendUs);
        end = std::max(end, records[i].doneUs);
        events.push_back({records[i].sendUs, 1, tenants.index[i]});
        events.push_back({records[i].doneUs, 0, tenants.index[i]});
    }
    origin = options.originUs.value_or(origin);
    end = options.endUs.value_or(end);
    const std::int64_t nTicks = end >= origin ? (end - origin) / tick + 1 : 0;
    std::sort(events.begin(), events.end());

    // Between two event times the set in flight is constant, so whole runs of ticks are
    // booked at once: perTotal[t][n] = tenant t's request-ticks while n were in flight.
    const size_t nt = tenants.names.size();
    std::vector<std::int64_t> active(nt, 0);
    std::int64_t inFlight = 0, idle = 0, tickPos = 0;
    std::vector<std::map<std::int64_t, std::int64_t>> perTotal(nt);
    auto book = [&](std::int64_t upTo) {
        upTo = std::min(upTo, nTicks);
        if (upTo <= tickPos)
            return;
        const std::int64_t count = upTo - tickPos;
        tickPos = upTo;
        if (inFlight == 0) {
            idle += count;
            return;
        }
        for (size_t t = 0; t < nt; ++t) {
            if (active[t] > 0)
                perTotal[t][inFlight] += active[t] * count;
        }
    };
    for (size_t e = 0; e < events.size();) {
        const TimeUs at = events[e].at;
        book(ticksBefore(at, origin, tick));
        for (; e < events.size() && events[e].at == at; ++e) {
            const int delta = events[e].start ? 1 : -1;
            active[size_t(events[e].tenant)] += delta;
            inFlight += delta;
        }
    }
    book(nTicks);
    setExactTicks(m, perTotal, idle);
    return m;
}

} // namespace unalloc::core
