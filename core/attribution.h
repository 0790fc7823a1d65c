#pragma once

#include "costcube.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace unalloc::core {

inline constexpr const char *kUnallocated = "<unallocated>";

/// Owner key, fallbacks and the slice of the ledger to attribute. Keys must already be
/// canonical (LabelNormaliser::canonicalKey).
struct AttributionOptions
{
    std::string ownerKey = "team";
    std::vector<std::string> fallbacks;
    std::optional<std::int32_t> fromDay; ///< inclusive, days since epoch of the row start
    std::optional<std::int32_t> toDay;   ///< exclusive
    std::set<std::string> sources;       ///< empty = all
    std::set<std::int64_t> batches;      ///< empty = all
    std::optional<Currency> currency;    ///< only rows in this currency; unset = all (issue 19)
};

struct SourceAmount
{
    std::string source;
    Decimal amount;
    std::int64_t rows = 0;
    friend bool operator==(const SourceAmount &, const SourceAmount &) = default;
};

/// One owner value (or <unallocated>) with its exact total.
struct Bucket
{
    std::string key;
    bool unallocated = false;
    Decimal amount;
    Decimal viaFallback; ///< part of amount that reached this owner through a fallback key
    std::vector<SourceAmount> bySource; ///< sorted by source name
    std::int64_t rows = 0;
    std::string sourceList() const; ///< "litellm, opencost"
};

struct FallbackUse
{
    std::string key;
    Decimal amount;
    std::int64_t rows = 0;
};

/// How rows found their owner: the owner label itself, a fallback, or nothing.
struct Resolution
{
    Decimal ownerLabel, fallback, none;
    std::int64_t ownerRows = 0, fallbackRows = 0, noneRows = 0;
};

/// @brief Result of attributing a ledger slice to an owner key (DESIGN §6).
struct AttributionReport
{
    std::string dimension;
    std::vector<std::string> fallbacks;
    Currency currency;
    Decimal total;
    Decimal unallocated;
    Decimal fallbackTotal; ///< F
    std::int64_t rowCount = 0;
    std::vector<Bucket> buckets; ///< amount desc, ties by key, <unallocated> last
    std::vector<SourceAmount> bySource;
    std::vector<FallbackUse> fallbackByKey; ///< in fallback order
    Resolution resolution;

    /// U rounded half-even to `places` (0 when the total is zero).
    Decimal unallocatedPct(int places = 1) const
    {
        return Decimal::percent(unallocated, total, places);
    }
    Decimal fallbackPct(int places = 1) const
    {
        return Decimal::percent(fallbackTotal, total, places);
    }
    Decimal sharePct(const Bucket &b, int places = 1) const
    {
        return Decimal::percent(b.amount, total, places);
    }
    /// Exact U > budget (no rounding before the comparison). A zero total never exceeds.
    bool exceedsBudget(Decimal budgetPct) const;
    size_t ownerCount() const;
};

/// A cost object nobody owns, with the keys it does have.
struct BacklogItem
{
    std::string source;
    std::string name;
    Decimal amount;
    std::int64_t rows = 0;
    LabelMap labels;
};

/// One step of the fix plan: label this object and U becomes `uAfter`.
struct FixStep
{
    BacklogItem item;
    Decimal unallocatedAfter;
    Decimal uAfter; ///< percent, rounded to 0.1
};

/// Attributes the cube; an error when the slice mixes currencies.
Result<AttributionReport> attribute(const CostCube &cube, const AttributionOptions &options);
/// Unallocated cost objects (same source, name and label set merged), dollars descending,
/// ties by source, name, labels. `limit` 0 = all.
Result<std::vector<BacklogItem>>
backlog(const CostCube &cube, const AttributionOptions &options, size_t limit = 0);
/// Greedy, dollar-sorted labelling plan with U after each fix.
std::vector<FixStep> fixPlan(const AttributionReport &report,
                             const std::vector<BacklogItem> &items);
/// Every label key with the number of rows that carry it, count desc, ties by key.
std::vector<std::pair<std::string, std::int64_t>> availableKeys(const CostCube &cube);

} // namespace unalloc::core
