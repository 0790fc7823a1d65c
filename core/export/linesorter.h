#pragma once

#include "core/result.h"

#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace unalloc::core {

/// @brief Writes text lines in (group, key, text) order when they arrive ordered by group only:
/// the FOCUS export reads rows by charge start and must order those that share a start by
/// content, without holding the whole export.
///
/// Lines of one group are kept in memory and sorted when the group ends; a group larger than
/// `runBytes` is cut into sorted runs in temporary files that are merged, so memory stays
/// bounded by `runBytes` (plus one line per run) whatever the ledger's size.
class GroupedLineSorter final
{
public:
    explicit GroupedLineSorter(std::ostream &out, size_t runBytes = size_t(64) << 20);
    ~GroupedLineSorter();
    GroupedLineSorter(const GroupedLineSorter &) = delete;
    GroupedLineSorter &operator=(const GroupedLineSorter &) = delete;

    /// `group` must not decrease from one call to the next.
    Result<void> add(std::int64_t group, std::string key, std::string text);
    /// Writes what is left; call once at the end.
    Result<void> finish();
    /// Temporary runs written so far (0 when every group fitted in memory).
    std::int64_t runsWritten() const { return m_runsWritten; }

private:
    struct Entry
    {
        std::string key, text;
    };
    Result<void> flush();
    Result<void> spill();
    Result<void> merge();

    std::ostream &m_out;
    size_t m_limit;
    bool m_any = false;
    std::int64_t m_group = 0;
    std::vector<Entry> m_lines;
    size_t m_bytes = 0;
    std::vector<std::FILE *> m_runs;
    std::int64_t m_runsWritten = 0;
};

} // namespace unalloc::core
