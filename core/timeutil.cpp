#include "timeutil.h"

#include <cstdio>

namespace unalloc::core {

std::int64_t daysFromCivil(int year, unsigned month, unsigned day)
{
    // Shift the year so that it starts in March; leap days then fall at the end.
    const int y = year - (month <= 2 ? 1 : 0);
    const int era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yearOfEra = static_cast<unsigned>(y - era * 400);
    const unsigned monthIndex = month > 2 ? month - 3 : month + 9;
    const unsigned dayOfYear = (153 * monthIndex + 2) / 5 + day - 1;
    const unsigned dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return static_cast<std::int64_t>(era) * 146097 + static_cast<std::int64_t>(dayOfEra) - 719468;
}

namespace {

struct Civil
{
    int year;
    unsigned month;
    unsigned day;
};

Civil civilFromDays(std::int64_t z)
{
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto dayOfEra = static_cast<unsigned>(z - era * 146097);
    const unsigned yearOfEra =
        (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
    const int y = static_cast<int>(yearOfEra) + static_cast<int>(era) * 400;
    const unsigned dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    const unsigned mp = (5 * dayOfYear + 2) / 153;
    const unsigned d = dayOfYear - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {y + (m <= 2 ? 1 : 0), m, d};
}

bool isLeap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned daysInMonth(int y, unsigned m)
{
    static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return (m == 2 && isLeap(y)) ? 29 : kDays[m - 1];
}

struct Cursor
{
    std::string_view s;
    size_t i = 0;
    bool digits(int count, int &out)
    {
        out = 0;
        for (int k = 0; k < count; ++k) {
            if (i >= s.size() || s[i] < '0' || s[i] > '9')
                return false;
            out = out * 10 + (s[i++] - '0');
        }
        return true;
    }
    bool eat(char c)
    {
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    bool done() const { return i == s.size(); }
};

} // namespace

Result<TimeUs> parseTimestamp(std::string_view text)
{
    auto bad = [&text](const char *why) {
        return fail("bad-timestamp",
                    "'" + std::string(text) + "' is not a timestamp (" + why + ")");
    };
    Cursor c{text};
    int year = 0, month = 0, day = 0;
    if (!c.digits(4, year) || !c.eat('-') || !c.digits(2, month) || !c.eat('-') ||
        !c.digits(2, day))
        return bad("expected YYYY-MM-DD");
    if (month < 1 || month > 12 || day < 1 ||
        day > static_cast<int>(daysInMonth(year, static_cast<unsigned>(month))))
        return bad("no such date");
    TimeUs t =
        daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * kUsPerDay;
    if (c.done())
        return t;
    if (!c.eat('T') && !c.eat('t') && !c.eat(' '))
        return bad("expected 'T' or a space after the date");
    int hh = 0, mm = 0, ss = 0;
    if (!c.digits(2, hh) || !c.eat(':') || !c.digits(2, mm))
        return bad("expected HH:MM");
    if (c.eat(':')) {
        if (!c.digits(2, ss))
            return bad("expected seconds");
    }
    if (hh > 23 || mm > 59 || ss > 60)
        return bad("time out of range");
    TimeUs frac = 0;
    if (c.eat('.') || c.eat(',')) {
        int count = 0;
        while (c.i < text.size() && text[c.i] >= '0' && text[c.i] <= '9') {
            if (count < 6)
                frac = frac * 10 + (text[c.i] - '0');
            ++count;
            ++c.i;
        }
        if (count == 0)
            return bad("empty fraction");
        for (int k = count; k < 6; ++k)
            frac *= 10;
    }
    t += (static_cast<TimeUs>(hh) * 3600 + mm * 60 + ss) * kUsPerSecond + frac;
    if (c.done() || c.eat('Z') || c.eat('z')) {
        if (!c.done())
            return bad("trailing characters");
        return t;
    }
    const bool plus = c.eat('+');
    if (!plus && !c.eat('-'))
        return bad("trailing characters");
    int oh = 0, om = 0;
    if (!c.digits(2, oh))
        return bad("bad UTC offset");
    if (c.eat(':')) {
        if (!c.digits(2, om))
            return bad("bad UTC offset");
    } else if (!c.done()) {
        if (!c.digits(2, om))
            return bad("bad UTC offset");
    }
    if (!c.done() || oh > 23 || om > 59)
        return bad("bad UTC offset");
    const TimeUs offset = (static_cast<TimeUs>(oh) * 3600 + om * 60) * kUsPerSecond;
    return plus ? t - offset : t + offset;
}

Result<TimeUs> parseUnixSeconds(std::string_view text)
{
    // Exact: integer seconds plus up to six fractional digits; no floating point.
    size_t i = 0;
    bool neg = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+'))
        neg = text[i++] == '-';
    std::int64_t secs = 0;
    bool any = false;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        if (secs > 100'000'000'000LL)
            return fail("bad-timestamp", "'" + std::string(text) + "' is out of range");
        secs = secs * 10 + (text[i++] - '0');
        any = true;
    }
    TimeUs frac = 0;
    if (i < text.size() && text[i] == '.') {
        ++i;
        int count = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            if (count < 6)
                frac = frac * 10 + (text[i] - '0');
            ++count;
            ++i;
        }
        for (int k = count; k < 6; ++k)
            frac *= 10;
    }
    if (!any || i != text.size())
        return fail("bad-timestamp", "'" + std::string(text) + "' is not Unix seconds");
    const TimeUs t = secs * kUsPerSecond + frac;
    return neg ? -t : t;
}

std::int64_t dayIndex(TimeUs t)
{
    return t >= 0 ? t / kUsPerDay : -((-t + kUsPerDay - 1) / kUsPerDay);
}

std::string formatDate(TimeUs t)
{
    const Civil c = civilFromDays(dayIndex(t));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", c.year, c.month, c.day);
    return buf;
}

std::string formatTimestamp(TimeUs t)
{
    const std::int64_t days = dayIndex(t);
    const Civil c = civilFromDays(days);
    TimeUs rest = t - days * kUsPerDay;
    const auto us = static_cast<long long>(rest % kUsPerSecond);
    rest /= kUsPerSecond;
    char buf[64];
    if (c.year >= 0 && c.year <= 9999) {
        // By hand: record keys of bulk imports format two timestamps per record, and
        // snprintf was a tenth of reading an OpenCost allocation.
        const auto secs = static_cast<unsigned>(rest);
        char *p = buf;
        auto put = [&p](unsigned v, int width) {
            for (int i = width - 1; i >= 0; --i, v /= 10)
                p[i] = static_cast<char>('0' + v % 10);
            p += width;
        };
        put(static_cast<unsigned>(c.year), 4);
        *p++ = '-';
        put(c.month, 2);
        *p++ = '-';
        put(c.day, 2);
        *p++ = 'T';
        put(secs / 3600, 2);
        *p++ = ':';
        put(secs / 60 % 60, 2);
        *p++ = ':';
        put(secs % 60, 2);
        if (us != 0) {
            *p++ = '.';
            put(static_cast<unsigned>(us), 6);
        }
        *p++ = 'Z';
        return std::string(buf, static_cast<size_t>(p - buf));
    }
    if (us == 0)
        std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02lld:%02lld:%02lldZ", c.year, c.month,
                      c.day, static_cast<long long>(rest / 3600),
                      static_cast<long long>(rest / 60 % 60), static_cast<long long>(rest % 60));
    else
        std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02lld:%02lld:%02lld.%06lldZ", c.year,
                      c.month, c.day, static_cast<long long>(rest / 3600),
                      static_cast<long long>(rest / 60 % 60), static_cast<long long>(rest % 60),
                      us);
    return buf;
}

} // namespace unalloc::core
