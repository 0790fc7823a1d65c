#pragma once

#include "core/decimal.h"
#include "core/money.h"

#include <ostream>
#include <string>
#include <vector>

namespace unalloc::cli {

/// "$66,630.38" for USD ("-$42.81" when negative), "EUR 1,234.50" for other currencies.
/// Rounded half-even to cents. Fixed format: the CLI output never depends on the locale.
std::string money(core::Decimal amount, core::Currency currency = core::Currency::usd());
/// "73.5%" from an already rounded percentage.
std::string percent(core::Decimal pct);
/// Canonical short text of a user-given number: "50" → "50.0", "12.25" stays.
std::string shortNumber(core::Decimal value);
/// "1 file", "3 files": a count with its noun in the right number (English only, as the CLI).
std::string counted(long long n, const char *singular, const char *plural);

/// @brief A plain-text table with a title, left/right aligned columns and an optional total row.
class TextTable final
{
public:
    enum class Align { Left, Right };
    explicit TextTable(std::string title);
    void addColumn(std::string header, Align align = Align::Left);
    void addRow(std::vector<std::string> cells);
    void addSeparator();
    void print(std::ostream &os) const;

private:
    std::string m_title;
    std::vector<std::pair<std::string, Align>> m_columns;
    std::vector<std::vector<std::string>> m_rows; ///< empty vector = separator
};

} // namespace unalloc::cli
