#include "metercontroller.h"

#include "ledgerdocument.h"

#include <utility>

namespace unalloc::ui {

/// What a meter computation hands back: the telemetry it read (kept for policy changes) and
/// the meters.
struct MeterController::Computed
{
    TelemetryPtr telemetry;
    core::Result<core::MeterSnapshot> snapshot = core::fail("internal", "not computed");
};

namespace {

MeterController::Computed compute(const core::LedgerStore *store,
                                  std::shared_ptr<const core::TelemetryRecords> telemetry,
                                  const core::PodCandidate &pod,
                                  const std::string &tenantKey,
                                  core::OverheadPolicy policy,
                                  const core::TelemetryOptions &options);

} // namespace

MeterController::MeterController(LedgerDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_pods(std::make_shared<const MeterPods>())
{
    m_pool.setMaxThreadCount(1);
    for (LatestJob *job : {&m_podJob, &m_meterJob, &m_sweepJob})
        job->onBusyChanged([this](bool busy) {
            // LatestJob says "not busy" before it hands over the result: look once the result
            // is in (a view asked whether everything is shown must see the last sweep).
            if (!busy)
                QMetaObject::invokeMethod(this, &MeterController::checkIdle, Qt::QueuedConnection);
        });
}

MeterController::~MeterController()
{
    for (LatestJob *job : {&m_podJob, &m_meterJob, &m_sweepJob}) {
        job->onBusyChanged({});
        job->supersede(); // a running sweep stops at its next rate; m_pool waits for it
    }
}

bool MeterController::isBusy() const
{
    return m_podJob.busy() || m_meterJob.busy() || m_sweepJob.busy();
}

void MeterController::checkIdle()
{
    if (!isBusy())
        emit idle();
}

void MeterController::setActivity(Activity activity)
{
    if (activity == m_activity)
        return;
    m_activity = activity;
    emit activityChanged(activity);
}

const core::PodCandidate *MeterController::pod(std::int64_t rowId) const
{
    for (const core::PodCandidate &p : m_pods->pods)
        if (p.rowId == rowId)
            return &p;
    return nullptr;
}

void MeterController::documentLoaded(const std::string &tenantKey)
{
    m_tenantKey = tenantKey;
    // The ledger changed (or is about to): what was read from it no longer holds.
    m_meterJob.supersede();
    m_podJob.supersede();
    m_telemetry.reset();
    const core::LedgerStore *store = m_document->store();
    if (!store || !m_document->isLoaded()) {
        setActivity(Activity::Idle);
        return; // the store is busy until the next loaded()
    }
    if (!m_policyChosen) {
        const auto rules = core::policyFromId(m_document->input().rules.overheadPolicy);
        const auto policy = rules == core::OverheadPolicy::Redistribute
                                ? core::OverheadPolicy::Redistribute
                                : core::OverheadPolicy::Keep;
        if (policy != m_policy) {
            m_policy = policy;
            emit policyChanged(policy);
        }
    }
    const QString path = m_document->filePath();
    if (path.isEmpty()) { // no file for a second connection: an in-memory ledger is small
        auto found = core::findPodCandidates(*store, m_tenantKey);
        showPods(std::make_shared<const MeterPods>(found ? MeterPods{std::move(*found), {}}
                                                         : MeterPods{{}, found.error().message()}));
        return;
    }
    // The search reads the ledger on its own read-only connection (a store is one connection,
    // used by one thread at a time); an answer for an older ledger is dropped.
    setActivity(Activity::FindingPods);
    m_podJob.start(
        [file = path.toStdString(), key = m_tenantKey]() -> MeterPodsPtr {
            auto reader = core::LedgerStore::open(file, true);
            if (!reader)
                return std::make_shared<const MeterPods>(MeterPods{{}, reader.error().message()});
            auto found = core::findPodCandidates(**reader, key);
            return std::make_shared<const MeterPods>(
                found ? MeterPods{std::move(*found), {}} : MeterPods{{}, found.error().message()});
        },
        [this](MeterPodsPtr pods) { showPods(std::move(pods)); });
}

void MeterController::showPods(MeterPodsPtr pods)
{
    setActivity(Activity::Idle);
    m_pods = std::move(pods);
    if (!pod(m_selected))
        m_selected = m_pods->pods.empty() ? 0 : m_pods->pods.front().rowId;
    emit podsChanged(m_pods);
    recompute();
}

void MeterController::setTenantKey(const std::string &key)
{
    // The tenants are the owner key's values: a new key means new meters, not new pods.
    if (key == m_tenantKey)
        return;
    m_tenantKey = key;
    if (m_document->store() && !m_pods->pods.empty())
        recompute();
}

void MeterController::selectPod(std::int64_t rowId)
{
    if (rowId == m_selected && (m_result.meters || m_meterJob.busy()))
        return;
    m_selected = rowId;
    recompute();
}

void MeterController::choosePolicy(core::OverheadPolicy policy)
{
    m_policyChosen = true;
    if (policy == m_policy)
        return;
    m_policy = policy;
    emit policyChanged(policy);
    recompute();
}

void MeterController::recompute()
{
    m_meterJob.supersede(); // whatever answers next, an older computation's answer is stale
    const core::LedgerStore *store = m_document->store();
    const core::PodCandidate *selected = pod(m_selected);
    if (!selected || !store) {
        setActivity(Activity::Idle);
        m_result = {};
        emit metersChanged(m_result);
        return;
    }
    core::TelemetryOptions options;
    const core::Rules &rules = m_document->input().rules;
    options.prices.cachedInput = rules.cachedWeight;
    options.prices.output = rules.outputWeight;
    TelemetryPtr cached;
    if (m_telemetry && m_telemetryPod == selected->rowId && m_telemetryKey == m_tenantKey)
        cached = m_telemetry;
    const QString path = m_document->filePath();
    const std::int64_t podId = selected->rowId;
    if (cached || path.isEmpty()) {
        // A policy change over telemetry already read, or an in-memory ledger: quick.
        setActivity(Activity::Idle);
        showComputed(podId, m_tenantKey,
                     compute(store, cached, *selected, m_tenantKey, m_policy, options));
        return;
    }
    // A pod's window can hold a large share of the ledger's rows: read them on the
    // controller's own thread and connection; an answer for an older pod, key or policy is
    // dropped.
    m_result = {};
    emit metersChanged(m_result);
    setActivity(Activity::ReadingTelemetry);
    m_meterJob.start(
        [file = path.toStdString(), pod = *selected, key = m_tenantKey, p = m_policy, options] {
            auto reader = core::LedgerStore::open(file, true);
            if (!reader) {
                Computed r;
                r.snapshot = core::fail(reader.error());
                return r;
            }
            return compute(reader->get(), nullptr, pod, key, p, options);
        },
        [this, podId, key = m_tenantKey](const Computed &r) {
            setActivity(Activity::Idle);
            showComputed(podId, key, r);
        });
}

void MeterController::showComputed(std::int64_t podId,
                                   const std::string &key,
                                   const Computed &computed)
{
    if (computed.telemetry) {
        m_telemetry = computed.telemetry;
        m_telemetryPod = podId;
        m_telemetryKey = key;
    }
    m_result = {};
    if (computed.snapshot)
        m_result.meters = std::make_shared<const core::MeterSnapshot>(*computed.snapshot);
    else
        m_result.error = computed.snapshot.error().message();
    emit metersChanged(m_result);
    if (m_result.meters)
        startSweep();
}

void MeterController::startSweep()
{
    const TelemetryPtr &telemetry = m_telemetry;
    const bool measured = telemetry && !telemetry->records.empty();
    const std::string key =
        measured ? std::to_string(m_telemetryPod) + ' ' + m_telemetryKey : std::string("reference");
    if (key == m_sweepFor)
        return;
    m_sweepFor = key;
    auto sweep = std::make_shared<MeterSweep>();
    const core::SimConfig config =
        core::meterSweepConfig(measured ? telemetry->records : std::vector<core::RequestRecord>());
    sweep->measured = measured;
    sweep->requests = measured ? std::int64_t(telemetry->records.size()) : 0;
    sweep->pod = m_result.meters ? m_result.meters->pod.row.name : std::string();
    sweep->mix = config.tenants;
    sweep->durationS = config.durationS;
    m_sweep = sweep;
    emit sweepChanged(m_sweep);
    // The running sweep (of another pod) stops at its next rate; the pool runs one at a time.
    m_sweepJob.start(
        [config](const Superseded &superseded) {
            return core::loadSweep(config, core::meterSweepRates(),
                                   [superseded](size_t) { return !superseded(); });
        },
        [this, sweep](std::vector<core::SweepPoint> points) {
            auto done = std::make_shared<MeterSweep>(*sweep);
            done->points = std::move(points);
            m_sweep = done;
            emit sweepChanged(m_sweep);
        });
}

namespace {

MeterController::Computed compute(const core::LedgerStore *store,
                                  std::shared_ptr<const core::TelemetryRecords> telemetry,
                                  const core::PodCandidate &pod,
                                  const std::string &tenantKey,
                                  core::OverheadPolicy policy,
                                  const core::TelemetryOptions &options)
{
    MeterController::Computed out;
    if (telemetry) { // a policy change: the pod's requests are already read
        out.telemetry = std::move(telemetry);
        out.snapshot = core::meterSnapshot(*out.telemetry, pod, tenantKey, policy, options);
        return out;
    }
    auto read = core::podMeters(*store, pod, tenantKey, policy, options);
    if (!read) {
        out.snapshot = core::fail(read.error());
        return out;
    }
    out.telemetry = std::make_shared<const core::TelemetryRecords>(std::move(read->telemetry));
    out.snapshot = std::move(read->snapshot);
    return out;
}

} // namespace

} // namespace unalloc::ui
