#pragma once

#include "core/attribution.h"

#include <string>
#include <vector>

namespace unalloc::core {

struct SetResolution;

/// One value a fallback key handed rows to.
struct IllusionValue
{
    std::string value;
    Decimal amount;
    std::int64_t rows = 0;
    bool ownerValue = false; ///< also occurs as a value of the owner key somewhere in the ledger
};

/// What one fallback key allocated, and how much of it went to values that are no owner.
struct IllusionKey
{
    std::string key;
    Decimal allocated; ///< F through this key
    std::int64_t rows = 0;
    Decimal nonOwner; ///< part of `allocated` given to values that never occur as owners
    std::int64_t nonOwnerRows = 0;
    std::vector<IllusionValue> values; ///< amount desc, ties by value
    /// Some of its dollars went to a value that is not an owner: the key is flagged.
    bool flagged() const { return nonOwnerRows > 0; }
};

/// @brief The fallback illusion (DESIGN §7, issue 5 item 4): fallbacks that "allocate" spend
/// to a project, workspace or chart name that owns nothing, and U with and without them.
struct FallbackIllusion
{
    std::vector<IllusionKey> keys; ///< in fallback order
    Decimal total;
    Decimal unallocated; ///< with the fallbacks as given
    /// With fallback values that are not owner values skipped (the next fallback may still
    /// resolve the row): what stays unowned once the illusion is removed.
    Decimal unallocatedWithoutIllusion;
    Decimal uPct(int places = 1) const { return Decimal::percent(unallocated, total, places); }
    Decimal uWithoutIllusionPct(int places = 1) const
    {
        return Decimal::percent(unallocatedWithoutIllusion, total, places);
    }
    bool any() const;
};

/// Owner values are the values of the owner key over every label set of the cube (the whole
/// ledger, not only the slice). An error when the slice mixes currencies.
/// `resolved` (optional) is resolveSets() of `cube` under `options`, e.g. the report's own.
Result<FallbackIllusion> fallbackIllusion(const CostCube &cube,
                                          const AttributionOptions &options,
                                          const SetResolution *resolved = nullptr);

} // namespace unalloc::core
