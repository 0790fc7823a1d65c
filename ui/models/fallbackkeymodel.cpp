#include "fallbackkeymodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

int FallbackKeyModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.exposure.byKey.size());
}

QString FallbackKeyModel::columnTitle(int column) const
{
    switch (column) {
    case Order:
        return tr("#");
    case Key:
        return tr("Fallback key");
    case Amount:
        return tr("F");
    case Share:
        return tr("Share");
    case NonOwner:
        return tr("Non-owner F");
    case Values:
        return tr("Values");
    case Rows:
        return tr("Rows");
    }
    return {};
}

QString FallbackKeyModel::columnToolTip(int column) const
{
    if (column == Amount)
        return tr("F: spend attributed through this fallback key because the owner key was "
                  "missing. A fallback lowers U without making it more correct.");
    if (column == Order)
        return tr("Fallback order: the first key that has a value decides.");
    if (column == Share)
        return tr("F through this key as a share of the total spend.");
    if (column == NonOwner)
        return tr("Part of F that went to values never seen as a value of the owner key — "
                  "probably not owners (a chart name, a namespace, a project).");
    return {};
}

QVariant FallbackKeyModel::cell(int row, int column, int role) const
{
    const core::FallbackKeyExposure &k = m_snapshot->exposure.byKey[static_cast<size_t>(row)];
    if (role == AttentionRole)
        return !k.nonOwnerAmount.isZero();
    switch (column) {
    case Order:
        return cells::count(k.position, locale(), role);
    case Key:
        return cells::text(fmt::q(k.key), role);
    case Amount:
        return cells::money(k.amount, currency(), locale(), role);
    case Share:
        return cells::percent(k.sharePct, locale(), role);
    case NonOwner:
        return cells::money(k.nonOwnerAmount, currency(), locale(), role);
    case Values:
        return cells::count(k.values, locale(), role);
    case Rows:
        return cells::count(k.rows, locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
