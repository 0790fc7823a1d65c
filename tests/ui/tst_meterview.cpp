// The Meter comparison view on the demo ledger's shared inference pod: tenants and shares
// under each meter, the compared meters, the load sweep, exports, and applying a meter
// (after a confirmation that names pod, meter and amounts; it changes the Overview) with undo;
// a ledger with provider bill lines but no cluster pod shows an empty state, not those lines.
#include "chartclick.h"
#include "uitestsupport.h"

#include "adapters/import/importer.h"

#include "core/analysis/metersnapshot.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/models/metersharemodel.h"
#include "ui/models/metersweepmodel.h"
#include "ui/views/meterview.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/metersplitbanner.h"
#include "ui/widgets/tablepanel.h"

#include <QAbstractItemModelTester>
#include <QAbstractProxyModel>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

class TstMeterView final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void demoPodShowsTenantsUnderEachMeter();
    void comparedMetersDriveTheGapColumns();
    void redistributeDropsTheOverheadRow();
    void applyTimeShareChangesOverviewAndUndoRestores();
    void applyAsksFirstAndCancelChangesNothing();
    void loadSweepRunsOffTheGuiThread();
    void billLinesAreNoPods();
    void exportsChartsAndTables();
    void exportsRoundTrip_data();
    void exportsRoundTrip();
    void barSeriesContent();
    void hoverShowsExactShareAndAmount();
    void legendTogglesAMeter();
    void sweepLinesZoomAndReset();
    void tenantBarDrillsToItsRows_data();
    void tenantBarDrillsToItsRows();
    void drillFilterSelectsTheTenantsRequests();

private:
    template<class Model> Model *sourceModel(const char *tableView) const;
    /// The confirmation "Apply to ledger" opened, once it is shown.
    QMessageBox *confirmation() const;
    QBarSeries *barSeries() const;

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
    MeterView *m_view = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

/// The model behind the table view named `tableView`, or nullptr: callers UI_REQUIRE it.
template<class Model> Model *TstMeterView::sourceModel(const char *tableView) const
{
    auto *table = test::findNamed<QTableView>(m_view, tableView);
    auto *proxy = table ? qobject_cast<QAbstractProxyModel *>(table->model()) : nullptr;
    return proxy ? qobject_cast<Model *>(proxy->sourceModel()) : nullptr;
}

QMessageBox *TstMeterView::confirmation() const
{
    auto *box = test::findNamed<QMessageBox>(m_view, "applyMeterConfirm");
    return box && box->isVisible() ? box : nullptr;
}

QBarSeries *TstMeterView::barSeries() const
{
    auto *canvas = test::findNamed<QtChartCanvas>(m_view, "meterBars");
    if (!canvas)
        return nullptr;
    for (QAbstractSeries *s : canvas->chart()->series())
        if (auto *bars = qobject_cast<QBarSeries *>(s))
            return bars;
    return nullptr;
}

void TstMeterView::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
    m_view = qobject_cast<MeterView *>(m_window->view(QStringLiteral("meters")));
    QVERIFY(m_view);
    auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
    auto *sweep = sourceModel<MeterSweepModel>("sweepTableView");
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    UI_REQUIRE(sweep, "the MeterSweepModel behind sweepTableView");
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    m_testers.push_back(std::make_unique<QAbstractItemModelTester>(shares, Mode::QtTest));
    m_testers.push_back(std::make_unique<QAbstractItemModelTester>(sweep, Mode::QtTest));
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(m_window->showView(QStringLiteral("meters")));
    QTRY_VERIFY(m_view->meters() != nullptr);
}

void TstMeterView::cleanup()
{
    m_testers.clear();
    m_window.reset();
    m_ctx.reset();
}

