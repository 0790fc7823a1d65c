#include "daycoverage.h"

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
    for (std::int64_t d = first; d <= last; ++d) {
        if (!m_days.contains(d))
            ev.gaps.push_back(core::formatDate(d * core::kUsPerDay));
    }
    if (!ev.gaps.empty() && ev.reason.empty()) {
        ev.reason = std::to_string(ev.gaps.size()) + " day(s) of " + what + " have no rows (" +
                    ev.gaps.front() + (ev.gaps.size() > 1 ? " … " + ev.gaps.back() : "") + ")";
    }
}

} // namespace unalloc::adapters
