#pragma once

#include "analysisview.h"

#include "ui/metercontroller.h"
#include "ui/models/metersharemodel.h"

#include <optional>
#include <set>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBarSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace unalloc::ui {

class ChartPanel;
class FigureCard;
class MeterSweepModel;
class QtChartCanvas;

/**
 * @brief Meter comparison: who pays for a shared inference pod under each meter.
 *
 * Pick a pod (ledger rows with request telemetry in their window), see each tenant's share
 * under tokens, list price, time share and KV memory (the kept overhead as its own group),
 * the dollars per month and the gap between two chosen meters, the simulator's load sweep
 * (computed off the GUI thread), and apply one meter to the ledger (undoable).
 */
class MeterView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit MeterView(const ViewContext &context, QWidget *parent = nullptr);
    ~MeterView() override;

    void showSnapshot(const SnapshotPtr &snapshot) override;
    void documentLoaded() override;
    bool isSettled() const override;

    MeterController *controller() const { return m_controller; }
    /// The meters of the selected pod, or null.
    const MeterSnapshotPtr &meters() const { return m_controller->meters(); }
    /// Applies `kind` to the selected pod through the undo stack; false (with the reason shown
    /// in the view) when it cannot.
    bool applyMeter(core::MeterKind kind);
    bool sweepReady() const { return m_controller->sweep() && m_controller->sweep()->ready(); }
    /// True when the load sweep shown runs the selected pod's measured traffic mix; false
    /// while it shows the studies' reference tenants.
    bool sweepMeasured() const { return m_controller->sweep() && m_controller->sweep()->measured; }

    /// The hover text of tenant row `row` under `kind` (exact share and amounts).
    QString barToolTip(core::MeterKind kind, size_t row) const;
    /// The hover text of the sweep's line `line` at rate index `point`.
    QString sweepToolTip(int line, size_t point) const;
    /// Where a click on the bars of shown row `row` goes; nothing for rows without rows of
    /// their own (requests without the owner label).
    std::optional<DrillTarget> drillTarget(size_t row) const;
    bool isMeterHidden(core::MeterKind kind) const { return m_hidden.count(kind) > 0; }
    /// Hides or shows `kind`'s bars (what a click on its legend entry does).
    void toggleMeter(core::MeterKind kind);

private:
    void showPods(const MeterPodsPtr &pods);
    void showMeters();
    void showMessage();
    void showBars();
    void showSweep();
    void showSweepSubtitle();
    void showFigures();
    void buildCharts();
    void fitBarLabels();
    bool eventFilter(QObject *watched, QEvent *event) override;
    void updateApplyControls();
    /// Asks before writing `kind`'s split: which pod, which meter, which amounts move to which
    /// tenants (meterviewapply.cpp). Yes applies through the undo stack.
    void confirmApply(core::MeterKind kind);
    void showEmptyState(bool empty);
    void applyTheme();
    std::string tenantKey() const;
    core::MeterKind comboMeter(const QComboBox *combo) const;

    MeterController *m_controller;
    QComboBox *m_pod;
    QComboBox *m_policy;
    QComboBox *m_meterA;
    QComboBox *m_meterB;
    QComboBox *m_applyMeter;
    QPushButton *m_apply;
    QLabel *m_message;
    QLabel *m_empty; ///< the empty state: why there is no pod, and what to import
    QWidget *m_body;
    FigureCard *m_cost;
    FigureCard *m_requests;
    FigureCard *m_largest;
    FigureCard *m_applied;
    QtChartCanvas *m_bars;
    QtChartCanvas *m_sweepChart;
    ChartPanel *m_barsPanel;
    ChartPanel *m_sweepPanel;
    MeterShareModel *m_shares;
    MeterSweepModel *m_sweep;
    QBarSeries *m_barSeries = nullptr;
    QBarCategoryAxis *m_tenantAxis = nullptr;
    QValueAxis *m_shareAxis = nullptr;
    QValueAxis *m_rateAxis = nullptr;
    QValueAxis *m_overheadAxis = nullptr;
    std::set<core::MeterKind> m_hidden; ///< meters whose bars the legend hid
};

} // namespace unalloc::ui
