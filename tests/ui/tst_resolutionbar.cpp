// The Overview's "How rows resolved" on Qt Charts, on the demo ledger: one stacked share bar
// (owner label, fallback, no owner hatched) with its shares, exact hover text, and a click on
// a part asking for the Ledger on those rows (via:KEY, the fallbacks' via: terms,
// owner:<unallocated>).
#include "demowindow.h"
#include "uitestsupport.h"

#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/translations.h"
#include "ui/views/overviewview.h"

#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QSignalSpy>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

namespace {

QList<QHorizontalStackedBarSeries *> barSeries(const QtChartCanvas *canvas)
{
    QList<QHorizontalStackedBarSeries *> out;
    for (QAbstractSeries *s : canvas->chart()->series())
        if (auto *bars = qobject_cast<QHorizontalStackedBarSeries *>(s))
            out << bars;
    return out;
}

} // namespace

class TstResolutionBar final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void resolutionSeriesContent();
    void resolutionPartsDrillToTheirRows_data();
    void resolutionPartsDrillToTheirRows();

private:
    std::unique_ptr<test::TestContext> m_ctx;
    Translations m_translations; ///< English with its plurals, as the app runs
    std::unique_ptr<MainWindow> m_window;
    OverviewView *m_view = nullptr;
};

void TstResolutionBar::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_translations.setLanguage(u"en"_s));
    m_window = test::openDemoWindow(*m_ctx);
    UI_REQUIRE(m_window.get(), "the demo window with its analysis");
    QVERIFY(m_window->showView(u"overview"_s));
    m_view = qobject_cast<OverviewView *>(m_window->view(u"overview"_s));
    UI_REQUIRE(m_view, "the overview");
    QTRY_VERIFY(m_view->snapshot());
}

void TstResolutionBar::cleanupTestCase()
{
    m_window.reset();
    m_ctx.reset();
}

void TstResolutionBar::resolutionSeriesContent()
{
    UI_FIND(canvas, QtChartCanvas, m_view, "resolutionBar");
    const QList<QHorizontalStackedBarSeries *> series = barSeries(canvas);
    QCOMPARE(series.size(), 1);
    QCOMPARE(series[0]->count(), 3);
    const core::AttributionReport &r = m_view->snapshot()->report;
    const Theme &theme = m_ctx->theme.theme();
    const core::Decimal parts[] = {r.resolution.ownerLabel, r.resolution.fallback,
                                   r.resolution.none};
    for (qsizetype i = 0; i < 3; ++i) {
        QBarSet *set = series[0]->barSets()[i];
        QCOMPARE(set->count(), 1);
        QCOMPARE(set->at(0), core::Decimal::percent(parts[i], r.total, 1).toDouble());
    }
    QCOMPARE(series[0]->barSets()[0]->label(), u"Owner label"_s);
    QCOMPARE(series[0]->barSets()[2]->label(), u"No owner"_s);
    QVERIFY(series[0]->isLabelsVisible()); // each part shows its share
    QCOMPARE(series[0]->barSets()[0]->color(), theme.ownerLabel);
    QCOMPARE(series[0]->barSets()[1]->color(), theme.fallback);
    QCOMPARE(series[0]->barSets()[2]->brush().style(), Qt::BDiagPattern);
    QVERIFY(m_view->resolutionToolTip(2).contains(
        fmt::moneyExact(r.resolution.none, r.currency, m_ctx->app.locale)));
    QVERIFY(m_view->resolutionToolTip(2).contains(
        u"%1 rows"_s.arg(fmt::count(r.resolution.noneRows, m_ctx->app.locale))));
}

void TstResolutionBar::resolutionPartsDrillToTheirRows_data()
{
    QTest::addColumn<int>("part");
    QTest::addColumn<QStringList>("fallbacks");
    QTest::addColumn<QString>("filter"); ///< empty: no drill-through
    QTest::newRow("owner label") << 0 << QStringList{} << u"via:team"_s;
    QTest::newRow("fallback, none chosen") << 1 << QStringList{} << QString();
    QTest::newRow("fallbacks in order")
        << 1 << QStringList{u"namespace"_s, u"project"_s} << u"via:namespace via:project"_s;
    QTest::newRow("no owner") << 2 << QStringList{} << u"owner:<unallocated>"_s;
}

void TstResolutionBar::resolutionPartsDrillToTheirRows()
{
    QFETCH(int, part);
    QFETCH(QStringList, fallbacks);
    QFETCH(QString, filter);
    core::AnalysisRequest r = m_window->analysis()->request();
    r.fallbacks.clear();
    for (const QString &f : fallbacks)
        r.fallbacks.push_back(f.toStdString());
    m_window->analysis()->change(r, u"test"_s);
    QTRY_VERIFY(m_view->snapshot()->request == r);
    QVERIFY(m_window->showView(u"overview"_s));
    UI_FIND(canvas, QtChartCanvas, m_view, "resolutionBar");
    QTRY_COMPARE(barSeries(canvas).size(), 1);
    QSignalSpy drilled(m_view, &AnalysisView::drillRequested);
    emit barSeries(canvas).front()->barSets()[part]->clicked(0);
    QCOMPARE(drilled.count(), filter.isEmpty() ? 0 : 1);
    if (!filter.isEmpty()) {
        const auto target = drilled.front().front().value<DrillTarget>();
        QCOMPARE(target.view, u"ledger"_s);
        QCOMPARE(target.ledgerFilter, filter);
    }
    r.fallbacks.clear();
    m_window->analysis()->change(r, u"test"_s);
    QTRY_VERIFY(m_view->snapshot()->request == r);
}

QTEST_MAIN(TstResolutionBar)
#include "tst_resolutionbar.moc"
