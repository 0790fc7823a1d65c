#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief F per owner bucket: how much of each owner's spend only a fallback gave it.
class OwnerExposureModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column { Owner, Total, ViaFallback, FallbackShare, Verdict, ColumnCount };
    using SnapshotTableModel::SnapshotTableModel;

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override
    {
        return column == Total || column == ViaFallback || column == FallbackShare;
    }
    QVariant cell(int row, int column, int role) const override;
};

} // namespace unalloc::ui
