// Issue 17 item 2: every line chart of the explorer zooms with the mouse wheel over its plot,
// shows everything again on a double click, and hides or shows a line from its legend (Trends' U
// and F, the fix-plan curve, the load sweep, the cost per 1,000 requests by month and the
// break-even curves).
#include "chartclick.h"
#include "uitestsupport.h"

#include "ui/charts/qtchartcanvas.h"
#include "ui/mainwindow.h"
#include "ui/views/analysisview.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QTest>
#include <QWheelEvent>

using namespace unalloc;
using namespace unalloc::ui;

class TstLineZoom final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void wheelZoomsDoubleClickResets_data();
    void wheelZoomsDoubleClickResets();
    void legendHidesAndShowsALine_data();
    void legendHidesAndShowsALine();
    void economicsBarsHideAPartFromTheLegend();

private:
    /// Shows `view`, waits until it settled, and returns its canvas `canvas` (null if none).
    QtChartCanvas *shownCanvas(const QString &view, const QString &canvas);

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstLineZoom::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_ctx->demoStore() != nullptr);
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->resize(1440, 1000);
    m_window->show();
    QVERIFY(m_window->openLedger(m_ctx->path(QStringLiteral("demo.unalloc"))));
    QVERIFY(QTest::qWaitFor(
        [&] { return m_window->analysis()->snapshot() && !m_window->analysis()->isBusy(); }));
}

void TstLineZoom::cleanupTestCase()
{
    m_window.reset();
    m_ctx.reset();
}

QtChartCanvas *TstLineZoom::shownCanvas(const QString &view, const QString &canvas)
{
    AnalysisView *v = m_window->showView(view) ? m_window->view(view) : nullptr;
    if (!v || !QTest::qWaitFor([&] { return v->isSettled(); }, 20000))
        return nullptr;
    return test::findNamed<QtChartCanvas>(v, canvas);
}

void TstLineZoom::wheelZoomsDoubleClickResets_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("canvas");
    QTest::newRow("trends U and F") << u"trends"_qs << u"trendsLines"_qs;
    QTest::newRow("fix plan") << u"unallocated"_qs << u"fixPlanCurve"_qs;
    QTest::newRow("load sweep") << u"meters"_qs << u"sweepLines"_qs;
    QTest::newRow("economics by month") << u"economics"_qs << u"economicsTrend"_qs;
    QTest::newRow("break-even") << u"economics"_qs << u"breakevenCurves"_qs;
}

void TstLineZoom::wheelZoomsDoubleClickResets()
{
    QFETCH(QString, view);
    QFETCH(QString, canvas);
    QtChartCanvas *c = shownCanvas(view, canvas);
    UI_REQUIRE(c, "the chart canvas");
    QChart *chart = c->chart();
    QChartView *chartView = c->chartView();
    // Bring the chart on screen (the views scroll at this size) and let it lay out.
    chartView->ensurePolished();
    QTRY_VERIFY(chart->plotArea().width() > 50 && chart->plotArea().height() > 30);
    QVERIFY(!chart->series().isEmpty());
    QVERIFY(!chart->isZoomed());
    const QPoint centre = chartView->mapFromScene(chart->mapToScene(chart->plotArea().center()));
    QWheelEvent wheel(centre, chartView->viewport()->mapToGlobal(centre), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(chartView->viewport(), &wheel);
    QVERIFY2(chart->isZoomed(), qPrintable(canvas));
    QTest::mouseDClick(chartView->viewport(), Qt::LeftButton, Qt::NoModifier, centre);
    QVERIFY(!chart->isZoomed());
}

void TstLineZoom::legendHidesAndShowsALine_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("canvas");
    QTest::newRow("trends U and F") << u"trends"_qs << u"trendsLines"_qs;
    QTest::newRow("load sweep") << u"meters"_qs << u"sweepLines"_qs;
    QTest::newRow("economics by month") << u"economics"_qs << u"economicsTrend"_qs;
    QTest::newRow("break-even") << u"economics"_qs << u"breakevenCurves"_qs;
}

void TstLineZoom::legendHidesAndShowsALine()
{
    QFETCH(QString, view);
    QFETCH(QString, canvas);
    QtChartCanvas *c = shownCanvas(view, canvas);
    UI_REQUIRE(c, "the chart canvas");
    // The first entry of a shown line (the break-even "Parity" entry is left out on purpose).
    QLegendMarker *marker = nullptr;
    for (QLegendMarker *m : c->chart()->legend()->markers())
        if (m->series()->isVisible() && m->label() != QLatin1String("Parity")) {
            marker = m;
            break;
        }
    UI_REQUIRE(marker, "a legend entry of a shown line");
    QAbstractSeries *series = marker->series();
    test::clickLegend(marker);
    QVERIFY(!series->isVisible());
    // Its entry is still there to click back (Qt Charts would drop a hidden series' entry).
    QCOMPARE(c->chart()->legend()->markers(series).value(0), marker);
    test::clickLegend(marker);
    QVERIFY(series->isVisible());
}

void TstLineZoom::economicsBarsHideAPartFromTheLegend()
{
    QtChartCanvas *c = shownCanvas(u"economics"_qs, u"economicsBars"_qs);
    UI_REQUIRE(c, "the economicsBars canvas");
    const auto sets = [&] {
        for (QAbstractSeries *s : c->chart()->series())
            if (auto *bars = qobject_cast<QAbstractBarSeries *>(s))
                return bars->barSets();
        return QList<QBarSet *>();
    };
    const auto sum = [](const QBarSet *set) {
        double t = 0;
        for (int i = 0; i < set->count(); ++i)
            t += set->at(i);
        return t;
    };
    QCOMPARE(sets().size(), 2);
    QVERIFY(sum(sets()[0]) > 0); // the API bill
    test::clickLegend(c->chart()->legend()->markers().front());
    QTRY_COMPARE(sum(sets()[0]), 0.0);
    QCOMPARE(sets().size(), 2); // the entry stays to click back
    QVERIFY(sum(sets()[1]) > 0);
    test::clickLegend(c->chart()->legend()->markers().front());
    QTRY_VERIFY(sum(sets()[0]) > 0);
}

QTEST_MAIN(TstLineZoom)
#include "tst_linezoom.moc"
