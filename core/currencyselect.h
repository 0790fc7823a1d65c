#pragma once

#include "costcube.h"
#include "reconcile.h"
#include "result.h"

#include <optional>
#include <vector>

namespace unalloc::core {

/// Rows of one currency in a selection.
struct CurrencyRows
{
    Currency currency;
    std::int64_t rows = 0;
};

/// The currencies of the groups of `cube` whose day is in [fromDay, toDay), by code.
std::vector<CurrencyRows> currencyRows(const CostCube &cube,
                                       std::optional<std::int32_t> fromDay = {},
                                       std::optional<std::int32_t> toDay = {});

/// "EUR (1 row), USD (12 rows)".
std::string currencyList(const std::vector<CurrencyRows> &currencies);

/// `cube` with only the groups and collisions of `currency`: what every view of a ledger
/// holding several currencies works on, since two currencies are never summed. Pass a cube
/// that is no longer needed by move: it is filtered in place (CostCube::keepGroups).
CostCube cubeInCurrency(CostCube cube, Currency currency);

/// True when `cube` holds a group in another currency than `currency`.
bool holdsOtherCurrency(const CostCube &cube, Currency currency);

/// Moves the invoices whose currency is not `currency` out of `invoices` and returns them in
/// their order: they are listed, never reconciled against rows of another currency.
std::vector<Invoice> takeOtherCurrencyInvoices(std::vector<Invoice> &invoices, Currency currency);

/// "other currency (EUR), not reconciled against USD rows".
std::string otherCurrencyNote(Currency invoice, Currency rows);

/// @brief Which currency a selection reports in (`--currency`, the explorer's selector).
///
/// None for an empty selection. With `wanted`: that currency, an error (code "usage") when the
/// selection has none of it. Without: the only currency of the selection, an error (code
/// "usage") listing the currencies with their row counts when it holds several.
Result<std::optional<Currency>> chooseCurrency(const std::vector<CurrencyRows> &held,
                                               std::optional<Currency> wanted);

} // namespace unalloc::core
