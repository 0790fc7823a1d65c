// The Fallback exposure chart on Qt Charts, on the demo ledger with two fallback keys: a bar
// per key (first fallback on top) split into owner-like and non-owner values, the amount and
// share beside it, the hover text with exact amounts and rows, the legend hiding a part, a
// click asking for the Ledger on the rows that key attributed, and the empty state.
#include "chartclick.h"
#include "demowindow.h"
#include "uitestsupport.h"

#include "core/analysis/analysisrequest.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/translations.h"
#include "ui/views/fallbackview.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

class TstFallbackView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void seriesContent();
    void hoverShowsExactAmountsAndRows();
    void legendTogglesAPart();
    void clickDrillsThrough_data();
    void clickDrillsThrough();
    void noFallbackSaysSo();

private:
    QHorizontalStackedBarSeries *series() const;
    bool apply(const std::vector<std::string> &fallbacks);

    std::unique_ptr<test::TestContext> m_ctx;
    Translations m_translations;
    std::unique_ptr<MainWindow> m_window;
    FallbackView *m_view = nullptr;
    QtChartCanvas *m_chart = nullptr;
};

QHorizontalStackedBarSeries *TstFallbackView::series() const
{
    for (QAbstractSeries *s : m_chart->chart()->series())
        if (auto *bars = qobject_cast<QHorizontalStackedBarSeries *>(s))
            return bars;
    return nullptr;
}

bool TstFallbackView::apply(const std::vector<std::string> &fallbacks)
{
    // A drill-through test before this one switched the window to the Ledger view; the chart
    // is drawn only while its view is shown.
    if (!m_window->showView(u"fallback"_s))
        return false;
    core::AnalysisRequest request = m_window->analysis()->request();
    request.fallbacks = fallbacks;
    m_window->analysis()->change(request, u"test"_s);
    return QTest::qWaitFor(
        [&] { return m_view->snapshot() && m_view->snapshot()->request == request; }, 20000);
}

void TstFallbackView::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_translations.setLanguage(u"en"_s));
    m_window = test::openDemoWindow(*m_ctx);
    UI_REQUIRE(m_window.get(), "the demo window with its analysis");
    QVERIFY(m_window->showView(u"fallback"_s));
    m_view = qobject_cast<FallbackView *>(m_window->view(u"fallback"_s));
    UI_REQUIRE(m_view, "the fallback view");
    m_chart = test::findNamed<QtChartCanvas>(m_view, "fallbackBars");
    UI_REQUIRE(m_chart, "the fallbackBars canvas");
    QVERIFY(apply({"project", "namespace"}));
    QCOMPARE(m_view->snapshot()->exposure.byKey.size(), size_t(2));
}

void TstFallbackView::cleanupTestCase()
{
    m_window.reset();
    m_ctx.reset();
}

void TstFallbackView::seriesContent()
{
    const auto &keys = m_view->snapshot()->exposure.byKey;
    const core::AttributionReport &r = m_view->snapshot()->report;
    const QLocale &locale = m_ctx->app.locale;
    QHorizontalStackedBarSeries *bars = series();
    QVERIFY(bars);
    QCOMPARE(bars->count(), 2);
    QBarSet *owned = bars->barSets()[0];
    QBarSet *nonOwner = bars->barSets()[1];
    QCOMPARE(owned->label(), u"to owner-like values"_s);
    QCOMPARE(owned->color(), m_ctx->theme.theme().fallback);
    QCOMPARE(nonOwner->label(), u"to values never seen as owners"_s);
    QCOMPARE(owned->count(), 2);
    // Bottom-up categories: the first fallback is the top one.
    QStringList left, right;
    for (QAbstractAxis *axis : m_chart->chart()->axes(Qt::Vertical))
        if (auto *c = qobject_cast<QBarCategoryAxis *>(axis))
            (axis->alignment() == Qt::AlignLeft ? left : right) = c->categories();
    QCOMPARE(left, (QStringList{u"2. namespace"_s, u"1. project"_s}));
    for (qsizetype c = 0; c < 2; ++c) {
        const core::FallbackKeyExposure &k = keys[size_t(1 - c)];
        QCOMPARE(owned->at(c), (k.amount - k.nonOwnerAmount).toDouble());
        QCOMPARE(nonOwner->at(c), k.nonOwnerAmount.toDouble());
        QCOMPARE(right[c], fmt::money(k.amount, r.currency, locale) + u"<br>"_s +
                               fmt::percent(k.sharePct, locale));
    }
    QVERIFY(m_chart->chart()->title().isEmpty());
}

