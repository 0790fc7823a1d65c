#include "unallocatedtreemodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

namespace {

constexpr int kLevelShift = 62;
constexpr int kSourceShift = 32;
constexpr quintptr kGroupMask = 0xffffffffULL;
constexpr quintptr kSourceMask = (quintptr{1} << (kLevelShift - kSourceShift)) - 1;

} // namespace

UnallocatedTreeModel::UnallocatedTreeModel(const QLocale &locale, QObject *parent)
    : QAbstractItemModel(parent)
    , m_locale(locale)
{}

void UnallocatedTreeModel::setSnapshot(SnapshotPtr snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    endResetModel();
}

QModelIndex UnallocatedTreeModel::sourceIndex(const QString &source) const
{
    if (!m_snapshot)
        return {};
    const std::string name = fmt::s(source);
    const auto &sources = m_snapshot->unallocatedTree;
    for (size_t i = 0; i < sources.size(); ++i)
        if (sources[i].text == name)
            return index(static_cast<int>(i), Name);
    return {};
}

quintptr UnallocatedTreeModel::pack(const Path &p)
{
    return static_cast<quintptr>(p.level) << kLevelShift |
           (p.source & kSourceMask) << kSourceShift | (p.group & kGroupMask);
}

UnallocatedTreeModel::Path UnallocatedTreeModel::unpack(quintptr id)
{
    return Path{static_cast<int>(id >> kLevelShift), (id >> kSourceShift) & kSourceMask,
                id & kGroupMask};
}

const core::DrillNode *UnallocatedTreeModel::node(const QModelIndex &index) const
{
    if (!m_snapshot || !index.isValid())
        return nullptr;
    const Path p = unpack(index.internalId());
    const auto &sources = m_snapshot->unallocatedTree;
    const auto row = static_cast<size_t>(index.row());
    if (p.level == 0)
        return &sources[row];
    if (p.level == 1)
        return &sources[p.source].children[row];
    return nullptr;
}

QModelIndex UnallocatedTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, pack({0, 0, 0}));
    const Path p = unpack(parent.internalId());
    if (p.level == 0)
        return createIndex(row, column, pack({1, static_cast<quintptr>(parent.row()), 0}));
    return createIndex(row, column, pack({2, p.source, static_cast<quintptr>(parent.row())}));
}

QModelIndex UnallocatedTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Path p = unpack(child.internalId());
    if (p.level == 0)
        return {};
    if (p.level == 1)
        return createIndex(static_cast<int>(p.source), 0, pack({0, 0, 0}));
    return createIndex(static_cast<int>(p.group), 0, pack({1, p.source, 0}));
}

int UnallocatedTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!m_snapshot || (parent.isValid() && parent.column() != 0))
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_snapshot->unallocatedTree.size());
    const core::DrillNode *n = node(parent);
    if (n == nullptr)
        return 0; // cost objects are leaves
    return static_cast<int>(n->level == core::DrillNode::Level::Source ? n->children.size()
                                                                       : n->objects.size());
}

int UnallocatedTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QString UnallocatedTreeModel::nameText(const core::DrillNode &n) const
{
    if (n.level != core::DrillNode::Level::Group)
        return fmt::q(n.text);
    if (n.groupKey.empty())
        return tr("(no namespace, project or workspace)");
    return fmt::q(n.groupKey) + QStringLiteral(": ") + fmt::q(n.text);
}

QVariant UnallocatedTreeModel::data(const QModelIndex &index, int role) const
{
    if (!m_snapshot || !index.isValid())
        return {};
    const bool numeric = index.column() != Name && index.column() != Labels;
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(numeric ? Qt::AlignRight | Qt::AlignVCenter
                                           : Qt::AlignLeft | Qt::AlignVCenter);
    if (const core::DrillNode *n = node(index))
        return nodeData(*n, index.column(), role);
    const Path p = unpack(index.internalId());
    const core::DrillNode &group = m_snapshot->unallocatedTree[p.source].children[p.group];
    return objectData(group.objects[static_cast<size_t>(index.row())], index.column(), role);
}

QVariant UnallocatedTreeModel::nodeData(const core::DrillNode &n, int column, int role) const
{
    const core::AttributionReport &r = m_snapshot->report;
    switch (column) {
    case Name:
        return cells::text(nameText(n), role);
    case Amount:
        return cells::money(n.amount, r.currency, m_locale, role);
    case ShareOfU:
        return cells::percent(core::Decimal::percent(n.amount, r.unallocated, 1), m_locale, role);
    case ShareOfTotal:
        return cells::percent(core::Decimal::percent(n.amount, r.total, 1), m_locale, role);
    case Rows:
        return cells::count(n.rows, m_locale, role);
    case Labels:
        return role == Qt::DisplayRole || role == ExportRole ? QVariant(QString()) : QVariant();
    }
    return {};
}

QVariant UnallocatedTreeModel::objectData(size_t position, int column, int role) const
{
    const core::AttributionReport &r = m_snapshot->report;
    const core::Backlog &b = m_snapshot->backlog;
    switch (column) {
    case Name:
        return cells::text(fmt::q(b.name(position)), role);
    case Amount:
        return cells::money(b.amount(position), r.currency, m_locale, role);
    case ShareOfU:
        return cells::percent(core::Decimal::percent(b.amount(position), r.unallocated, 1),
                              m_locale, role);
    case ShareOfTotal:
        return cells::percent(core::Decimal::percent(b.amount(position), r.total, 1), m_locale,
                              role);
    case Rows:
        return cells::count(b.rows(position), m_locale, role);
    case Labels: {
        QStringList parts;
        const core::LabelMap labels = b.labels(position).toMap();
        for (const auto &[k, v] : labels.entries())
            parts << fmt::q(k) + QLatin1Char('=') + fmt::q(v);
        return cells::text(parts.join(QStringLiteral(", ")), role);
    }
    }
    return {};
}

QVariant UnallocatedTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Source / group / cost object");
    case Amount:
        return tr("Amount");
    case ShareOfU:
        return tr("Share of U");
    case ShareOfTotal:
        return tr("Share of total");
    case Rows:
        return tr("Rows");
    case Labels:
        return tr("Labels it does have");
    }
    return {};
}

} // namespace unalloc::ui
