#include "trendcomparisonmodel.h"

#include "cells.h"
#include "ui/format.h"

#include <QBrush>

namespace unalloc::ui {

namespace {

/// A change with its sign always shown ("+$12.50", "−$3.00"): a table of changes reads faster.
QVariant signedMoney(const core::Decimal &change,
                     const core::Currency &currency,
                     const QLocale &locale,
                     int role)
{
    if (role == Qt::DisplayRole && change > core::Decimal{})
        return QStringLiteral("+") + fmt::money(change, currency, locale);
    return cells::money(change, currency, locale, role);
}

QVariant signedPercent(const std::optional<core::Decimal> &pct, const QLocale &locale, int role)
{
    if (!pct) {
        switch (role) {
        case Qt::DisplayRole:
            return TrendComparisonModel::none();
        case RawRole: // sorts with zero
            return QVariant::fromValue(core::Decimal());
        case ExportRole:
            return QString();
        default:
            return {};
        }
    }
    if (role == Qt::DisplayRole && *pct > core::Decimal{})
        return QStringLiteral("+") + fmt::percent(*pct, locale);
    return cells::percent(*pct, locale, role);
}

} // namespace

QString TrendComparisonModel::none()
{
    return QStringLiteral("—");
}

void TrendComparisonModel::setComparison(std::optional<core::PeriodComparison> comparison)
{
    replaceRows([&] { m_comparison = std::move(comparison); });
}

int TrendComparisonModel::rows() const
{
    return m_comparison ? static_cast<int>(m_comparison->owners.size()) : 0;
}

QString TrendComparisonModel::columnTitle(int column) const
{
    switch (column) {
    case Owner:
        return tr("Owner");
    case Amount:
        return tr("Amount");
    case Previous:
        return tr("Previous");
    case Change:
        return tr("Change");
    case ChangePct:
        return tr("Change %");
    }
    return {};
}

QString TrendComparisonModel::columnToolTip(int column) const
{
    switch (column) {
    case Previous:
        return tr("The same owner in the period before: the previous month when a whole month is "
                  "selected, else as many days just before");
    case ChangePct:
        return tr("Change ÷ previous amount; — when there was nothing before");
    default:
        return {};
    }
}

QVariant TrendComparisonModel::cell(int row, int column, int role) const
{
    const core::OwnerChange &o = m_comparison->owners[size_t(row)];
    const core::Currency &currency = m_comparison->currency;
    if (role == AttentionRole)
        return o.unallocated;
    switch (column) {
    case Owner:
        return cells::text(fmt::q(o.key), role);
    case Amount:
        return cells::money(o.amount, currency, locale(), role);
    case Previous:
        return cells::money(o.previous, currency, locale(), role);
    case Change:
        return signedMoney(o.change, currency, locale(), role);
    case ChangePct:
        return signedPercent(o.changePct, locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
