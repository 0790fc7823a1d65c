#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace unalloc::core {

/// @brief Latency samples of one series (seconds) with bounded memory.
///
/// Up to kExactLatencySamples values are kept and the quantiles are exact (the median of an
/// even count is the mean of the middle two). Past that the values move into a histogram of
/// the doubles' bit patterns with 2^10 buckets per power of two, and a quantile is the middle
/// of its bucket: relative error below 0.05 %, memory bounded by the buckets in use.
/// Latencies are physics, not money, so doubles are fine here.
class LatencySamples final
{
public:
    static constexpr std::size_t kExactLatencySamples = std::size_t(1) << 18;

    void add(double seconds);
    bool exact() const { return m_histogram.empty(); }
    std::int64_t count() const { return m_count; }
    double median() const;
    /// The value at rank floor(q · n) (clamped to the last), 0 without samples.
    double quantile(double q) const;

private:
    double atRank(std::int64_t rank) const;
    void toHistogram();

    mutable std::vector<double> m_values; ///< sorted lazily by the first quantile asked
    mutable bool m_sorted = true;
    std::map<std::uint64_t, std::int64_t> m_histogram;
    std::int64_t m_count = 0;
};

} // namespace unalloc::core
