// The Overview's charts on Qt Charts, on the demo ledger: "Spend by owner" stacked by source
// with <unallocated> last and hatched over its sources' colours, the folded owners muted, the
// amount and share beside each bar; the legend hiding a source or <unallocated>; the hover
// text with exact amounts; a click on a bar asking for the Ledger (owner and source) or the
// Unallocated view (a source's part of <unallocated>). "How rows resolved":
// tst_resolutionbar.cpp.
#include "chartclick.h"
#include "demowindow.h"
#include "uitestsupport.h"

#include "adapters/import/importer.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/translations.h"
#include "ui/views/overviewview.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHorizontalStackedBarSeries>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QValueAxis>

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

namespace {

/// The chart's stacked bar series.
QList<QHorizontalStackedBarSeries *> barSeries(const QtChartCanvas *canvas)
{
    QList<QHorizontalStackedBarSeries *> out;
    for (QAbstractSeries *s : canvas->chart()->series())
        if (auto *bars = qobject_cast<QHorizontalStackedBarSeries *>(s))
            out << bars;
    return out;
}

/// The hatches over <unallocated>, a source each, then the legend's hatched entry.
QList<QAreaSeries *> hatches(const QtChartCanvas *canvas)
{
    QList<QAreaSeries *> out;
    for (QAbstractSeries *s : canvas->chart()->series())
        if (auto *area = qobject_cast<QAreaSeries *>(s))
            out << area;
    return out;
}

/// The horizontal extent of an area (empty: none).
std::pair<double, double> extent(const QAreaSeries *area)
{
    const QLineSeries *upper = area->upperSeries();
    if (upper->count() == 0)
        return {0, 0};
    return {upper->at(0).x(), upper->at(upper->count() - 1).x()};
}

QStringList categories(const QtChartCanvas *canvas, Qt::Alignment side)
{
    for (QAbstractAxis *axis : canvas->chart()->axes(Qt::Vertical))
        if (axis->alignment() == side)
            if (auto *c = qobject_cast<QBarCategoryAxis *>(axis))
                return c->categories();
    return {};
}

/// One LiteLLM spend-log row of `team` on 3 Aug 2026.
QByteArray spendRow(int id, const QByteArray &spend, const QByteArray &team)
{
    return test::liteLlmSpendRow("r" + QByteArray::number(id), spend, "2026-08-03T10:00:00Z", team);
}

} // namespace

class TstOverviewView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void spendSeriesContent();
    void hatchLiesOverTheSourceColour_data();
    void hatchLiesOverTheSourceColour();
    void legendTogglesASource();
    void realClickOnTheLegendTogglesASource();
    void legendTogglesUnallocated();
    void hoverShowsExactAmountShareAndRows();
    void clickDrillsThrough_data();
    void clickDrillsThrough();
    void foldedOwnersAreMutedAndGoNowhere();

private:
    const core::SpendChart &spend() const { return m_view->snapshot()->spend; }
    /// The bar of `kind` (the largest owner: the first), or -1.
    int barOf(core::OwnerBar::Kind kind) const;

    std::unique_ptr<test::TestContext> m_ctx;
    Translations m_translations; ///< English with its plurals, as the app runs
    std::unique_ptr<MainWindow> m_window;
    OverviewView *m_view = nullptr;
    QtChartCanvas *m_spend = nullptr;
};

int TstOverviewView::barOf(core::OwnerBar::Kind kind) const
{
    for (size_t b = 0; b < spend().bars.size(); ++b)
        if (spend().bars[b].kind == kind)
            return int(b);
    return -1;
}

