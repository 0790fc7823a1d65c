#include "appliedsplits.h"

#include <algorithm>

namespace unalloc::core {

Result<std::vector<AppliedSplit>> appliedSplits(const LedgerStore &store)
{
    auto splits = store.splits();
    if (!splits)
        return fail(splits.error());
    std::vector<AppliedSplit> out;
    for (const SplitRecord &s : *splits) {
        auto row = store.rowById(s.originalRowId);
        if (!row)
            return fail(row.error());
        AppliedSplit a;
        a.splitId = s.id;
        a.rowId = s.originalRowId;
        a.meter = s.meter;
        a.appliedAt = s.appliedAt;
        a.parts = s.parts;
        if (*row) {
            a.source = (*row)->row.source;
            a.podName = (*row)->row.name;
            a.amount = (*row)->row.amount;
        }
        out.push_back(std::move(a));
    }
    std::sort(out.begin(), out.end(),
              [](const AppliedSplit &x, const AppliedSplit &y) { return x.splitId < y.splitId; });
    return out;
}

} // namespace unalloc::core
