#include "decimal.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>

namespace unalloc::core {

namespace {

using Wide = boost::multiprecision::int256_t;

constexpr Decimal::Units pow10Units(int n)
{
    Decimal::Units v = 1;
    for (int i = 0; i < n; ++i)
        v *= 10;
    return v;
}

constexpr Decimal::Units kOne = pow10Units(Decimal::kScale);

Wide toWide(Decimal::Units u)
{
    const bool neg = u < 0;
    unsigned __int128 mag =
        neg ? static_cast<unsigned __int128>(-(u + 1)) + 1 : static_cast<unsigned __int128>(u);
    Wide w = static_cast<std::uint64_t>(mag >> 64);
    w <<= 64;
    w += static_cast<std::uint64_t>(mag);
    return neg ? Wide(-w) : w;
}

Decimal::Units fromWide(const Wide &w)
{
    static const Wide kMax = toWide(std::numeric_limits<__int128>::max());
    static const Wide kMin = toWide(std::numeric_limits<__int128>::min());
    if (w > kMax || w < kMin)
        throw DecimalOverflow();
    const bool neg = w < 0;
    Wide mag = neg ? Wide(-w) : w;
    const auto hi = static_cast<std::uint64_t>(mag >> 64);
    const auto lo =
        static_cast<std::uint64_t>(mag & Wide(std::numeric_limits<std::uint64_t>::max()));
    unsigned __int128 m = (static_cast<unsigned __int128>(hi) << 64) | lo;
    if (neg)
        return -static_cast<Decimal::Units>(m - 1) - 1;
    return static_cast<Decimal::Units>(m);
}

/// Integer division of n by d (d > 0) rounded half-even.
Wide divRoundHalfEven(const Wide &n, const Wide &d)
{
    Wide q = n / d;
    Wide r = n % d; // sign of n
    if (r == 0)
        return q;
    Wide twice = (r < 0 ? Wide(-r) : r) * 2;
    const int cmp = twice.compare(d);
    const bool away = cmp > 0 || (cmp == 0 && (q % 2) != 0);
    if (away)
        q += (n < 0) ? -1 : 1;
    return q;
}

} // namespace

std::string int128ToString(__int128 value)
{
    if (value == 0)
        return "0";
    const bool neg = value < 0;
    unsigned __int128 mag = neg ? static_cast<unsigned __int128>(-(value + 1)) + 1
                                : static_cast<unsigned __int128>(value);
    std::array<char, 48> buf{};
    int pos = static_cast<int>(buf.size());
    while (mag != 0) {
        buf[--pos] = static_cast<char>('0' + static_cast<int>(mag % 10));
        mag /= 10;
    }
    if (neg)
        buf[--pos] = '-';
    return std::string(buf.data() + pos, buf.size() - static_cast<size_t>(pos));
}

Result<Decimal> Decimal::parse(std::string_view text, bool *rounded)
{
    if (rounded)
        *rounded = false;
    size_t i = 0;
    const size_t n = text.size();
    bool neg = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) {
        neg = text[i] == '-';
        ++i;
    }
    // Mantissa digits without leading zeros, and the count of fractional digits.
    std::string digits;
    digits.reserve(n);
    int fracDigits = 0;
    bool sawDigit = false;
    bool sawPoint = false;
    for (; i < n; ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            sawDigit = true;
            if (sawPoint)
                ++fracDigits;
            if (!(digits.empty() && c == '0'))
                digits.push_back(c);
        } else if (c == '.' && !sawPoint) {
            sawPoint = true;
        } else {
            break;
        }
    }
    if (!sawDigit)
        return fail("bad-number", "'" + std::string(text) + "' is not a decimal number");
    long long exponent = 0;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNeg = false;
        if (i < n && (text[i] == '+' || text[i] == '-')) {
            expNeg = text[i] == '-';
            ++i;
        }
        bool expDigit = false;
        for (; i < n && text[i] >= '0' && text[i] <= '9'; ++i) {
            expDigit = true;
            if (exponent < 100000)
                exponent = exponent * 10 + (text[i] - '0');
        }
        if (!expDigit)
            return fail("bad-number", "'" + std::string(text) + "' has an empty exponent");
        if (expNeg)
            exponent = -exponent;
    }
    if (i != n)
        return fail("bad-number", "'" + std::string(text) + "' is not a decimal number");
    if (digits.empty())
        return Decimal();

    // value = digits × 10^(shift - 18), where shift counts the power applied to reach units.
    const long long shift = exponent - fracDigits + kScale;
    const long long len = static_cast<long long>(digits.size());
    const auto overflow = [&text]() {
        return fail("overflow", "'" + std::string(text) + "' is outside the representable range");
    };
    if (len + shift > 39)
        return overflow();
    long long keep = len + shift; // number of leading digits that stay as integer units
    unsigned __int128 mag = 0;
    const unsigned __int128 kLimit =
        static_cast<unsigned __int128>(std::numeric_limits<__int128>::max());
    auto push = [&mag, kLimit](int d) {
        if (mag > (kLimit - static_cast<unsigned>(d)) / 10)
            return false;
        mag = mag * 10 + static_cast<unsigned>(d);
        return true;
    };
    const long long taken = std::min(keep, len);
    for (long long k = 0; k < taken; ++k) {
        if (!push(digits[static_cast<size_t>(k)] - '0'))
            return overflow();
    }
    for (long long k = len; k < keep; ++k) {
        if (!push(0))
            return overflow();
    }
    if (keep < len) {
        // Dropped digits: round half-even.
        int first = 0;
        bool restNonZero = false;
        if (keep >= 0) {
            first = digits[static_cast<size_t>(keep)] - '0';
            for (long long k = keep + 1; k < len; ++k)
                restNonZero = restNonZero || digits[static_cast<size_t>(k)] != '0';
        } else {
            restNonZero = true; // digits has no leading zeros, so something non-zero was dropped
        }
        const bool anyDropped = first != 0 || restNonZero;
        if (rounded && anyDropped)
            *rounded = true;
        const bool up = first > 5 || (first == 5 && (restNonZero || (mag & 1) != 0));
        if (up) {
            if (mag == kLimit)
                return overflow();
            mag += 1;
        }
    }
    Decimal d;
    d.m_units = neg ? -static_cast<Units>(mag) : static_cast<Units>(mag);
    return d;
}

