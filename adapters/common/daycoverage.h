#pragma once

#include "core/importbatch.h"

#include <set>

namespace unalloc::adapters {

/// @brief Which UTC days a file's rows cover, to name the days a period is missing.
class DayCoverage final
{
public:
    /// Marks every day that [start, end) touches.
    void add(core::TimeUs start, core::TimeUs end);
    /// Days of [from, to) with no row, as "YYYY-MM-DD", into `ev.gaps`; sets the reason.
    /// At most kMaxListedGaps days are listed (the first ones, "…", the last); the reason
    /// counts them all.
    void report(core::TimeUs from,
                core::TimeUs to,
                core::Completeness &ev,
                const std::string &what) const;
    bool empty() const { return m_days.empty(); }
    std::int64_t first() const { return *m_days.begin(); }
    std::int64_t last() const { return *m_days.rbegin(); }

    static constexpr std::int64_t kMaxListedGaps = 100;

private:
    std::set<std::int64_t> m_days;
};

} // namespace unalloc::adapters
