#pragma once

#include "core/costcube.h"
#include "core/seams/gatewayidentity.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

struct OverlapOptions
{
    std::set<std::string> gatewaySources = {"litellm"};
    std::set<std::string> sources; ///< slice; empty = all
};

/// One match group: a provider's bill rows of one billing period (a day, a week, a month: the
/// bill line's own window) and the gateway rows of that period, per model where both sides
/// name models in it (model "" = matched on provider and period only). A gateway row belongs
/// to the shortest bill period of its provider that holds its day, else to its own day.
struct OverlapGroup
{
    std::string provider;
    std::string model;
    std::int32_t day = 0;  ///< first day of the period
    std::int32_t days = 1; ///< days in the period: 1 daily, 7 weekly, 28–31 monthly
    Currency currency;
    Decimal gateway, bill;
    Decimal overlap;  ///< min(gateway, bill), never below zero: counted twice when summed
    Decimal residual; ///< bill − overlap: "bypass", spend that went around the gateway
    Decimal excess;   ///< gateway − overlap: the gateway's estimate above the bill
    std::int64_t gatewayRows = 0, billRows = 0;
};

/// A provider's match groups summed.
struct ProviderOverlap
{
    std::string provider;
    Currency currency;
    Decimal gateway, bill, overlap, residual, excess;
    std::optional<Decimal> coveragePct; ///< gateway ÷ bill × 100, 0.1 half-even; none if bill 0
    /// Bill granularities the overlap was found at ("daily", "monthly", "daily, monthly"),
    /// "" when nothing overlaps.
    std::string granularity;
};

/// "daily", "weekly", "monthly" (28–31 days) or "N-day" for a billing period of `days` days.
std::string periodGranularity(std::int32_t days);

/// @brief Where a gateway log and provider bills count the same dollars (DESIGN §7).
struct OverlapReport
{
    std::vector<OverlapGroup> groups;       ///< by provider, currency, day, model
    std::vector<ProviderOverlap> providers; ///< by provider, currency
    /// Gateway rows whose provider nothing tells (identifyGatewayRow gave ""): they cannot
    /// match a bill. A ledger migrated from schema 3 may hold such rows: re-import them.
    std::int64_t unknownProviderRows = 0;
    /// Overlapping sources are summed in a plain report: its header should say so.
    bool any() const { return !groups.empty(); }
};

/// The de-duplicated merged ledger: gateway rows kept, bill rows replaced by their share of
/// the residual (largest remainder, conserving exactly), everything else unchanged.
struct MergedLedger
{
    CostCube cube;
    OverlapReport overlap;
    Decimal removed; ///< Σ overlap = original total − merged total (one currency)
    Decimal excess;  ///< Σ excess, kept in the gateway rows and flagged here
};

/// Sums match groups per provider and currency (sorted), with coverage = gateway ÷ bill.
std::vector<ProviderOverlap> summariseByProvider(const std::vector<OverlapGroup> &groups);
/// Finds the overlap between gateway rows and the bills of the providers they route to.
/// Gateway provider and model: the group's usage provider and model, else identifyGatewayRow
/// over labels `custom_llm_provider` (or `provider`), `model`, `model_group`. Bill provider:
/// label `provider`, else the source name. Only providers with both gateway rows and a bill in
/// the slice match; models match through matchModel().
OverlapReport findOverlap(const CostCube &cube, const OverlapOptions &options = {});

/// findOverlap() plus the merged cube every report can attribute instead of the plain one:
/// a copy of `cube` (its groups in the same order, the same label sets) whose bill groups
/// carry their share of the residual.
MergedLedger deduplicate(const CostCube &cube, const OverlapOptions &options = {});
/// deduplicate() for a caller that no longer needs the plain cube: it becomes the merged one.
MergedLedger deduplicate(CostCube &&cube, const OverlapOptions &options = {});

} // namespace unalloc::core
