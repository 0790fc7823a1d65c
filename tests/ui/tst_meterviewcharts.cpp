// The Meter comparison view's charts on the demo ledger's shared inference pod: the grouped
// meter bars (content, hover with exact amounts, legend toggles), the load-sweep lines (wheel
// zoom and reset) and the drill-through from a tenant's bar to its requests in the Ledger.
#include "meterviewfixture.h"

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

class TstMeterViewCharts final : public QObject, private test::MeterViewFixture
{
    Q_OBJECT

private slots:
    void init() { openDemoPod(); }
    void cleanup() { closeDemoPod(); }
    void barSeriesContent();
    void hoverShowsExactShareAndAmount();
    void legendTogglesAMeter();
    void sweepLinesZoomAndReset();
    void tenantBarDrillsToItsRows_data();
    void tenantBarDrillsToItsRows();
    void drillFilterSelectsTheTenantsRequests();
};

void TstMeterViewCharts::barSeriesContent()
{
    QBarSeries *series = barSeries();
    UI_REQUIRE(series, "the QBarSeries of meterBars");
    const core::MeterSnapshot &m = *m_view->meters();
    const auto kinds = core::telemetryMeterKinds();
    const QList<QBarSet *> sets = series->barSets();
    QCOMPARE(size_t(sets.size()), kinds.size()); // one set per meter
    auto *axis = qobject_cast<QBarCategoryAxis *>(series->attachedAxes().front());
    UI_REQUIRE(axis, "the tenant axis");
    QCOMPARE(axis->categories(), (QStringList{u"agents"_s, u"platform"_s, u"search"_s,
                                              u"&lt;unlabeled&gt;"_s, u"Overhead"_s}));
    for (size_t k = 0; k < kinds.size(); ++k) {
        QBarSet *set = sets[qsizetype(k)];
        QCOMPARE(set->label(), MeterShareModel::meterName(kinds[k]));
        QCOMPARE(size_t(set->count()), m.shownRows());
        for (size_t r = 0; r < m.shownRows(); ++r) {
            const core::Decimal pct =
                core::Decimal::percent(m.shownShare(kinds[k], r), core::Decimal::fromInt(1), 1);
            QCOMPARE(set->at(qsizetype(r)), pct.toDouble());
        }
        // The overhead group (last) is set apart: its bars are drawn in the pale tint.
        QCOMPARE(set->selectedBars(), QList<int>{int(m.shownRows()) - 1});
        QVERIFY(set->selectedColor() != set->color());
    }
}

void TstMeterViewCharts::hoverShowsExactShareAndAmount()
{
    const core::MeterSnapshot &m = *m_view->meters();
    const core::MeterRow &search = m.split(core::MeterKind::TimeShare)->rows[2];
    QCOMPARE(search.tenant, std::string("search"));
    const QString tip = m_view->barToolTip(core::MeterKind::TimeShare, 2);
    const QLocale &locale = m_ctx->app.locale;
    QVERIFY2(tip.contains(u"search · Time share"_s), qPrintable(tip));
    // The exact amount (as core has it, not a double) and the share.
    QVERIFY2(tip.contains(fmt::moneyExact(search.amount.amount, search.amount.currency, locale)),
             qPrintable(tip));
    const core::Decimal pct = core::Decimal::percent(m.shownShare(core::MeterKind::TimeShare, 2),
                                                     core::Decimal::fromInt(1), 1);
    QVERIFY2(tip.contains(fmt::percent(pct, locale) + u" of the pod"_s), qPrintable(tip));
    const core::Money month = m.monthlyAmount(core::MeterKind::TimeShare, 2);
    QVERIFY2(tip.contains(fmt::money(month.amount, month.currency, locale) + u" a month"_s),
             qPrintable(tip));
    // Hovering the bar shows exactly that text.
    QBarSeries *series = barSeries();
    UI_REQUIRE(series, "the QBarSeries of meterBars");
    const auto kinds = core::telemetryMeterKinds();
    const auto k =
        std::find(kinds.begin(), kinds.end(), core::MeterKind::TimeShare) - kinds.begin();
    emit series->barSets()[qsizetype(k)]->hovered(true, 2);
    QTRY_COMPARE(QToolTip::text(), tip);
}

