#include "unallocatedview.h"

#include "ui/charts/charthelpers.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/ledgerbudget.h"
#include "ui/ledgerdocument.h"
#include "ui/models/backlogmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/models/unallocatedtreemodel.h"
#include "ui/themecontroller.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QChart>
#include <QGridLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <utility>

namespace unalloc::ui {

UnallocatedView::UnallocatedView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_summary(new QLabel)
    , m_treeModel(new UnallocatedTreeModel(locale(), this))
    , m_treeProxy(new RawSortProxy(this))
    , m_tree(new QTreeView)
    , m_backlogModel(new BacklogModel(locale(), this))
    , m_backlog(new QTableView)
    , m_curve(QtChartCanvas::create("fixPlanCurve"))
{
    m_summary->setObjectName(QStringLiteral("unallocatedSummary"));
    m_summary->setWordWrap(true);
    QFont f = m_summary->font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_summary->setFont(f);
    m_summary->setToolTip(tr("U: the share of spend whose rows carry neither the owner key nor "
                             "any fallback key."));

    m_treeProxy->setSourceModel(m_treeModel);
    m_tree->setModel(m_treeProxy);
    m_tree->setObjectName(QStringLiteral("unallocatedTreeView"));
    setUpTableView(m_tree);
    // The tree comes sorted (amount descending); a header click sorts it otherwise.
    auto *treePanel = m_treePanel = new TablePanel(tr("Drill-down: source → group → cost object"),
                                                   m_tree, m_treeModel, exportHost());
    treePanel->setObjectName(QStringLiteral("unallocatedTree"));
    treePanel->setBeforeExport([this] { refreshTables(); });

    m_curvePanel =
        new ChartPanel(tr("Fix plan: U after each of the next fixes"), m_curve, exportHost());
    m_curvePanel->setObjectName(QStringLiteral("fixPlanChart"));
    m_curvePanel->setBeforeExport([this] { refreshCurve(); });

    QTableView *backlog = m_backlog;
    // Up to ten million rows: the model sorts itself (a proxy would map every row again at
    // each new snapshot), and hands the table 50,000 rows at a time as it scrolls to the end
    // (the table's row header keeps 12 bytes per row it is given: 134 MB at ten million).
    m_backlogModel->setPageRows(kBacklogPageRows);
    backlog->setModel(m_backlogModel);
    backlog->setObjectName(QStringLiteral("backlogTableView"));
    setUpTableView(backlog);
    auto *backlogPanel = m_backlogPanel =
        new TablePanel(tr("Labeling backlog"), backlog, m_backlogModel, exportHost());
    backlogPanel->setObjectName(QStringLiteral("backlogTable"));
    backlogPanel->setBeforeExport([this] { refreshTables(); });

    auto *content = new QWidget;
    auto *grid = new QGridLayout;
    auto *top = new AdaptiveRow; // stacked in a narrow window
    top->setObjectName(QStringLiteral("unallocatedCharts"));
    top->addWidget(treePanel, 3);
    top->addWidget(m_curvePanel, 2);
    grid->addWidget(top, 0, 0, 1, 2);
    grid->addWidget(backlogPanel, 1, 0, 1, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 2);
    treePanel->setMinimumHeight(260);
    backlogPanel->setMinimumHeight(200);
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_summary);
    layout->addLayout(grid, 1);
    setContent(content);
    buildCurve();
    connect(context.app->theme, &ThemeController::changed, this, [this] {
        m_curve->setTheme(m_context.app->theme->theme());
        m_curveStale = true;
        if (isVisible())
            refreshCurve();
    });
    m_curve->setTheme(m_context.app->theme->theme());
    if (context.budget)
        connect(context.budget, &LedgerBudget::changed, this, [this] {
            m_curveStale = true;
            if (isVisible())
                refreshCurve();
        });
}

void UnallocatedView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    const core::AttributionReport &r = snapshot->report;
    if (r.rowCount == 0)
        m_summary->setText(m_context.document->catalog().rows == 0
                               ? tr("The ledger is empty: File → Import Files…")
                               : tr("No rows in this period and these sources: nothing to "
                                    "attribute, nothing unallocated."));
    else if (snapshot->backlogPending())
        // A large ledger's first analysis: the objects are still being put in backlog order.
        m_summary->setText(tr("<b>%1</b> (%2 of %3) has no <b>%4</b>: ordering the cost objects "
                              "nobody owns, costliest first…")
                               .arg(fmt::money(r.unallocated, r.currency, locale()),
                                    fmt::percent(snapshot->uPct, locale()),
                                    fmt::money(r.total, r.currency, locale()),
                                    fmt::q(r.dimension).toHtmlEscaped()));
    else
        m_summary->setText(
            tr("<b>%1</b> (%2 of %3) has no <b>%4</b>: %Ln cost object(s) nobody owns.", nullptr,
               int(snapshot->backlog.size()))
                .arg(fmt::money(r.unallocated, r.currency, locale()),
                     fmt::percent(snapshot->uPct, locale()),
                     fmt::money(r.total, r.currency, locale()),
                     fmt::q(r.dimension).toHtmlEscaped()));
    // The drill-down, the fix plan and the backlog come with the ordered objects: exported
    // before, they would be written empty.
    const bool complete = !snapshot->backlogPending();
    for (Panel *panel : {static_cast<Panel *>(m_treePanel), static_cast<Panel *>(m_curvePanel),
                         static_cast<Panel *>(m_backlogPanel)})
        panel->setExportAvailable(complete, tr("Export follows once the cost objects nobody owns "
                                               "are in order"));
    m_curveStale = true;
    m_tablesStale = true;
    if (isVisible()) {
        refreshCurve();
        refreshTables();
    } else {
        // Stale tables of a hidden view let their snapshot go now: they are refilled from the
        // current one when shown, and an older analysis kept for them (ten million objects'
        // backlog and drill-down) would stay in memory beside the current one and the next.
        releaseTables();
    }
    if (!snapshot->backlogPending() && !m_pendingFocus.isEmpty())
        focusOn(std::exchange(m_pendingFocus, QString()));
    if (isSettled())
        emit settled();
}