void TstMeterView::demoPodShowsTenantsUnderEachMeter()
{
    UI_FIND(pods, QComboBox, m_view, "podCombo");
    QCOMPARE(pods->count(), 1);
    QVERIFY(pods->currentText().startsWith(QStringLiteral("inference/vllm-llama-3.1-8b")));
    const core::MeterSnapshot &m = *m_view->meters();
    QCOMPARE(m.tenantKey, std::string("team"));
    QVERIFY(m.requests > 2000);
    QCOMPARE(m.splits.size(), size_t(4));
    QCOMPARE(m.comparison.monthlyCost.amount, core::Decimal::fromInt(17280));
    std::vector<std::string> tenants;
    for (const core::MeterRow &r : m.splits.front().rows)
        tenants.push_back(r.overhead ? "overhead" : r.tenant);
    QCOMPARE(tenants, (std::vector<std::string>{"agents", "platform", "search", "", "overhead"}));
    for (const core::MeterSplit &s : m.splits) { // shown shares sum to exactly 100 %
        core::Decimal sum;
        for (size_t r = 0; r < m.shownRows(); ++r)
            sum += m.shownShare(s.kind, r);
        QCOMPARE(sum, core::Decimal::fromInt(1));
    }
    // The table shows the same, and its exact export column sums to 100.
    auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    QCOMPARE(shares->rowCount(), 5);
    for (int column : {MeterShareModel::Tokens, MeterShareModel::TimeShare}) {
        core::Decimal sum;
        for (int r = 0; r < shares->rowCount(); ++r)
            sum += shares->index(r, column).data(RawRole).value<core::Decimal>();
        QCOMPARE(sum, core::Decimal::fromInt(100));
    }
    QCOMPARE(shares->index(4, MeterShareModel::Tenant).data().toString(),
             QStringLiteral("Overhead (no tenant)"));
    QVERIFY(shares->index(4, MeterShareModel::Tenant).data(AttentionRole).toBool());
    UI_FIND(bars, ChartPanel, m_view, "meterSharesChart");
    QVERIFY(bars->chart() != nullptr);
}

void TstMeterView::comparedMetersDriveTheGapColumns()
{
    auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    UI_FIND(a, QComboBox, m_view, "meterA");
    UI_FIND(b, QComboBox, m_view, "meterB");
    UI_FIND(largest, FigureCard, m_view, "figureLargestGap");
    a->setCurrentIndex(a->findData(QStringLiteral("tokens")));
    b->setCurrentIndex(b->findData(QStringLiteral("time_share")));
    QCOMPARE(
        shares->headerData(MeterShareModel::MonthlyA, Qt::Horizontal, Qt::DisplayRole).toString(),
        QStringLiteral("Tokens $/month"));
    // search (row 2) pays clearly more by tokens than by time share (the studies' shape).
    const auto gap =
        shares->index(2, MeterShareModel::GapPoints).data(RawRole).value<core::Decimal>();
    QVERIFY(gap > core::Decimal::fromInt(3));
    QVERIFY(!largest->value().isEmpty());
    // Swapping the meters flips the sign; the overhead row has no gap.
    a->setCurrentIndex(a->findData(QStringLiteral("time_share")));
    b->setCurrentIndex(b->findData(QStringLiteral("tokens")));
    QCOMPARE(shares->index(2, MeterShareModel::GapPoints).data(RawRole).value<core::Decimal>(),
             -gap);
    QVERIFY(shares->index(4, MeterShareModel::GapPoints).data().toString().isEmpty());
}

void TstMeterView::redistributeDropsTheOverheadRow()
{
    UI_FIND(policy, QComboBox, m_view, "policyCombo");
    policy->setCurrentIndex(1);
    emit policy->activated(1);
    QTRY_VERIFY(m_view->meters() != nullptr);
    QCOMPARE(m_view->meters()->policy, core::OverheadPolicy::Redistribute);
    auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    QCOMPARE(shares->rowCount(), 4);
    core::Decimal sum;
    for (int r = 0; r < shares->rowCount(); ++r)
        sum += shares->index(r, MeterShareModel::KvMemory).data(RawRole).value<core::Decimal>();
    QCOMPARE(sum, core::Decimal::fromInt(100));
}

