#include "meterview.h"

#include "metersplitcommand.h"

#include "core/meters/metercompare.h"
#include "ui/charts/groupedbarchart.h"
#include "ui/charts/sweepchart.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/metersweepmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/themecontroller.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/tablepanel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QTableView>
#include <QtConcurrent/QtConcurrentRun>

namespace unalloc::ui {

namespace {

QComboBox *meterCombo(const char *name, core::MeterKind initial)
{
    auto *combo = new QComboBox;
    combo->setObjectName(QLatin1String(name));
    for (core::MeterKind kind : core::telemetryMeterKinds())
        combo->addItem(MeterShareModel::meterName(kind), fmt::q(std::string(core::meterId(kind))));
    combo->setCurrentIndex(combo->findData(fmt::q(std::string(core::meterId(initial)))));
    return combo;
}

QTableView *tableFor(QAbstractItemModel *model, QObject *owner, const char *name)
{
    auto *table = new QTableView;
    auto *proxy = new RawSortProxy(owner);
    proxy->setSourceModel(model);
    table->setModel(proxy);
    setUpTableView(table);
    table->setObjectName(QLatin1String(name));
    return table;
}

} // namespace

MeterView::MeterView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_pod(new QComboBox)
    , m_policy(new QComboBox)
    , m_meterA(meterCombo("meterA", core::MeterKind::Tokens))
    , m_meterB(meterCombo("meterB", core::MeterKind::TimeShare))
    , m_applyMeter(meterCombo("applyMeterCombo", core::MeterKind::TimeShare))
    , m_apply(new QPushButton(tr("Apply to ledger")))
    , m_message(new QLabel)
    , m_cost(new FigureCard(tr("Pod cost per month")))
    , m_requests(new FigureCard(tr("Requests")))
    , m_largest(new FigureCard(tr("Largest gap between meters")))
    , m_applied(new FigureCard(tr("Applied meter")))
    , m_bars(new GroupedBarChart)
    , m_sweepChart(new SweepChart)
    , m_shares(new MeterShareModel(locale(), this))
    , m_sweep(new MeterSweepModel(locale(), this))
    , m_cancelSweep(std::make_shared<std::atomic<bool>>(false))
{
    m_pod->setObjectName(QStringLiteral("podCombo"));
    m_pod->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_policy->setObjectName(QStringLiteral("policyCombo"));
    m_policy->addItem(tr("Keep as its own row"), QStringLiteral("keep"));
    m_policy->addItem(tr("Redistribute to tenants"), QStringLiteral("redistribute"));
    m_policy->setToolTip(tr("Idle GPU time and unused KV memory belong to no tenant: keep them "
                            "as an unowned overhead row, or spread them in proportion."));
    m_apply->setObjectName(QStringLiteral("applyMeterButton"));
    m_apply->setToolTip(tr("Write this meter's split into the ledger in place of the pod row "
                           "(the original is kept for audit; Edit ▸ Undo removes it)."));
    m_message->setObjectName(QStringLiteral("meterMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    for (auto *card : {m_cost, m_requests, m_largest, m_applied})
        card->setObjectName(QStringLiteral("meterFigure"));
    m_cost->setObjectName(QStringLiteral("figurePodCost"));
    m_requests->setObjectName(QStringLiteral("figureRequests"));
    m_largest->setObjectName(QStringLiteral("figureLargestGap"));
    m_applied->setObjectName(QStringLiteral("figureApplied"));
    m_bars->setObjectName(QStringLiteral("meterBars"));
    m_sweepChart->setObjectName(QStringLiteral("sweepLines"));
    m_sweepChart->setMessage(tr("Simulating the load sweep…"));
    m_shares->setCompared(core::MeterKind::Tokens, core::MeterKind::TimeShare);

    m_barsPanel =
        new ChartPanel(tr("Share of the pod by tenant under each meter"), m_bars, exportHost());
    m_barsPanel->setObjectName(QStringLiteral("meterSharesChart"));
    auto *sweepPanel =
        new ChartPanel(tr("Load sweep: overhead each meter sees"), m_sweepChart, exportHost());
    sweepPanel->setObjectName(QStringLiteral("meterSweepChart"));
    sweepPanel->setSubtitle(tr("Simulated vLLM-style server, studies' tenants, %1 s per rate")
                                .arg(core::meterSweepConfig().durationS));
    auto *sharesPanel =
        new TablePanel(tr("Shares, dollars per month and gaps"),
                       tableFor(m_shares, this, "meterShareTableView"), m_shares, exportHost());
    sharesPanel->setObjectName(QStringLiteral("meterShareTable"));
    auto *sweepTable = new TablePanel(tr("Load sweep"), tableFor(m_sweep, this, "sweepTableView"),
                                      m_sweep, exportHost());
    sweepTable->setObjectName(QStringLiteral("meterSweepTable"));

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Pod:")));
    controls->addWidget(m_pod, 1);
    controls->addSpacing(16);
    controls->addWidget(new QLabel(tr("Overhead:")));
    controls->addWidget(m_policy);
    auto *cards = new QHBoxLayout;
    for (FigureCard *card : {m_cost, m_requests, m_largest, m_applied})
        cards->addWidget(card, 1);
    auto *compare = new QHBoxLayout;
    compare->addWidget(new QLabel(tr("Compare")));
    compare->addWidget(m_meterA);
    compare->addWidget(new QLabel(tr("with")));
    compare->addWidget(m_meterB);
    compare->addStretch(1);
    compare->addWidget(new QLabel(tr("Meter to apply:")));
    compare->addWidget(m_applyMeter);
    compare->addWidget(m_apply);
    auto *grid = new QGridLayout;
    grid->addWidget(m_barsPanel, 0, 0);
    grid->addWidget(sweepPanel, 0, 1);
    grid->addLayout(compare, 1, 0, 1, 2);
    grid->addWidget(sharesPanel, 2, 0, 1, 2);
    grid->addWidget(sweepTable, 3, 0, 1, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(2, 1);
    sharesPanel->setMinimumHeight(220);
    sweepTable->setMinimumHeight(250);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_message);
    layout->addLayout(controls);
    layout->addLayout(cards);
    layout->addLayout(grid, 1);
    setContent(content);

    connect(m_pod, &QComboBox::currentIndexChanged, this, &MeterView::recompute);
    connect(m_policy, &QComboBox::activated, this, [this] {
        m_policyFromRules = false;
        recompute();
    });
    auto compared = [this] {
        m_shares->setCompared(comboMeter(m_meterA), comboMeter(m_meterB));
        showFigures();
    };
    connect(m_meterA, &QComboBox::currentIndexChanged, this, compared);
    connect(m_meterB, &QComboBox::currentIndexChanged, this, compared);
    connect(m_apply, &QPushButton::clicked, this, [this] { applyMeter(comboMeter(m_applyMeter)); });
    connect(context.app->theme, &ThemeController::changed, this, &MeterView::applyTheme);

    // The sweep does not depend on the ledger: start it now, off the GUI thread.
    connect(&m_sweepWatcher, &QFutureWatcher<std::vector<core::SweepPoint>>::finished, this,
            [this] {
                m_sweepPoints = m_sweepWatcher.result();
                m_sweep->setPoints(m_sweepPoints);
                showSweep();
            });
    const auto cancel = m_cancelSweep;
    m_pool.setMaxThreadCount(1);
    m_sweepWatcher.setFuture(QtConcurrent::run(&m_pool, [cancel] {
        return core::loadSweep(core::meterSweepConfig(), core::meterSweepRates(),
                               [cancel](size_t) { return !cancel->load(); });
    }));
    applyTheme();
    updateApplyControls();
}

MeterView::~MeterView()
{
    m_cancelSweep->store(true);
    m_sweepWatcher.waitForFinished();
}

void MeterView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    // The tenants are the owner key's values: a new key means new meters, not new pods.
    const std::string key = tenantKey();
    if (key == m_tenantKey)
        return;
    m_tenantKey = key;
    if (m_context.document->store() && !m_pods.empty())
        recompute();
}

void MeterView::documentLoaded()
{
    // The ledger changed (or is about to): what was read from it no longer holds.
    ++m_meterGeneration;
    m_telemetry.reset();
    if (!m_context.document->store() || !m_context.document->isLoaded()) {
        updateApplyControls(); // the store is busy until the next loaded()
        return;
    }
    if (m_policyFromRules) {
        const auto rules = core::policyFromId(m_context.document->input().rules.overheadPolicy);
        m_policy->setCurrentIndex(rules == core::OverheadPolicy::Redistribute ? 1 : 0);
    }
    refreshPods();
}

std::string MeterView::tenantKey() const
{
    const std::string &key = m_context.analysis->request().ownerKey;
    return key.empty() ? m_context.document->input().rules.ownerKey : key;
}

core::OverheadPolicy MeterView::policy() const
{
    return m_policy->currentIndex() == 1 ? core::OverheadPolicy::Redistribute
                                         : core::OverheadPolicy::Keep;
}

core::MeterKind MeterView::comboMeter(const QComboBox *combo) const
{
    return core::meterFromId(fmt::s(combo->currentData().toString()))
        .value_or(core::MeterKind::Tokens);
}

void MeterView::refreshPods()
{
    const core::LedgerStore *store = m_context.document->store();
    if (!store)
        return;
    m_tenantKey = tenantKey();
    const quint64 generation = ++m_podGeneration;
    const QString path = m_context.document->filePath();
    if (path.isEmpty()) { // no file for a second connection: an in-memory ledger is small
        showPods(core::findPodCandidates(*store, m_tenantKey));
        return;
    }
    // The search reads the ledger on its own read-only connection (a store is one connection,
    // used by one thread at a time); an answer for an older ledger or owner key is dropped.
    m_message->setText(tr("Looking for shared inference pods…"));
    m_message->show();
    auto *watcher = new QFutureWatcher<PodsResult>(this);
    connect(watcher, &QFutureWatcher<PodsResult>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_podGeneration)
            showPods(watcher->result());
    });
    watcher->setFuture(
        QtConcurrent::run(&m_pool, [file = fmt::s(path), key = m_tenantKey]() -> PodsResult {
            auto reader = core::LedgerStore::open(file, true);
            if (!reader)
                return core::fail(reader.error());
            return core::findPodCandidates(**reader, key);
        }));
}

