#pragma once

#include "decimal.h"

#include <array>
#include <string>
#include <string_view>

namespace unalloc::core {

/// @brief An ISO 4217 currency code (three upper-case letters), stored inline.
class Currency final
{
public:
    constexpr Currency() = default;
    /// Accepts a known ISO 4217 code in any case ("usd" → USD); anything else is an error.
    static Result<Currency> parse(std::string_view code);
    static constexpr Currency usd() { return Currency('U', 'S', 'D'); }

    std::string code() const { return std::string(m_code.data(), 3); }
    /// The three letters as one number (for hashing).
    constexpr std::uint32_t packed() const
    {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(m_code[0])) << 16 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(m_code[1])) << 8 |
               static_cast<unsigned char>(m_code[2]);
    }
    constexpr bool isValid() const { return m_code[0] != 0; }
    friend constexpr bool operator==(Currency, Currency) = default;
    friend constexpr auto operator<=>(Currency, Currency) = default;

private:
    constexpr Currency(char a, char b, char c)
        : m_code{a, b, c}
    {}
    std::array<char, 3> m_code{};
};

/// @brief An exact amount in one currency. Adding two currencies is an error, not a sum.
struct Money final
{
    Decimal amount;
    Currency currency = Currency::usd();

    friend bool operator==(const Money &, const Money &) = default;
    /// Canonical "12.34 USD".
    std::string toString() const { return amount.toString() + " " + currency.code(); }
};

/// Sum of two amounts; an error naming both currencies when they differ.
Result<Money> add(const Money &a, const Money &b);

} // namespace unalloc::core
