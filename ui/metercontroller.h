#pragma once

#include "core/analysis/metersnapshot.h"
#include "latestjob.h"

#include <QObject>
#include <QThreadPool>

#include <memory>
#include <string>
#include <vector>

namespace unalloc::ui {

class LedgerDocument;

using MeterSnapshotPtr = std::shared_ptr<const core::MeterSnapshot>;

/// The pods of the loaded ledger, or why they could not be listed.
struct MeterPods
{
    std::vector<core::PodCandidate> pods;
    std::string error; ///< empty when the search succeeded
};
using MeterPodsPtr = std::shared_ptr<const MeterPods>;

/// The meters of the selected pod (null when there is no pod), or why they failed.
struct MeterResult
{
    MeterSnapshotPtr meters;
    std::string error; ///< empty unless the computation failed
};

/// The load sweep for the selected pod: the simulator over the pod's measured traffic mix (or
/// the studies' reference tenants when it has none). `points` stays empty while it runs.
struct MeterSweep
{
    bool measured = false;
    std::int64_t requests = 0;        ///< measured requests the mix was taken from
    std::string pod;                  ///< the pod's name
    std::vector<core::SimTenant> mix; ///< the simulated tenants
    double durationS = 0;             ///< simulated seconds per rate
    std::vector<core::SweepPoint> points;
    bool ready() const { return !points.empty(); }
};
using MeterSweepPtr = std::shared_ptr<const MeterSweep>;

/**
 * @brief The Meter comparison's orchestration: finds the pods of the loaded ledger, reads the
 * selected pod's request telemetry (kept for policy changes), computes its meters and runs the
 * load sweep, each off the GUI thread on its own read-only connection (synchronously for a
 * ledger without a file, which is small) through LatestJob, so that an answer for an older
 * ledger, pod, owner key or policy is dropped. Results are immutable values; the Meter view
 * binds its widgets to them.
 */
class MeterController final : public QObject
{
    Q_OBJECT
public:
    /// What runs in the background, for the view's message line.
    enum class Activity { Idle, FindingPods, ReadingTelemetry };
    Q_ENUM(Activity)
    using TelemetryPtr = std::shared_ptr<const core::TelemetryRecords>;
    struct Computed; ///< a meter computation's answer: the telemetry read and the meters

    explicit MeterController(LedgerDocument *document, QObject *parent = nullptr);
    ~MeterController() override;

    /// The ledger was (re)loaded or is about to be (store busy): what was read from it is
    /// dropped; once loaded, the pods are searched again (the selected pod is kept when it is
    /// still there) for the owner key `tenantKey`, and the overhead policy follows the
    /// ledger's rules unless one was chosen.
    void documentLoaded(const std::string &tenantKey);
    /// The owner key naming the tenants; a new key computes the meters again.
    void setTenantKey(const std::string &key);
    /// Selects the pod with ledger row `rowId` (0: none).
    void selectPod(std::int64_t rowId);
    /// The analyst's overhead policy: kept across reloads (the rules' no longer apply).
    void choosePolicy(core::OverheadPolicy policy);

    const MeterPodsPtr &pods() const { return m_pods; }
    std::int64_t selectedPod() const { return m_selected; }
    const std::string &tenantKey() const { return m_tenantKey; }
    core::OverheadPolicy policy() const { return m_policy; }
    const MeterResult &result() const { return m_result; }
    const MeterSnapshotPtr &meters() const { return m_result.meters; }
    /// The sweep of the shown meters (running or done), or null.
    const MeterSweepPtr &sweep() const { return m_sweep; }
    Activity activity() const { return m_activity; }
    /// True while a pod search, telemetry read or sweep runs (or is dropped and still ends).
    bool isBusy() const;

signals:
    void podsChanged(const unalloc::ui::MeterPodsPtr &pods);
    void metersChanged(const unalloc::ui::MeterResult &result);
    void sweepChanged(const unalloc::ui::MeterSweepPtr &sweep);
    void activityChanged(unalloc::ui::MeterController::Activity activity);
    void policyChanged(core::OverheadPolicy policy);
    /// Every job has ended and its result is in (the view is settled).
    void idle();

private:
    void showPods(MeterPodsPtr pods);
    void recompute();
    void showComputed(std::int64_t podId, const std::string &key, const Computed &computed);
    void startSweep();
    void setActivity(Activity activity);
    void checkIdle();
    const core::PodCandidate *pod(std::int64_t rowId) const;

    LedgerDocument *m_document;
    MeterPodsPtr m_pods;
    std::int64_t m_selected = 0;
    std::string m_tenantKey;
    core::OverheadPolicy m_policy = core::OverheadPolicy::Keep;
    bool m_policyChosen = false;
    MeterResult m_result;
    Activity m_activity = Activity::Idle;
    /// The telemetry last read: of m_telemetryPod under m_telemetryKey (a policy change only
    /// recomputes the meters over it).
    TelemetryPtr m_telemetry;
    std::int64_t m_telemetryPod = 0;
    std::string m_telemetryKey;
    MeterSweepPtr m_sweep;
    std::string m_sweepFor; ///< pod and key of the sweep running or shown ("reference": none)
    LatestJob m_podJob{this, &m_pool};   ///< the latest pod search; older answers are dropped
    LatestJob m_meterJob{this, &m_pool}; ///< the latest telemetry read and meter computation
    LatestJob m_sweepJob{this, &m_pool}; ///< the latest load sweep; an older one stops early
    /// The controller's own background thread: long reads of a large ledger never hold up the
    /// shared pool that the analysis of every view runs on. Last member: destroyed first, it
    /// waits for its jobs (which own what they use).
    QThreadPool m_pool;
};

} // namespace unalloc::ui

Q_DECLARE_METATYPE(unalloc::ui::MeterResult)