bool UnallocatedView::isSettled() const
{
    return !m_snapshot || !m_snapshot->backlogPending();
}

void UnallocatedView::releaseTables()
{
    if (!std::exchange(m_tablesFilled, false))
        return;
    m_treeModel->setSnapshot({});
    m_backlogModel->setSnapshot({});
}

void UnallocatedView::showEvent(QShowEvent *event)
{
    AnalysisView::showEvent(event);
    refreshCurve();
    refreshTables();
}

void UnallocatedView::refreshCurve()
{
    if (!m_curveStale)
        return;
    m_curveStale = false;
    showCurve();
}

void UnallocatedView::refreshTables()
{
    if (!m_tablesStale || !m_snapshot)
        return;
    m_tablesStale = false;
    m_tablesFilled = true;
    m_treeModel->setSnapshot(m_snapshot);
    m_tree->expandToDepth(0);
    for (int c = 0; c < UnallocatedTreeModel::Labels; ++c)
        m_tree->resizeColumnToContents(c);
    m_backlogModel->setSnapshot(m_snapshot);
}

bool UnallocatedView::focusOn(const QString &focus)
{
    if (focus.isEmpty())
        return true;
    if (m_snapshot && m_snapshot->backlogPending()) {
        m_pendingFocus = focus; // the tree comes with the backlog: shown then
        return true;
    }
    refreshTables(); // a hidden view fills its tree lazily
    const QModelIndex source = m_treeModel->sourceIndex(focus);
    if (!source.isValid())
        return false;
    const QModelIndex shown = m_treeProxy->mapFromSource(source);
    m_tree->expand(shown);
    m_tree->selectionModel()->setCurrentIndex(shown, QItemSelectionModel::ClearAndSelect |
                                                         QItemSelectionModel::Rows);
    m_tree->scrollTo(shown, QAbstractItemView::PositionAtTop);
    m_tree->setFocus(Qt::OtherFocusReason);
    return true;
}

void UnallocatedView::buildCurve()
{
    QChart *chart = m_curve->chart();
    m_fixAxis = new QValueAxis;
    m_fixAxis->setTitleText(tr("label fixes applied (costliest first)"));
    m_fixAxis->setLabelFormat(QStringLiteral("%.0f"));
    m_fixAxis->setTickType(QValueAxis::TicksDynamic);
    m_fixAxis->setTickAnchor(0);
    m_uAxis = new QValueAxis;
    m_uAxis->setTitleText(tr("U (% of spend)"));
    // Localised axis numbers keep the text after the number as it is ("%%" would show twice).
    m_uAxis->setLabelFormat(QStringLiteral("%.0f %"));
    chart->addAxis(m_fixAxis, Qt::AlignBottom);
    chart->addAxis(m_uAxis, Qt::AlignLeft);
    m_stepLine = new QLineSeries;
    m_stepLine->setName(tr("U after the fixes"));
    m_points = new QScatterSeries;
    m_points->setName(tr("a fix"));
    m_points->setMarkerSize(8);
    m_target = new QLineSeries;
    for (QXYSeries *s : std::initializer_list<QXYSeries *>{m_target, m_stepLine, m_points}) {
        chart->addSeries(s);
        s->attachAxis(m_fixAxis);
        s->attachAxis(m_uAxis);
    }
    for (QLegendMarker *marker : chart->legend()->markers(m_points))
        marker->setVisible(false); // the points belong to the line's entry
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setLocalizeNumbers(true);
    chart->setLocale(locale());
    m_hover =
        new ChartHover(m_curve, tr("Hover a point for the fix and the U that remains, click it to "
                                   "find the object in the backlog; the wheel zooms the fixes, a "
                                   "double click shows them all."));
    connect(m_points, &QScatterSeries::hovered, this, [this](const QPointF &p, bool state) {
        const long step = std::lround(p.x());
        m_hover->show(state && step >= 0 ? curveToolTip(size_t(step)) : QString());
    });
    connect(m_stepLine, &QLineSeries::hovered, this, [this](const QPointF &p, bool state) {
        // The flat part from fix i to fix i + 1 is the U after fix i.
        const long step = long(std::floor(p.x()));
        m_hover->show(state && step >= 0 ? curveToolTip(size_t(step)) : QString());
    });
    connect(m_points, &QScatterSeries::clicked, this, [this](const QPointF &p) {
        const long step = std::lround(p.x());
        if (step >= 1)
            showFix(size_t(step));
    });
    m_zoom = new ChartWheelZoom(m_curve, 2.0);
}

