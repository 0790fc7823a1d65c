#pragma once

#include "analysisview.h"

class QLabel;
class QTreeView;

namespace unalloc::ui {

class BacklogModel;
class CurveChart;
class UnallocatedTreeModel;

/// @brief What belongs to no one: the drill-down tree source → namespace/project/workspace →
/// cost object, the labelling backlog with the labels each object does have, and the
/// fix-plan curve (U after each of the next fixes).
class UnallocatedView final : public AnalysisView
{
    Q_OBJECT
public:
    static constexpr int kCurveSteps = 20;
    explicit UnallocatedView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showCurve(const core::AnalysisSnapshot &s);
    /// Fills the tree and the backlog (up to a million objects) from the current snapshot
    /// if they do not show it yet: at once while the view is visible, else when it is shown
    /// or a table is exported, so that an owner-key change elsewhere does not wait for them.
    void refreshTables();

    QLabel *m_summary;
    UnallocatedTreeModel *m_treeModel;
    QTreeView *m_tree;
    BacklogModel *m_backlogModel;
    CurveChart *m_curve;
    bool m_tablesStale = false;
};

} // namespace unalloc::ui