void MeterView::showPods(const PodsResult &pods)
{
    const std::int64_t selected =
        m_pod->currentIndex() >= 0 ? m_pod->currentData().toLongLong() : 0;
    m_pods = pods ? *pods : std::vector<core::PodCandidate>();
    const QSignalBlocker block(m_pod);
    m_pod->clear();
    for (const core::PodCandidate &p : m_pods) {
        QString text = tr("%1 — %2 · %3 requests")
                           .arg(fmt::q(p.row.name),
                                fmt::money(p.row.amount.amount, p.row.amount.currency, locale()),
                                fmt::count(p.requests, locale()));
        if (p.split)
            text += tr(" · split by %1").arg(fmt::q(p.split->meter));
        m_pod->addItem(text, QVariant::fromValue<qint64>(p.rowId));
    }
    const int keep = m_pod->findData(QVariant::fromValue<qint64>(selected));
    m_pod->setCurrentIndex(keep >= 0 ? keep : (m_pods.empty() ? -1 : 0));
    recompute();
    if (!pods) {
        m_message->setText(tr("Cannot list the pods: %1").arg(fmt::q(pods.error().message())));
        m_message->show();
    }
}

namespace {

/// What a meter computation hands back to the view: the telemetry it read (kept for policy
/// changes) and the meters.
struct MeterResult
{
    std::shared_ptr<const core::TelemetryRecords> telemetry;
    core::Result<core::MeterSnapshot> snapshot = core::fail("internal", "not computed");
};

MeterResult computeMeters(const core::LedgerStore *store,
                          std::shared_ptr<const core::TelemetryRecords> telemetry,
                          const core::PodCandidate &pod,
                          const std::string &tenantKey,
                          core::OverheadPolicy policy,
                          const core::TelemetryOptions &options)
{
    MeterResult out;
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

void MeterView::recompute()
{
    const quint64 generation = ++m_meterGeneration;
    const int index = m_pod->currentIndex();
    const core::LedgerStore *store = m_context.document->store();
    if (index < 0 || index >= int(m_pods.size()) || !store) {
        m_meters.reset();
        const QString problem =
            store ? tr("No pod of this ledger has request telemetry in its window. Import a "
                       "gateway log with first-token times (LiteLLM spend logs) for the pod's "
                       "model, or see `unalloc meters --telemetry`.")
                  : QString();
        m_message->setText(problem);
        m_message->setVisible(!problem.isEmpty());
        showMeters();
        return;
    }
    const core::PodCandidate &pod = m_pods[size_t(index)];
    core::TelemetryOptions options;
    const core::Rules &rules = m_context.document->input().rules;
    options.prices.cachedInput = rules.cachedWeight;
    options.prices.output = rules.outputWeight;
    TelemetryPtr cached;
    if (m_telemetry && m_telemetryPod == pod.rowId && m_telemetryKey == m_tenantKey)
        cached = m_telemetry;
    const QString path = m_context.document->filePath();
    if (cached || path.isEmpty()) {
        // A policy change over telemetry already read, or an in-memory ledger: quick.
        const MeterResult r = computeMeters(store, cached, pod, m_tenantKey, policy(), options);
        showMeterResult(r.telemetry, r.snapshot);
        return;
    }
    // A pod's window can hold a large share of the ledger's rows: read them on the view's own
    // thread and connection; an answer for an older pod, key or policy is dropped.
    m_meters.reset();
    showMeters();
    m_message->setText(tr("Reading the request telemetry of %1…").arg(fmt::q(pod.row.name)));
    m_message->show();
    auto *watcher = new QFutureWatcher<MeterResult>(this);
    connect(watcher, &QFutureWatcher<MeterResult>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_meterGeneration)
            return;
        const MeterResult r = watcher->result();
        showMeterResult(r.telemetry, r.snapshot);
    });
    watcher->setFuture(QtConcurrent::run(
        &m_pool, [file = fmt::s(path), pod, key = m_tenantKey, p = policy(), options] {
            auto reader = core::LedgerStore::open(file, true);
            if (!reader) {
                MeterResult r;
                r.snapshot = core::fail(reader.error());
                return r;
            }
            return computeMeters(reader->get(), nullptr, pod, key, p, options);
        }));
}

