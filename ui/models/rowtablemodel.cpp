#include "rowtablemodel.h"

#include "core/decimal.h"

#include <QCollator>

#include <algorithm>
#include <numeric>
#include <optional>

namespace unalloc::ui {

RowTableModel::RowTableModel(const QLocale &locale, QObject *parent)
    : QAbstractTableModel(parent)
    , m_locale(locale)
{}

int RowTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : handedRows();
}

bool RowTableModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && handedRows() < rows();
}

void RowTableModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        handThrough(handedRows() + m_pageRows - 1);
}

void RowTableModel::handThrough(int row)
{
    const int handed = handedRows(), through = std::min(row, rows() - 1);
    if (m_pageRows <= 0 || through < handed)
        return;
    // Whole pages: the view is given rows in the steps it would fetch them.
    const int pages = (through + 1 - handed + m_pageRows - 1) / m_pageRows;
    const int next = std::min(rows(), handed + pages * m_pageRows);
    beginInsertRows({}, handed, next - 1);
    m_handed = next;
    endInsertRows();
}

void RowTableModel::setPageRows(int rows)
{
    beginResetModel();
    m_pageRows = std::max(rows, 0);
    m_handed = m_pageRows;
    endResetModel();
}

QVariant RowTableModel::exportData(int row, int column, int role) const
{
    if (row < 0 || row >= rows() || column < 0 || column >= columns())
        return {};
    return data(createIndex(row, column), role);
}

int RowTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : columns();
}

QVariant RowTableModel::data(const QModelIndex &index, int role) const
{
    // exportData() asks for rows not handed to a paged view yet: their own range check.
    if (!index.isValid() || index.model() != this || index.row() >= rows() ||
        index.column() >= columns())
        return {};
    if (role == Qt::TextAlignmentRole) {
        const Qt::Alignment a = isNumeric(index.column()) ? Qt::AlignRight | Qt::AlignVCenter
                                                          : Qt::AlignLeft | Qt::AlignVCenter;
        return QVariant::fromValue(a);
    }
    const int row = modelRow(index.row());
    QVariant v = cell(row, index.column(), role);
    if ((role == ExportRole || role == RawRole) && !v.isValid())
        return cell(row, index.column(), Qt::DisplayRole);
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
    sortRows(); // text collates by locale
    m_handed = m_pageRows;
    endResetModel();
}

int RowTableModel::shownRow(int modelRow) const
{
    if (modelRow < 0 || modelRow >= rows())
        return -1;
    if (m_order.empty())
        return modelRow;
    const auto it = std::find(m_order.begin(), m_order.end(), modelRow);
    return it == m_order.end() ? -1 : int(it - m_order.begin());
}

void RowTableModel::sort(int column, Qt::SortOrder order)
{
    if (column == m_sortColumn && order == m_sortOrder)
        return;
    if (handedRows() < rows()) {
        // A paged table: the rows a selection held may be past those handed. The view starts
        // again from the first page of the new order.
        beginResetModel();
        m_sortColumn = column < columns() ? column : -1;
        m_sortOrder = order;
        sortRows();
        m_handed = m_pageRows;
        endResetModel();
        return;
    }
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> modelRows;
    modelRows.reserve(static_cast<size_t>(before.size()));
    for (const QModelIndex &i : before)
        modelRows.push_back(modelRow(i.row()));
    m_sortColumn = column < columns() ? column : -1;
    m_sortOrder = order;
    sortRows();
    if (!before.isEmpty()) {
        std::vector<int> shown(static_cast<size_t>(rows()));
        for (size_t r = 0; r < shown.size(); ++r)
            shown[static_cast<size_t>(modelRow(static_cast<int>(r)))] = static_cast<int>(r);
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype k = 0; k < before.size(); ++k)
            after << index(shown[static_cast<size_t>(modelRows[static_cast<size_t>(k)])],
                           before[k].column());
        changePersistentIndexList(before, after);
    }
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void RowTableModel::sortRows()
{
    m_order.clear();
    const int n = rows();
    if (m_sortColumn < 0 || n == 0)
        return;
    std::vector<QVariant> keys(static_cast<size_t>(n));
    bool decimals = true, numbers = true;
    const QMetaType decimal = QMetaType::fromType<core::Decimal>();
    for (int r = 0; r < n; ++r) {
        QVariant v = cell(r, m_sortColumn, RawRole);
        if (!v.isValid())
            v = cell(r, m_sortColumn, Qt::DisplayRole);
        const int type = v.metaType().id();
        decimals = decimals && (v.metaType() == decimal || !v.isValid());
        numbers = numbers && (!v.isValid() || type == QMetaType::Int ||
                              type == QMetaType::LongLong || type == QMetaType::UInt ||
                              type == QMetaType::ULongLong || type == QMetaType::Double);
        keys[static_cast<size_t>(r)] = std::move(v);
    }
    m_order.resize(static_cast<size_t>(n));
    std::iota(m_order.begin(), m_order.end(), 0);
    // Empty cells sort first ascending; ties keep the model order in both directions.
    const auto sortBy = [this](auto less) {
        std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            return m_sortOrder == Qt::AscendingOrder ? less(a, b) : less(b, a);
        });
    };
    if (decimals) {
        std::vector<std::optional<core::Decimal>> d(keys.size());
        for (size_t i = 0; i < keys.size(); ++i)
            if (keys[i].isValid())
                d[i] = keys[i].value<core::Decimal>();
        sortBy([&d](int a, int b) { return d[size_t(a)] < d[size_t(b)]; });
    } else if (numbers) {
        std::vector<std::optional<double>> d(keys.size());
        for (size_t i = 0; i < keys.size(); ++i)
            if (keys[i].isValid())
                d[i] = keys[i].toDouble(); // counts and percentages shown, never money
        sortBy([&d](int a, int b) { return d[size_t(a)] < d[size_t(b)]; });
    } else {
        QCollator collator(m_locale);
        collator.setNumericMode(true);
        std::vector<QCollatorSortKey> k;
        k.reserve(keys.size());
        for (const QVariant &v : keys)
            k.push_back(collator.sortKey(v.toString()));
        sortBy([&k](int a, int b) { return k[size_t(a)].compare(k[size_t(b)]) < 0; });
    }
}

} // namespace unalloc::ui
