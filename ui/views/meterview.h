#pragma once

#include "analysisview.h"

#include "ui/models/metersharemodel.h"

#include "ui/latestjob.h"

#include <QThreadPool>

#include <atomic>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace unalloc::ui {

class ChartPanel;
class FigureCard;
class GroupedBarChart;
class MeterSweepModel;
class SweepChart;

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

    /// The meters of the selected pod, or null.
    const MeterSnapshotPtr &meters() const { return m_meters; }
    /// Applies `kind` to the selected pod through the undo stack; false (with the reason shown
    /// in the view) when it cannot.
    bool applyMeter(core::MeterKind kind);
    bool sweepReady() const { return !m_sweepPoints.empty(); }
    /// True when the load sweep shown runs the selected pod's measured traffic mix; false
    /// while it shows the studies' reference tenants.
    bool sweepMeasured() const { return m_sweepMeasured; }

private:
    using PodsResult = core::Result<std::vector<core::PodCandidate>>;
    using TelemetryPtr = std::shared_ptr<const core::TelemetryRecords>;
    /// Finds the pods off the GUI thread (synchronously without a ledger file). The pods do not
    /// depend on the owner key: searched once per loaded ledger.
    void refreshPods();
    void showPods(const PodsResult &pods);
    /// The meters of the selected pod: from the telemetry read for it and the tenant key when
    /// there is one, else read off the GUI thread (synchronously without a ledger file).
    void recompute();
    void showMeterResult(const TelemetryPtr &telemetry,
                         const core::Result<core::MeterSnapshot> &snapshot);
    void showMeters();
    void showBars();
    void showSweep();
    void showFigures();
    void updateApplyControls();
    /// Asks before writing `kind`'s split: which pod, which meter, which amounts move to which
    /// tenants (meterviewapply.cpp). Yes applies through the undo stack.
    void confirmApply(core::MeterKind kind);
    /// Starts the load sweep over the selected pod's measured traffic (the studies' tenants
    /// when it has none), unless the one running or shown is for the same pod and key.
    void startSweep(const TelemetryPtr &telemetry);
    void showEmptyState(bool empty);
    void applyTheme();
    std::string tenantKey() const;
    core::OverheadPolicy policy() const;
    core::MeterKind comboMeter(const QComboBox *combo) const;

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
    GroupedBarChart *m_bars;
    ChartPanel *m_barsPanel;
    ChartPanel *m_sweepPanel;
    SweepChart *m_sweepChart;
    MeterShareModel *m_shares;
    MeterSweepModel *m_sweep;

    std::vector<core::PodCandidate> m_pods;
    std::string m_tenantKey;
    TelemetryPtr m_telemetry; ///< of m_telemetryPod under m_telemetryKey
    std::int64_t m_telemetryPod = 0;
    std::string m_telemetryKey;
    MeterSnapshotPtr m_meters;
    bool m_policyFromRules = true;
    std::vector<core::SweepPoint> m_sweepPoints;
    bool m_sweepMeasured = false;
    QString m_sweepFor;                  ///< pod id and tenant key of the sweep running or shown
    LatestJob m_podJob{this, &m_pool};   ///< the latest pod search; older answers are dropped
    LatestJob m_meterJob{this, &m_pool}; ///< the latest telemetry read and meter computation
    LatestJob m_sweepJob{this, &m_pool}; ///< the latest load sweep; an older one stops early
    /// The view's own background thread (sweep, pod search, telemetry reads): long reads of a
    /// large ledger never hold up the shared pool that the analysis of every view runs on.
    /// Last member: destroyed first, it waits for its jobs (which own what they use).
    QThreadPool m_pool;
};

} // namespace unalloc::ui
