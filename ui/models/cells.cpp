#include "cells.h"

#include "ui/format.h"

namespace unalloc::ui::cells {

QVariant
money(const core::Decimal &amount, const core::Currency &currency, const QLocale &locale, int role)
{
    switch (role) {
    case Qt::DisplayRole:
        return fmt::money(amount, currency, locale);
    case Qt::ToolTipRole:
        return fmt::exact(amount) + QLatin1Char(' ') + fmt::q(currency.code());
    case RawRole:
        return QVariant::fromValue(amount);
    case ExportRole:
        return fmt::exact(amount);
    default:
        return {};
    }
}

QVariant percent(const core::Decimal &pct, const QLocale &locale, int role)
{
    switch (role) {
    case Qt::DisplayRole:
        return fmt::percent(pct, locale);
    case RawRole:
        return QVariant::fromValue(pct);
    case ExportRole:
        return fmt::q(pct.toFixed(1));
    default:
        return {};
    }
}

QVariant count(qint64 n, const QLocale &locale, int role)
{
    switch (role) {
    case Qt::DisplayRole:
        return fmt::count(n, locale);
    case RawRole:
    case ExportRole:
        return QVariant::fromValue(n);
    default:
        return {};
    }
}

QVariant text(const QString &text, int role)
{
    switch (role) {
    case Qt::DisplayRole:
    case RawRole:
    case ExportRole:
        return text;
    default:
        return {};
    }
}

} // namespace unalloc::ui::cells
