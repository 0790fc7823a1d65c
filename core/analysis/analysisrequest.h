#pragma once

#include "core/attribution.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace unalloc::core {

/// @brief What the analyst asked for: owner key, ordered fallbacks, period and sources.
///
/// The explorer's analysis bar edits exactly this value (undo/redo swaps whole values), and
/// every view is a pure function of (ledger, request). Keys are canonical (the bar runs what
/// the user types through LabelNormaliser::canonicalKey).
struct AnalysisRequest
{
    std::string ownerKey = "team";
    std::vector<std::string> fallbacks;  ///< click order = fallback order
    std::optional<std::int32_t> fromDay; ///< inclusive, days since 1970-01-01 (UTC)
    std::optional<std::int32_t> toDay;   ///< exclusive
    std::set<std::string> sources;       ///< empty = every source
    /// Attribute the de-duplicated merged ledger (gateway rows kept, provider bills replaced
    /// by their residual) instead of summing overlapping sources (`report --dedupe`).
    bool dedupe = false;
    Decimal tolerancePct = Decimal::fromInt(1); ///< reconciliation: |delta %| ≤ this matches
    /// The currency every figure is in (`--currency`); unset = the ledger's only currency.
    /// A ledger holding several is always viewed one currency at a time.
    std::optional<Currency> currency;

    friend bool operator==(const AnalysisRequest &, const AnalysisRequest &) = default;

    /// The attribution options this request stands for.
    AttributionOptions options() const;
    /// Same request with `key` as owner key; the key leaves the fallbacks (as in the original).
    AnalysisRequest withOwnerKey(const std::string &key) const;
    /// Toggles `key` as a fallback: appended last when absent, removed when present.
    AnalysisRequest withFallbackToggled(const std::string &key) const;
    /// Same request with the owner key and fallbacks given as raw text (a command line):
    /// canonicalised with `aliases` like the CLI does; empty keys, repeats and the owner key
    /// itself are dropped from the fallbacks.
    AnalysisRequest withKeys(const std::string &ownerKey,
                             const std::vector<std::string> &fallbacks,
                             const std::map<std::string, std::string> &aliases = {}) const;
    /// 1-based position of `key` in the fallbacks, 0 when it is not one.
    int fallbackPosition(const std::string &key) const;
};

/// The equivalent CLI call: `unalloc report --ledger FILE --from … --to … --source … --dimension
/// … --fallback …`. Arguments are shell-quoted when needed so the line can be pasted.
std::string commandLine(const AnalysisRequest &request, const std::string &ledgerPath);

/// POSIX shell quoting of one argument ('…' when it holds anything outside [A-Za-z0-9_./:=-]).
std::string shellQuote(const std::string &arg);

/// "2026-08-01" for a day index.
std::string dayText(std::int32_t day);

} // namespace unalloc::core
