#include "meterview.h"

#include "core/meters/metercompare.h"
#include "ui/charts/qtchartcanvas.h"
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
#include <QSignalBlocker>
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
    , m_controller(new MeterController(context.document, this))
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
    , m_bars(QtChartCanvas::create("meterBars"))
    , m_sweepChart(QtChartCanvas::create("sweepLines"))
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

    connect(m_pod, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_controller->selectPod(index >= 0 ? m_pod->itemData(index).toLongLong() : 0);
    });
    connect(m_pod, &QComboBox::currentTextChanged, m_pod, &QComboBox::setToolTip);
    connect(m_policy, &QComboBox::activated, this, [this](int index) {
        m_controller->choosePolicy(index == 1 ? core::OverheadPolicy::Redistribute
                                              : core::OverheadPolicy::Keep);
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
    connect(m_controller, &MeterController::podsChanged, this, &MeterView::showPods);
    connect(m_controller, &MeterController::metersChanged, this, &MeterView::showMeters);
    connect(m_controller, &MeterController::activityChanged, this, &MeterView::showMessage);
    connect(m_controller, &MeterController::sweepChanged, this, &MeterView::showSweep);
    connect(m_controller, &MeterController::policyChanged, this, [this](core::OverheadPolicy p) {
        const QSignalBlocker block(m_policy);
        m_policy->setCurrentIndex(p == core::OverheadPolicy::Redistribute ? 1 : 0);
    });
    connect(m_controller, &MeterController::idle, this, [this] {
        if (isSettled())
            emit settled();
    });

    buildCharts();
    applyTheme();
    updateApplyControls();
}

MeterView::~MeterView() = default;

bool MeterView::isSettled() const
{
    return !m_controller->isBusy() && (!meters() || sweepReady());
}

void MeterView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    if (hasWorkWhenShown())
        return; // the pod search waiting for the view reads the tenant key when it starts
    whenShown([this] { m_controller->setTenantKey(tenantKey()); });
}

void MeterView::documentLoaded()
{
    const bool loaded = m_context.document->store() && m_context.document->isLoaded();
    if (!loaded) {
        dropWhenShown();
        m_controller->documentLoaded(m_controller->tenantKey());
    } else {
        // The pod search reads every label set: it waits until the view is shown.
        whenShown([this] {
            m_controller->documentLoaded(tenantKey());
            updateApplyControls();
        });
    }
    updateApplyControls(); // the store is busy until the next loaded()
}

std::string MeterView::tenantKey() const
{
    const std::string &key = m_context.analysis->request().ownerKey;
    return key.empty() ? m_context.document->input().rules.ownerKey : key;
}

core::MeterKind MeterView::comboMeter(const QComboBox *combo) const
{
    return core::meterFromId(fmt::s(combo->currentData().toString()))
        .value_or(core::MeterKind::Tokens);
}

void MeterView::showPods(const MeterPodsPtr &pods)
{
    const QSignalBlocker block(m_pod);
    m_pod->clear();
    for (const core::PodCandidate &p : pods->pods) {
        QString text =
            tr("%1 — %2 · %3", "pod, cost, requests")
                .arg(fmt::q(p.row.name),
                     fmt::money(p.row.amount.amount, p.row.amount.currency, locale()),
                     tr("%Ln request(s)", "", int(std::min<std::int64_t>(p.requests, INT_MAX))));
        if (p.split)
            text += tr(" · split by %1").arg(fmt::q(p.split->meter));
        m_pod->addItem(text, QVariant::fromValue<qint64>(p.rowId));
    }
    m_pod->setCurrentIndex(
        m_pod->findData(QVariant::fromValue<qint64>(m_controller->selectedPod())));
    m_pod->setToolTip(m_pod->currentText());
    showEmptyState(pods->error.empty() && pods->pods.empty());
    showMessage();
}

void MeterView::showMessage()
{
    QString text;
    switch (m_controller->activity()) {
    case MeterController::Activity::FindingPods:
        text = tr("Looking for shared inference pods…");
        break;
    case MeterController::Activity::ReadingTelemetry:
        if (const auto *pods = m_controller->pods().get())
            for (const core::PodCandidate &p : pods->pods)
                if (p.rowId == m_controller->selectedPod())
                    text = tr("Reading the request telemetry of %1…").arg(fmt::q(p.row.name));
        break;
    case MeterController::Activity::Idle:
        if (!m_controller->pods()->error.empty())
            text = tr("Cannot list the pods: %1").arg(fmt::q(m_controller->pods()->error));
        else if (!m_controller->result().error.empty())
            text = tr("Cannot compute the meters: %1").arg(fmt::q(m_controller->result().error));
        break;
    }
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
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

void MeterView::showMeters()
{
    m_shares->setSnapshot(meters());
    showMessage();
    showBars();
    showFigures();
    updateApplyControls();
}

} // namespace unalloc::ui