void MeterView::showMeterResult(const TelemetryPtr &telemetry,
                                const core::Result<core::MeterSnapshot> &snapshot)
{
    const int index = m_pod->currentIndex();
    if (telemetry && index >= 0 && index < int(m_pods.size())) {
        m_telemetry = telemetry;
        m_telemetryPod = m_pods[size_t(index)].rowId;
        m_telemetryKey = m_tenantKey;
    }
    QString problem;
    if (snapshot)
        m_meters = std::make_shared<const core::MeterSnapshot>(*snapshot);
    else {
        m_meters.reset();
        problem = tr("Cannot compute the meters: %1").arg(fmt::q(snapshot.error().message()));
    }
    m_message->setText(problem);
    m_message->setVisible(!problem.isEmpty());
    showMeters();
}

void MeterView::showMeters()
{
    m_shares->setSnapshot(m_meters);
    showBars();
    showFigures();
    updateApplyControls();
}

bool MeterView::applyMeter(core::MeterKind kind)
{
    const core::MeterSplit *split = m_meters ? m_meters->split(kind) : nullptr;
    if (!split || m_meters->pod.split || !m_context.document->store()) {
        m_message->setText(m_meters && m_meters->pod.split
                               ? tr("This pod is already split by %1; undo that first.")
                                     .arg(fmt::q(m_meters->pod.split->meter))
                               : tr("There is no pod with meters to apply."));
        m_message->show();
        return false;
    }
    const core::PodCandidate &pod = m_meters->pod;
    // The command outlives this view (language switches rebuild the views): it reports
    // through a guarded label and a shared flag.
    const auto ok = std::make_shared<bool>(true);
    const QPointer<QLabel> message = m_message;
    m_context.analysis->undoStack()->push(new MeterSplitCommand(
        m_context.document, m_context.analysis, pod.rowId, std::string(core::meterId(kind)),
        core::splitRows(pod.row, *split, m_meters->tenantKey),
        tr("Apply %1 to %2").arg(MeterShareModel::meterName(kind), fmt::q(pod.row.name)),
        [ok, message](const QString &error) {
            *ok = false;
            if (message) {
                message->setText(MeterView::tr("Cannot write the meter split: %1").arg(error));
                message->show();
            }
        }));
    return *ok;
}

void MeterView::updateApplyControls()
{
    const bool ready = m_meters && m_context.document->store() && !m_meters->pod.split;
    m_apply->setEnabled(ready);
    m_applyMeter->setEnabled(ready);
}

} // namespace unalloc::ui
