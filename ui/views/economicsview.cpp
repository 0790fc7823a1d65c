#include "economicsview.h"

#include "core/labels.h"
#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/economicsmodel.h"
#include "ui/models/economicstrendmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/models/roles.h"
#include "ui/settings.h"
#include "ui/themecontroller.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/tablepanel.h"

#include <QChart>
#include <QComboBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>

#include <utility>

namespace unalloc::ui {

namespace {

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

EconomicsView::EconomicsView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_keyCombo(new QComboBox)
    , m_featureCombo(new QComboBox)
    , m_message(new QLabel)
    , m_requests(new FigureCard(tr("Gateway requests")))
    , m_perK(new FigureCard(tr("Cost per 1,000 requests")))
    , m_invisible(new FigureCard(tr("Invisible from the gateway")))
    , m_unattributed(new FigureCard(tr("Unattributed cost")))
    , m_bars(QtChartCanvas::create("economicsBars"))
    , m_trend(QtChartCanvas::create("economicsTrend"))
    , m_curves(QtChartCanvas::create("breakevenCurves"))
    , m_table(new EconomicsModel(locale(), this))
    , m_trendModel(new EconomicsTrendModel(locale(), this))
    , m_tiers(new BreakevenModel(locale(), this))
    , m_podModel(new PodStandingModel(locale(), this))
    , m_gpu(new QLineEdit(QStringLiteral("3")))
    , m_tierGrid(new QGridLayout)
    , m_breakevenMessage(new QLabel)
{
    m_keyCombo->setObjectName(QStringLiteral("featureKeyCombo"));
    m_keyCombo->setEditable(true);
    m_keyCombo->setInsertPolicy(QComboBox::NoInsert);
    m_keyCombo->setMinimumContentsLength(14);
    m_keyCombo->setToolTip(tr("The label whose values are the features (default: feature). "
                              "Remembered for this ledger; the owner key plays no part here."));
    m_featureCombo->setObjectName(QStringLiteral("featureCombo"));
    m_featureCombo->setMinimumContentsLength(14);
    m_featureCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_message->setObjectName(QStringLiteral("economicsMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    m_requests->setObjectName(QStringLiteral("figureRequests"));
    m_perK->setObjectName(QStringLiteral("figurePerThousand"));
    m_invisible->setObjectName(QStringLiteral("figureInvisible"));
    m_unattributed->setObjectName(QStringLiteral("figureUnattributed"));

    auto *barsPanel =
        new ChartPanel(tr("Cost per 1,000 requests by feature"), m_bars, exportHost());
    barsPanel->setObjectName(QStringLiteral("economicsBarsChart"));
    barsPanel->setSubtitle(tr("API bill and cluster infrastructure, stacked"));
    // The line charts zoom with the wheel and reset with a double click.
    new chartinteraction::WheelZoom(m_trend->chartView());
    new chartinteraction::WheelZoom(m_curves->chartView());
    m_trendPanel = new ChartPanel(tr("Cost per 1,000 requests by month"), m_trend, exportHost());
    m_trendPanel->setObjectName(QStringLiteral("economicsTrendChart"));
    auto *tablePanel = new TablePanel(tr("Features"), tableFor(m_table, this, "economicsTableView"),
                                      m_table, exportHost());
    tablePanel->setObjectName(QStringLiteral("economicsTable"));
    tablePanel->setMinimumHeight(250);
    auto *trendTable = new TablePanel(tr("Month by month"),
                                      tableFor(m_trendModel, this, "economicsTrendTableView"),
                                      m_trendModel, exportHost());
    trendTable->setObjectName(QStringLiteral("economicsTrendTable"));
    trendTable->setMinimumHeight(170);

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Feature key:")));
    controls->addWidget(m_keyCombo);
    controls->addSpacing(16);
    controls->addWidget(new QLabel(tr("Month by month for:")));
    controls->addWidget(m_featureCombo);
    controls->addStretch(1);
    auto *cards = new QHBoxLayout;
    for (FigureCard *card : {m_requests, m_perK, m_invisible, m_unattributed})
        cards->addWidget(card, 1);
    auto *grid = new QGridLayout;
    auto *charts = new AdaptiveRow; // stacked in a narrow window
    charts->setObjectName(QStringLiteral("economicsCharts"));
    charts->addWidget(barsPanel, 1);
    charts->addWidget(m_trendPanel, 1);
    grid->addWidget(charts, 0, 0, 1, 2);
    grid->addWidget(tablePanel, 1, 0, 1, 2);
    grid->addWidget(trendTable, 2, 0, 1, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    grid->setRowStretch(0, 1);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_message);
    layout->addLayout(controls);
    layout->addLayout(cards);
    layout->addLayout(grid, 3);
    layout->addWidget(buildBreakevenSection(), 2);
    setContent(content);

    buildCharts();
    connect(m_keyCombo, &QComboBox::activated, this, &EconomicsView::onKeyChosen);
    connect(m_keyCombo->lineEdit(), &QLineEdit::editingFinished, this, &EconomicsView::onKeyChosen);
    connect(m_featureCombo, &QComboBox::currentIndexChanged, this, &EconomicsView::showTrend);
    // A row picked in the features table is the feature of the month-by-month line.
    auto *featuresView = qobject_cast<QTableView *>(tablePanel->view());
    connect(featuresView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const QModelIndex feature = current.siblingAtColumn(EconomicsModel::Feature);
                const QString id = feature.data(AttentionRole).toBool()
                                       ? QLatin1String(core::kUnattributed)
                                       : feature.data(RawRole).toString();
                const int index = m_featureCombo->findData(id);
                if (index >= 0)
                    m_featureCombo->setCurrentIndex(index);
            });
    connect(context.app->theme, &ThemeController::changed, this, &EconomicsView::applyTheme);

    // Two threads: the simulation must not hold up the report of a newly opened ledger.
    m_pool.setMaxThreadCount(2);
    applyTheme();
}

void EconomicsView::showEvent(QShowEvent *event)
{
    AnalysisView::showEvent(event);
    startSimulation();
}

void EconomicsView::startSimulation()
{
    // The study's traffic does not depend on the ledger: once per view, off the GUI thread.
    if (m_simulationStarted)
        return;
    m_simulationStarted = true;
    m_trafficJob.start(
        [](const Superseded &superseded) {
            return core::simulatedTraffic(core::defaultBreakevenRates(), 300.0, 7,
                                          [superseded](size_t) { return !superseded(); });
        },
        [this](std::vector<core::TrafficTotals> traffic) {
            m_traffic = std::move(traffic);
            rebuildBreakeven();
        });
}

EconomicsView::~EconomicsView()
{
    // The simulation stops at its next rate; m_pool, destroyed first, waits for it.
    m_trafficJob.supersede();
}

QString EconomicsView::ledgerId() const
{
    const LedgerDocument *doc = m_context.document;
    if (doc->isDemo())
        return QStringLiteral("demo");
    const QString path = doc->filePath();
    return path.isEmpty() ? doc->displayName() : QFileInfo(path).absoluteFilePath();
}

void EconomicsView::documentLoaded()
{
    m_economicsJob.supersede();
    if (!m_context.document->isLoaded()) {
        dropWhenShown();
        return;
    }
    m_key = fmt::s(m_context.app->settings->ledgerValue(ledgerId(), keys::economicsFeatureKey));
    fillKeyChoices();
    m_options.reset();
    m_podsStale = true;
    // The report sums every request group and the pods read the ledger: for when it is shown.
    whenShown([this] { refresh(); });
}

void EconomicsView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    // A new period or source set slices the report; an owner key does not.
    whenShown([this] { refresh(); });
}

void EconomicsView::refresh()
{
    recompute();
    if (std::exchange(m_podsStale, false))
        refreshPods();
}

void EconomicsView::fillKeyChoices()
{
    std::vector<std::string> keys;
    for (const core::KeyCount &k : m_context.document->catalog().keys)
        keys.push_back(k.key);
    const QSignalBlocker block(m_keyCombo);
    m_keyCombo->clear();
    for (const std::string &k : core::featureKeyChoices(keys, m_key))
        m_keyCombo->addItem(fmt::q(k), fmt::q(k));
    m_keyCombo->setCurrentIndex(0);
}

void EconomicsView::onKeyChosen()
{
    const core::LabelNormaliser normaliser(m_context.document->input().rules.extraAliases);
    const std::string key = normaliser.canonicalKey(fmt::s(m_keyCombo->currentText()));
    if (key.empty() || key == m_key) {
        m_keyCombo->setEditText(fmt::q(m_key));
        return;
    }
    m_key = key;
    m_context.app->settings->setLedgerValue(ledgerId(), keys::economicsFeatureKey, fmt::q(key));
    m_keyCombo->setEditText(fmt::q(key));
    recompute();
}

void EconomicsView::recompute()
{
    const core::AnalysisInput &input = m_context.document->input();
    if (!input.cube || !m_context.document->isLoaded())
        return;
    const core::AnalysisRequest request =
        m_snapshot ? m_snapshot->request : m_context.analysis->request();
    core::EconomicsOptions options =
        core::economicsOptions(request, m_key, m_context.document->catalog().batches);
    if (m_options && m_options->featureKey == options.featureKey &&
        m_options->fromDay == options.fromDay && m_options->toDay == options.toDay &&
        m_options->sources == options.sources)
        return;
    m_options = options;
    m_reportShown = false;
    // The cube is immutable and shared: the worker holds it for as long as it runs.
    m_economicsJob.start(
        [cube = input.cube, options] { return core::economicsSnapshot(*cube, options); },
        [this](const EconomicsResult &result) { showEconomics(result); });
}

void EconomicsView::showEconomics(const EconomicsResult &result)
{
    m_reportShown = true;
    if (result) {
        m_economics = std::make_shared<const core::EconomicsSnapshot>(*result);
        m_message->hide();
    } else {
        m_economics.reset();
        m_message->setText(
            tr("Cannot compute the feature economics: %1").arg(fmt::q(result.error().message())));
        m_message->show();
    }
    static const core::EconomicsReport empty;
    m_table->setReport(m_economics ? m_economics->report : empty);
    fillFeatureChoices();
    showFigures();
    showBars();
    showTrend();
    announce();
}

bool EconomicsView::isSettled() const
{
    return m_reportShown && m_breakeven && m_podsReady;
}

void EconomicsView::announce()
{
    emit updated();
    if (isSettled())
        emit settled();
}

void EconomicsView::fillFeatureChoices()
{
    const QString selected = m_featureCombo->currentData().toString();
    const QSignalBlocker block(m_featureCombo);
    m_featureCombo->clear();
    if (m_economics) {
        for (const core::EconomicsLine &l : m_economics->report.features)
            m_featureCombo->addItem(fmt::q(l.feature), fmt::q(l.feature));
        const core::EconomicsLine &u = m_economics->report.unattributed;
        if (u.requests > 0 || !u.total().isZero())
            m_featureCombo->addItem(tr("unattributed"), QLatin1String(core::kUnattributed));
    }
    const int keep = m_featureCombo->findData(selected);
    m_featureCombo->setCurrentIndex(keep >= 0 ? keep : (m_featureCombo->count() > 0 ? 0 : -1));
}

void EconomicsView::refreshPods()
{
    const core::LedgerStore *store = m_context.document->store();
    if (!store)
        return;
    m_podJob.supersede(); // whatever answers next, an older search's answer is stale
    m_podsReady = false;
    const QString path = m_context.document->filePath();
    auto done = [this](const PodsResult &pods) {
        m_pods = pods ? *pods : std::vector<core::PodTraffic>();
        m_podsReady = true;
        rebuildBreakeven();
    };
    if (path.isEmpty()) { // no file for a second connection: an in-memory ledger is small
        done(core::ledgerPodTraffic(*store));
        return;
    }
    m_podJob.start(
        [file = fmt::s(path)]() -> PodsResult {
            auto reader = core::LedgerStore::open(file, true);
            if (!reader)
                return core::fail(reader.error());
            return core::ledgerPodTraffic(**reader);
        },
        done);
}

} // namespace unalloc::ui
