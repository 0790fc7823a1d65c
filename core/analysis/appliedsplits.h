#pragma once

#include "core/ledger/ledgerstore.h"

#include <string>
#include <vector>

namespace unalloc::core {

/// One pod row that reports no longer show because a meter split replaces it.
struct AppliedSplit
{
    std::int64_t splitId = 0;
    std::int64_t rowId = 0;
    std::string source;
    std::string podName;
    Money amount;      ///< the pod row's amount, now carried by the split rows
    std::string meter; ///< meterId(): "time_share", …
    TimeUs appliedAt = 0;
    std::int64_t parts = 0;
};

/// The ledger's applied meter splits with their pod rows, by split id.
Result<std::vector<AppliedSplit>> appliedSplits(const LedgerStore &store);

} // namespace unalloc::core
