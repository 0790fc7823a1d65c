#include "rawsortproxy.h"

#include "roles.h"

namespace unalloc::ui {

RawSortProxy::RawSortProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(RawRole);
    setSortLocaleAware(true);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setRecursiveFilteringEnabled(true);
}

void RawSortProxy::setNeedle(const QString &needle)
{
    m_needle = needle;
    invalidateRowsFilter();
}

bool RawSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(RawRole);
    const QVariant b = right.data(RawRole);
    const QMetaType decimal = QMetaType::fromType<core::Decimal>();
    if (a.metaType() == decimal && b.metaType() == decimal)
        return a.value<core::Decimal>() < b.value<core::Decimal>();
    return QSortFilterProxyModel::lessThan(left, right);
}

bool RawSortProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QString &needle = m_needle;
    if (needle.isEmpty())
        return true;
    const QAbstractItemModel *m = sourceModel();
    for (int c = 0; c < m->columnCount(sourceParent); ++c) {
        const QString text = m->index(sourceRow, c, sourceParent).data().toString();
        if (text.contains(needle, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool RawSortProxy::hasChildren(const QModelIndex &parent) const
{
    if (m_needle.isEmpty() && sourceModel())
        return sourceModel()->hasChildren(mapToSource(parent));
    return QSortFilterProxyModel::hasChildren(parent);
}

} // namespace unalloc::ui
