#include "batchstatemodel.h"

#include "cells.h"
#include "ui/format.h"

#include "core/analysis/ledgercatalog.h"
#include "core/timeutil.h"

namespace unalloc::ui {

namespace {

core::BatchStatus effectiveStatus(const core::BatchState &b)
{
    if (b.complete())
        return core::BatchStatus::Complete;
    return b.batch.status == core::BatchStatus::Failed ? core::BatchStatus::Failed
                                                       : core::BatchStatus::Partial;
}

} // namespace

void BatchStateModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::ForegroundRole});
}

int BatchStateModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.seams.batches.size());
}

QString BatchStateModel::columnTitle(int column) const
{
    switch (column) {
    case Batch:
        return tr("Batch");
    case Source:
        return tr("Source");
    case Format:
        return tr("Format");
    case Origin:
        return tr("Origin");
    case Window:
        return tr("Window");
    case Rows:
        return tr("Rows");
    case Amount:
        return tr("Amount");
    case Status:
        return tr("Completeness");
    case Reason:
        return tr("Why incomplete");
    case InSlice:
        return tr("In view");
    }
    return {};
}

QString BatchStateModel::columnToolTip(int column) const
{
    switch (column) {
    case Status:
        return tr("Partial: the source's own evidence says data is missing (the last "
                  "page said has_more, fewer records or steps than declared, "
                  "missing days)");
    case InSlice:
        return tr("Whether the batch has rows in the selected period and sources");
    }
    return {};
}

bool BatchStateModel::isNumeric(int column) const
{
    return column == Batch || column == Rows || column == Amount;
}

QVariant BatchStateModel::statusCell(const core::BatchState &b, int role) const
{
    const core::BatchStatus status = effectiveStatus(b);
    switch (role) {
    case Qt::DisplayRole:
        return status == core::BatchStatus::Complete ? tr("complete")
               : status == core::BatchStatus::Failed ? tr("⚠ failed")
                                                     : tr("⚠ partial");
    case RawRole:
    case ExportRole:
        return QString::fromLatin1(core::toString(status));
    default:
        return {};
    }
}

QVariant BatchStateModel::amountCell(const core::BatchState &b, int role) const
{
    const auto &totals = b.batch.totals;
    if (totals.size() == 1)
        return cells::money(totals.front().amount, totals.front().currency, locale(), role);
    QStringList parts;
    for (const core::Money &m : totals) {
        parts << (role == Qt::DisplayRole ? fmt::money(m.amount, m.currency, locale())
                                          : fmt::q(m.toString()));
    }
    return role == Qt::DisplayRole || role == ExportRole || role == RawRole
               ? QVariant(parts.join(QStringLiteral("; ")))
               : QVariant();
}

QVariant BatchStateModel::windowCell(const core::BatchState &b, int role) const
{
    if (role != Qt::DisplayRole && role != RawRole && role != ExportRole)
        return {};
    const auto &start = b.batch.windowStart;
    const auto &end = b.batch.windowEnd;
    if (!start && !end)
        return QString();
    const QString from = start ? fmt::q(core::formatDate(*start)) : QStringLiteral("…");
    const QString to = end ? fmt::q(core::formatDate(*end - 1)) : QStringLiteral("…");
    return from + (role == Qt::DisplayRole ? QStringLiteral(" – ") : QStringLiteral("..")) + to;
}

QVariant BatchStateModel::cell(int row, int column, int role) const
{
    const core::BatchState &b = m_snapshot->seams.batches[static_cast<size_t>(row)];
    if (role == AttentionRole)
        return !b.complete();
    if (role == Qt::ForegroundRole)
        return b.complete() ? QVariant() : QVariant(m_theme.partial);
    if (role == Qt::ToolTipRole && (column == Status || column == Reason) && !b.complete())
        return fmt::q(b.reason);
    switch (column) {
    case Batch:
        return cells::count(b.batch.id, locale(), role);
    case Source:
        return cells::text(fmt::q(b.batch.source), role);
    case Format:
        return cells::text(fmt::q(b.batch.format), role);
    case Origin:
        return cells::text(fmt::q(b.batch.origin), role);
    case Window:
        return windowCell(b, role);
    case Rows:
        return cells::count(b.batch.rowCount, locale(), role);
    case Amount:
        return amountCell(b, role);
    case Status:
        return statusCell(b, role);
    case Reason:
        return cells::text(fmt::q(b.reason), role);
    case InSlice:
        // Invoices hold no rows, yet they are what the Reconciliation compares against.
        if (core::isInvoiceBatch(b.batch)) {
            if (role == RawRole || role == ExportRole)
                return QStringLiteral("reconciliation");
            return role == Qt::DisplayRole ? QVariant(tr("reconciliation")) : QVariant();
        }
        if (role == RawRole || role == ExportRole)
            return b.inSlice ? QStringLiteral("yes") : QStringLiteral("no");
        return role == Qt::DisplayRole ? QVariant(b.inSlice ? tr("yes") : tr("no")) : QVariant();
    }
    return {};
}

} // namespace unalloc::ui
