// The Unallocated view on the demo ledger: the fix-plan curve on Qt Charts (a step line with a
// point per fix, the target line), its hover text with exact amounts, the wheel zooming the
// fixes axis and a double click restoring it, and focusOn() — where a drill-through from the
// Overview lands — expanding, selecting and scrolling to a source of the drill-down tree.
#include "demowindow.h"
#include "uitestsupport.h"

#include "core/analysis/analysisrequest.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/models/backlogmodel.h"
#include "ui/translations.h"
#include "ui/views/unallocatedview.h"
#include "ui/widgets/panel.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>
#include <QValueAxis>
#include <QWheelEvent>

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

class TstUnallocatedView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void curveContent();
    void hoverShowsTheFix();
    void wheelZoomsAndDoubleClickResets();
    void clickOnAPointFindsTheFixInTheBacklog_data();
    void clickOnAPointFindsTheFixInTheBacklog();
    void focusOnExpandsAndSelectsASource_data();
    void focusOnExpandsAndSelectsASource();
    void hiddenViewLetsGoOfItsStaleSnapshot();
    void largeSliceShowsItsBacklogInTwoSteps();

private:
    QValueAxis *fixAxis() const
    {
        return qobject_cast<QValueAxis *>(m_curve->chart()->axes(Qt::Horizontal).value(0));
    }
    /// Where `chartPos` (chart coordinates) is in the chart view's viewport.
    QPoint inViewport(const QPointF &chartPos) const
    {
        return m_curve->chartView()->mapFromScene(m_curve->chart()->mapToScene(chartPos));
    }
    void wheel(const QPoint &at, int delta);

    std::unique_ptr<test::TestContext> m_ctx;
    Translations m_translations;
    std::unique_ptr<MainWindow> m_window;
    UnallocatedView *m_view = nullptr;
    QtChartCanvas *m_curve = nullptr;
};

void TstUnallocatedView::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_translations.setLanguage(u"en"_s));
    m_window = test::openDemoWindow(*m_ctx);
    UI_REQUIRE(m_window.get(), "the demo window with its analysis");
    QVERIFY(m_window->showView(u"unallocated"_s));
    m_view = qobject_cast<UnallocatedView *>(m_window->view(u"unallocated"_s));
    UI_REQUIRE(m_view, "the unallocated view");
    QTRY_VERIFY(m_view->snapshot());
    m_curve = test::findNamed<QtChartCanvas>(m_view, "fixPlanCurve");
    UI_REQUIRE(m_curve, "the fixPlanCurve canvas");
    QVERIFY(m_view->snapshot()->backlog.size() >= 5);
}

void TstUnallocatedView::cleanupTestCase()
{
    m_window.reset();
    m_ctx.reset();
}

void TstUnallocatedView::curveContent()
{
    const core::AnalysisSnapshot &s = *m_view->snapshot();
    const size_t steps = std::min<size_t>(s.backlog.size(), UnallocatedView::kCurveSteps);
    QScatterSeries *points = nullptr;
    QList<QLineSeries *> lines;
    for (QAbstractSeries *series : m_curve->chart()->series()) {
        if (auto *p = qobject_cast<QScatterSeries *>(series))
            points = p;
        else if (auto *l = qobject_cast<QLineSeries *>(series))
            lines << l;
    }
    QVERIFY(points);
    QCOMPARE(lines.size(), 2);
    QLineSeries *target = lines[0]->name().contains(u"target"_s) ? lines[0] : lines[1];
    QLineSeries *step = target == lines[0] ? lines[1] : lines[0];
    // Today, then U after each fix.
    QCOMPARE(points->count(), qsizetype(steps + 1));
    QCOMPARE(points->at(0), QPointF(0, s.uPct.toDouble()));
    for (size_t i = 0; i < steps; ++i)
        QCOMPARE(points->at(qsizetype(i + 1)),
                 QPointF(double(i + 1), s.backlog.step(i, s.report.total).uAfter.toDouble()));
    // The step line: flat until the next fix, then down to it.
    QCOMPARE(step->count(), qsizetype(2 * steps + 1));
    for (qsizetype i = 1; i < step->count(); i += 2) {
        QCOMPARE(step->at(i).y(), step->at(i - 1).y());
        QCOMPARE(step->at(i).x(), step->at(i + 1).x());
    }
    QCOMPARE(target->count(), 2);
    QCOMPARE(target->at(0).y(), 10.0);
    QCOMPARE(fixAxis()->min(), -0.5);
    QCOMPARE(fixAxis()->max(), double(steps) + 0.5);
    QVERIFY(!fixAxis()->titleText().isEmpty());
}

