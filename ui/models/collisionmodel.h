#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief Label-key collisions: raw keys merged into one canonical key, the winner, dollars.
class CollisionModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column { CanonicalKey, RawKeys, Winner, Amount, Rows, ColumnCount };
    using SnapshotTableModel::SnapshotTableModel;

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override { return column == Amount || column == Rows; }
    QVariant cell(int row, int column, int role) const override;
};

} // namespace unalloc::ui
