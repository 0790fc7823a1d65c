#pragma once
// Internal to core/meters: exact meter weights and the one place they become shares and
// money. Public headers never see boost.

#include "meter.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <string>
#include <vector>

namespace unalloc::core {

using BigInt = boost::multiprecision::cpp_int;

/// A meter before rounding: an exact integer weight per tenant and for the overhead, all in
/// one unit, plus the quantities to show.
struct ExactMeter
{
    MeterKind kind = MeterKind::Tokens;
    std::vector<std::string> tenants; ///< display names
    std::vector<std::string> owners;  ///< owner label values ("" = none)
    std::vector<BigInt> weights;      ///< per tenant
    BigInt overhead = 0;
    std::vector<Decimal> quantities; ///< per tenant, then the overhead
};

BigInt toBig(__int128 v);
/// num / den rounded half-even at 10^-18 (den > 0).
Decimal ratioToDecimal(const BigInt &num, const BigInt &den);
/// Parts of `total` (an integer count of units) proportional to `weights` whose sum must be
/// positive, by largest remainder: they sum to `total` exactly; ties go to the earlier index.
std::vector<BigInt> largestRemainder(const BigInt &total, const std::vector<BigInt> &weights);

/// Rounds an exact meter into shares and money under `policy`. Tenants are ordered by name
/// with the unlabeled tenant ("") last; the overhead row comes last.
MeterSplit finishMeter(ExactMeter meter, const Money &cost, OverheadPolicy policy);

} // namespace unalloc::core