void TstFallbackView::hoverShowsExactAmountsAndRows()
{
    const core::FallbackKeyExposure &k = m_view->snapshot()->exposure.byKey[0];
    const core::AttributionReport &r = m_view->snapshot()->report;
    const QLocale &locale = m_ctx->app.locale;
    const QString tip = m_view->barToolTip(0, 1);
    for (const QString &part :
         {u"Fallback 1. project"_s, fmt::moneyExact(k.nonOwnerAmount, r.currency, locale),
          fmt::sharePercent(k.nonOwnerAmount, r.total, locale),
          fmt::moneyExact(k.amount, r.currency, locale),
          u"%1 rows"_s.arg(fmt::count(k.rows, locale))})
        QVERIFY2(tip.contains(part), qPrintable(part + u" in "_s + tip));
    emit series()->barSets()[1]->hovered(true, 1); // category 1: the first key
    QTRY_COMPARE(QToolTip::text(), tip);
    emit series()->barSets()[1]->hovered(false, 1);
}

void TstFallbackView::legendTogglesAPart()
{
    const auto marker = [&] {
        return m_chart->chart()->legend()->markers(series()).at(1);
    };
    test::clickLegend(marker());
    QVERIFY(m_view->isPartHidden(1));
    for (qsizetype c = 0; c < 2; ++c)
        QCOMPARE(series()->barSets()[1]->at(c), 0.0);
    QVERIFY(series()->barSets()[0]->at(1) != 0.0 || series()->barSets()[0]->at(0) != 0.0);
    QTRY_VERIFY(marker()->isVisible());
    QVERIFY(marker()->labelBrush().color().alphaF() < 0.5);
    test::clickLegend(marker());
    QVERIFY(!m_view->isPartHidden(1));
    const core::FallbackKeyExposure &k = m_view->snapshot()->exposure.byKey[0];
    QCOMPARE(series()->barSets()[1]->at(1), k.nonOwnerAmount.toDouble());
}

void TstFallbackView::clickDrillsThrough_data()
{
    QTest::addColumn<int>("set");
    QTest::addColumn<int>("category");
    QTest::addColumn<QString>("key");
    QTest::newRow("owner-like part of the first key") << 0 << 1 << u"project"_s;
    QTest::newRow("non-owner part of the second key") << 1 << 0 << u"namespace"_s;
}

void TstFallbackView::clickDrillsThrough()
{
    QFETCH(int, set);
    QFETCH(int, category);
    QFETCH(QString, key);
    QSignalSpy drilled(m_view, &AnalysisView::drillRequested);
    emit series()->barSets()[set]->clicked(category); // what a click on the bar sends
    QCOMPARE(drilled.count(), 1);
    const auto target = drilled.front().front().value<DrillTarget>();
    const DrillTarget expected =
        DrillTarget::ledgerRows(u"via:"_s + key, u"Show the rows attributed through %1"_s.arg(key));
    QCOMPARE(target.view, expected.view);
    QCOMPARE(target.ledgerFilter, expected.ledgerFilter);
    QCOMPARE(target.description, expected.description);
    QVERIFY(target == expected);
}

void TstFallbackView::noFallbackSaysSo()
{
    QVERIFY(apply({}));
    QCOMPARE(series()->barSets().front()->count(), 0);
    QCOMPARE(m_chart->chart()->title(), u"No fallback keys chosen."_s);
    QVERIFY(!m_chart->chart()->legend()->isVisible());
    QVERIFY(apply({"project", "namespace"}));
    QVERIFY(m_chart->chart()->title().isEmpty());
}

QTEST_MAIN(TstFallbackView)
#include "tst_fallbackview.moc"
