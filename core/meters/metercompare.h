#pragma once

#include "meter.h"

#include "core/costrow.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// The bill being split: its amount and the period it covers.
struct PodCost
{
    Money cost;
    TimeUs start = 0; ///< [start, end)
    TimeUs end = 0;

    /// The cost per month: a whole calendar month counts as one month; any other period is
    /// scaled to an average month (365.25 / 12 days), exactly, rounded half-even at 10^-18.
    Money monthly() const;
};

/// How far apart two meters put one tenant.
struct TenantGap
{
    std::string tenant;
    MeterKind high = MeterKind::Tokens; ///< the meter that charges the tenant more
    MeterKind low = MeterKind::Tokens;
    Decimal points; ///< (high − low) redistributed share × 100, ≥ 0
    Money perMonth; ///< points / 100 × monthly cost, rounded half-even to cents
};

/// @brief The meters side by side: the largest gap per tenant and overall.
///
/// Gaps compare redistributed shares (overhead spread in proportion), as the studies do, so
/// that a meter with overhead is not compared with one without on different footing.
struct MeterComparison
{
    Money monthlyCost;
    std::vector<TenantGap> perTenant; ///< tenant order of the first split
    std::optional<TenantGap> largest; ///< ties: the earlier tenant
};

/// Gap in points between two meters for one tenant: (a − b) × 100 of redistributed shares.
Decimal gapPoints(const MeterSplit &a, const MeterSplit &b, std::string_view tenant);
MeterComparison compareMeters(const std::vector<MeterSplit> &splits, const PodCost &pod);

/// The derived rows that replace `pod` when `split` is applied (one per tenant, plus the
/// overhead row when it is kept and non-zero). They copy the pod row's source, window and
/// labels; a tenant row gains `ownerKey` = its owner (none for unlabeled tenants and the
/// overhead), so reports attribute it. Record keys are stable: pod key/meter/tenant.
std::vector<CostRow>
splitRows(const CostRow &pod, const MeterSplit &split, std::string_view ownerKey);

} // namespace unalloc::core
