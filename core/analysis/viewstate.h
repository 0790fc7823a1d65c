#pragma once

#include "analysisrequest.h"
#include "ledgercatalog.h"

#include "core/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// @brief One analysis state as the explorer remembers it: per ledger (restored on open) and
/// as a named saved view (listed in the sidebar, exported as a small JSON file).
///
/// Keys are canonical; days are UTC day indexes with `toDay` exclusive (the JSON form writes
/// the inclusive last day, as a person reads a range).
struct ViewState
{
    std::string name; ///< saved views only; empty for the per-ledger state
    std::string ownerKey = "team";
    std::vector<std::string> fallbacks;
    bool dedupe = false;
    std::optional<Currency> currency;
    std::optional<std::int32_t> fromDay; ///< inclusive
    std::optional<std::int32_t> toDay;   ///< exclusive
    std::string view;         ///< view id (`overview`, …); empty = keep the current one
    std::string ledgerFilter; ///< the Ledger view's filter line

    friend bool operator==(const ViewState &, const ViewState &) = default;

    /// The state of `request` shown in `view` with the Ledger filter `filter`.
    static ViewState
    of(const AnalysisRequest &request, const std::string &view, const std::string &filter);
    /// `base` with this state's owner key, fallbacks, dedupe, currency and period (sources and
    /// tolerance are not part of a state and stay as they are).
    AnalysisRequest applyTo(AnalysisRequest base) const;

    /// The exchange form: {"format":"unalloc-view","version":1,…}, keys sorted, two-space
    /// indent, dates "YYYY-MM-DD" (to inclusive). Deterministic.
    std::string toJson() const;
    /// Reads toJson()'s form. Unknown members are ignored; a wrong format tag, a bad date, a
    /// "to" before "from", an unknown currency or an empty owner key is an error.
    static Result<ViewState> fromJson(std::string_view json);
};

/// What an imported or restored state refers to that `catalog` does not hold: it is kept as
/// it is (the ledger may gain the data later) but flagged.
struct ViewStateCheck
{
    std::vector<std::string> unknownKeys; ///< owner key or fallbacks no row carries, in order
    bool unknownCurrency = false;         ///< a currency the ledger has no rows in
    bool emptyPeriod = false;             ///< the period holds none of the ledger's days
    bool ok() const { return unknownKeys.empty() && !unknownCurrency && !emptyPeriod; }
};
ViewStateCheck checkViewState(const ViewState &state, const LedgerCatalog &catalog);

/// A saved view's name made presentable: trimmed, inner whitespace runs as one space.
std::string normaliseViewName(std::string_view name);

} // namespace unalloc::core
