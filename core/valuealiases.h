#pragma once

#include "costcube.h"
#include "money.h"
#include "result.h"
#include "rules.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace unalloc::core {

class LedgerStore;

/// Parses `KEY=VALUE=>TARGET` (the CLI's and the dialog's form): the key up to the first `=`
/// (canonicalised like an owner key), the value up to the first `=>`, the target after it.
/// Values keep their case and inner text; surrounding spaces are trimmed.
Result<ValueAlias> parseValueAlias(std::string_view text);
/// Parses `KEY=VALUE` (which alias to delete).
Result<std::pair<std::string, std::string>> parseAliasSource(std::string_view text);
/// `KEY=VALUE=>TARGET`.
std::string aliasText(const ValueAlias &alias);

/// Dollars one alias moved on one day in one currency.
struct AliasMove
{
    std::uint32_t alias = 0; ///< index into the alias list applied
    std::int32_t day = 0;
    Currency currency;
    Decimal amount;
    std::int64_t rows = 0;
};

/// `labels` with `aliases` applied, by the rule applyValueAliases applies to each label set:
/// every `key=value` of an alias becomes `key=target`, compared with `labels` as given (a
/// target is never aliased again). `used` (optional) receives the indices of the aliases that
/// matched, in alias order. Every place that shows or writes an owner per row calls this, so
/// a row's owner is the one the report attributes it to.
LabelMap aliasLabels(const LabelMap &labels,
                     const std::vector<ValueAlias> &aliases,
                     std::vector<std::uint32_t> *used = nullptr);

/// A cube with the aliases applied, and what each moved.
struct AliasedCube
{
    CostCube cube;
    std::vector<AliasMove> moves; ///< by alias, day, currency
};

/// @brief Rewrites label values before attribution: every label set holding `key=value` of an
/// alias holds `key=target` instead. Applied once (an alias's target is not looked up again),
/// per distinct label set (not per row); groups that become equal merge, amounts exact, so
/// the total is unchanged. Collisions are carried over. Without aliases the cube is copied.
AliasedCube applyValueAliases(const CostCube &cube, const std::vector<ValueAlias> &aliases);
/// applyValueAliases() for a caller that no longer needs `cube`: it becomes the aliased one
/// (only the groups an alias touches are added again), without a copy beside it.
AliasedCube applyValueAliases(CostCube &&cube, const std::vector<ValueAlias> &aliases);

/// Dollars one alias moves in a period.
struct AliasTotal
{
    ValueAlias alias;
    std::vector<Money> moved; ///< per currency, by code
    std::int64_t rows = 0;
};
/// The dollars of each of `aliases` (as passed to applyValueAliases) in days [fromDay, toDay)
/// and `currency` (unset: every currency), in alias order.
std::vector<AliasTotal> aliasTotals(const std::vector<ValueAlias> &aliases,
                                    const std::vector<AliasMove> &moves,
                                    std::optional<std::int32_t> fromDay,
                                    std::optional<std::int32_t> toDay,
                                    std::optional<Currency> currency);

/// The cube every analysis works on: the ledger's aggregate with its value aliases applied.
/// The CLI and the explorer both load through here, so they see the same figures.
Result<AliasedCube> loadAnalysisCube(const LedgerStore &store,
                                     const std::vector<ValueAlias> &aliases);

} // namespace unalloc::core
