#include "daycoverage.h"

#include <iterator>

namespace unalloc::adapters {

void DayCoverage::add(core::TimeUs start, core::TimeUs end)
{
    const std::int64_t last = end > start ? core::dayIndex(end - 1) : core::dayIndex(start);
    // A row spanning years would make this loop long; such rows are not daily data anyway.
    for (std::int64_t d = core::dayIndex(start); d <= last && d - core::dayIndex(start) < 400; ++d)
        m_days.insert(d);
}

void DayCoverage::report(core::TimeUs from,
                         core::TimeUs to,
                         core::Completeness &ev,
                         const std::string &what) const
{
    if (to <= from)
        return;
    const std::int64_t first = core::dayIndex(from);
    const std::int64_t last = core::dayIndex(to - 1);
    // One mistyped year spans centuries: count the missing days without listing them all,
    // and list only the first ones and the last (fuzz finding, tests/data/fuzz/opencost-csv).
    const auto covered = std::distance(m_days.lower_bound(first), m_days.upper_bound(last));
    const std::int64_t missing = last - first + 1 - covered;
    if (missing <= 0)
        return;
    const auto gap = [](std::int64_t d) {
        return core::formatDate(d * core::kUsPerDay);
    };
    std::vector<std::string> listed;
    for (std::int64_t d = first; d <= last && std::ssize(listed) < kMaxListedGaps - 1; ++d) {
        if (!m_days.contains(d))
            listed.push_back(gap(d));
    }
    std::int64_t lastGap = last;
    while (m_days.contains(lastGap))
        --lastGap;
    if (missing > std::ssize(listed)) {
        if (missing > std::ssize(listed) + 1)
            listed.push_back("…");
        listed.push_back(gap(lastGap));
    }
    ev.gaps.insert(ev.gaps.end(), listed.begin(), listed.end());
    if (ev.reason.empty()) {
        ev.reason = std::to_string(missing) + " day(s) of " + what + " have no rows (" +
                    listed.front() + (missing > 1 ? " … " + gap(lastGap) : "") + ")";
    }
}

} // namespace unalloc::adapters
