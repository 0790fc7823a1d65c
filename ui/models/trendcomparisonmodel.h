#pragma once

#include "rowtablemodel.h"

#include "core/analysis/trendssnapshot.h"

#include <optional>

namespace unalloc::ui {

/// @brief "This period vs previous period" per owner, as core::comparePeriods() gives it:
/// amount, previous amount, change and change % ("—" when the previous amount is zero).
/// Rows in core's order (amount desc, previous desc, key; `<unallocated>` last).
class TrendComparisonModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column { Owner, Amount, Previous, Change, ChangePct, ColumnCount };
    using RowTableModel::RowTableModel;

    /// Null: no rows in the selected period and the one before.
    void setComparison(std::optional<core::PeriodComparison> comparison);
    const std::optional<core::PeriodComparison> &comparison() const { return m_comparison; }
    /// What a change % shows when the previous amount is zero.
    static QString none();

protected:
    int rows() const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override { return column != Owner; }
    QVariant cell(int row, int column, int role) const override;

private:
    std::optional<core::PeriodComparison> m_comparison;
};

} // namespace unalloc::ui
