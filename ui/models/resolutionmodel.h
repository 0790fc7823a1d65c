#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief "How rows resolved": owner label, fallback, no owner — with $, % and rows.
class ResolutionModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column { How, Amount, Share, Rows, ColumnCount };
    enum Kind { OwnerLabel, Fallback, NoOwner, KindCount };
    using SnapshotTableModel::SnapshotTableModel;

protected:
    int rowsIn(const core::AnalysisSnapshot &) const override { return KindCount; }
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    bool isNumeric(int column) const override { return column != How; }
    QVariant cell(int row, int column, int role) const override;
};

} // namespace unalloc::ui
