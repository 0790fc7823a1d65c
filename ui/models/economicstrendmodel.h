#pragma once

#include "rowtablemodel.h"

#include "core/analysis/economics.h"

#include <vector>

namespace unalloc::ui {

/// @brief One feature month by month: requests and dollars per 1,000 requests (API,
/// infrastructure, total) and the invisible share, as core's per-month lines give them.
class EconomicsTrendModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column { Month, Requests, ApiPerK, InfraPerK, TotalPerK, Invisible, ColumnCount };
    using RowTableModel::RowTableModel;

    /// `cells`: core::featureTrend() of the selected feature.
    void setCells(std::vector<core::EconomicsCell> cells, const core::Currency &currency);
    const std::vector<core::EconomicsCell> &cells() const { return m_cells; }

protected:
    int rows() const override { return static_cast<int>(m_cells.size()); }
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    bool isNumeric(int column) const override { return column != Month; }
    QVariant cell(int row, int column, int role) const override;

private:
    std::vector<core::EconomicsCell> m_cells;
    core::Currency m_currency = core::Currency::usd();
};

} // namespace unalloc::ui
