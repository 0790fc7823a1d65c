#include "unallocatedtreemodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

namespace {
const std::vector<core::DrillNode> kNoNodes;
}

UnallocatedTreeModel::UnallocatedTreeModel(const QLocale &locale, QObject *parent)
    : QAbstractItemModel(parent)
    , m_locale(locale)
{}

void UnallocatedTreeModel::setSnapshot(SnapshotPtr snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_links.clear();
    if (m_snapshot)
        link(m_snapshot->unallocatedTree, nullptr);
    endResetModel();
}

void UnallocatedTreeModel::link(const std::vector<core::DrillNode> &nodes,
                                const core::DrillNode *parent)
{
    for (size_t i = 0; i < nodes.size(); ++i) {
        m_links[&nodes[i]] = {parent, static_cast<int>(i)};
        link(nodes[i].children, &nodes[i]);
    }
}

const core::DrillNode *UnallocatedTreeModel::node(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<const core::DrillNode *>(index.internalPointer())
                           : nullptr;
}

const std::vector<core::DrillNode> &
UnallocatedTreeModel::childrenOf(const QModelIndex &parent) const
{
    if (!m_snapshot)
        return kNoNodes;
    const core::DrillNode *n = node(parent);
    return n ? n->children : m_snapshot->unallocatedTree;
}

QModelIndex UnallocatedTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    const auto &nodes = childrenOf(parent);
    return createIndex(row, column,
                       const_cast<core::DrillNode *>(&nodes[static_cast<size_t>(row)]));
}

QModelIndex UnallocatedTreeModel::parent(const QModelIndex &child) const
{
    const core::DrillNode *n = node(child);
    if (n == nullptr)
        return {};
    const Link &l = m_links.at(n);
    if (l.parent == nullptr)
        return {};
    return createIndex(m_links.at(l.parent).row, 0, const_cast<core::DrillNode *>(l.parent));
}

int UnallocatedTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return static_cast<int>(childrenOf(parent).size());
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
    const core::DrillNode *n = node(index);
    if (n == nullptr)
        return {};
    const bool numeric = index.column() != Name && index.column() != Labels;
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(numeric ? Qt::AlignRight | Qt::AlignVCenter
                                           : Qt::AlignLeft | Qt::AlignVCenter);
    const core::Currency &cur = m_snapshot->report.currency;
    switch (index.column()) {
    case Name:
        return cells::text(nameText(*n), role);
    case Amount:
        return cells::money(n->amount, cur, m_locale, role);
    case ShareOfU:
        return cells::percent(n->shareOfUnallocatedPct, m_locale, role);
    case ShareOfTotal:
        return cells::percent(n->shareOfTotalPct, m_locale, role);
    case Rows:
        return cells::count(n->rows, m_locale, role);
    case Labels: {
        if (n->level != core::DrillNode::Level::Object)
            return role == Qt::DisplayRole || role == ExportRole ? QVariant(QString()) : QVariant();
        QStringList parts;
        for (const auto &[k, v] : n->labels.entries())
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
