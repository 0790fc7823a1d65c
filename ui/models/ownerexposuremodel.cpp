#include "ownerexposuremodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

int OwnerExposureModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.exposure.owners.size());
}

QString OwnerExposureModel::columnTitle(int column) const
{
    switch (column) {
    case Owner:
        return tr("Owner");
    case Total:
        return tr("Total");
    case ViaFallback:
        return tr("Via fallback (F)");
    case FallbackShare:
        return tr("F share");
    case Verdict:
        return tr("Check");
    }
    return {};
}

QString OwnerExposureModel::columnToolTip(int column) const
{
    switch (column) {
    case Total:
        return tr("Everything this owner got, through the owner key or a fallback.");
    case ViaFallback:
        return tr("The part that reached this owner only through a fallback key.");
    case FallbackShare:
        return tr("Via fallback ÷ total.");
    case Verdict:
        return tr("“not an owner?”: reached only through fallbacks, with a value that never "
                  "occurs as a value of the owner key.");
    }
    return {};
}

QVariant OwnerExposureModel::cell(int row, int column, int role) const
{
    const core::OwnerExposure &o = m_snapshot->exposure.owners[static_cast<size_t>(row)];
    if (role == AttentionRole)
        return o.nonOwner;
    switch (column) {
    case Owner:
        return cells::text(fmt::q(o.owner), role);
    case Total:
        return cells::money(o.amount, currency(), locale(), role);
    case ViaFallback:
        return cells::money(o.viaFallback, currency(), locale(), role);
    case FallbackShare:
        return cells::percent(o.fallbackSharePct, locale(), role);
    case Verdict:
        return cells::text(o.nonOwner ? tr("not an owner?") : tr("owner"), role);
    }
    return {};
}

} // namespace unalloc::ui
