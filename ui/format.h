#pragma once

#include "core/decimal.h"
#include "core/money.h"

#include <QDate>
#include <QDateTime>
#include <QLocale>
#include <QString>

#include <string>
#include <string_view>

namespace unalloc::ui::fmt {

/// UTF-8 std::string → QString (core text is UTF-8).
inline QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}
inline std::string s(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    return std::string(utf8.constData(), static_cast<size_t>(utf8.size()));
}

/// Grouped, locale-formatted decimal with `places` fractional digits (half-even).
QString number(const core::Decimal &value, const QLocale &locale, int places = 2);
/// Money with the currency placed the way the locale places it ("$1,234.56", "1.234,56 $").
QString money(const core::Decimal &value,
              const core::Currency &currency,
              const QLocale &locale,
              int places = 2);
/// Compact money for chart labels: "$48.98k", "$1.2M" (never for tables).
QString
moneyShort(const core::Decimal &value, const core::Currency &currency, const QLocale &locale);
/// A percentage computed (and rounded) by core, shown with the locale: "73.5 %".
QString percent(const core::Decimal &pct, const QLocale &locale);
/// part ÷ whole as a percentage to 0.1 that never rounds to a claim the data contradicts:
/// "> 99.9 %" when some of the whole is not the part, "< 0.1 %" when the part is not zero.
QString sharePercent(const core::Decimal &part, const core::Decimal &whole, const QLocale &locale);
/// Money with as many places as the amount has (at least 2): a headline that sums rounded
/// parts shows what it really is ("-$4.2254").
QString
moneyExact(const core::Decimal &value, const core::Currency &currency, const QLocale &locale);
QString count(qint64 n, const QLocale &locale);
/// `n` as the count that picks a plural form in tr(…, n) (clamped to int; the text shows
/// count(n), grouped, so ledgers beyond two billion rows still read right).
int plural(qint64 n);
/// A day index as an unambiguous date: "1 Aug 2026" (month named in the locale's language),
/// "01.08.2026" in German; never a two-digit year or a month/day order to guess.
QString day(std::int32_t dayIndex, const QLocale &locale);
QString date(const QDate &date, const QLocale &locale);
/// A time in UTC with seconds: "1 Aug 2026 00:00:00", "01.08.2026 00:00:00" in German.
QString dateTime(const QDateTime &time, const QLocale &locale);
/// The canonical exact text core gives ("66630.38"); for CSV and clipboard.
QString exact(const core::Decimal &value);

} // namespace unalloc::ui::fmt
