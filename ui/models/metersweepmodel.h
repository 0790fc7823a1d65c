#pragma once

#include "rowtablemodel.h"

#include "core/meters/simmeters.h"

#include <vector>

namespace unalloc::ui {

/// @brief The load sweep as a table: per request rate, the overhead each meter leaves
/// unowned, how busy the engine was and the prefix-cache hit rate.
class MeterSweepModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column {
        Rate,
        StepTime,
        KvBlocks,
        TimeShare,
        Tokens,
        Busy,
        CacheHit,
        TtftP50,
        ColumnCount
    };
    using RowTableModel::RowTableModel;

    void setPoints(std::vector<core::SweepPoint> points);
    const std::vector<core::SweepPoint> &points() const { return m_points; }

protected:
    int rows() const override { return static_cast<int>(m_points.size()); }
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int) const override { return true; }
    QVariant cell(int row, int column, int role) const override;

private:
    std::vector<core::SweepPoint> m_points;
};

} // namespace unalloc::ui
