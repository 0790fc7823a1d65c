#pragma once

#include "core/attribution.h"

#include <map>
#include <string>
#include <vector>

namespace unalloc::core {

/// One owner of the month with what it paid the month before.
struct ChargebackLine
{
    std::string owner; ///< or "<unallocated>"
    bool unallocated = false;
    Decimal amount;
    Decimal viaFallback;
    Decimal previous; ///< the same owner's amount in the previous month (0 when absent)
    std::string sources;
    std::int64_t rows = 0;
};

/// One line of an owner's statement: a cost object of a source, summed exactly.
struct StatementLine
{
    std::string source;
    std::string object;
    Decimal amount;
    std::int64_t rows = 0;
};

/// @brief The attribution side of a monthly chargeback pack: the month and the month before,
/// per owner, the statements behind each owner's figure, the backlog and the fix plan.
struct Chargeback
{
    std::string month;            ///< "2026-08"
    std::int32_t fromDay = 0;     ///< first day of the month (days since epoch)
    std::int32_t toDay = 0;       ///< first day of the next month (exclusive)
    std::int32_t previousDay = 0; ///< first day of the previous month
    AttributionReport current;
    AttributionReport previous;
    std::vector<ChargebackLine> owners; ///< the current buckets' order, <unallocated> last
    /// Per owner (and <unallocated>): rows by source and cost object, amount descending, ties
    /// by source and object. Each owner's lines add up exactly to its ChargebackLine amount.
    std::map<std::string, std::vector<StatementLine>> statements;
    std::vector<BacklogItem> backlog; ///< top 20 unallocated cost objects
    std::vector<FixStep> fixPlan;     ///< over those 20
};

/// Parses "YYYY-MM" into [first day, first day of next month) and the previous month's first
/// day; a usage error otherwise.
Result<Chargeback> chargebackMonth(const std::string &month);

/// Fills a Chargeback for `month` (from chargebackMonth) with `options`' owner key, fallbacks
/// and sources (its days are replaced by the month's).
Result<Chargeback>
buildChargeback(const CostCube &cube, AttributionOptions options, Chargeback month);

} // namespace unalloc::core
