#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief The labelling backlog: unallocated cost objects by dollars, with the label keys
/// they do have (what a fix can build on).
class BacklogModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column { Rank, Source, CostObject, Amount, ShareOfU, UAfter, Rows, Labels, ColumnCount };
    using SnapshotTableModel::SnapshotTableModel;

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override;
    QVariant cell(int row, int column, int role) const override;
};

} // namespace unalloc::ui