void UnallocatedView::showCurve()
{
    const Theme &theme = m_context.app->theme->theme();
    QList<QPointF> line, points;
    size_t steps = 0;
    if (m_snapshot) {
        const core::AnalysisSnapshot &s = *m_snapshot;
        steps = std::min<size_t>(s.backlog.size(), kCurveSteps);
        double u = s.uPct.toDouble(); // chart position only
        points.append({0, u});
        line.append({0, u});
        for (size_t i = 0; i < steps; ++i) {
            const double after = s.backlog.step(i, s.report.total).uAfter.toDouble();
            line.append({double(i + 1), u});
            line.append({double(i + 1), after});
            points.append({double(i + 1), after});
            u = after;
        }
        m_curvePanel->setSubtitle(
            s.backlogPending() ? tr("The fixes follow once the unowned objects are in order.")
            : steps == 0       ? tr("Nothing is unallocated: there is nothing to fix.")
                         : tr("From %1 today to %2 after %n fix(es): label the costliest unowned "
                              "objects first.",
                              nullptr, int(steps))
                               .arg(fmt::percent(s.uPct, locale()),
                                    fmt::percent(s.backlog.step(steps - 1, s.report.total).uAfter,
                                                 locale())));
    }
    // The ledger's U target (Preferences, --budget): a chart position, the judgement is core's.
    const core::Decimal targetPct = budget().targetPct;
    const double kTarget = targetPct.toDouble();
    m_target->setName(tr("%1 target").arg(fmt::percent(targetPct, locale())));
    const double xMax = std::max<double>(1.0, double(steps));
    m_stepLine->replace(line);
    m_points->replace(points);
    m_target->replace({QPointF(0, kTarget), QPointF(xMax, kTarget)});
    m_stepLine->setPen(QPen(theme.unallocated, 2.5));
    m_stepLine->setColor(theme.unallocated);
    m_points->setColor(theme.unallocated);
    m_points->setBorderColor(theme.panel);
    m_target->setPen(QPen(theme.ownerLabel, 1.5, Qt::DashLine));
    m_target->setColor(theme.ownerLabel);
    m_curve->chart()->zoomReset(); // new figures: the whole plan
    // Half a fix of room at either end, so that the first and last points are whole.
    m_fixAxis->setRange(-0.5, xMax + 0.5);
    m_fixAxis->setTickInterval(xMax <= 10 ? 1 : 5);
    double top = kTarget;
    for (const QPointF &p : points)
        top = std::max(top, p.y());
    m_uAxis->setRange(0, std::min(100.0, top * 1.1));
    m_uAxis->applyNiceNumbers();
    QtChartCanvas::styleChart(m_curve->chart(), theme);
}

bool UnallocatedView::showFix(size_t step)
{
    refreshTables(); // a hidden view fills its backlog lazily
    const int row = step >= 1 ? m_backlogModel->shownRow(int(step - 1)) : -1;
    if (row < 0)
        return false;
    m_backlogModel->handThrough(row);
    const QModelIndex index = m_backlogModel->index(row, BacklogModel::CostObject);
    m_backlog->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                            QItemSelectionModel::Rows);
    m_backlog->scrollTo(index, QAbstractItemView::PositionAtCenter);
    return true;
}

QString UnallocatedView::curveToolTip(size_t step) const
{
    if (!m_snapshot)
        return {};
    const core::AnalysisSnapshot &s = *m_snapshot;
    const core::Currency &cur = s.report.currency;
    const size_t steps = std::min<size_t>(s.backlog.size(), kCurveSteps);
    if (step == 0)
        return tr("Today: U = %1\n%2 unallocated of %3")
            .arg(fmt::percent(s.uPct, locale()),
                 fmt::moneyExact(s.report.unallocated, cur, locale()),
                 fmt::moneyExact(s.report.total, cur, locale()));
    if (step > steps)
        return {};
    const core::FixStep fix = s.backlog.step(step - 1, s.report.total);
    return tr("Fix %1: label %2 (%3)")
               .arg(step)
               .arg(fmt::q(fix.item.name), fmt::q(fix.item.source)) +
           QLatin1Char('\n') +
           tr("%1 · %2", "amount, rows")
               .arg(fmt::moneyExact(fix.item.amount, cur, locale()),
                    tr("%1 row(s)", nullptr, fmt::plural(fix.item.rows))
                        .arg(fmt::count(fix.item.rows, locale()))) +
           QLatin1Char('\n') +
           tr("Then U = %1 (%2 unallocated)")
               .arg(fmt::percent(fix.uAfter, locale()),
                    fmt::moneyExact(fix.unallocatedAfter, cur, locale())) +
           QLatin1Char('\n') + tr("Click to find it in the backlog below.");
}

} // namespace unalloc::ui
