#pragma once

#include "attribution.h"
#include "labels.h"
#include "labelsetpool.h"

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// @file The owner rule, in one place. A row belongs to the first of (owner key, fallback 1,
/// …, fallback k) whose value is not blank (absent, empty or only spaces); that value, trimmed,
/// is the owner. A value that reads `<unallocated>` ends the search: the row stays unowned
/// even when a later fallback has a value. Every caller — attribution, the fallback seams, the
/// ledger table, the FOCUS export and the chargeback statements — resolves through here.

/// What one label value means to the owner rule.
enum class OwnerValue {
    Blank,       ///< absent, empty or spaces only: the next key decides
    Unallocated, ///< the literal `<unallocated>`: unowned, the search ends
    Owner,       ///< an owner (its trimmed text)
};
OwnerValue classifyOwnerValue(std::optional<std::string_view> value);
inline OwnerValue classifyOwnerValue(const std::string *value)
{
    return classifyOwnerValue(value ? std::optional<std::string_view>(*value) : std::nullopt);
}

/// The key that decided: `via` 0 = owner key, k = fallback k, -1 = none (unowned).
struct OwnerPick
{
    int via = -1;
    std::string_view owner; ///< trimmed; empty when unowned (views into the labels)

    bool owned() const { return via >= 0; }
};

/// The rule over any label lookup: `find(key)` returns the value of `key` or nullptr (a
/// pointer to it, or an optional view of it).
template<class Find>
OwnerPick
pickOwner(const Find &find, const std::string &ownerKey, const std::vector<std::string> &fallbacks)
{
    for (size_t k = 0; k <= fallbacks.size(); ++k) {
        const auto v = find(k == 0 ? ownerKey : fallbacks[k - 1]);
        switch (classifyOwnerValue(v)) {
        case OwnerValue::Blank:
            continue;
        case OwnerValue::Unallocated:
            return {};
        case OwnerValue::Owner:
            return {static_cast<int>(k), trimmed(*v)};
        }
    }
    return {};
}

/// The rule for one label map (a ledger row, a FOCUS line).
OwnerPick pickOwner(const LabelMap &labels, const AttributionOptions &options);
/// The rule for one label set of a pool.
OwnerPick pickOwner(const LabelSetRef &labels, const AttributionOptions &options);

/// How one label set resolves: index into the owner list (-1 = unowned) and `via` as above.
struct SetOwner
{
    std::int32_t owner = -1;
    std::int32_t via = -1;
};

/// @brief The rule for every set of `pool` at once, as a scan over id columns: the owner
/// key's and each fallback's value ids are read per set, and each distinct value text is
/// classified once, however many sets carry it. New owner texts are appended to `owners` in
/// the order of their value ids in `pool` (for owners that differ only in blanks around them,
/// the first one's); the result is indexed by set id.
std::vector<SetOwner> resolveSetOwners(const LabelSetPool &pool,
                                       const AttributionOptions &options,
                                       std::vector<std::string> &owners);

/// Every owner (trimmed text) that key `ownerKey` names anywhere in `pool`: each distinct
/// value id classified once, however many sets carry it.
std::set<std::string, std::less<>> ownerValuesOf(const LabelSetPool &pool,
                                                 const std::string &ownerKey);

} // namespace unalloc::core
