#pragma once

#include "snapshottablemodel.h"

#include "ui/theme.h"

namespace unalloc::ui {

/// @brief Every import batch of the selected sources with its completeness: partial and
/// failed batches in red with the reason their numbers are incomplete.
class BatchStateModel final : public SnapshotTableModel
{
    Q_OBJECT
public:
    enum Column {
        Batch,
        Source,
        Status,
        Reason,
        Rows,
        Amount,
        Window,
        InSlice,
        Format,
        Origin,
        ColumnCount
    };
    using SnapshotTableModel::SnapshotTableModel;

    /// The colour of partial batches.
    void setTheme(const Theme &theme);

protected:
    int rowsIn(const core::AnalysisSnapshot &s) const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override;
    QVariant cell(int row, int column, int role) const override;

private:
    QVariant statusCell(const core::BatchState &b, int role) const;
    QVariant amountCell(const core::BatchState &b, int role) const;
    QVariant windowCell(const core::BatchState &b, int role) const;

    Theme m_theme = Theme::light();
};

} // namespace unalloc::ui
