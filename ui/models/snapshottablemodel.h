#pragma once

#include "rowtablemodel.h"

#include "ui/analysiscontroller.h"

namespace unalloc::ui {

/// @brief A table over one part of an AnalysisSnapshot; replaced whole when a new snapshot
/// arrives (snapshots are immutable values).
class SnapshotTableModel : public RowTableModel
{
    Q_OBJECT
public:
    using RowTableModel::RowTableModel;

    void setSnapshot(SnapshotPtr snapshot);
    const SnapshotPtr &snapshot() const { return m_snapshot; }

protected:
    int rows() const override;
    /// Rows of the part this table shows (0 without a snapshot is handled here).
    virtual int rowsIn(const core::AnalysisSnapshot &snapshot) const = 0;
    const core::Currency &currency() const { return m_snapshot->report.currency; }

    SnapshotPtr m_snapshot;
};

} // namespace unalloc::ui