void TstOverviewView::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_translations.setLanguage(u"en"_s));
    m_window = test::openDemoWindow(*m_ctx);
    UI_REQUIRE(m_window.get(), "the demo window with its analysis");
    QVERIFY(m_window->showView(u"overview"_s));
    m_view = qobject_cast<OverviewView *>(m_window->view(u"overview"_s));
    UI_REQUIRE(m_view, "the overview");
    QTRY_VERIFY(m_view->snapshot());
    m_spend = test::findNamed<QtChartCanvas>(m_view, "spendBars");
    UI_REQUIRE(m_spend, "the spendBars canvas");
    // The demo has owners, <unallocated> and more than one source: every case below applies.
    QVERIFY(spend().sources.size() >= 2);
    QVERIFY(barOf(core::OwnerBar::Kind::Owner) >= 0);
    QVERIFY(barOf(core::OwnerBar::Kind::Unallocated) >= 0);
}

void TstOverviewView::cleanupTestCase()
{
    m_window.reset();
    m_ctx.reset();
}

void TstOverviewView::spendSeriesContent()
{
    const core::SpendChart &sc = spend();
    const QLocale &locale = m_ctx->app.locale;
    const core::AttributionReport &r = m_view->snapshot()->report;
    const Theme &theme = m_ctx->theme.theme();
    const QList<QHorizontalStackedBarSeries *> series = barSeries(m_spend);
    QCOMPARE(series.size(), 1);
    const qsizetype sources = qsizetype(sc.sources.size());
    const qsizetype bars = qsizetype(sc.bars.size());
    // A set per source, and one per source for the folded owners.
    QCOMPARE(series[0]->count(), 2 * sources);
    // Bottom-up: <unallocated> is category 0 (the bottom), the largest owner the top one.
    // (Axis labels are rich text: the brackets are escaped.)
    const QStringList owners = categories(m_spend, Qt::AlignLeft);
    QCOMPARE(owners.size(), bars);
    QCOMPARE(owners.front(), u"&lt;unallocated&gt;"_s);
    QCOMPARE(owners.back(), fmt::q(sc.bars.front().key));
    const QStringList values = categories(m_spend, Qt::AlignRight);
    QCOMPARE(values.size(), bars);
    QCOMPARE(values.back(), fmt::money(sc.bars.front().amount, r.currency, locale) + u"<br>"_s +
                                fmt::percent(sc.bars.front().sharePct, locale));
    // The hatch: an area per source over <unallocated>, where its stack puts that source,
    // then the legend's entry.
    const QList<QAreaSeries *> hatch = hatches(m_spend);
    QCOMPARE(hatch.size(), sources + 1);
    QCOMPARE(hatch.back()->name(), u"no owner (hatched)"_s);
    const core::OwnerBar &none = sc.bars.back();
    QVERIFY(none.kind == core::OwnerBar::Kind::Unallocated);
    double from = 0;
    for (qsizetype s = 0; s < sources; ++s) {
        QCOMPARE(hatch[s]->brush().style(), Qt::BDiagPattern);
        QCOMPARE(hatch[s]->brush().color(), theme.unallocated);
        QCOMPARE(hatch[s]->pen().color(), theme.unallocated);
        const double v = none.bySource[size_t(s)].toDouble();
        if (v > 0) {
            QCOMPARE(extent(hatch[s]), std::make_pair(from, from + v));
            QCOMPARE(hatch[s]->upperSeries()->at(0).y() - hatch[s]->lowerSeries()->at(0).y(),
                     0.62); // the bar's width, centred on category 0
        }
        from += std::max(0.0, v);
    }
    for (qsizetype s = 0; s < sources; ++s) {
        const QString name = fmt::q(sc.sources[size_t(s)]);
        QBarSet *plain = series[0]->barSets()[s];
        QBarSet *folded = series[0]->barSets()[sources + s];
        QCOMPARE(plain->label(), name);
        QCOMPARE(plain->color(), theme.sourceColour(name));
        QVERIFY(folded->color() != plain->color()); // muted
        for (qsizetype c = 0; c < bars; ++c) {
            const core::OwnerBar &bar = sc.bars[size_t(bars - 1 - c)];
            const double v = bar.bySource[size_t(s)].toDouble();
            using Kind = core::OwnerBar::Kind;
            QCOMPARE(plain->at(c), bar.kind == Kind::Others ? 0.0 : v);
            QCOMPARE(folded->at(c), bar.kind == Kind::Others ? v : 0.0);
        }
    }
    // The legend: one entry per source and the hatched one.
    const auto shown = [&] {
        QStringList names;
        for (QLegendMarker *m : m_spend->chart()->legend()->markers())
            if (m->isVisible())
                names << m->label();
        return names;
    };
    QStringList expected;
    for (const std::string &source : sc.sources)
        expected << fmt::q(source);
    expected << u"no owner (hatched)"_s;
    QTRY_COMPARE(shown(), expected);
    auto *amounts = qobject_cast<QValueAxis *>(m_spend->chart()->axes(Qt::Horizontal).value(0));
    QVERIFY(amounts);
    QVERIFY(amounts->max() >= sc.largest.toDouble());
}

