#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief "Spend by owner" as a table: every bucket, `<unallocated>` last.
class OwnerBucketModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column { Owner, Amount, Share, ViaFallback, Rows, Sources, ColumnCount };
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
