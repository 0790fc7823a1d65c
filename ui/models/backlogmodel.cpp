#include "backlogmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

int BacklogModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.backlog.size());
}

QString BacklogModel::columnTitle(int column) const
{
    switch (column) {
    case Rank:
        return tr("Fix #");
    case Source:
        return tr("Source");
    case CostObject:
        return tr("Cost object");
    case Amount:
        return tr("Amount");
    case ShareOfU:
        return tr("Share of U");
    case UAfter:
        return tr("U after fix");
    case Rows:
        return tr("Rows");
    case Labels:
        return tr("Labels it does have");
    }
    return {};
}

QString BacklogModel::columnToolTip(int column) const
{
    if (column == UAfter)
        return tr("Unallocated share (U) left once this object and every one above it carry "
                  "the owner label.");
    if (column == Labels)
        return tr("The labels this object already carries: a fix can map one of them to an "
                  "owner.");
    return {};
}

bool BacklogModel::isNumeric(int column) const
{
    return column == Rank || column == Amount || column == ShareOfU || column == UAfter ||
           column == Rows;
}

QVariant BacklogModel::cell(int row, int column, int role) const
{
    // Cells are read from the backlog on demand: it may hold a million objects.
    const core::Backlog &backlog = m_snapshot->backlog;
    const auto i = static_cast<size_t>(row);
    switch (column) {
    case Rank:
        return cells::count(row + 1, locale(), role);
    case Source:
        return cells::text(fmt::q(backlog.source(i)), role);
    case CostObject:
        return cells::text(fmt::q(backlog.name(i)), role);
    case Amount:
        return cells::money(backlog.amount(i), currency(), locale(), role);
    case ShareOfU:
        return cells::percent(
            core::Decimal::percent(backlog.amount(i), m_snapshot->report.unallocated, 1), locale(),
            role);
    case UAfter:
        return cells::percent(
            core::Decimal::percent(backlog.unallocatedAfter(i), m_snapshot->report.total, 1),
            locale(), role);
    case Rows:
        return cells::count(backlog.rows(i), locale(), role);
    case Labels: {
        QStringList parts;
        const core::LabelMap labels = backlog.labels(i).toMap();
        for (const auto &[k, v] : labels.entries())
            parts << fmt::q(k) + QLatin1Char('=') + fmt::q(v);
        return cells::text(parts.isEmpty() ? tr("(no labels)") : parts.join(QStringLiteral(", ")),
                           role);
    }
    }
    return {};
}

} // namespace unalloc::ui
