#include "exactmeter.h"

#include <algorithm>
#include <numeric>

namespace unalloc::core {

namespace {

const BigInt &shareUnits()
{
    static const BigInt one = toBig(Decimal::fromInt(1).units());
    return one;
}

/// Fractional digits the cost needs (at least cents): the split is exact at that precision.
int moneyPlaces(Decimal amount)
{
    int places = Decimal::kScale;
    __int128 u = amount.units();
    while (places > 2 && u % 10 == 0) {
        u /= 10;
        --places;
    }
    return places;
}

/// Callers stay within the Decimal range (shares ≤ 1, parts ≤ the cost).
__int128 toInt128(const BigInt &v)
{
    const bool neg = v < 0;
    const BigInt mag = neg ? BigInt(-v) : v;
    const auto hi = static_cast<std::uint64_t>(mag >> 64);
    const auto lo = static_cast<std::uint64_t>(mag & BigInt(~std::uint64_t(0)));
    const auto u = (static_cast<unsigned __int128>(hi) << 64) | lo;
    return neg ? -static_cast<__int128>(u) : static_cast<__int128>(u);
}

void sortTenants(ExactMeter &m)
{
    std::vector<size_t> order(m.tenants.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&m](size_t a, size_t b) {
        const bool ea = m.tenants[a].empty(), eb = m.tenants[b].empty();
        if (ea != eb)
            return eb; // the unlabeled tenant goes last
        return m.tenants[a] < m.tenants[b];
    });
    ExactMeter s;
    for (size_t i : order) {
        s.tenants.push_back(m.tenants[i]);
        s.owners.push_back(m.owners[i]);
        s.weights.push_back(m.weights[i]);
        s.quantities.push_back(m.quantities[i]);
    }
    s.quantities.push_back(m.quantities.back());
    m.tenants = std::move(s.tenants);
    m.owners = std::move(s.owners);
    m.weights = std::move(s.weights);
    m.quantities = std::move(s.quantities);
}

} // namespace

BigInt toBig(__int128 v)
{
    const bool neg = v < 0;
    unsigned __int128 mag =
        neg ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
    BigInt b = static_cast<std::uint64_t>(mag >> 64);
    b <<= 64;
    b += static_cast<std::uint64_t>(mag);
    return neg ? BigInt(-b) : b;
}

Decimal ratioToDecimal(const BigInt &num, const BigInt &den)
{
    const BigInt n = num * shareUnits();
    BigInt q = n / den;
    BigInt r = n % den;
    if (r < 0)
        r = -r;
    const int cmp = BigInt(r * 2).compare(den);
    if (cmp > 0 || (cmp == 0 && (q % 2) != 0))
        q += n < 0 ? -1 : 1;
    return Decimal::fromUnits(toInt128(q));
}

std::vector<BigInt> largestRemainder(const BigInt &total, const std::vector<BigInt> &weights)
{
    const BigInt sum = std::accumulate(weights.begin(), weights.end(), BigInt(0));
    std::vector<BigInt> parts(weights.size());
    std::vector<BigInt> rems(weights.size());
    BigInt assigned = 0;
    for (size_t i = 0; i < weights.size(); ++i) {
        const BigInt prod = total * weights[i];
        parts[i] = prod / sum;
        rems[i] = prod % sum;
        if (rems[i] < 0) { // floor, so negative weights split consistently
            parts[i] -= 1;
            rems[i] += sum;
        }
        assigned += parts[i];
    }
    std::vector<size_t> order(weights.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&rems](size_t a, size_t b) { return rems[a] > rems[b]; });
    BigInt left = total - assigned;
    for (size_t k = 0; left > 0 && k < order.size(); ++k, left -= 1)
        parts[order[k]] += 1;
    return parts;
}

MeterSplit finishMeter(ExactMeter m, const Money &cost, OverheadPolicy policy)
{
    sortTenants(m);
    const size_t n = m.tenants.size();
    std::vector<BigInt> all = m.weights;
    all.push_back(m.overhead);
    const BigInt allSum = std::accumulate(all.begin(), all.end(), BigInt(0));
    const BigInt tenantSum = allSum - m.overhead;

    std::vector<BigInt> share(n + 1, 0), redistributed(n + 1, 0);
    if (allSum > 0)
        share = largestRemainder(shareUnits(), all);
    if (tenantSum > 0) {
        redistributed = largestRemainder(shareUnits(), m.weights);
        redistributed.push_back(0);
    }

    const int places = moneyPlaces(cost.amount);
    const BigInt quantum = shareUnits() / boost::multiprecision::pow(BigInt(10), places);
    const BigInt totalUnits = toBig(cost.amount.units()) / quantum;
    std::vector<BigInt> money(n + 1, 0);
    if (policy == OverheadPolicy::Redistribute && tenantSum > 0) {
        money = largestRemainder(totalUnits, m.weights);
        money.push_back(0);
    } else if (allSum > 0) {
        money = largestRemainder(totalUnits, all);
    } else {
        money[n] = totalUnits; // nothing metered: the whole bill stays unowned
    }

    MeterSplit out;
    out.kind = m.kind;
    out.policy = policy;
    out.cost = cost;
    for (size_t i = 0; i <= n; ++i) {
        MeterRow row;
        row.overhead = i == n;
        if (!row.overhead) {
            row.tenant = m.tenants[i];
            row.owner = m.owners[i];
        }
        row.quantity = m.quantities[i];
        row.share = Decimal::fromUnits(toInt128(share[i]));
        row.redistributedShare = Decimal::fromUnits(toInt128(redistributed[i]));
        row.amount = Money{Decimal::fromUnits(toInt128(money[i] * quantum)), cost.currency};
        out.rows.push_back(std::move(row));
    }
    return out;
}

} // namespace unalloc::core