void TstOverviewView::hatchLiesOverTheSourceColour_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TstOverviewView::hatchLiesOverTheSourceColour()
{
    QFETCH(bool, dark);
    m_ctx->theme.setMode(dark ? Theme::Mode::Dark : Theme::Mode::Light);
    const Theme theme = m_ctx->theme.theme();
    QCOMPARE(theme.dark, dark);
    // The source with the most unallocated spend: its segment is wide enough to sample.
    const core::OwnerBar &none = spend().bars[size_t(barOf(core::OwnerBar::Kind::Unallocated))];
    size_t widest = 0;
    for (size_t s = 0; s < none.bySource.size(); ++s)
        if (none.bySource[s] > none.bySource[widest])
            widest = s;
    double from = 0;
    for (size_t s = 0; s < widest; ++s)
        from += std::max(0.0, none.bySource[s].toDouble());
    const double to = from + none.bySource[widest].toDouble();
    QChart *chart = m_spend->chart();
    QAbstractSeries *plain = barSeries(m_spend).front();
    // Rendered first: the export lays out the new series, then their places are known.
    QImage image(chart->geometry().size().toSize(), QImage::Format_ARGB32);
    image.fill(Qt::black);
    {
        QPainter p(&image);
        m_spend->paintChart(p, QRectF(image.rect()));
    }
    // Category 0 is <unallocated>.
    const QPointF left = chart->mapToPosition(QPointF(from, 0), plain);
    const QPointF right = chart->mapToPosition(QPointF(to, 0), plain);
    QVERIFY2(right.x() - left.x() > 20, "the segment is wide enough to sample");
    QMap<QRgb, int> seen;
    for (int x = int(left.x()) + 4; x < int(right.x()) - 4; ++x)
        for (int y = int(left.y()) - 4; y <= int(left.y()) + 4; ++y)
            ++seen[image.pixel(x, y) | 0xff000000u];
    const QColor source = theme.sourceColour(fmt::q(spend().sources[widest]));
    // The source's colour shows through the hatch, and the hatch is the unallocated colour.
    QVERIFY2(seen.value(source.rgb()) > 0, qPrintable(source.name()));
    QVERIFY2(seen.value(theme.unallocated.rgb()) > 0, qPrintable(theme.unallocated.name()));
    m_ctx->theme.setMode(Theme::Mode::Light);
}

void TstOverviewView::realClickOnTheLegendTogglesASource()
{
    // The mouse on the legend entry's text, through the view (the click's handler rebuilds the
    // chart, which deletes the legend item that received the click: it must run afterwards).
    QLegendMarker *marker = m_spend->chart()->legend()->markers(barSeries(m_spend).front()).at(0);
    const QString label = marker->label();
    const auto textAt = [&]() -> QPoint {
        for (QGraphicsItem *item : m_spend->chartView()->scene()->items())
            if (auto *text = qgraphicsitem_cast<QGraphicsTextItem *>(item);
                text && text->isVisible() && text->toPlainText() == label)
                return m_spend->chartView()->mapFromScene(text->sceneBoundingRect().center());
        return {-1, -1};
    };
    QTRY_VERIFY(textAt().x() >= 0);
    QVERIFY(!m_view->isSourceHidden(0));
    QTest::mouseClick(m_spend->chartView()->viewport(), Qt::LeftButton, {}, textAt());
    QTRY_VERIFY(m_view->isSourceHidden(0));
    QTRY_VERIFY(textAt().x() >= 0); // the entry is still there (faint)
    QTest::mouseClick(m_spend->chartView()->viewport(), Qt::LeftButton, {}, textAt());
    QTRY_VERIFY(!m_view->isSourceHidden(0));
}

