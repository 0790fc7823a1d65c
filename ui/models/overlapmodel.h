#pragma once

#include "snapshottablemodel.h"

namespace unalloc::ui {

/// @brief Gateway vs provider bill per provider, model and billing period: what both count
/// (overlap, counted twice when summed), what bypassed the gateway (residual) and the gateway's
/// estimate above the bill (excess).
class OverlapModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column {
        Provider,
        Day,
        Period,
        Model,
        Gateway,
        Bill,
        Overlap,
        Residual,
        Excess,
        GatewayRows,
        BillRows,
        ColumnCount
    };
    using SnapshotTableModel::SnapshotTableModel;
    /// "daily", "weekly", "monthly" or "N days", translated (core::periodGranularity's words).
    static QString periodText(std::int32_t days);

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override { return column >= Gateway; }
    QVariant cell(int row, int column, int role) const override;
};

} // namespace unalloc::ui
