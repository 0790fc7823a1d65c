#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief Each value a fallback key resolved to, flagged when it never occurs as an owner.
class FallbackValueModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column { Key, Value, Amount, Rows, Verdict, ColumnCount };
    using SnapshotTableModel::SnapshotTableModel;

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    bool isNumeric(int column) const override { return column == Amount || column == Rows; }
    QVariant cell(int row, int column, int role) const override;
};

} // namespace unalloc::ui