void TstMeterView::applyTimeShareChangesOverviewAndUndoRestores()
{
    UI_FIND(total, FigureCard, m_window, "figureTotal");
    UI_FIND(u, FigureCard, m_window, "figureU");
    UI_FIND(applied, FigureCard, m_view, "figureApplied");
    UI_FIND(banner, MeterSplitBanner, m_window, "meterSplitBanner");
    UI_FIND(apply, QComboBox, m_view, "applyMeterCombo");
    UI_FIND(applyButton, QPushButton, m_view, "applyMeterButton");
    QCOMPARE(total->value(), QStringLiteral("$95,539.06"));
    const QString uBefore = u->value();
    QCOMPARE(uBefore, QStringLiteral("69.4\u00a0%"));
    QVERIFY(banner->isHidden());

    apply->setCurrentIndex(apply->findData(QStringLiteral("time_share")));
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QTest::mouseClick(applyButton, Qt::LeftButton);
    QTRY_VERIFY(confirmation());
    QMessageBox *box = confirmation();
    // It says which pod, which meter, and which amounts move to which tenants.
    QVERIFY2(box->text().contains(QStringLiteral("inference/vllm-llama-3.1-8b")),
             qPrintable(box->text()));
    QVERIFY(box->text().contains(QStringLiteral("Time share")));
    QVERIFY(box->text().contains(QStringLiteral("$17,280.00")));
    const QString moves = box->informativeText();
    for (const char *tenant : {"team=search", "team=agents", "team=platform", "overhead"})
        QVERIFY2(moves.contains(QLatin1String(tenant)), qPrintable(moves));
    const core::MeterSplit *split = m_view->meters()->split(core::MeterKind::TimeShare);
    QVERIFY(split);
    for (const core::MeterRow &r : split->rows)
        if (r.tenant == "search")
            QVERIFY2(
                moves.contains(fmt::money(r.amount.amount, r.amount.currency, m_ctx->app.locale) +
                               QStringLiteral(" → team=search")),
                qPrintable(moves));
    QCOMPARE(m_window->analysis()->undoStack()->count(), 0); // nothing written yet
    QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
    QTRY_VERIFY(loaded.count() >= 1);
    QTRY_VERIFY(m_view->meters() && m_view->meters()->pod.split);
    QCOMPARE(m_view->meters()->pod.split->meter, std::string("time_share"));
    QCOMPARE(m_window->analysis()->undoStack()->count(), 1);
    // The pod's $17,280 now belongs to its tenants (and the kept overhead): U falls, the total
    // stays, and the Overview says which meter carries the pod.
    QTRY_VERIFY(u->value() != uBefore);
    QCOMPARE(total->value(), QStringLiteral("$95,539.06"));
    QTRY_VERIFY(!banner->isHidden());
    QVERIFY2(banner->text().contains(QStringLiteral("Time share")), qPrintable(banner->text()));
    QVERIFY(banner->text().contains(QStringLiteral("inference/vllm-llama-3.1-8b")));
    QVERIFY(!applyButton->isEnabled());
    QCOMPARE(applied->value(), QStringLiteral("Time share"));

    loaded.clear();
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(loaded.count() >= 1);
    QTRY_COMPARE(u->value(), uBefore);
    QTRY_VERIFY(banner->isHidden());
    QTRY_VERIFY(m_view->meters() && !m_view->meters()->pod.split);
    QCOMPARE(applied->value(), QStringLiteral("none"));

    // Redo applies it again.
    loaded.clear();
    m_window->analysis()->undoStack()->redo();
    QTRY_VERIFY(loaded.count() >= 1);
    QTRY_VERIFY(u->value() != uBefore);
}

void TstMeterView::applyAsksFirstAndCancelChangesNothing()
{
    UI_FIND(applyButton, QPushButton, m_view, "applyMeterButton");
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QTest::mouseClick(applyButton, Qt::LeftButton);
    QTRY_VERIFY(confirmation());
    QTest::mouseClick(confirmation()->button(QMessageBox::Cancel), Qt::LeftButton);
    QTRY_VERIFY(!confirmation());
    QCOMPARE(m_window->analysis()->undoStack()->count(), 0);
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!m_view->meters()->pod.split);
    QVERIFY(applyButton->isEnabled());
}

void TstMeterView::billLinesAreNoPods()
{
    // An Anthropic bill line names the model the gateway's Claude requests used: it is no
    // pod. The view explains what a pod needs instead of listing it.
    const QString ledger = m_ctx->path(QStringLiteral("bills.unalloc"));
    {
        auto store = core::LedgerStore::create(ledger.toStdString());
        QVERIFY(store);
        const std::string dir = UNALLOC_TEST_DATA "/meters/cluster/";
        auto imported = adapters::importFiles(
            **store, {dir + "anthropic_cost_report.json", dir + "litellm_spend.json"});
        QVERIFY2(imported, imported ? "" : imported.error().message().c_str());
    }
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openLedger(ledger));
    QTRY_VERIFY(ready.count() >= 1);
    UI_FIND(pods, QComboBox, m_view, "podCombo");
    UI_FIND(empty, QLabel, m_view, "meterEmptyState");
    UI_FIND(body, QWidget, m_view, "meterBody");
    QTRY_VERIFY(empty->isVisible());
    QCOMPARE(pods->count(), 0);
    QVERIFY(m_view->meters() == nullptr);
    QVERIFY(!body->isVisible());
    QVERIFY2(empty->text().contains(QStringLiteral("No shared inference pods in this ledger")),
             qPrintable(empty->text()));
    QVERIFY(empty->text().contains(QStringLiteral("OpenCost")));

    // The demo again: the pod is back and the empty state goes.
    ready.clear();
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(m_view->meters() != nullptr);
    QVERIFY(!empty->isVisible());
    QVERIFY(body->isVisible());
}

