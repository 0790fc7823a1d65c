#include "split.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <numeric>

namespace unalloc::core {

namespace {
using Wide = boost::multiprecision::int256_t;

Wide wide(__int128 v)
{
    const bool neg = v < 0;
    unsigned __int128 m =
        neg ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
    Wide w = static_cast<std::uint64_t>(m >> 64);
    w <<= 64;
    w += static_cast<std::uint64_t>(m);
    return neg ? Wide(-w) : w;
}

__int128 narrow(const Wide &w)
{
    const bool neg = w < 0;
    Wide m = neg ? Wide(-w) : w;
    const auto hi = static_cast<std::uint64_t>(m >> 64);
    const auto lo = static_cast<std::uint64_t>(m & Wide(std::numeric_limits<std::uint64_t>::max()));
    unsigned __int128 u = (static_cast<unsigned __int128>(hi) << 64) | lo;
    return neg ? -static_cast<__int128>(u) : static_cast<__int128>(u);
}
} // namespace

std::vector<Decimal>
splitLargestRemainder(Decimal total, const std::vector<Decimal> &weights, int places)
{
    std::vector<Decimal> out(weights.size());
    if (weights.empty())
        return out;
    if (total.isNegative()) {
        // A credit splits as the mirror image of the charge: same parts, negated.
        out = splitLargestRemainder(-total, weights, places);
        for (Decimal &d : out)
            d = -d;
        return out;
    }
    places = std::clamp(places, 0, Decimal::kScale);
    __int128 quantum = 1;
    for (int i = 0; i < Decimal::kScale - places; ++i)
        quantum *= 10;
    if (total.units() % quantum != 0)
        quantum = 1;
    const Wide q = quantum;
    const Wide totalQ = wide(total.units()) / q;
    Wide weightSum = 0;
    for (const Decimal &w : weights)
        weightSum += wide(std::max(w, Decimal()).units());
    if (weightSum == 0) {
        out[0] = total;
        return out;
    }
    std::vector<Wide> base(weights.size());
    std::vector<Wide> rem(weights.size());
    Wide assigned = 0;
    for (size_t i = 0; i < weights.size(); ++i) {
        const Wide prod = totalQ * wide(std::max(weights[i], Decimal()).units());
        base[i] = prod / weightSum; // total is non-negative here: this is the floor
        rem[i] = prod % weightSum;
        assigned += base[i];
    }
    Wide left = totalQ - assigned; // 0 <= left < n
    std::vector<size_t> order(weights.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&rem](size_t a, size_t b) { return rem[a] > rem[b]; });
    for (size_t k = 0; left > 0 && k < order.size(); ++k, left -= 1)
        base[order[k]] += 1;
    for (size_t i = 0; i < weights.size(); ++i)
        out[i] = Decimal::fromUnits(narrow(base[i] * q));
    return out;
}

} // namespace unalloc::core
