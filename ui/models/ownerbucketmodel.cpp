#include "ownerbucketmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

int OwnerBucketModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.report.buckets.size());
}

QString OwnerBucketModel::columnTitle(int column) const
{
    switch (column) {
    case Owner:
        return tr("Owner");
    case Amount:
        return tr("Amount");
    case Share:
        return tr("Share");
    case ViaFallback:
        return tr("Via fallback");
    case Rows:
        return tr("Rows");
    case Sources:
        return tr("Sources");
    }
    return {};
}

QString OwnerBucketModel::columnToolTip(int column) const
{
    if (column == ViaFallback)
        return tr("Part of the amount that reached this owner only through a fallback key (F).");
    if (column == Share)
        return tr("Share of the total spend in the selected period and sources.");
    return {};
}

bool OwnerBucketModel::isNumeric(int column) const
{
    return column != Owner && column != Sources;
}

QVariant OwnerBucketModel::cell(int row, int column, int role) const
{
    const core::Bucket &b = m_snapshot->report.buckets[static_cast<size_t>(row)];
    if (role == AttentionRole)
        return b.unallocated;
    switch (column) {
    case Owner:
        return cells::text(fmt::q(b.key), role);
    case Amount:
        return cells::money(b.amount, currency(), locale(), role);
    case Share:
        return cells::percent(m_snapshot->report.sharePct(b), locale(), role);
    case ViaFallback:
        return cells::money(b.viaFallback, currency(), locale(), role);
    case Rows:
        return cells::count(b.rows, locale(), role);
    case Sources:
        return cells::text(fmt::q(b.sourceList()), role);
    }
    return {};
}

} // namespace unalloc::ui
