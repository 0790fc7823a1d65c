#pragma once

#include "decimal.h"

#include <map>
#include <string>
#include <vector>

namespace unalloc::core {

/// A label value alias: rows whose label `key` has exactly `value` carry `target` instead,
/// before attribution (`team=e8d1460f…` → `team=search`). Stored in the ledger's
/// value_aliases table; keys are canonical.
struct ValueAlias
{
    std::string key;
    std::string value;
    std::string target;
    friend auto operator<=>(const ValueAlias &, const ValueAlias &) = default;
};

/// @brief The analysis rules stored in a ledger and stamped (as a digest) on every report.
struct Rules
{
    std::string ownerKey = "team";
    std::vector<std::string> fallbacks;
    std::map<std::string, std::string> extraAliases; ///< user aliases on top of the defaults
    std::string overheadPolicy = "keep";             ///< "keep" | "redistribute"
    Decimal cachedWeight = Decimal::parse("0.1").value();
    Decimal outputWeight = Decimal::fromInt(4);
    std::string overlapPolicy = "keep-gateway"; ///< gateway↔provider de-duplication policy
    /// Label value aliases by (key, value), unique: read from the ledger's own table (not the
    /// rules JSON) and part of the digest only when there are any, so that ledgers without
    /// aliases keep their digest.
    std::vector<ValueAlias> valueAliases;

    friend bool operator==(const Rules &, const Rules &) = default;
    /// Canonical JSON text (sorted keys, no spaces, money as strings).
    std::string canonicalJson() const;
    /// "sha256:<hex>" of canonicalJson().
    std::string digest() const;
};

/// Lower-case hex SHA-256 of bytes.
std::string sha256Hex(std::string_view bytes);

} // namespace unalloc::core