Decimal Decimal::fromInt(std::int64_t value)
{
    return fromUnits(static_cast<Units>(value) * kOne);
}

std::string Decimal::toString() const
{
    const bool neg = m_units < 0;
    unsigned __int128 mag = neg ? static_cast<unsigned __int128>(-(m_units + 1)) + 1
                                : static_cast<unsigned __int128>(m_units);
    const auto one = static_cast<unsigned __int128>(kOne);
    std::string out = neg ? "-" : "";
    out += int128ToString(static_cast<__int128>(mag / one));
    std::string frac = int128ToString(static_cast<__int128>(mag % one));
    frac.insert(0, static_cast<size_t>(kScale) - frac.size(), '0');
    while (frac.size() > 2 && frac.back() == '0')
        frac.pop_back();
    out += '.';
    out += frac;
    return out;
}

std::string Decimal::toFixed(int places) const
{
    if (places < 0)
        places = 0;
    if (places > kScale)
        places = kScale;
    // Rounds the magnitude, unsigned: the largest amounts round up past the signed range
    // (170141183460469231731.69 has no units), yet their text is well defined.
    const bool neg = m_units < 0;
    const unsigned __int128 mag = neg ? static_cast<unsigned __int128>(-(m_units + 1)) + 1
                                      : static_cast<unsigned __int128>(m_units);
    const auto q = static_cast<unsigned __int128>(pow10Units(kScale - places));
    unsigned __int128 quot = mag / q;
    const unsigned __int128 rem = mag % q;
    if (rem > q - rem || (rem == q - rem && quot % 2 != 0))
        ++quot;
    const auto scale = static_cast<unsigned __int128>(pow10Units(places));
    const auto digits = [](unsigned __int128 v) {
        std::string text;
        do {
            text.insert(text.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
            v /= 10;
        } while (v != 0);
        return text;
    };
    std::string out = neg && quot != 0 ? "-" : "";
    out += digits(quot / scale);
    if (places > 0) {
        std::string frac = digits(quot % scale);
        frac.insert(0, static_cast<size_t>(places) - frac.size(), '0');
        out += '.';
        out += frac;
    }
    return out;
}

Decimal Decimal::roundedHalfEven(int places) const
{
    if (places >= kScale)
        return *this;
    const Units q = pow10Units(kScale - std::max(places, 0));
    Units quot = m_units / q;
    Units rem = m_units % q;
    if (rem != 0) {
        const Units absRem = rem < 0 ? -rem : rem;
        const bool away = absRem * 2 > q || (absRem * 2 == q && (quot % 2) != 0);
        if (away)
            quot += m_units < 0 ? -1 : 1;
    }
    return fromUnits(fromWide(toWide(quot) * toWide(q)));
}

double Decimal::toDouble() const
{
    return static_cast<double>(m_units) / static_cast<double>(kOne);
}

Decimal Decimal::operator-() const
{
    if (m_units == std::numeric_limits<Units>::min())
        throw DecimalOverflow();
    return fromUnits(-m_units);
}

std::optional<Decimal> Decimal::checkedAdd(Decimal other) const
{
    Units out;
    if (__builtin_add_overflow(m_units, other.m_units, &out))
        return std::nullopt;
    return fromUnits(out);
}

Decimal Decimal::times(std::int64_t factor) const
{
    Units out;
    if (__builtin_mul_overflow(m_units, static_cast<Units>(factor), &out))
        throw DecimalOverflow();
    return fromUnits(out);
}

Decimal Decimal::dividedByPow10(int power, bool *rounded) const
{
    if (rounded)
        *rounded = false;
    if (power <= 0)
        return times(static_cast<std::int64_t>(pow10Units(-power)));
    if (power > 38)
        return {};
    const Wide d = toWide(pow10Units(power));
    const Wide n = toWide(m_units);
    if (rounded && (n % d) != 0)
        *rounded = true;
    return fromUnits(fromWide(divRoundHalfEven(n, d)));
}

Decimal Decimal::percent(Decimal num, Decimal den, int places)
{
    if (den.isZero())
        return {};
    places = std::clamp(places, 0, kScale);
    // q = round(num/den × 100 × 10^places), then scale to units.
    Wide n = toWide(num.m_units) * 100 * toWide(pow10Units(places));
    Wide d = toWide(den.m_units);
    if (d < 0) {
        n = -n;
        d = -d;
    }
    const Wide q = divRoundHalfEven(n, d);
    return fromUnits(fromWide(q * toWide(pow10Units(kScale - places))));
}

Decimal Decimal::mulDiv(Decimal a, Decimal b, Decimal c)
{
    if (c.isZero())
        throw DecimalOverflow();
    // (a.u/1e18 × b.u/1e18) / (c.u/1e18) × 1e18 = a.u × b.u / c.u
    Wide n = toWide(a.m_units) * toWide(b.m_units);
    Wide d = toWide(c.m_units);
    if (d < 0) {
        n = -n;
        d = -d;
    }
    return fromUnits(fromWide(divRoundHalfEven(n, d)));
}

int Decimal::comparePercent(Decimal num, Decimal den, Decimal pct)
{
    // num/den × 100 <=> pct  ⇔  num × 100 <=> pct × den   (den > 0)
    // Both sides scaled by 10^36: num.u × 100 × 10^18 <=> pct.u × den.u
    Wide lhs = toWide(num.m_units) * 100 * toWide(kOne);
    Wide rhs = toWide(pct.m_units) * toWide(den.m_units);
    if (den.m_units < 0) {
        lhs = -lhs;
        rhs = -rhs;
    }
    return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0);
}

} // namespace unalloc::core
