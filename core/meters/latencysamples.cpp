#include "latencysamples.h"

#include <algorithm>
#include <bit>

namespace unalloc::core {

namespace {

constexpr int kDroppedBits = 52 - 10; ///< keep 10 of the 52 mantissa bits

std::uint64_t bucketOf(double x)
{
    return x > 0 ? std::bit_cast<std::uint64_t>(x) >> kDroppedBits : 0;
}

double middleOf(std::uint64_t bucket)
{
    if (bucket == 0)
        return 0;
    const double lo = std::bit_cast<double>(bucket << kDroppedBits);
    const double hi = std::bit_cast<double>((bucket + 1) << kDroppedBits);
    return lo + (hi - lo) / 2;
}

} // namespace

void LatencySamples::add(double seconds)
{
    ++m_count;
    if (!m_histogram.empty()) {
        ++m_histogram[bucketOf(seconds)];
        return;
    }
    m_values.push_back(seconds);
    m_sorted = false;
    if (m_values.size() > kExactLatencySamples)
        toHistogram();
}

void LatencySamples::toHistogram()
{
    for (double v : m_values)
        ++m_histogram[bucketOf(v)];
    m_values.clear();
    m_values.shrink_to_fit();
}

double LatencySamples::atRank(std::int64_t rank) const
{
    if (m_histogram.empty()) {
        if (!m_sorted) {
            std::sort(m_values.begin(), m_values.end());
            m_sorted = true;
        }
        return m_values[static_cast<std::size_t>(rank)];
    }
    std::int64_t seen = 0;
    for (const auto &[bucket, n] : m_histogram) {
        seen += n;
        if (rank < seen)
            return middleOf(bucket);
    }
    return middleOf(m_histogram.rbegin()->first);
}

double LatencySamples::median() const
{
    if (m_count == 0)
        return 0;
    const std::int64_t n = m_count;
    return n % 2 ? atRank(n / 2) : (atRank(n / 2 - 1) + atRank(n / 2)) / 2;
}

double LatencySamples::quantile(double q) const
{
    if (m_count == 0)
        return 0;
    const auto idx = static_cast<std::int64_t>(q * static_cast<double>(m_count));
    return atRank(std::min(m_count - 1, idx));
}

} // namespace unalloc::core