void TstUnallocatedView::hoverShowsTheFix()
{
    const core::AnalysisSnapshot &s = *m_view->snapshot();
    const core::FixStep fix = s.backlog.step(2, s.report.total);
    const QString tip = m_view->curveToolTip(3);
    for (const QString &part :
         {u"Fix 3"_s, fmt::q(fix.item.name),
          fmt::moneyExact(fix.item.amount, s.report.currency, m_ctx->app.locale),
          fmt::percent(fix.uAfter, m_ctx->app.locale)})
        QVERIFY2(tip.contains(part), qPrintable(part + u" in "_s + tip));
    QVERIFY(m_view->curveToolTip(0).contains(fmt::percent(s.uPct, m_ctx->app.locale)));
    QScatterSeries *points = nullptr;
    for (QAbstractSeries *series : m_curve->chart()->series())
        points = points ? points : qobject_cast<QScatterSeries *>(series);
    QVERIFY(points);
    emit points->hovered(points->at(3), true);
    QTRY_COMPARE(QToolTip::text(), tip);
    emit points->hovered(points->at(3), false);
}

void TstUnallocatedView::wheel(const QPoint &at, int delta)
{
    QWidget *viewport = m_curve->chartView()->viewport();
    QWheelEvent event(at, viewport->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(viewport, &event);
}

void TstUnallocatedView::wheelZoomsAndDoubleClickResets()
{
    QTRY_VERIFY(m_curve->chart()->plotArea().width() > 100);
    const double fullMin = fixAxis()->min(), fullMax = fixAxis()->max();
    const QRectF plot = m_curve->chart()->plotArea();
    // Two notches in, a third of the way across: the range narrows around that fix.
    const QPoint at = inViewport(QPointF(plot.left() + plot.width() / 3, plot.center().y()));
    const double under = fullMin + (fullMax - fullMin) / 3;
    wheel(at, 240);
    const double min = fixAxis()->min(), max = fixAxis()->max();
    QVERIFY2(max - min < (fullMax - fullMin) * 0.7,
             qPrintable(u"%1..%2 of %3..%4"_s.arg(min).arg(max).arg(fullMin).arg(fullMax)));
    QVERIFY(min <= under && under <= max);
    QVERIFY(min >= fullMin && max <= fullMax);
    QVERIFY(m_curve->chart()->isZoomed());
    // The y axis stays.
    // A double click shows the whole plan again.
    QTest::mouseDClick(m_curve->chartView()->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(fixAxis()->min(), fullMin);
    QCOMPARE(fixAxis()->max(), fullMax);
    // Zooming out never goes beyond the plan.
    wheel(at, 120);
    wheel(at, -600);
    QCOMPARE(fixAxis()->min(), fullMin);
    QCOMPARE(fixAxis()->max(), fullMax);
}

void TstUnallocatedView::clickOnAPointFindsTheFixInTheBacklog_data()
{
    QTest::addColumn<int>("sortColumn"); // -1: the model's order (fix 1 first)
    QTest::addColumn<int>("pageRows");   // rows handed to the table at first
    const int page = UnallocatedView::kBacklogPageRows;
    QTest::newRow("backlog in fix order") << -1 << page;
    QTest::newRow("backlog sorted by amount, smallest first") << int(BacklogModel::Amount) << page;
    // Fix 4 is on the second page: the jump hands the table the pages through it.
    QTest::newRow("fix order, two rows a page") << -1 << 2;
    QTest::newRow("by amount, two rows a page") << int(BacklogModel::Amount) << 2;
}

void TstUnallocatedView::clickOnAPointFindsTheFixInTheBacklog()
{
    QFETCH(int, sortColumn);
    QFETCH(int, pageRows);
    QVERIFY(m_window->showView(u"unallocated"_s));
    UI_FIND(backlog, QTableView, m_view, "backlogTableView");
    auto *model = qobject_cast<BacklogModel *>(backlog->model());
    QVERIFY(model);
    model->setPageRows(pageRows);
    backlog->model()->sort(sortColumn);
    QCOMPARE(model->rowCount(), std::min(pageRows, model->allRows()));
    const core::AnalysisSnapshot &s = *m_view->snapshot();
    QScatterSeries *points = nullptr;
    for (QAbstractSeries *series : m_curve->chart()->series())
        points = points ? points : qobject_cast<QScatterSeries *>(series);
    QVERIFY(points);
    emit points->clicked(points->at(4)); // what a click on fix 4's point sends
    const QModelIndex current = backlog->currentIndex();
    QVERIFY(current.isValid());
    const auto cell = [&](int column) {
        return backlog->model()->index(current.row(), column).data().toString();
    };
    QCOMPARE(cell(BacklogModel::Rank), u"4"_s);
    QCOMPARE(cell(BacklogModel::CostObject), fmt::q(s.backlog.name(3)));
    QVERIFY(backlog->selectionModel()->isRowSelected(current.row(), {}));
    QVERIFY(backlog->viewport()->rect().intersects(backlog->visualRect(current)));
    // Today (point 0) is no fix: the selection stays.
    emit points->clicked(points->at(0));
    QCOMPARE(backlog->currentIndex(), current);
    QVERIFY(!m_view->showFix(s.backlog.size() + 1));
    backlog->model()->sort(-1);
    model->setPageRows(UnallocatedView::kBacklogPageRows);
}

void TstUnallocatedView::focusOnExpandsAndSelectsASource_data()
{
    QTest::addColumn<bool>("stale");
    QTest::newRow("the view on screen, the source collapsed") << false;
    QTest::newRow("the view hidden, its tree not filled yet") << true;
}

void TstUnallocatedView::focusOnExpandsAndSelectsASource()
{
    QFETCH(bool, stale);
    UI_FIND(tree, QTreeView, m_view, "unallocatedTreeView");
    QVERIFY(m_window->showView(u"unallocated"_s));
    // The last source of the tree, so that a selection of row 0 cannot pass.
    const auto &sources = m_view->snapshot()->unallocatedTree;
    QVERIFY(sources.size() >= 2);
    const QString source = fmt::q(sources.back().text);
    if (stale) {
        QVERIFY(m_window->showView(u"overview"_s));
        core::AnalysisRequest request = m_window->analysis()->request();
        request.fallbacks = request.fallbacks.empty() ? std::vector<std::string>{"project"}
                                                      : std::vector<std::string>{};
        m_window->analysis()->change(request, u"test"_s);
        QTRY_VERIFY(m_view->snapshot()->request == request);
        QVERIFY(!m_view->isVisible());
    } else {
        tree->collapseAll();
    }
    QVERIFY(m_view->focusOn(source));
    const QModelIndex current = tree->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data().toString(), source);
    QVERIFY(!current.parent().isValid());
    QVERIFY(tree->isExpanded(current));
    QVERIFY(tree->selectionModel()->isRowSelected(current.row(), current.parent()));
    QVERIFY(tree->model()->rowCount(current) > 0);
    if (!stale) // laid out: the row is in sight
        QVERIFY(tree->viewport()->rect().intersects(tree->visualRect(current)));
    // A source with nothing unallocated (or none at all) is no place to land.
    QVERIFY(!m_view->focusOn(u"no-such-source"_s));
    QVERIFY(m_view->focusOn(QString())); // the view itself
    QVERIFY(m_window->showView(u"unallocated"_s));
    QCOMPARE(tree->currentIndex().data().toString(), source);
}

void TstUnallocatedView::hiddenViewLetsGoOfItsStaleSnapshot()
{
    UI_FIND(tree, QTreeView, m_view, "unallocatedTreeView");
    UI_FIND(backlog, QTableView, m_view, "backlogTableView");
    QVERIFY(m_window->showView(u"unallocated"_s));
    QVERIFY(tree->model()->rowCount() > 0);
    QVERIFY(backlog->model()->rowCount() > 0);
    const std::weak_ptr<const core::AnalysisSnapshot> shown = m_view->snapshot();
    // Hidden, and the analysis changes twice: nothing may keep the snapshot the tables showed
    // (an analysis of ten million requests is hundreds of megabytes).
    QVERIFY(m_window->showView(u"overview"_s));
    core::AnalysisRequest request = m_window->analysis()->request();
    for (const char *fallback : {"project", "namespace"}) {
        request.fallbacks = {fallback};
        m_window->analysis()->change(request, u"test"_s);
        QTRY_VERIFY(m_view->snapshot()->request == request);
    }
    QVERIFY(shown.expired());
    QCOMPARE(tree->model()->rowCount(), 0);
    QCOMPARE(backlog->model()->rowCount(), 0);
    // Shown again: filled from the current snapshot.
    QVERIFY(m_window->showView(u"unallocated"_s));
    QCOMPARE(tree->model()->rowCount(), int(m_view->snapshot()->unallocatedTree.size()));
    QCOMPARE(backlog->model()->rowCount(), int(m_view->snapshot()->backlog.size()));
    QVERIFY(backlog->model()->rowCount() > 0);
}

void TstUnallocatedView::largeSliceShowsItsBacklogInTwoSteps()
{
    // Every new slice counts as large: its first analysis comes without the backlog (the view
    // says it is being ordered and is not settled, so --grab waits), then complete.
    const size_t before = core::deferredBacklogFrom();
    core::setDeferredBacklogFrom(0);
    const auto restore = qScopeGuard([before] { core::setDeferredBacklogFrom(before); });
    UI_FIND(summary, QLabel, m_view, "unallocatedSummary");
    UI_FIND(backlog, QTableView, m_view, "backlogTableView");
    Panel *panel = nullptr; // the fix plan's, around its curve
    for (QWidget *w = m_curve; w && !panel; w = w->parentWidget())
        panel = qobject_cast<Panel *>(w);
    UI_REQUIRE(panel, "the fix plan's panel");
    QVERIFY(m_window->showView(u"unallocated"_s));
    const core::AnalysisRequest was = m_window->analysis()->request();
    QVERIFY2(!m_view->snapshot()->unallocatedTree.empty(), "a source in the drill-down");
    const QString source = QString::fromStdString(m_view->snapshot()->unallocatedTree[0].text);
    std::vector<SnapshotPtr> seen;
    QStringList texts;
    std::vector<bool> settled;
    // Each of the view's panels, as export buttons enabled: none until the backlog is in (an
    // export meanwhile would write empty tables), all then.
    const QList<Panel *> panels = m_view->findChildren<Panel *>();
    QCOMPARE(panels.size(), 3);
    std::vector<int> exportable;
    QStringList exportTips;
    const auto c = connect(
        m_window->analysis(), &AnalysisController::snapshotReady, this, [&](const SnapshotPtr &s) {
            seen.push_back(s);
            texts << summary->text() + u'|' + panel->subtitle();
            settled.push_back(m_view->isSettled());
            exportable.push_back(int(std::count_if(panels.begin(), panels.end(), [](Panel *p) {
                return p->exportButton()->isEnabled();
            })));
            exportTips << panels[0]->exportButton()->toolTip();
            // A drill-through meanwhile lands once the tree is in.
            if (seen.size() == 1)
                QVERIFY(m_view->focusOn(source));
        });
    core::AnalysisRequest request = was;
    request.tolerancePct = core::Decimal::fromInt(3); // another slice: computed anew
    m_window->analysis()->change(request, u"test"_s);
    QTRY_COMPARE(seen.size(), size_t{2});
    disconnect(c);
    QVERIFY(seen[0]->backlogPending());
    QVERIFY(texts[0].contains(u"ordering the cost objects nobody owns"_s));
    QVERIFY(texts[0].contains(u"|The fixes follow once the unowned objects are in order."_s));
    QVERIFY(!settled[0]);
    QCOMPARE(exportable[0], 0);
    QVERIFY(exportTips[0].contains(u"once the cost objects nobody owns are in order"_s));
    QVERIFY(exportTips[1].startsWith(u"Save or copy this"_s));
    QCOMPARE(exportable[1], 3);
    QVERIFY(!seen[1]->backlogPending());
    QVERIFY(settled[1]);
    QVERIFY(texts[1].contains(u"cost objects nobody owns."_s));
    QVERIFY(texts[1].contains(u"|From "_s));
    QCOMPARE(m_view->snapshot(), seen[1]);
    QVERIFY(seen[1]->backlog.size() >= 5);
    QCOMPARE(backlog->model()->rowCount(), int(seen[1]->backlog.size()));
    UI_FIND(tree, QTreeView, m_view, "unallocatedTreeView");
    QCOMPARE(tree->currentIndex().data().toString(), source);
    QVERIFY(tree->isExpanded(tree->currentIndex()));
    // Back to a slice the cache holds: one complete snapshot.
    seen.clear();
    const auto again = connect(m_window->analysis(), &AnalysisController::snapshotReady, this,
                               [&](const SnapshotPtr &s) { seen.push_back(s); });
    m_window->analysis()->change(was, u"test"_s);
    QTRY_COMPARE(seen.size(), size_t{1});
    QTest::qWait(50);
    disconnect(again);
    QCOMPARE(seen.size(), size_t{1});
    QVERIFY(!seen[0]->backlogPending());
}

QTEST_MAIN(TstUnallocatedView)
#include "tst_unallocatedview.moc"
