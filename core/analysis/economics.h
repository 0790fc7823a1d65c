#pragma once

#include "core/costcube.h"
#include "core/result.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

inline constexpr const char *kUnattributed = "unattributed";

/// Which bill a source's dollars belong to: the API (gateway, provider) or infrastructure.
enum class EconomicsSide { Api, Infra };

/// Gateway and provider sources (litellm, openai, anthropic) are API; everything else
/// (opencost, focus, …) is infrastructure.
EconomicsSide economicsSide(std::string_view source);
/// Only gateway rows (litellm) are requests: a provider bill row is a bucket, not a request.
bool isGatewaySource(std::string_view source);

/// A label whose cost objects are spread over the features by their request counts.
struct EconomicsShare
{
    std::string key; ///< canonical
    std::string value;
};

/// Parses "KEY=VALUE:requests" (the only driver so far); the key is canonicalised by the
/// caller. Errors have code "usage".
Result<EconomicsShare> parseEconomicsShare(std::string_view text);

/// The slice and the feature key of an economics report.
struct EconomicsOptions
{
    std::string featureKey = "feature";  ///< canonical
    std::optional<std::int32_t> fromDay; ///< inclusive, days since epoch of the row start
    std::optional<std::int32_t> toDay;   ///< exclusive
    std::set<std::string> sources;       ///< empty = all
    /// Batches whose gateway rows are daily aggregates, not requests: dollars count, rows not.
    std::set<std::int64_t> aggregateBatches;
    std::vector<EconomicsShare> shares; ///< first matching share wins
};

/// Dollars and requests of one feature value (or of the unattributed line).
struct EconomicsLine
{
    std::string feature;
    bool unattributed = false;
    std::int64_t requests = 0;
    Decimal api;
    Decimal infra;
    Decimal sharedIn; ///< part of api + infra that came from --share pools

    Decimal total() const { return api + infra; }
    /// total × 1000 ÷ requests rounded half-even to `places`; none for zero requests.
    std::optional<Decimal> perThousand(int places = 4) const;
    std::optional<Decimal> apiPerThousand(int places = 4) const;
    /// infra × 1000 ÷ requests, half-even to `places`; none for zero requests.
    std::optional<Decimal> infraPerThousand(int places = 4) const;
    /// infra ÷ total in percent, half-even to `places`; none when the total is zero.
    std::optional<Decimal> invisiblePct(int places = 1) const;
};

/// What one share rule moved: its pool and the features that received it.
struct EconomicsShareApplied
{
    EconomicsShare share;
    Decimal api;
    Decimal infra;
    std::int64_t objects = 0;  ///< cube rows matched
    std::int64_t features = 0; ///< features with requests it was spread over (0 = kept)
};

/// One feature line per period (month "YYYY-MM") or per source.
struct EconomicsCell
{
    std::string group; ///< month or source
    EconomicsLine line;
};

/// @brief Feature economics of one ledger slice (issue 16, studies.md U2).
struct EconomicsReport
{
    std::string dimension;
    Currency currency = Currency::usd();
    std::vector<EconomicsLine> features; ///< by total descending, ties by feature
    EconomicsLine unattributed;          ///< cost and requests without the feature key
    std::vector<EconomicsShareApplied> shares;
    std::vector<EconomicsCell> byMonth;  ///< by month, then feature; unattributed last
    std::vector<EconomicsCell> bySource; ///< by source, then feature; unattributed last
    std::int64_t requests = 0;           ///< all gateway requests of the slice
    Decimal total;                       ///< Σ every line = Σ the slice
    Decimal api;                         ///< Σ API dollars (sharing moves none across sides)
    Decimal infra;
};

/// Feature economics over `cube`. Shares are applied to the whole slice and per month; the
/// per-source breakdown shows the dollars where they were billed (before sharing).
Result<EconomicsReport> featureEconomics(const CostCube &cube, const EconomicsOptions &options);

} // namespace unalloc::core
