#include "reconlinemodel.h"

#include "cells.h"
#include "reconstatus.h"
#include "ui/format.h"

namespace unalloc::ui {

namespace {

/// An optional amount: "—" on screen, an empty CSV field.
QVariant optionalMoney(const std::optional<core::Decimal> &amount,
                       const core::Currency &currency,
                       const QLocale &locale,
                       int role)
{
    if (amount)
        return cells::money(*amount, currency, locale, role);
    if (role == Qt::DisplayRole)
        return QStringLiteral("—");
    return role == ExportRole ? QVariant(QString()) : QVariant();
}

QVariant optionalPercent(const std::optional<core::Decimal> &pct, const QLocale &locale, int role)
{
    if (pct)
        return cells::percent(*pct, locale, role);
    if (role == Qt::DisplayRole)
        return QStringLiteral("—");
    return role == ExportRole ? QVariant(QString()) : QVariant();
}

} // namespace

void ReconLineModel::setTheme(const Theme &theme)
{
    m_theme = theme;
    if (rowCount() > 0)
        emit dataChanged(index(0, Status), index(rowCount() - 1, Status), {Qt::ForegroundRole});
}

int ReconLineModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.seams.recon.lines.size());
}

QString ReconLineModel::columnTitle(int column) const
{
    switch (column) {
    case Provider:
        return tr("Provider");
    case Period:
        return tr("Billing period");
    case Ledger:
        return tr("Ledger");
    case Invoice:
        return tr("Invoice");
    case Delta:
        return tr("Delta");
    case DeltaPct:
        return tr("Delta %");
    case Coverage:
        return tr("Coverage");
    case Status:
        return tr("Status");
    case Rows:
        return tr("Rows");
    case Invoices:
        return tr("Invoices");
    }
    return {};
}

QString ReconLineModel::columnToolTip(int column) const
{
    switch (column) {
    case Delta:
        return tr("Ledger − invoice");
    case DeltaPct:
        return tr("Delta ÷ invoice, to 0.1 %");
    case Coverage:
        return tr("Ledger ÷ invoice: how much of the bill the ledger explains");
    case Status:
        return tr("Matched when |delta %| is within the tolerance");
    case Invoices:
        return tr("Invoices that add up to the invoice amount");
    }
    return {};
}

bool ReconLineModel::isNumeric(int column) const
{
    return column != Provider && column != Period && column != Status;
}

QVariant ReconLineModel::cell(int row, int column, int role) const
{
    const core::PeriodReconLine &l = m_snapshot->seams.recon.lines[static_cast<size_t>(row)];
    const core::ReconLine &r = l.line;
    if (role == AttentionRole)
        return r.status == core::ReconStatus::Over || r.status == core::ReconStatus::Under;
    if (role == Qt::ToolTipRole && column == Status)
        return recon::statusHint(r.status);
    switch (column) {
    case Provider:
        return cells::text(fmt::q(r.source), role);
    case Period:
        if (role == Qt::DisplayRole)
            return recon::periodText(l, locale());
        if (role == RawRole || role == ExportRole)
            return recon::periodExport(l);
        return {};
    case Ledger:
        return cells::money(r.ledger, l.currency, locale(), role);
    case Invoice:
        return optionalMoney(r.invoice, l.currency, locale(), role);
    case Delta:
        return optionalMoney(r.delta, l.currency, locale(), role);
    case DeltaPct:
        return optionalPercent(r.deltaPct, locale(), role);
    case Coverage:
        return optionalPercent(r.coveragePct, locale(), role);
    case Status:
        if (role == Qt::ForegroundRole)
            return recon::statusColour(r.status, m_theme);
        if (role == ExportRole)
            return QString::fromLatin1(core::toString(r.status));
        if (role == RawRole)
            return static_cast<int>(r.status);
        return role == Qt::DisplayRole ? QVariant(recon::statusText(r.status)) : QVariant();
    case Rows:
        return cells::count(l.rows, locale(), role);
    case Invoices:
        return cells::count(l.invoiceCount, locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