void TstMeterView::loadSweepRunsOffTheGuiThread()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_view->sweepReady(), 120000);
    // The sweep runs the demo pod's own measured traffic, and says so.
    QVERIFY(m_view->sweepMeasured());
    UI_FIND(sweepPanel, ChartPanel, m_view, "meterSweepChart");
    QVERIFY2(sweepPanel->subtitle().contains(QStringLiteral("measured traffic mix")),
             qPrintable(sweepPanel->subtitle()));
    QVERIFY(sweepPanel->subtitle().contains(QStringLiteral("search")));
    auto *sweep = sourceModel<MeterSweepModel>("sweepTableView");
    UI_REQUIRE(sweep, "the MeterSweepModel behind sweepTableView");
    QCOMPARE(sweep->rowCount(), int(core::meterSweepRates().size()));
    const auto &points = sweep->points();
    // More load, less idle: the step-time overhead falls from the lowest to the highest rate.
    QVERIFY(points.front().stepTimeOverhead > points.back().stepTimeOverhead);
    QCOMPARE(sweep->index(0, MeterSweepModel::Tokens).data(RawRole).value<core::Decimal>(),
             core::Decimal());
}

void TstMeterView::exportsChartsAndTables()
{
    UI_FIND(chart, ChartPanel, m_view, "meterSharesChart");
    for (const char *ext : {"png", "svg", "pdf"}) {
        const QString path = m_ctx->path(QStringLiteral("bars.") + QLatin1String(ext));
        QVERIFY2(chart->exportTo(path), ext);
        QVERIFY(QFile(path).size() > 0);
    }
    UI_FIND(table, TablePanel, m_view, "meterShareTable");
    const QString csvPath = m_ctx->path(QStringLiteral("shares.csv"));
    QVERIFY(table->exportTo(csvPath));
    QFile file(csvPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString csv = QString::fromUtf8(file.readAll());
    QVERIFY2(csv.contains(QStringLiteral("Tenant,Tokens,List price,Time share,KV memory,")),
             qPrintable(csv));
    QVERIFY(csv.contains(QStringLiteral("\r\nsearch,")));
    QVERIFY(csv.contains(QStringLiteral("Overhead (no tenant),")));
}

void TstMeterView::exportsRoundTrip_data()
{
    QTest::addColumn<QString>("panel");
    QTest::addColumn<QString>("ext");
    QTest::addColumn<QString>("mustContain");
    QTest::newRow("bars svg") << u"meterSharesChart"_s << u"svg"_s << u"share of the pod"_s;
    QTest::newRow("bars pdf") << u"meterSharesChart"_s << u"pdf"_s << QString();
    QTest::newRow("sweep svg") << u"meterSweepChart"_s << u"svg"_s << u"request rate (req/s)"_s;
    QTest::newRow("sweep pdf") << u"meterSweepChart"_s << u"pdf"_s << QString();
}

void TstMeterView::exportsRoundTrip()
{
    QFETCH(QString, panel);
    QFETCH(QString, ext);
    QFETCH(QString, mustContain);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->sweepReady(), 120000);
    UI_FIND(p, ChartPanel, m_view, panel);
    const QString path = m_ctx->path(panel + QLatin1Char('.') + ext);
    QString error;
    QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    if (ext == QLatin1String("svg")) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        QVERIFY2(bytes.contains(mustContain.toUtf8()), qPrintable(mustContain));
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.contains("/Type /Page") || bytes.contains("/Type/Page"));
    }
}

void TstMeterView::barSeriesContent()
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

void TstMeterView::hoverShowsExactShareAndAmount()
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

void TstMeterView::legendTogglesAMeter()
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

void TstMeterView::sweepLinesZoomAndReset()
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

void TstMeterView::tenantBarDrillsToItsRows_data()
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

void TstMeterView::tenantBarDrillsToItsRows()
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

void TstMeterView::drillFilterSelectsTheTenantsRequests()
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

QTEST_MAIN(TstMeterView)
#include "tst_meterview.moc"
