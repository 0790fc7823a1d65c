#pragma once

#include "rowtablemodel.h"

#include "core/analysis/metersnapshot.h"

#include <memory>

namespace unalloc::ui {

using MeterSnapshotPtr = std::shared_ptr<const core::MeterSnapshot>;

/// @brief The pod's tenants side by side: share under each telemetry meter, dollars per month
/// under the two compared meters (A, B) and the gap A − B in points and dollars per month.
/// The kept overhead is the last row.
class MeterShareModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column {
        Tenant,
        Tokens,
        ListPrice,
        TimeShare,
        KvMemory,
        MonthlyA,
        MonthlyB,
        GapPoints,
        GapPerMonth,
        ColumnCount
    };
    using RowTableModel::RowTableModel;

    void setSnapshot(MeterSnapshotPtr snapshot);
    void setCompared(core::MeterKind a, core::MeterKind b);
    const MeterSnapshotPtr &snapshot() const { return m_snapshot; }
    /// The meter a share column shows.
    static core::MeterKind meterOf(int column);
    /// "Tokens", "List price", … (translated).
    static QString meterName(core::MeterKind kind);

protected:
    int rows() const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override { return column != Tenant; }
    QVariant cell(int row, int column, int role) const override;

private:
    QVariant tenantCell(const core::MeterRow &row, int role) const;

    MeterSnapshotPtr m_snapshot;
    core::MeterKind m_a = core::MeterKind::Tokens;
    core::MeterKind m_b = core::MeterKind::TimeShare;
};

} // namespace unalloc::ui
