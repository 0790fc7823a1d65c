#pragma once

#include "ui/analysiscontroller.h"

#include <QAbstractItemModel>
#include <QLocale>

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
    /// The top-level node of source `source`, or an invalid index.
    QModelIndex sourceIndex(const QString &source) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    /// Where an index sits: its level and the rows of its ancestors, packed into the index's
    /// internal id (a tree of a million objects needs no per-node bookkeeping).
    struct Path
    {
        int level = 0; ///< 0 source, 1 group, 2 cost object
        quintptr source = 0, group = 0;
    };
    static quintptr pack(const Path &p);
    static Path unpack(quintptr id);
    /// The source or group node of `index`; null for cost objects and the root.
    const core::DrillNode *node(const QModelIndex &index) const;
    QString nameText(const core::DrillNode &n) const;
    QVariant objectData(size_t position, int column, int role) const;
    QVariant nodeData(const core::DrillNode &n, int column, int role) const;

    QLocale m_locale;
    SnapshotPtr m_snapshot;
};

} // namespace unalloc::ui