void TstMeterViewCharts::legendTogglesAMeter()
{
    QBarSeries *series = barSeries();
    UI_REQUIRE(series, "the QBarSeries of meterBars");
    UI_FIND(canvas, QtChartCanvas, m_view, "meterBars");
    const QList<QLegendMarker *> markers = canvas->chart()->legend()->markers(series);
    QCOMPARE(markers.size(), qsizetype(core::telemetryMeterKinds().size()));
    QVERIFY(!m_view->isMeterHidden(core::MeterKind::Tokens));
    test::clickLegend(markers.front()); // what a click on the legend entry sends
    QVERIFY(m_view->isMeterHidden(core::MeterKind::Tokens));
    series = barSeries();
    QBarSet *tokens = series->barSets().front();
    for (qsizetype i = 0; i < tokens->count(); ++i)
        QCOMPARE(tokens->at(i), 0.0);
    QVERIFY(series->barSets()[1]->sum() > 0); // the others stay
    // The entry stays (faint) so that it can be clicked back.
    const QList<QLegendMarker *> after = canvas->chart()->legend()->markers(series);
    QTRY_VERIFY(after.front()->isVisible());
    QVERIFY(after.front()->labelBrush().color().alphaF() < 0.5);
    test::clickLegend(after.front());
    QVERIFY(!m_view->isMeterHidden(core::MeterKind::Tokens));
    QVERIFY(barSeries()->barSets().front()->sum() > 99.0); // the shares again (they sum to 100)
}

void TstMeterViewCharts::sweepLinesZoomAndReset()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_view->sweepReady(), 120000);
    UI_FIND(canvas, QtChartCanvas, m_view, "sweepLines");
    QChart *chart = canvas->chart();
    QList<QLineSeries *> lines;
    for (QAbstractSeries *s : chart->series())
        if (auto *l = qobject_cast<QLineSeries *>(s))
            lines << l;
    QCOMPARE(lines.size(), 4);
    const auto &rates = core::meterSweepRates();
    const auto &points = m_view->controller()->sweep()->points;
    for (QLineSeries *l : lines) {
        QCOMPARE(size_t(l->count()), rates.size());
        QCOMPARE(l->at(0).x(), rates.front());
        // Tokens leave no overhead: the dashed line at zero; the others are solid.
        const bool tokens = l->name() == u"Tokens, list price"_s;
        QCOMPARE(l->pen().style(), tokens ? Qt::DashLine : Qt::SolidLine);
        if (tokens)
            QCOMPARE(l->at(int(rates.size()) - 1).y(), 0.0);
    }
    QCOMPARE(lines.front()->name(), u"Step time"_s);
    QCOMPARE(lines.front()->at(0).y(),
             core::Decimal::percent(points.front().stepTimeOverhead, core::Decimal::fromInt(1), 1)
                 .toDouble());
    QVERIFY(!m_view->sweepToolTip(0, 0).isEmpty());
    // The axes are titled.
    auto *rate = qobject_cast<QValueAxis *>(chart->axes(Qt::Horizontal).front());
    UI_REQUIRE(rate, "the rate axis");
    QCOMPARE(rate->titleText(), u"request rate (req/s)"_s);
    QCOMPARE(chart->axes(Qt::Vertical).front()->titleText(), u"% of the bill"_s);
    // The wheel zooms in around the mouse, a double click resets.
    QChartView *view = canvas->chartView();
    canvas->window()->resize(1400, 1000);
    QTRY_VERIFY(chart->plotArea().width() > 100);
    const double fullMin = rate->min(), fullMax = rate->max();
    const QPoint centre = view->mapFromScene(chart->mapToScene(chart->plotArea().center()));
    QWheelEvent wheel(centre, view->viewport()->mapToGlobal(centre), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY2(rate->max() - rate->min() < (fullMax - fullMin) * 0.8,
             qPrintable(u"%1..%2"_s.arg(rate->min()).arg(rate->max())));
    QVERIFY(chart->isZoomed());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, centre);
    QCOMPARE(rate->min(), fullMin);
    QCOMPARE(rate->max(), fullMax);
    QVERIFY(!chart->isZoomed());
    // Outside the plot (over the legend) the wheel is the page's: no zoom.
    const QPoint corner(2, view->viewport()->height() - 2);
    QWheelEvent outside(corner, view->viewport()->mapToGlobal(corner), QPoint(), QPoint(0, 240),
                        Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &outside);
    QVERIFY(!chart->isZoomed());
    QCOMPARE(rate->max(), fullMax);
    // The legend hides a line and shows it again.
    QLegendMarker *marker = chart->legend()->markers(lines.front()).front();
    test::clickLegend(marker);
    QVERIFY(!lines.front()->isVisible());
    QVERIFY(marker->isVisible());
    test::clickLegend(marker);
    QVERIFY(lines.front()->isVisible());
}

