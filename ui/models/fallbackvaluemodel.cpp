#include "fallbackvaluemodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

int FallbackValueModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.exposure.values.size());
}

QString FallbackValueModel::columnTitle(int column) const
{
    switch (column) {
    case Key:
        return tr("Fallback key");
    case Value:
        return tr("Value");
    case Amount:
        return tr("Amount");
    case Rows:
        return tr("Rows");
    case Verdict:
        return tr("Looks like");
    }
    return {};
}

QVariant FallbackValueModel::cell(int row, int column, int role) const
{
    const core::FallbackValue &v = m_snapshot->exposure.values[static_cast<size_t>(row)];
    if (role == AttentionRole)
        return !v.ownerLike;
    switch (column) {
    case Key:
        return cells::text(fmt::q(v.key), role);
    case Value:
        return cells::text(fmt::q(v.value), role);
    case Amount:
        return cells::money(v.amount, currency(), locale(), role);
    case Rows:
        return cells::count(v.rows, locale(), role);
    case Verdict:
        if (role == Qt::ToolTipRole && !v.ownerLike)
            return tr("“%1” never occurs as a value of “%2”: check it is really an owner.")
                .arg(fmt::q(v.value), fmt::q(m_snapshot->request.ownerKey));
        return cells::text(v.ownerLike ? tr("an owner") : tr("not an owner?"), role);
    }
    return {};
}

} // namespace unalloc::ui
