#pragma once

#include "core/attribution.h"
#include "core/slice.h"

#include <string>
#include <vector>

namespace unalloc::core {

/// F that one fallback key brought in, and how much of it went to values that never occur
/// as values of the owner key.
struct FallbackKeyExposure
{
    std::string key;
    int position = 0; ///< 1-based fallback order
    Decimal amount;
    std::int64_t rows = 0;
    Decimal nonOwnerAmount;
    int values = 0;
    Decimal sharePct; ///< of the total, 0.1
};

/// One (fallback key, value) pair that resolved rows.
struct FallbackValue
{
    std::string key;
    std::string value;
    Decimal amount;
    std::int64_t rows = 0;
    bool ownerLike = false; ///< the value also occurs as a value of the owner key
};

/// One owner bucket with the part it got through fallbacks.
struct OwnerExposure
{
    std::string owner;
    Decimal amount;
    Decimal viaFallback;
    Decimal fallbackSharePct; ///< viaFallback ÷ amount, 0.1
    bool nonOwner = false;    ///< reached only through fallbacks with a non-owner value
};

/// @brief Fallback exposure (DESIGN §6, §7 "fallback illusion"): F by key, by value and by
/// owner bucket, with fallbacks that look like non-owners flagged.
struct FallbackExposure
{
    std::vector<FallbackKeyExposure> byKey; ///< in fallback order
    std::vector<FallbackValue> values;      ///< amount desc, ties by key, value
    std::vector<OwnerExposure> owners;      ///< buckets with F > 0, F desc, ties by owner
    Decimal nonOwnerTotal;                  ///< F that went to non-owner-looking values
};

/// Exposure of `report` (computed with the same options) over the groups of `cube` in the
/// slice of `options`; `resolved` (optional) is resolveSets() of `cube` under `options`.
FallbackExposure fallbackExposure(const CostCube &cube,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const SetResolution *resolved = nullptr);
/// The same over precomputed sums of the cube's slice (what the explorer keeps per slice);
/// `resolved` (optional) is resolveSets() of `cube` under `options`.
FallbackExposure fallbackExposure(const CostCube &cube,
                                  const SliceSums &sums,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const SetResolution *resolved = nullptr);

/// The same from the sums the attribution gathered (attributeSums or attributeGroups with
/// `viaFallbacks`, under `resolved`): no second pass over the slice.
FallbackExposure fallbackExposure(const CostCube &cube,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const SetResolution &resolved,
                                  const FallbackOwnerSums &viaFallbacks);
/// The same from the summary of the resolution (summarise()): what the explorer keeps once
/// the rule per set is let go.
FallbackExposure fallbackExposure(const CostCube &cube,
                                  const AttributionOptions &options,
                                  const AttributionReport &report,
                                  const ResolutionSummary &resolved,
                                  const FallbackOwnerSums &viaFallbacks);

} // namespace unalloc::core