void TstOverviewView::legendTogglesASource()
{
    const auto markerOf = [&](qsizetype s) {
        return m_spend->chart()->legend()->markers(barSeries(m_spend).front()).at(s);
    };
    QVERIFY(!m_view->isSourceHidden(0));
    test::clickLegend(markerOf(0)); // what a click on the legend entry sends
    QVERIFY(m_view->isSourceHidden(0));
    QBarSet *set = barSeries(m_spend).front()->barSets().front();
    for (qsizetype i = 0; i < set->count(); ++i)
        QCOMPARE(set->at(i), 0.0);
    QCOMPARE(extent(hatches(m_spend).front()), std::make_pair(0.0, 0.0));
    // The entry stays in the legend (faint) so that it can be clicked back.
    QTRY_VERIFY(markerOf(0)->isVisible());
    QVERIFY(markerOf(0)->labelBrush().color().alphaF() < 0.5);
    // A new snapshot keeps the source hidden (an analyst's choice, by name).
    m_view->showSnapshot(m_view->snapshot());
    QVERIFY(m_view->isSourceHidden(0));
    test::clickLegend(markerOf(0));
    QVERIFY(!m_view->isSourceHidden(0));
    set = barSeries(m_spend).front()->barSets().front();
    const core::SpendChart &sc = spend();
    const qsizetype bars = qsizetype(sc.bars.size());
    for (qsizetype c = 0; c < bars; ++c)
        if (sc.bars[size_t(bars - 1 - c)].kind != core::OwnerBar::Kind::Others)
            QCOMPARE(set->at(c), sc.bars[size_t(bars - 1 - c)].bySource[0].toDouble());
    QVERIFY(markerOf(0)->labelBrush().color().alphaF() > 0.9);
}

void TstOverviewView::legendTogglesUnallocated()
{
    const auto hatchMarker = [&] {
        return m_spend->chart()->legend()->markers(hatches(m_spend).back()).back();
    };
    auto *amounts = qobject_cast<QValueAxis *>(m_spend->chart()->axes(Qt::Horizontal).value(0));
    QVERIFY(amounts);
    const double fullMax = amounts->max();
    test::clickLegend(hatchMarker());
    QVERIFY(m_view->isUnallocatedHidden());
    // <unallocated> (category 0) has no bar left, and the axis fits the owners.
    for (QBarSet *set : barSeries(m_spend).front()->barSets())
        QCOMPARE(set->at(0), 0.0);
    for (QAreaSeries *area : hatches(m_spend))
        QCOMPARE(extent(area), std::make_pair(0.0, 0.0));
    const auto [low, high] = spend().stackRange({}, [&] {
        std::vector<bool> hidden(spend().bars.size());
        hidden[size_t(barOf(core::OwnerBar::Kind::Unallocated))] = true;
        return hidden;
    }());
    Q_UNUSED(low);
    QVERIFY(amounts->max() >= high.toDouble());
    QVERIFY2(amounts->max() < fullMax, qPrintable(u"%1 vs %2"_s.arg(amounts->max()).arg(fullMax)));
    test::clickLegend(hatchMarker());
    QVERIFY(!m_view->isUnallocatedHidden());
    QCOMPARE(amounts->max(), fullMax);
}

