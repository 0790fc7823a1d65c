#include "resolutionmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

QString ResolutionModel::columnTitle(int column) const
{
    switch (column) {
    case How:
        return tr("How the owner was found");
    case Amount:
        return tr("Amount");
    case Share:
        return tr("Share");
    case Rows:
        return tr("Rows");
    }
    return {};
}

QVariant ResolutionModel::cell(int row, int column, int role) const
{
    const core::AttributionReport &r = m_snapshot->report;
    const core::Resolution &res = r.resolution;
    const core::Decimal amount = row == OwnerLabel ? res.ownerLabel
                                 : row == Fallback ? res.fallback
                                                   : res.none;
    const qint64 rows = row == OwnerLabel ? res.ownerRows
                        : row == Fallback ? res.fallbackRows
                                          : res.noneRows;
    if (role == AttentionRole)
        return row == NoOwner;
    switch (column) {
    case How: {
        const QString key = fmt::q(r.dimension);
        const QString text = row == OwnerLabel ? tr("Owner label (%1)").arg(key)
                             : row == Fallback ? tr("Fallback")
                                               : tr("No owner");
        return cells::text(text, role);
    }
    case Amount:
        return cells::money(amount, currency(), locale(), role);
    case Share:
        return cells::percent(core::Decimal::percent(amount, r.total, 1), locale(), role);
    case Rows:
        return cells::count(rows, locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
