#include "meterview.h"

#include "core/meters/metercompare.h"
#include "ui/charts/groupedbarchart.h"
#include "ui/charts/sweepchart.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/metersweepmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/themecontroller.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/tablepanel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <climits>

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
    , m_empty(new QLabel)
    , m_body(new QWidget)
    , m_cost(new FigureCard(tr("Pod cost per month")))
    , m_requests(new FigureCard(tr("Requests")))
    , m_largest(new FigureCard(tr("Largest gap between meters")))
    , m_applied(new FigureCard(tr("Applied meter")))
    , m_bars(new GroupedBarChart)
    , m_sweepChart(new SweepChart)
    , m_shares(new MeterShareModel(locale(), this))
    , m_sweep(new MeterSweepModel(locale(), this))
{
    m_pod->setObjectName(QStringLiteral("podCombo"));
    // A pod's name can be long: the combo shrinks with the window (elided), the tool tip and
    // the popup keep the whole text.
    m_pod->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_pod->setMinimumContentsLength(24);
    m_pod->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
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
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    m_empty->setObjectName(QStringLiteral("meterEmptyState"));
    m_empty->setWordWrap(true);
    m_empty->setTextFormat(Qt::RichText);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setMargin(24);
    m_empty->hide();
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
    m_sweepPanel =
        new ChartPanel(tr("Load sweep: overhead each meter sees"), m_sweepChart, exportHost());
    m_sweepPanel->setObjectName(QStringLiteral("meterSweepChart"));
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
    auto *charts = new AdaptiveRow; // stacked in a narrow window
    charts->setObjectName(QStringLiteral("meterCharts"));
    charts->addWidget(m_barsPanel, 3);
    charts->addWidget(m_sweepPanel, 2);
    grid->addWidget(charts, 0, 0, 1, 2);
    grid->addLayout(compare, 1, 0, 1, 2);
    grid->addWidget(sharesPanel, 2, 0, 1, 2);
    grid->addWidget(sweepTable, 3, 0, 1, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(2, 1);
    sharesPanel->setMinimumHeight(220);
    sweepTable->setMinimumHeight(250);
    m_body->setObjectName(QStringLiteral("meterBody"));
    auto *body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    body->addLayout(controls);
    body->addLayout(cards);
    body->addLayout(grid, 1);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_message);
    layout->addWidget(m_empty, 1);
    layout->addWidget(m_body, 1);
    setContent(content);

    connect(m_pod, &QComboBox::currentIndexChanged, this, &MeterView::recompute);
    connect(m_pod, &QComboBox::currentTextChanged, m_pod, &QComboBox::setToolTip);
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
    connect(m_apply, &QPushButton::clicked, this,
            [this] { confirmApply(comboMeter(m_applyMeter)); });
    connect(context.app->theme, &ThemeController::changed, this, &MeterView::applyTheme);

    m_pool.setMaxThreadCount(1);
    applyTheme();
    updateApplyControls();
}

MeterView::~MeterView()
{
    // A running sweep stops at its next rate; m_pool, destroyed first, waits for it.
    m_sweepJob.supersede();
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
    m_meterJob.supersede();
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
    m_podJob.supersede(); // whatever answers next, an older search's answer is stale
    const QString path = m_context.document->filePath();
    if (path.isEmpty()) { // no file for a second connection: an in-memory ledger is small
        showPods(core::findPodCandidates(*store, m_tenantKey));
        return;
    }
    // The search reads the ledger on its own read-only connection (a store is one connection,
    // used by one thread at a time); an answer for an older ledger or owner key is dropped.
    m_message->setText(tr("Looking for shared inference pods…"));
    m_message->show();
    m_podJob.start(
        [file = fmt::s(path), key = m_tenantKey]() -> PodsResult {
            auto reader = core::LedgerStore::open(file, true);
            if (!reader)
                return core::fail(reader.error());
            return core::findPodCandidates(**reader, key);
        },
        [this](const PodsResult &pods) { showPods(pods); });
}

