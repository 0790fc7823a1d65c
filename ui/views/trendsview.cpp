// TrendsView: the view's widgets and its computation off the GUI thread (charts and
// tooltips in trendscharts.cpp).
#include "trendsview.h"

#include "core/analysis/slicecache.h"
#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/rawsortproxy.h"
#include "ui/models/trendcomparisonmodel.h"
#include "ui/settings.h"
#include "ui/themecontroller.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>

namespace unalloc::ui {

TrendsView::TrendsView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_stepCombo(new QComboBox)
    , m_summary(new QLabel)
    , m_message(new QLabel)
    , m_bars(QtChartCanvas::create("trendsBars"))
    , m_lines(QtChartCanvas::create("trendsLines"))
    , m_comparison(new TrendComparisonModel(locale(), this))
{
    m_stepCombo->setObjectName(QStringLiteral("trendsStepCombo"));
    m_stepCombo->addItem(tr("Day"), QStringLiteral("day"));
    m_stepCombo->addItem(tr("Week (Monday to Sunday)"), QStringLiteral("week"));
    m_stepCombo->addItem(tr("Month"), QStringLiteral("month"));
    m_stepCombo->setToolTip(tr("How the period is cut; a row counts in the period its charge "
                               "starts in (as `unalloc report --by`)"));
    m_summary->setObjectName(QStringLiteral("trendsSummary"));
    m_summary->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("trendsMessage"));
    m_message->setWordWrap(true);
    m_message->hide();

    m_barsPanel = new ChartPanel(tr("Spend by owner"), m_bars, exportHost());
    m_barsPanel->setObjectName(QStringLiteral("trendsSpendChart"));
    m_bars->setMinimumHeight(260);
    m_linesPanel = new ChartPanel(tr("U and F"), m_lines, exportHost());
    m_linesPanel->setObjectName(QStringLiteral("trendsShareChart"));
    m_linesPanel->setSubtitle(tr("Unallocated (U) and via-fallback (F) share of each period"));
    m_lines->setMinimumHeight(240); // shorter, Qt Charts elides the percent labels
    auto *table = new QTableView;
    auto *proxy = new RawSortProxy(this);
    proxy->setSourceModel(m_comparison);
    table->setModel(proxy);
    setUpTableView(table);
    table->setObjectName(QStringLiteral("trendsComparisonTableView"));
    m_tablePanel =
        new TablePanel(tr("This period vs the previous one"), table, m_comparison, exportHost());
    m_tablePanel->setObjectName(QStringLiteral("trendsComparisonTable"));
    m_tablePanel->setMinimumHeight(200);

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Step:")));
    controls->addWidget(m_stepCombo);
    controls->addSpacing(16);
    controls->addWidget(m_summary, 1);
    // The bars and the comparison side by side (stacked in a narrow window), U and F below.
    auto *row = new AdaptiveRow;
    row->setObjectName(QStringLiteral("trendsUpper"));
    row->addWidget(m_barsPanel, 4);
    row->addWidget(m_tablePanel, 3);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_message);
    layout->addLayout(controls);
    layout->addWidget(row, 3);
    layout->addWidget(m_linesPanel, 2);
    setContent(content);

    buildCharts();
    const auto stored =
        core::parseTrendStep(fmt::s(m_context.app->settings->value(keys::trendsStep)));
    m_step = stored.value_or(core::TrendStep::Day);
    m_stepCombo->setCurrentIndex(m_stepCombo->findData(QLatin1String(core::toString(m_step))));
    connect(m_stepCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (auto step = core::parseTrendStep(fmt::s(m_stepCombo->currentData().toString())))
            setStep(*step);
    });
    m_bars->installEventFilter(this);
    m_lines->installEventFilter(this);
    m_bars->chartView()->viewport()->installEventFilter(this);
    m_lines->chartView()->viewport()->installEventFilter(this);
    new chartinteraction::WheelZoom(
        m_lines->chartView()); // U and F: wheel zoom, double-click reset
    connect(context.app->theme, &ThemeController::changed, this, &TrendsView::applyTheme);
    m_pool.setMaxThreadCount(1);
    applyTheme();
}