void TstMeterViewCharts::tenantBarDrillsToItsRows_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("description");
    QTest::newRow("search") << 2 << u"team=search llama-3.1-8b"_s << u"Show the rows of search"_s;
    QTest::newRow("agents") << 0 << u"team=agents llama-3.1-8b"_s << u"Show the rows of agents"_s;
    QTest::newRow("overhead: the pod row") << 4 << u"source:opencost inference/vllm-llama-3.1-8b"_s
                                           << u"Show the pod row of inference/vllm-llama-3.1-8b"_s;
    QTest::newRow("no owner label: nowhere to go") << 3 << QString() << QString();
}

void TstMeterViewCharts::tenantBarDrillsToItsRows()
{
    QFETCH(int, row);
    QFETCH(QString, filter);
    QFETCH(QString, description);
    QBarSeries *series = barSeries();
    UI_REQUIRE(series, "the QBarSeries of meterBars");
    QSignalSpy drill(m_view, &AnalysisView::drillRequested);
    emit series->barSets()[1]->clicked(row); // any meter's bar of that tenant
    if (filter.isEmpty()) {
        QCOMPARE(drill.count(), 0);
        return;
    }
    QCOMPARE(drill.count(), 1);
    QCOMPARE(drill.front().front().value<DrillTarget>(),
             DrillTarget::ledgerRows(filter, description));
}

void TstMeterViewCharts::drillFilterSelectsTheTenantsRequests()
{
    // The filter a tenant's bar opens the Ledger with selects exactly the requests the meters
    // gave that tenant (in the pod's window).
    const core::MeterSnapshot &m = *m_view->meters();
    const core::LedgerStore *store = m_window->document()->store();
    QVERIFY(store);
    auto telemetry = core::podTelemetry(*store, m.pod.row, m.tenantKey);
    QVERIFY(telemetry);
    QCOMPARE(telemetry->skipped, std::int64_t(0));
    for (size_t r = 0; r < m.shownRows(); ++r) {
        const std::string &tenant = m.splits.front().rows[r].tenant;
        const auto target = m_view->drillTarget(r);
        if (tenant.empty() || m.splits.front().rows[r].overhead)
            continue;
        QVERIFY(target);
        auto filter = core::parseRowFilter(target->ledgerFilter.toStdString());
        QVERIFY(filter);
        filter->from = m.pod.row.start;
        filter->to = m.pod.row.end;
        const auto rows = store->rowCount(*filter);
        QVERIFY(rows);
        const auto expected =
            std::count_if(telemetry->records.begin(), telemetry->records.end(),
                          [&](const core::RequestRecord &rec) { return rec.tenant == tenant; });
        QVERIFY(expected > 0);
        QCOMPARE(*rows, std::int64_t(expected));
    }
}

QTEST_MAIN(TstMeterViewCharts)
#include "tst_meterviewcharts.moc"
