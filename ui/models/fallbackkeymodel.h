#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief F by fallback key, in fallback order, with the part that went to values that never
/// occur as owners.
class FallbackKeyModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column { Order, Key, Amount, Share, NonOwner, Values, Rows, ColumnCount };
    using SnapshotTableModel::SnapshotTableModel;

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override { return column != Key; }
    QVariant cell(int row, int column, int role) const override;
};

} // namespace unalloc::ui
