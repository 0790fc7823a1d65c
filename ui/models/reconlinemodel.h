#pragma once

#include "snapshottablemodel.h"

#include "ui/theme.h"

namespace unalloc::ui {

/// @brief Ledger vs invoice per provider and billing period: delta, delta %, coverage and a
/// coloured status (matched / over / under / no invoice / zero invoice).
class ReconLineModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column {
        Provider,
        Period,
        Ledger,
        Invoice,
        Delta,
        DeltaPct,
        Coverage,
        Status,
        Rows,
        Invoices,
        ColumnCount
    };
    using SnapshotTableModel::SnapshotTableModel;

    /// Colours of the status column.
    void setTheme(const Theme &theme);

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override;
    QVariant cell(int row, int column, int role) const override;

private:
    Theme m_theme = Theme::light();
};

} // namespace unalloc::ui
