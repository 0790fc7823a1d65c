#pragma once

#include "result.h"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace unalloc::core {

/// @brief Exact signed fixed-point decimal: a checked 128-bit integer count of 10^-18 units.
///
/// Parsed from text only (JSON number text, JSON string, CSV cell) — there is deliberately no
/// constructor from double. Every operation that could overflow either throws
/// DecimalOverflow (an invariant broken inside the program) or, in the checked* forms,
/// returns an error value. Rounding happens only where a function says so, half-even.
class Decimal final
{
public:
    using Units = __int128;
    static constexpr int kScale = 18;

    constexpr Decimal() = default;

    /// Parses `[+-]digits[.digits][(e|E)[+-]digits]` (also ".5" and "5."). More than 18
    /// fractional digits round half-even; `*rounded` is set when a non-zero digit was dropped.
    /// NaN, Infinity, empty text, stray characters and out-of-range values are errors.
    static Result<Decimal> parse(std::string_view text, bool *rounded = nullptr);
    /// Exact integer value.
    static Decimal fromInt(std::int64_t value);
    /// Raw units (value × 10^18).
    static constexpr Decimal fromUnits(Units units)
    {
        Decimal d;
        d.m_units = units;
        return d;
    }

    constexpr Units units() const { return m_units; }
    constexpr bool isZero() const { return m_units == 0; }
    constexpr bool isNegative() const { return m_units < 0; }
    constexpr int sign() const { return m_units < 0 ? -1 : (m_units > 0 ? 1 : 0); }

    /// Canonical text: '-' if negative, integer part, and at least two fractional digits
    /// (more when needed to be exact). "66630.38", "0.00", "0.0000001".
    std::string toString() const;
    /// Text with exactly `places` fractional digits (0..18), rounded half-even.
    std::string toFixed(int places) const;
    /// Rounded half-even to `places` fractional digits (0..18).
    Decimal roundedHalfEven(int places) const;
    /// Only for chart axes and pixel geometry; never on a money path.
    double toDouble() const;

    Decimal operator-() const;
    Decimal &operator+=(Decimal other);
    Decimal &operator-=(Decimal other);
    friend Decimal operator+(Decimal a, Decimal b) { return a += b; }
    friend Decimal operator-(Decimal a, Decimal b) { return a -= b; }
    /// Exact multiplication by an integer (throws DecimalOverflow on overflow).
    Decimal times(std::int64_t factor) const;
    /// Exact division by a power of ten that must not lose digits beyond 10^-18; rounds
    /// half-even otherwise and sets *rounded.
    Decimal dividedByPow10(int power, bool *rounded = nullptr) const;

    std::optional<Decimal> checkedAdd(Decimal other) const;

    friend constexpr bool operator==(Decimal a, Decimal b) = default;
    friend constexpr std::strong_ordering operator<=>(Decimal a, Decimal b)
    {
        return a.m_units <=> b.m_units;
    }

    /// round_half_even(num / den × 100, places) — exact rational arithmetic, rounded once.
    /// Returns zero when den is zero.
    static Decimal percent(Decimal num, Decimal den, int places);
    /// round_half_even(a × b / c, at 10^-18) computed exactly; c must be non-zero.
    static Decimal mulDiv(Decimal a, Decimal b, Decimal c);
    /// Compares num/den × 100 with pct exactly (den > 0). Returns <0, 0, >0.
    static int comparePercent(Decimal num, Decimal den, Decimal pct);

private:
    /// Stored 8-byte aligned (a GCC/Clang typedef may lower alignment): a __int128 member
    /// would align every struct holding an amount to 16 bytes, and pad it to a multiple of 16
    /// (a backlog object took 48 bytes for 40 of data; ten million of them on a large ledger).
    typedef __int128 StoredUnits __attribute__((aligned(8)));
    StoredUnits m_units = 0;
};
static_assert(sizeof(Decimal) == 16 && alignof(Decimal) == 8);

/// @brief Thrown when exact arithmetic would leave the representable range.
class DecimalOverflow final : public std::exception
{
public:
    const char *what() const noexcept override { return "decimal overflow"; }
};

// Inline: sums run once or more per group of a million-group cube (a call each was a tenth of
// a re-attribution).
inline Decimal &Decimal::operator+=(Decimal other)
{
    if (__builtin_add_overflow(m_units, other.m_units, &m_units))
        throw DecimalOverflow();
    return *this;
}

inline Decimal &Decimal::operator-=(Decimal other)
{
    if (__builtin_sub_overflow(m_units, other.m_units, &m_units))
        throw DecimalOverflow();
    return *this;
}

/// Decimal text of a 128-bit integer (no grouping).
std::string int128ToString(__int128 value);

} // namespace unalloc::core
