#pragma once

#include "core/costcube.h"

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

/// One match group: a provider's gateway rows and bill rows on one UTC day (and one model
/// where both sides name models that day; model "" = matched on provider and day only).
struct OverlapGroup
{
    std::string provider;
    std::string model;
    std::int32_t day = 0;
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
};

/// @brief Where a gateway log and provider bills count the same dollars (DESIGN §7).
struct OverlapReport
{
    std::vector<OverlapGroup> groups;       ///< by provider, currency, day, model
    std::vector<ProviderOverlap> providers; ///< by provider, currency
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

/// Text used to match models across ledgers: lower-case, after the last '/', before the first
/// ',', without a trailing release date ("-2024-08-06", "-20250514") or "@…" version.
/// "openai/gpt-4o-2024-08-06" and "gpt-4o-2024-08-06, input" both give "gpt-4o".
std::string matchModel(std::string_view model);

/// Sums match groups per provider and currency (sorted), with coverage = gateway ÷ bill.
std::vector<ProviderOverlap> summariseByProvider(const std::vector<OverlapGroup> &groups);
/// Finds the overlap between gateway rows and the bills of the providers they route to.
/// Gateway provider: the group's usage provider, else label `custom_llm_provider` or
/// `provider`, else the prefix of label `model` before '/'. Bill provider: label `provider`,
/// else the source name. Only providers with both gateway rows and a bill in the slice match.
OverlapReport findOverlap(const CostCube &cube, const OverlapOptions &options = {});

/// findOverlap() plus the merged cube every report can attribute instead of the plain one.
MergedLedger deduplicate(const CostCube &cube, const OverlapOptions &options = {});

} // namespace unalloc::core
