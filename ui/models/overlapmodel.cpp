#include "overlapmodel.h"

#include "cells.h"
#include "ui/format.h"

#include "core/analysis/analysisrequest.h"

namespace unalloc::ui {

int OverlapModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.seams.overlap.groups.size());
}

QString OverlapModel::columnTitle(int column) const
{
    switch (column) {
    case Provider:
        return tr("Provider");
    case Day:
        return tr("From");
    case Period:
        return tr("Bill period");
    case Model:
        return tr("Model");
    case Gateway:
        return tr("Gateway");
    case Bill:
        return tr("Bill");
    case Overlap:
        return tr("Overlap (counted twice)");
    case Residual:
        return tr("Residual (bypass)");
    case Excess:
        return tr("Excess");
    case GatewayRows:
        return tr("Gateway rows");
    case BillRows:
        return tr("Bill rows");
    }
    return {};
}

QString OverlapModel::columnToolTip(int column) const
{
    switch (column) {
    case Period:
        return tr("The bill line's own period: gateway rows of every day in it are matched "
                  "against it");
    case Model:
        return tr("Matched on the model when both sides name one in the period; "
                  "otherwise on provider and period only");
    case Overlap:
        return tr("min(gateway, bill): dollars both ledgers hold");
    case Residual:
        return tr("Bill − overlap: spend that went around the gateway");
    case Excess:
        return tr("Gateway − overlap: the gateway's estimate above the bill");
    }
    return {};
}

QString OverlapModel::periodText(std::int32_t days)
{
    if (days <= 1)
        return tr("daily");
    if (days == 7)
        return tr("weekly");
    if (days >= 28 && days <= 31)
        return tr("monthly");
    return tr("%n day(s)", nullptr, days);
}

QVariant OverlapModel::cell(int row, int column, int role) const
{
    const core::OverlapGroup &g = m_snapshot->seams.overlap.groups[static_cast<size_t>(row)];
    if (role == AttentionRole)
        return !g.overlap.isZero();
    switch (column) {
    case Provider:
        return cells::text(fmt::q(g.provider), role);
    case Day:
        if (role == Qt::DisplayRole)
            return fmt::day(g.day, locale());
        return role == RawRole || role == ExportRole ? QVariant(fmt::q(core::dayText(g.day)))
                                                     : QVariant();
    case Period:
        if (role == Qt::DisplayRole)
            return periodText(g.days);
        return cells::text(fmt::q(core::periodGranularity(g.days)), role);
    case Model:
        if (role == Qt::DisplayRole && g.model.empty())
            return tr("(any model)");
        return cells::text(fmt::q(g.model), role);
    case Gateway:
        return cells::money(g.gateway, g.currency, locale(), role);
    case Bill:
        return cells::money(g.bill, g.currency, locale(), role);
    case Overlap:
        return cells::money(g.overlap, g.currency, locale(), role);
    case Residual:
        return cells::money(g.residual, g.currency, locale(), role);
    case Excess:
        return cells::money(g.excess, g.currency, locale(), role);
    case GatewayRows:
        return cells::count(g.gatewayRows, locale(), role);
    case BillRows:
        return cells::count(g.billRows, locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