void TstOverviewView::hoverShowsExactAmountShareAndRows()
{
    const core::SpendChart &sc = spend();
    const core::AttributionReport &r = m_view->snapshot()->report;
    const QLocale &locale = m_ctx->app.locale;
    const size_t bar = 0; // the largest owner
    size_t source = 0;
    while (sc.bars[bar].bySource[source].isZero())
        ++source;
    const QString tip = m_view->spendToolTip(bar, source);
    const core::OwnerBar &b = sc.bars[bar];
    for (const QString &part : {fmt::q(b.key), fmt::q(sc.sources[source]),
                                fmt::moneyExact(b.bySource[source], r.currency, locale),
                                fmt::sharePercent(b.bySource[source], r.total, locale),
                                u"%1 rows"_s.arg(fmt::count(b.rowsBySource[source], locale)),
                                fmt::moneyExact(b.amount, r.currency, locale),
                                u"%1 rows"_s.arg(fmt::count(b.rows, locale))})
        QVERIFY2(tip.contains(part), qPrintable(part + u" in "_s + tip));
    // Hovering the bar shows exactly that text.
    const qsizetype category = qsizetype(sc.bars.size() - 1 - bar);
    emit barSeries(m_spend).front()->barSets()[qsizetype(source)]->hovered(true, int(category));
    QTRY_COMPARE(QToolTip::text(), tip);
    emit barSeries(m_spend).front()->barSets()[qsizetype(source)]->hovered(false, int(category));
}

void TstOverviewView::clickDrillsThrough_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("an owner's segment: the Ledger, that owner and source")
        << int(core::OwnerBar::Kind::Owner);
    QTest::newRow("a source's part of <unallocated>: the Unallocated view at that source")
        << int(core::OwnerBar::Kind::Unallocated);
}

void TstOverviewView::clickDrillsThrough()
{
    QFETCH(int, kind);
    const auto k = core::OwnerBar::Kind(kind);
    const core::SpendChart &sc = spend();
    const int bar = barOf(k);
    QVERIFY(bar >= 0);
    // The last source with spend in the bar: not simply the first set.
    size_t source = sc.sources.size() - 1;
    while (sc.bars[size_t(bar)].bySource[source].isZero())
        --source;
    const QString src = fmt::q(sc.sources[source]);
    const QList<QBarSet *> sets = barSeries(m_spend).front()->barSets();
    const qsizetype n = qsizetype(sc.sources.size());
    QSignalSpy drilled(m_view, &AnalysisView::drillRequested);
    // What a click on the segment sends (on <unallocated>, the hatch over it is clicked).
    if (k == core::OwnerBar::Kind::Unallocated)
        emit hatches(m_spend)[qsizetype(source)]->clicked(QPointF());
    else
        emit sets[(k == core::OwnerBar::Kind::Others ? n : 0) + qsizetype(source)]->clicked(
            int(sc.bars.size()) - 1 - bar);
    if (k == core::OwnerBar::Kind::Others) {
        QCOMPARE(drilled.count(), 0);
        return;
    }
    QCOMPARE(drilled.count(), 1);
    const auto target = drilled.front().front().value<DrillTarget>();
    const QString owner = fmt::q(sc.bars[size_t(bar)].key);
    const DrillTarget expected =
        k == core::OwnerBar::Kind::Owner
            ? DrillTarget::ledgerRows(u"owner:%1 source:%2"_s.arg(owner, src),
                                      u"Show the rows of %1 from %2"_s.arg(owner, src))
            : DrillTarget::focusIn(u"unallocated"_s, src,
                                   u"Show what is unallocated in %1"_s.arg(src));
    QCOMPARE(target.view, expected.view);
    QCOMPARE(target.ledgerFilter, expected.ledgerFilter);
    QCOMPARE(target.focus, expected.focus);
    QCOMPARE(target.description, expected.description);
    QVERIFY(target == expected);
}

