#include "rowtablemodel.h"

namespace unalloc::ui {

RowTableModel::RowTableModel(const QLocale &locale, QObject *parent)
    : QAbstractTableModel(parent)
    , m_locale(locale)
{}

int RowTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : rows();
}

int RowTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : columns();
}

QVariant RowTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::TextAlignmentRole) {
        const Qt::Alignment a = isNumeric(index.column()) ? Qt::AlignRight | Qt::AlignVCenter
                                                          : Qt::AlignLeft | Qt::AlignVCenter;
        return QVariant::fromValue(a);
    }
    QVariant v = cell(index.row(), index.column(), role);
    if (role == ExportRole && !v.isValid())
        return cell(index.row(), index.column(), Qt::DisplayRole);
    if (role == RawRole && !v.isValid())
        return cell(index.row(), index.column(), Qt::DisplayRole);
    return v;
}

QVariant RowTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columns())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return columnTitle(section);
    if (role == Qt::ToolTipRole) {
        const QString tip = columnToolTip(section);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(isNumeric(section) ? Qt::AlignRight | Qt::AlignVCenter
                                                      : Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

QString RowTableModel::columnToolTip(int) const
{
    return {};
}

void RowTableModel::setLocale(const QLocale &locale)
{
    beginResetModel();
    m_locale = locale;
    endResetModel();
}

} // namespace unalloc::ui
