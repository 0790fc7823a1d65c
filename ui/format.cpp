#include "format.h"

#include <QDate>
#include <QDateTime>

#include <algorithm>
#include <limits>

namespace unalloc::ui::fmt {

namespace {

QString grouped(const QString &digits, const QLocale &locale)
{
    if (locale.numberOptions().testFlag(QLocale::OmitGroupSeparator))
        return digits;
    QString out;
    const qsizetype n = digits.size();
    for (qsizetype i = 0; i < n; ++i) {
        out += digits.at(i);
        const qsizetype left = n - 1 - i;
        if (left > 0 && left % 3 == 0)
            out += locale.groupSeparator();
    }
    return out;
}

QString currencySymbol(const core::Currency &currency)
{
    const std::string code = currency.code();
    if (code == "USD")
        return QStringLiteral("$");
    if (code == "EUR")
        return QStringLiteral("\u20ac");
    if (code == "GBP")
        return QStringLiteral("\u00a3");
    return q(code);
}

QString placeSymbol(const QString &amount, const QString &symbol, const QLocale &locale)
{
    // The locale's own pattern tells whether the symbol leads or trails.
    if (locale.language() == QLocale::C)
        return symbol + amount;
    const QString pattern = locale.toCurrencyString(qlonglong(7), QStringLiteral("\u00a4"));
    const bool trailing = pattern.indexOf(QChar(u'7')) < pattern.indexOf(QChar(u'\u00a4'));
    return trailing ? amount + QChar(u'\u00a0') + symbol : symbol + amount;
}

} // namespace

QString number(const core::Decimal &value, const QLocale &locale, int places)
{
    const QString text = q(value.toFixed(places));
    const bool negative = text.startsWith(QLatin1Char('-'));
    const QString body = negative ? text.mid(1) : text;
    const qsizetype dot = body.indexOf(QLatin1Char('.'));
    QString out = grouped(dot < 0 ? body : body.left(dot), locale);
    if (dot >= 0)
        out += locale.decimalPoint() + body.mid(dot + 1);
    return negative ? locale.negativeSign() + out : out;
}

QString
money(const core::Decimal &value, const core::Currency &currency, const QLocale &locale, int places)
{
    const QString amount = placeSymbol(number(value.isNegative() ? -value : value, locale, places),
                                       currencySymbol(currency), locale);
    return value.isNegative() ? locale.negativeSign() + amount : amount;
}

QString
moneyShort(const core::Decimal &value, const core::Currency &currency, const QLocale &locale)
{
    const core::Decimal abs = value.isNegative() ? -value : value;
    struct Scale
    {
        std::int64_t factor;
        const char *suffix;
    };
    static const Scale scales[] = {{1'000'000'000, "B"}, {1'000'000, "M"}, {1'000, "k"}};
    for (const Scale &s : scales) {
        if (abs >= core::Decimal::fromInt(s.factor)) {
            const core::Decimal scaled = core::Decimal::mulDiv(value, core::Decimal::fromInt(1),
                                                               core::Decimal::fromInt(s.factor));
            return placeSymbol(
                number(scaled, locale, abs >= core::Decimal::fromInt(s.factor * 100) ? 0 : 1) +
                    QLatin1String(s.suffix),
                currencySymbol(currency), locale);
        }
    }
    return money(value, currency, locale, 0);
}

QString percent(const core::Decimal &pct, const QLocale &locale)
{
    return number(pct, locale, 1) + QChar(u'\u00a0') + locale.percent();
}

QString sharePercent(const core::Decimal &part, const core::Decimal &whole, const QLocale &locale)
{
    if (whole.isZero())
        return percent(core::Decimal(), locale);
    const core::Decimal pct = core::Decimal::percent(part, whole, 1);
    const core::Decimal hundred = core::Decimal::fromInt(100);
    if (pct == hundred && part != whole)
        return QStringLiteral("> ") + percent(*core::Decimal::parse("99.9"), locale);
    if (pct.isZero() && !part.isZero())
        return QStringLiteral("< ") + percent(*core::Decimal::parse("0.1"), locale);
    return percent(pct, locale);
}

QString
moneyExact(const core::Decimal &value, const core::Currency &currency, const QLocale &locale)
{
    const std::string text = value.toString();
    const auto dot = text.find('.');
    const int places = dot == std::string::npos ? 0 : int(text.size() - dot - 1);
    return money(value, currency, locale, std::max(2, places));
}

QString count(qint64 n, const QLocale &locale)
{
    return locale.toString(n);
}

int plural(qint64 n)
{
    return int(
        std::clamp<qint64>(n, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

namespace {

QString datePattern(const QLocale &locale)
{
    return locale.language() == QLocale::German ? QStringLiteral("dd.MM.yyyy")
                                                : QStringLiteral("d MMM yyyy");
}

} // namespace

QString day(std::int32_t dayIndex, const QLocale &locale)
{
    return date(QDate(1970, 1, 1).addDays(dayIndex), locale);
}

QString date(const QDate &date, const QLocale &locale)
{
    return locale.toString(date, datePattern(locale));
}

QString dateTime(const QDateTime &time, const QLocale &locale)
{
    return locale.toString(time.toUTC(), datePattern(locale) + QStringLiteral(" HH:mm:ss"));
}

QString exact(const core::Decimal &value)
{
    return q(value.toString());
}

} // namespace unalloc::ui::fmt