void MeterView::showPods(const PodsResult &pods)
{
    const std::int64_t selected =
        m_pod->currentIndex() >= 0 ? m_pod->currentData().toLongLong() : 0;
    m_pods = pods ? *pods : std::vector<core::PodCandidate>();
    const QSignalBlocker block(m_pod);
    m_pod->clear();
    for (const core::PodCandidate &p : m_pods) {
        QString text =
            tr("%1 — %2 · %3", "pod, cost, requests")
                .arg(fmt::q(p.row.name),
                     fmt::money(p.row.amount.amount, p.row.amount.currency, locale()),
                     tr("%Ln request(s)", "", int(std::min<std::int64_t>(p.requests, INT_MAX))));
        if (p.split)
            text += tr(" · split by %1").arg(fmt::q(p.split->meter));
        m_pod->addItem(text, QVariant::fromValue<qint64>(p.rowId));
    }
    const int keep = m_pod->findData(QVariant::fromValue<qint64>(selected));
    m_pod->setCurrentIndex(keep >= 0 ? keep : (m_pods.empty() ? -1 : 0));
    m_pod->setToolTip(m_pod->currentText());
    recompute();
    showEmptyState(pods && m_pods.empty());
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
    m_meterJob.supersede(); // whatever answers next, an older computation's answer is stale
    const int index = m_pod->currentIndex();
    const core::LedgerStore *store = m_context.document->store();
    if (index < 0 || index >= int(m_pods.size()) || !store) {
        m_meters.reset();
        m_message->setVisible(false);
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
    m_meterJob.start(
        [file = fmt::s(path), pod, key = m_tenantKey, p = policy(), options] {
            auto reader = core::LedgerStore::open(file, true);
            if (!reader) {
                MeterResult r;
                r.snapshot = core::fail(reader.error());
                return r;
            }
            return computeMeters(reader->get(), nullptr, pod, key, p, options);
        },
        [this](const MeterResult &r) { showMeterResult(r.telemetry, r.snapshot); });
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
    if (m_meters)
        startSweep(m_telemetry);
}

void MeterView::showEmptyState(bool empty)
{
    m_body->setVisible(!empty);
    m_empty->setVisible(empty);
    m_empty->setText(
        tr("<b>No shared inference pods in this ledger.</b><br>Meters need OpenCost rows with "
           "request telemetry: import the OpenCost allocation of the inference pod (a workload "
           "with a model, e.g. <code>modelName</code>) and the gateway's LiteLLM spend logs "
           "(with first-token times) for the same window, with File ▸ Import… or "
           "<code>unalloc import</code>. Provider bill lines (Anthropic, OpenAI) are not pods."));
}

void MeterView::startSweep(const TelemetryPtr &telemetry)
{
    const bool measured = telemetry && !telemetry->records.empty();
    const QString key =
        measured ? QStringLiteral("%1 %2").arg(m_telemetryPod).arg(fmt::q(m_telemetryKey))
                 : QStringLiteral("reference");
    if (key == m_sweepFor)
        return;
    m_sweepFor = key;
    m_sweepMeasured = measured;
    m_sweepPoints.clear();
    m_sweep->setPoints(m_sweepPoints);
    m_sweepChart->setMessage(tr("Simulating the load sweep…"));
    const core::SimConfig config =
        core::meterSweepConfig(measured ? telemetry->records : std::vector<core::RequestRecord>());
    if (measured) {
        QStringList names;
        for (const core::SimTenant &t : config.tenants)
            names << (t.team.empty() && t.name == "<unlabeled>" ? tr("<unlabeled>")
                                                                : fmt::q(t.name));
        m_sweepPanel->setSubtitle(
            tr("Simulated vLLM-style server running this pod's measured traffic mix "
               "(%1 from %2: %3), %4 s per rate")
                .arg(tr("%Ln request(s)", "", int(telemetry->records.size())),
                     fmt::q(m_meters ? m_meters->pod.row.name : std::string()),
                     names.join(QStringLiteral(", ")))
                .arg(config.durationS));
    } else {
        m_sweepPanel->setSubtitle(
            tr("This ledger has no request telemetry for the pod: the sweep shows the studies' "
               "reference tenants (search, agents, platform, sandbox), not this pod's traffic. "
               "%1 s per rate.")
                .arg(config.durationS));
    }
    // The running sweep (of another pod) stops at its next rate; the pool runs one at a time.
    m_sweepJob.start(
        [config](const Superseded &superseded) {
            return core::loadSweep(config, core::meterSweepRates(),
                                   [superseded](size_t) { return !superseded(); });
        },
        [this](std::vector<core::SweepPoint> points) {
            m_sweepPoints = std::move(points);
            m_sweep->setPoints(m_sweepPoints);
            showSweep();
        });
}

void MeterView::showMeters()
{
    m_shares->setSnapshot(m_meters);
    showBars();
    showFigures();
    updateApplyControls();
}

} // namespace unalloc::ui
