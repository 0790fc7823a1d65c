#pragma once

#include "analysisview.h"

class QLabel;
class QLineSeries;
class QScatterSeries;
class QSortFilterProxyModel;
class QTableView;
class QTreeView;
class QValueAxis;

namespace unalloc::ui {

class BacklogModel;
class ChartHover;
class ChartPanel;
class TablePanel;
class ChartWheelZoom;
class QtChartCanvas;
class UnallocatedTreeModel;

/**
 * @brief What belongs to no one: the drill-down tree source → namespace/project/workspace →
 * cost object, the labelling backlog with the labels each object does have, and the
 * fix-plan curve (U after each of the next fixes).
 *
 * The curve is a Qt Charts step line with a point per fix: hovering a point names the fix and
 * the U that remains, the wheel zooms the fixes axis, a double click shows them all again.
 * A drill-through from another view lands on a source of the tree (focusOn()).
 */
class UnallocatedView final : public AnalysisView
{
    Q_OBJECT
public:
    static constexpr int kCurveSteps = 20;
    /// Backlog rows handed to its table at first and per scroll to the end.
    static constexpr int kBacklogPageRows = 50'000;
    explicit UnallocatedView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;
    /// False while the snapshot's backlog is still being ordered (a large ledger's first one).
    bool isSettled() const override;
    /// Expands, selects and scrolls to source `focus` in the drill-down tree (filling the
    /// tree first if it is stale); false when the slice has no unallocated spend there.
    bool focusOn(const QString &focus) override;
    /// What hovering point `step` of the fix-plan curve shows (0: today).
    QString curveToolTip(size_t step) const;
    /// Selects and shows fix `step` (1-based) in the backlog table (what a click on its point
    /// of the curve does); false when there is no such fix.
    bool showFix(size_t step);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildCurve();
    void showCurve();
    /// The curve's counterpart of refreshTables(): drawn when the view is shown or exported.
    void refreshCurve();
    /// Fills the tree and the backlog (up to a million objects) from the current snapshot
    /// if they do not show it yet: at once while the view is visible, else when it is shown
    /// or a table is exported, so that an owner-key change elsewhere does not wait for them.
    void refreshTables();
    /// Empties the tables of a hidden view whose snapshot is stale (refreshTables() fills them).
    void releaseTables();

    QLabel *m_summary;
    UnallocatedTreeModel *m_treeModel;
    QSortFilterProxyModel *m_treeProxy;
    QTreeView *m_tree;
    BacklogModel *m_backlogModel;
    QTableView *m_backlog;
    QtChartCanvas *m_curve;
    ChartPanel *m_curvePanel = nullptr;
    TablePanel *m_treePanel = nullptr;
    TablePanel *m_backlogPanel = nullptr;
    ChartHover *m_hover = nullptr;
    ChartWheelZoom *m_zoom = nullptr;
    QLineSeries *m_stepLine = nullptr;
    QScatterSeries *m_points = nullptr;
    QLineSeries *m_target = nullptr;
    QValueAxis *m_fixAxis = nullptr;
    QValueAxis *m_uAxis = nullptr;
    bool m_tablesStale = false;
    bool m_tablesFilled = false; ///< the tables show a snapshot (current or stale)
    /// A drill-through that came while the backlog was being ordered (focusOn()).
    QString m_pendingFocus;
    bool m_curveStale = true;
};

} // namespace unalloc::ui
