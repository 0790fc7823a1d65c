#include "importpreviewmodel.h"

#include "ui/format.h"
#include "ui/models/cells.h"

#include <QFileInfo>

namespace unalloc::ui {

void ImportPreviewModel::setPreviews(std::vector<FilePreview> previews)
{
    replaceRows([&] { m_previews = std::move(previews); });
}

void ImportPreviewModel::removeFile(int row)
{
    if (row < 0 || row >= rows())
        return;
    beginRemoveRows({}, row, row);
    m_previews.erase(m_previews.begin() + row);
    endRemoveRows();
}

QString ImportPreviewModel::columnTitle(int column) const
{
    switch (column) {
    case File:
        return tr("File");
    case Format:
        return tr("Detected format");
    case Source:
        return tr("Source");
    case Rows:
        return tr("Rows");
    case Duplicates:
        return tr("Already in ledger");
    case Total:
        return tr("Total");
    case Status:
        return tr("Completeness");
    case Warnings:
        return tr("Warnings");
    }
    return {};
}

QVariant ImportPreviewModel::cell(int row, int column, int role) const
{
    const FilePreview &p = m_previews[static_cast<size_t>(row)];
    if (role == AttentionRole)
        return !p.ok() || p.status != core::BatchStatus::Complete;
    switch (column) {
    case File:
        if (role == Qt::ToolTipRole)
            return p.path;
        return cells::text(QFileInfo(p.path).fileName(), role);
    case Format:
        if (role == Qt::ToolTipRole)
            return p.ok() ? p.description : p.error;
        return cells::text(p.ok() ? p.format : tr("not importable"), role);
    case Source:
        return cells::text(p.source, role);
    case Rows:
        // An invoice file adds invoices, not cost rows: say so instead of "0".
        if (p.rows == 0 && p.invoices > 0 && role == Qt::DisplayRole)
            return tr("%n invoice(s)", nullptr, int(p.invoices));
        return cells::count(p.rows, locale(), role);
    case Duplicates:
        if (role == Qt::ToolTipRole)
            return tr("Rows whose record the ledger already holds: the import skips them");
        if (p.duplicates < 0 || (p.rows == 0 && p.invoices > 0))
            return cells::text(QStringLiteral("—"), role);
        return cells::count(p.duplicates, locale(), role);
    case Total: {
        if (p.totals.size() == 1)
            return cells::money(p.totals[0].amount, p.totals[0].currency, locale(), role);
        QStringList parts;
        for (const core::Money &m : p.totals)
            parts << fmt::money(m.amount, m.currency, locale());
        return cells::text(parts.join(QStringLiteral(" + ")), role);
    }
    case Status:
        // The full error is a row of the Warnings pane; the column only says that it failed.
        if (!p.ok()) {
            if (role == Qt::ToolTipRole)
                return p.error;
            return cells::text(tr("✗ cannot be imported (see Warnings)"), role);
        }
        return cells::text(p.status == core::BatchStatus::Complete
                               ? tr("complete")
                               : tr("PARTIAL: %1").arg(p.reason),
                           role);
    case Warnings:
        return cells::count(qint64(p.warnings.size()), locale(), role);
    }
    return {};
}

void WarningModel::setWarnings(std::vector<core::Warning> warnings)
{
    replaceRows([&] { m_warnings = std::move(warnings); });
}

QString WarningModel::columnTitle(int column) const
{
    switch (column) {
    case File:
        return tr("File");
    case Record:
        return tr("Record");
    case Field:
        return tr("Field");
    case Code:
        return tr("Code");
    case Detail:
        return tr("Detail");
    }
    return {};
}

QVariant WarningModel::cell(int row, int column, int role) const
{
    const core::Warning &w = m_warnings[static_cast<size_t>(row)];
    switch (column) {
    case File:
        return cells::text(fmt::q(w.file), role);
    case Record:
        return cells::text(fmt::q(w.record), role);
    case Field:
        return cells::text(fmt::q(w.field), role);
    case Code:
        return cells::text(fmt::q(w.code), role);
    case Detail:
        return cells::text(fmt::q(w.detail), role);
    }
    return {};
}

} // namespace unalloc::ui