void TstOverviewView::foldedOwnersAreMutedAndGoNowhere()
{
    // Thirteen teams (the chart shows eleven and folds two), one with a very long name, and
    // spend without a team.
    QByteArray rows = "{\"data\":[";
    const QByteArray longName = "platform-inference-gateway-shared-services-europe-west-4";
    for (int i = 0; i < 13; ++i)
        rows += spendRow(i, QByteArray::number(100 - i),
                         i == 0 ? longName : "team-" + QByteArray::number(i)) +
                ",";
    rows += spendRow(99, "42.5", {}) + "]}";
    const QString path = m_ctx->path(u"thirteen-teams.unalloc"_s);
    {
        auto store = core::LedgerStore::create(path.toStdString());
        QVERIFY(store);
        std::vector<adapters::ImportInput> inputs{
            {"spend.json", std::string_view(rows.constData(), size_t(rows.size()))}};
        auto report = adapters::importInputs(**store, inputs);
        QVERIFY2(report, report ? "" : report.error().message().c_str());
    }
    MainWindow window(&m_ctx->app);
    window.resize(1024, 700);
    window.show();
    QSignalSpy ready(window.analysis(), &AnalysisController::snapshotReady);
    QVERIFY(window.openLedger(path));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1, 20000);
    QVERIFY(window.showView(u"overview"_s));
    auto *view = qobject_cast<OverviewView *>(window.view(u"overview"_s));
    UI_REQUIRE(view, "the overview of the hand-made ledger");
    QTRY_VERIFY(view->snapshot() && view->snapshot()->report.rowCount == 14);
    UI_FIND(canvas, QtChartCanvas, view, "spendBars");
    const core::SpendChart &sc = view->snapshot()->spend;
    QCOMPARE(sc.bars.size(), size_t(13));
    QVERIFY(sc.bars[11].kind == core::OwnerBar::Kind::Others);
    // Bottom-up: <unallocated> at 0, the folded owners at 1, the long name on top, elided.
    const QStringList owners = categories(canvas, Qt::AlignLeft);
    QCOMPARE(owners.size(), 13);
    QCOMPARE(owners[1], u"+ 2 smaller owners"_s);
    QVERIFY2(owners.back().contains(u"…"_s) && owners.back().startsWith(u"platform"_s),
             qPrintable(owners.back()));
    QVERIFY(owners.back().size() < longName.size());
    // Thirteen bars: each value label is one line (two were cut short in a bar's slot).
    const QStringList values = categories(canvas, Qt::AlignRight);
    QCOMPARE(values.size(), 13);
    for (const QString &v : values)
        QVERIFY2(v.contains(u" · "_s) && !v.contains(u"<br>"_s), qPrintable(v));
    // The folded bar is drawn by the muted sets only.
    const QList<QBarSet *> sets = barSeries(canvas).front()->barSets();
    QCOMPARE(sets.size(), 2); // litellm, and its muted twin
    QCOMPARE(sets[0]->at(1), 0.0);
    QCOMPARE(sets[1]->at(1), sc.bars[11].bySource[0].toDouble());
    QVERIFY(sets[1]->color() != sets[0]->color());
    QCOMPARE(view->spendToolTip(11, 0).split(u'\n').front(), u"+ 2 smaller owners · litellm"_s);
    // The full name is in the hover text.
    QVERIFY(view->spendToolTip(0, 0).startsWith(QString::fromUtf8(longName)));
    // The folded owners are many: a click on them goes nowhere.
    QSignalSpy drilled(view, &AnalysisView::drillRequested);
    emit sets[1]->clicked(1);
    QCOMPARE(drilled.count(), 0);
    emit sets[0]->clicked(12); // the long-named owner does
    QCOMPARE(drilled.count(), 1);
    QCOMPARE(drilled.front().front().value<DrillTarget>().ledgerFilter,
             u"owner:%1 source:litellm"_s.arg(QString::fromUtf8(longName)));
}

QTEST_MAIN(TstOverviewView)
#include "tst_overviewview.moc"
