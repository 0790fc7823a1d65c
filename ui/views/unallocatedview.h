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

private:
    void showCurve(const core::AnalysisSnapshot &s);

    QLabel *m_summary;
    UnallocatedTreeModel *m_treeModel;
    QTreeView *m_tree;
    BacklogModel *m_backlogModel;
    CurveChart *m_curve;
};

} // namespace unalloc::ui
