#pragma once

#include "ui/analysiscontroller.h"

#include <QAbstractItemModel>
#include <QLocale>

#include <unordered_map>

namespace unalloc::ui {

/// @brief The unallocated drill-down: source → namespace/project/workspace/… → cost object,
/// each with $, share of U and share of the total.
class UnallocatedTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { Name, Amount, ShareOfU, ShareOfTotal, Rows, Labels, ColumnCount };
    explicit UnallocatedTreeModel(const QLocale &locale, QObject *parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Link
    {
        const core::DrillNode *parent;
        int row;
    };
    const std::vector<core::DrillNode> &childrenOf(const QModelIndex &parent) const;
    const core::DrillNode *node(const QModelIndex &index) const;
    QString nameText(const core::DrillNode &n) const;
    void link(const std::vector<core::DrillNode> &nodes, const core::DrillNode *parent);

    QLocale m_locale;
    SnapshotPtr m_snapshot;
    std::unordered_map<const core::DrillNode *, Link> m_links;
};

} // namespace unalloc::ui