TrendsView::~TrendsView()
{
    m_job.supersede(); // a running computation sees it is stale and stops early
}

void TrendsView::setStep(core::TrendStep step)
{
    const int index = m_stepCombo->findData(QLatin1String(core::toString(step)));
    if (m_stepCombo->currentIndex() != index) {
        m_stepCombo->setCurrentIndex(index); // comes back here through the signal
        return;
    }
    if (step == m_step && !m_stale)
        return;
    m_step = step;
    m_context.app->settings->setValue(keys::trendsStep, QString::fromLatin1(core::toString(step)));
    m_stale = true;
    if (isVisible())
        recompute();
}

void TrendsView::documentLoaded()
{
    m_job.supersede();
    m_computing = false;
    m_stale = true;
}

void TrendsView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    m_stale = true;
    // Hidden, the view only notes it: the cut into periods costs one attribution per period,
    // paid when someone looks.
    if (isVisible())
        recompute();
}

void TrendsView::showEvent(QShowEvent *event)
{
    AnalysisView::showEvent(event);
    if (m_stale)
        recompute();
}

bool TrendsView::isSettled() const
{
    return m_snapshot && !m_stale && !m_computing;
}

bool TrendsView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && m_trends && (watched == m_bars || watched == m_lines))
        labelAxes(); // how many period labels fit depends on the width
    if (event->type() == QEvent::ToolTip && (watched == m_bars->chartView()->viewport() ||
                                             watched == m_lines->chartView()->viewport())) {
        // The chart's scene would answer with "no tooltip" and hide the hovered bar's text:
        // keep it up while the mouse rests on the bar, or say what hovering does.
        const auto *help = static_cast<QHelpEvent *>(event);
        QToolTip::showText(help->globalPos(),
                           !m_hoverTip.isEmpty() ? m_hoverTip
                                                 : tr("Hover a bar or a point for its exact "
                                                      "figures; click a legend entry to hide or "
                                                      "show that series."),
                           static_cast<QWidget *>(watched));
        return true;
    }
    return AnalysisView::eventFilter(watched, event);
}

void TrendsView::recompute()
{
    const core::AnalysisInput input = m_context.document->input();
    if (!m_snapshot || !input.cube || !m_context.document->isLoaded())
        return;
    m_stale = false;
    m_computing = true;
    const core::AnalysisRequest request = m_snapshot->request;
    const core::TrendStep step = m_step;
    // The slice (the attributed cube: plain or de-duplicated, in the request's currency) is
    // the one the analysis just computed: the shared cache hands it over.
    m_job.start(
        [input, request, step](const Superseded &superseded) -> TrendsPtr {
            if (superseded())
                return {};
            const std::shared_ptr<const core::SliceData> slice =
                input.slices ? input.slices->get(input, request)
                             : core::computeSlice(input, request);
            static const std::vector<core::ImportBatch> noBatches;
            auto s = core::trendsSnapshot(
                slice->prepared.cube(), request.options(), step, slice->seams.completeness,
                input.catalog ? input.catalog->batches : noBatches, core::kTrendOwners, superseded);
            if (!s)
                return {};
            return std::make_shared<const core::TrendsSnapshot>(std::move(*s));
        },
        [this](const TrendsPtr &result) {
            m_computing = false;
            if (result)
                showTrends(result);
        });
}

void TrendsView::showTrends(const TrendsPtr &trends)
{
    m_trends = trends;
    if (trends->error) {
        m_message->setText(
            tr("Cannot cut this slice into periods: %1").arg(fmt::q(trends->error->detail)));
        m_message->show();
    } else {
        m_message->hide();
    }
    showBars();
    showLines();
    showComparison();
    labelAxes();
    emit updated();
    if (isSettled())
        emit settled();
}

} // namespace unalloc::ui
