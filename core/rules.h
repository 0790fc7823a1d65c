#pragma once

#include "decimal.h"

#include <map>
#include <string>
#include <vector>

namespace unalloc::core {

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

    friend bool operator==(const Rules &, const Rules &) = default;
    /// Canonical JSON text (sorted keys, no spaces, money as strings).
    std::string canonicalJson() const;
    /// "sha256:<hex>" of canonicalJson().
    std::string digest() const;
};

/// Lower-case hex SHA-256 of bytes.
std::string sha256Hex(std::string_view bytes);

} // namespace unalloc::core
