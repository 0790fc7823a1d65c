// The Trends view on the demo ledger: each period's figures and their sum equal
// `unalloc report --by STEP --json` on the same ledger and options, the chart series (stacked
// owners with <unallocated> last and hatched, U and F lines, partial-batch marks), the step
// selector, the legend toggle and the hover text, and every panel's export. "This period vs
// previous" on a hand-made ledger is in tst_trendscomparison.
#include "chartclick.h"
#include "uitestsupport.h"

#include "adapters/import/importer.h"
#include "core/analysis/analysisrequest.h"
#include "core/timeutil.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/models/roles.h"
#include "ui/models/trendcomparisonmodel.h"
#include "ui/translations.h"
#include "ui/views/trendsview.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QAbstractItemModelTester>
#include <QAbstractProxyModel>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QProcess>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QSvgRenderer>
#include <QTableView>
#include <QTest>
#include <QToolTip>

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

namespace {

QByteArray runCli(const QStringList &args, int *exit)
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    *exit = p.waitForFinished(120000) ? p.exitCode() : -1;
    return p.readAllStandardOutput();
}

QString text(const core::Decimal &d)
{
    return QString::fromStdString(d.toString());
}

/// `unalloc report` arguments for the same slice as `r` (what the explorer's status bar shows).
QStringList reportArgs(const core::AnalysisRequest &r, const QString &ledger)
{
    QStringList args{u"report"_s, u"--ledger"_s, ledger};
    if (r.fromDay)
        args << u"--from"_s << QString::fromStdString(core::dayText(*r.fromDay));
    if (r.toDay)
        args << u"--to"_s << QString::fromStdString(core::dayText(*r.toDay));
    for (const std::string &s : r.sources)
        args << u"--source"_s << QString::fromStdString(s);
    args << u"--dimension"_s << QString::fromStdString(r.ownerKey);
    for (const std::string &f : r.fallbacks)
        args << u"--fallback"_s << QString::fromStdString(f);
    if (r.dedupe)
        args << u"--dedupe"_s;
    if (r.currency)
        args << u"--currency"_s << QString::fromStdString(r.currency->code());
    return args;
}

} // namespace

class TstTrendsView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void periodsEqualTheCli_data();
    void periodsEqualTheCli();
    void seriesContent();
    void stepSwitch_data();
    void stepSwitch();
    void legendTogglesASeries();
    void hoverShowsAmountShareAndRows();
    void exportsRoundTrip_data();
    void exportsRoundTrip();

private:
    /// Applies `request` and `step` and waits until the view shows their figures.
    bool showTrends(const core::AnalysisRequest &request, core::TrendStep step);

    std::unique_ptr<test::TestContext> m_ctx;
    Translations m_translations; ///< English with its plurals ("65 rows"), as the app runs
    std::unique_ptr<MainWindow> m_window;
    TrendsView *m_view = nullptr;
    QString m_ledger;
    core::AnalysisRequest m_initial;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

bool TstTrendsView::showTrends(const core::AnalysisRequest &request, core::TrendStep step)
{
    m_window->analysis()->change(request, u"test"_s);
    auto *combo = test::findNamed<QComboBox>(m_view, "trendsStepCombo");
    if (!combo)
        return false;
    combo->setCurrentIndex(combo->findData(QLatin1String(core::toString(step))));
    return QTest::qWaitFor(
        [&] {
            return m_view->isSettled() && m_view->snapshot()->request == request &&
                   m_view->trends() && m_view->trends()->step == step;
        },
        60000);
}

void TstTrendsView::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_translations.setLanguage(u"en"_s));
    m_ledger = m_ctx->path(u"demo.unalloc"_s);
    {
        auto store = createDemoLedger(m_ledger, test::demoDir());
        QVERIFY2(store, store ? "" : store.error().message().c_str());
    }
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->resize(1440, 900);
    m_window->show();
    m_view = qobject_cast<TrendsView *>(m_window->view(u"trends"_s));
    UI_REQUIRE(m_view, "the trends view");
    UI_FIND(table, QTableView, m_view, "trendsComparisonTableView");
    auto *proxy = qobject_cast<QAbstractProxyModel *>(table->model());
    QVERIFY(proxy && proxy->sourceModel());
    m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
        proxy->sourceModel(), QAbstractItemModelTester::FailureReportingMode::QtTest));
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openLedger(m_ledger));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1, 20000);
    QVERIFY(m_window->showView(u"trends"_s));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->isSettled() && m_view->trends(), 60000);
    m_initial = m_window->analysis()->request();
}

void TstTrendsView::cleanupTestCase()
{
    m_testers.clear();
    m_window.reset();
    m_ctx.reset();
}

void TstTrendsView::periodsEqualTheCli_data()
{
    QTest::addColumn<QString>("step");
    QTest::addColumn<QStringList>("fallbacks");
    QTest::addColumn<bool>("dedupe");
    QTest::addColumn<bool>("wholeLedger");
    QTest::addColumn<QStringList>("sources"); // empty = every source
    QTest::newRow("days of the latest month")
        << u"day"_s << QStringList() << false << false << QStringList();
    QTest::newRow("weeks, fallback project")
        << u"week"_s << QStringList{u"project"_s} << false << false << QStringList();
    QTest::newRow("days, de-duplicated")
        << u"day"_s << QStringList() << true << false << QStringList();
    QTest::newRow("days of two sources, fallback namespace")
        << u"day"_s << QStringList{u"namespace"_s} << false << false
        << QStringList{u"litellm"_s, u"opencost"_s};
    QTest::newRow("months of the whole ledger, two fallbacks")
        << u"month"_s << QStringList{u"project"_s, u"workspace"_s} << false << true
        << QStringList();
}

void TstTrendsView::periodsEqualTheCli()
{
    QFETCH(QString, step);
    QFETCH(QStringList, fallbacks);
    QFETCH(bool, dedupe);
    QFETCH(bool, wholeLedger);
    QFETCH(QStringList, sources);
    std::vector<std::string> keys;
    for (const QString &f : fallbacks)
        keys.push_back(f.toStdString());
    core::AnalysisRequest request = m_initial.withKeys(m_initial.ownerKey, keys);
    request.dedupe = dedupe;
    for (const QString &source : sources)
        request.sources.insert(source.toStdString());
    if (wholeLedger) {
        request.fromDay.reset();
        request.toDay.reset();
    }
    const auto trendStep = core::parseTrendStep(step.toStdString());
    QVERIFY(trendStep);
    QVERIFY(showTrends(request, *trendStep));
    const core::TrendsSnapshot &t = *m_view->trends();

    int exit = -1;
    const QByteArray out =
        runCli(reportArgs(request, m_ledger) << u"--by"_s << step << u"--json"_s, &exit);
    QCOMPARE(exit, 0);
    const QJsonObject doc = QJsonDocument::fromJson(out).object();
    const QJsonArray periods = doc.value(u"periods"_s).toArray();
    QVERIFY(periods.size() >= (wholeLedger ? 1 : 4));
    QCOMPARE(qsizetype(t.periods.size()), periods.size());
    core::Decimal sum, unallocated, fallback;
    std::int64_t rows = 0;
    for (qsizetype i = 0; i < periods.size(); ++i) {
        const QJsonObject p = periods[i].toObject();
        const size_t at = size_t(i);
        QCOMPARE(QString::fromStdString(t.labels[at]), p.value(u"period"_s).toString());
        // The period's stack (what the bars draw) adds up to the CLI's total, exactly.
        core::Decimal stacked;
        for (const core::TrendSeries &s : t.series)
            stacked += s.amounts[at];
        QCOMPARE(text(stacked), p.value(u"total_usd"_s).toString());
        const core::AttributionReport &r = t.periods[at].report;
        QCOMPARE(text(r.unallocated), p.value(u"unallocated_usd"_s).toString());
        QCOMPARE(text(r.fallbackTotal), p.value(u"fallback_usd"_s).toString());
        QCOMPARE(qint64(r.rowCount), p.value(u"row_count"_s).toInteger());
        // Every owner the chart names has the CLI's amount in that period.
        const QJsonArray owners = p.value(u"owners"_s).toArray();
        for (const core::TrendSeries &s : t.series) {
            if (s.kind == core::TrendSeries::Kind::Others)
                continue;
            QString expected = u"0.00"_s;
            for (const QJsonValue &o : owners)
                if (o.toObject().value(u"key"_s).toString() == QString::fromStdString(s.key))
                    expected = o.toObject().value(u"amount_usd"_s).toString();
            QCOMPARE(text(s.amounts[at]), expected);
        }
        sum += stacked;
        unallocated += r.unallocated;
        fallback += r.fallbackTotal;
        rows += r.rowCount;
    }
    // Summed over the periods: the CLI's report of the whole slice.
    QCOMPARE(text(sum), doc.value(u"total_usd"_s).toString());
    QCOMPARE(text(unallocated), doc.value(u"unallocated_usd"_s).toString());
    QCOMPARE(text(fallback), doc.value(u"fallback_usd"_s).toString());
    qint64 cliRows = 0;
    for (const QJsonValue &b : doc.value(u"buckets"_s).toArray())
        cliRows += b.toObject().value(u"row_count"_s).toInteger();
    QCOMPARE(qint64(rows), cliRows);
}

void TstTrendsView::seriesContent()
{
    QVERIFY(showTrends(m_initial, core::TrendStep::Day));
    const core::TrendsSnapshot &t = *m_view->trends();
    UI_FIND(bars, QtChartCanvas, m_view, "trendsBars");
    QStackedBarSeries *stacked = nullptr;
    QScatterSeries *marks = nullptr;
    for (QAbstractSeries *s : bars->chart()->series()) {
        stacked = stacked ? stacked : qobject_cast<QStackedBarSeries *>(s);
        marks = marks ? marks : qobject_cast<QScatterSeries *>(s);
    }
    QVERIFY(stacked && marks);
    const QList<QBarSet *> sets = stacked->barSets();
    QCOMPARE(qsizetype(t.series.size()), sets.size());
    QVERIFY(sets.size() >= 3);
    // <unallocated> is the last set (drawn on top) and hatched like everywhere else.
    QCOMPARE(t.series.back().kind, core::TrendSeries::Kind::Unallocated);
    QCOMPARE(sets.back()->brush().style(), Qt::BDiagPattern);
    QCOMPARE(sets.front()->brush().style(), Qt::SolidPattern);
    QCOMPARE(sets.front()->label(), QString::fromStdString(t.series.front().key));
    for (qsizetype s = 0; s < sets.size(); ++s) {
        QCOMPARE(sets[s]->count(), qsizetype(t.periods.size()));
        for (qsizetype i = 0; i < sets[s]->count(); ++i)
            QCOMPARE(sets[s]->at(i), t.series[size_t(s)].amounts[size_t(i)].toDouble());
    }
    // The owners are ordered by their total, largest at the bottom of the stack.
    for (size_t s = 1; s + 1 < t.series.size(); ++s)
        if (t.series[s].kind == core::TrendSeries::Kind::Owner)
            QVERIFY(t.series[s - 1].total >= t.series[s].total);
    // U and F: one point per period with rows, in percent.
    UI_FIND(lines, QtChartCanvas, m_view, "trendsLines");
    QList<QLineSeries *> lineSeries;
    for (QAbstractSeries *s : lines->chart()->series())
        if (auto *l = qobject_cast<QLineSeries *>(s))
            lineSeries << l;
    QCOMPARE(lineSeries.size(), 2);
    qsizetype withRows = 0;
    for (size_t i = 0; i < t.periods.size(); ++i) {
        const core::AttributionReport &r = t.periods[i].report;
        if (r.rowCount == 0)
            continue;
        const QPointF u = lineSeries[0]->at(withRows), f = lineSeries[1]->at(withRows);
        QCOMPARE(u, QPointF(double(i), r.unallocatedPct(1).toDouble()));
        QCOMPARE(f, QPointF(double(i), r.fallbackPct(1).toDouble()));
        ++withRows;
    }
    QCOMPARE(lineSeries[0]->count(), withRows);
    // A mark over each period a partial batch covers, and only there.
    qsizetype partial = 0;
    for (size_t i = 0; i < t.partial.size(); ++i) {
        if (t.partial[i].empty())
            continue;
        QCOMPARE(marks->at(partial).x(), double(i));
        ++partial;
    }
    QCOMPARE(marks->count(), partial);
    // Period labels on the axis: thinned, never more than fit, never overlapping.
    auto *axis = qobject_cast<QCategoryAxis *>(stacked->attachedAxes().front());
    QVERIFY(axis);
    QVERIFY(axis->count() >= 2);
    QVERIFY(axis->count() <= qsizetype(t.periods.size()));
    QVERIFY(bars->chart()
                ->axes(Qt::Vertical)
                .front()
                ->titleText()
                .contains(QString::fromStdString(t.currency.code())));
}

void TstTrendsView::stepSwitch_data()
{
    QTest::addColumn<QString>("step");
    QTest::addColumn<int>("periods"); // the demo's latest month, August 2026
    QTest::addColumn<QString>("firstLabel");
    QTest::newRow("day") << u"day"_s << 31 << u"2026-08-01"_s;
    QTest::newRow("week") << u"week"_s << 6 << u"2026-08-01 .. 2026-08-02"_s;
    QTest::newRow("month") << u"month"_s << 1 << u"2026-08"_s;
}

void TstTrendsView::stepSwitch()
{
    QFETCH(QString, step);
    QFETCH(int, periods);
    QFETCH(QString, firstLabel);
    QCOMPARE(QString::fromStdString(core::dayText(*m_initial.fromDay)), u"2026-08-01"_s);
    UI_FIND(combo, QComboBox, m_view, "trendsStepCombo");
    combo->setCurrentIndex(combo->findData(step));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->isSettled() && m_view->trends() &&
                                 QLatin1String(core::toString(m_view->trends()->step)) == step,
                             60000);
    QCOMPARE(m_view->snapshot()->request, m_initial);
    QCOMPARE(int(m_view->trends()->periods.size()), periods);
    QCOMPARE(QString::fromStdString(m_view->trends()->labels.front()), firstLabel);
    UI_FIND(bars, QtChartCanvas, m_view, "trendsBars");
    for (QAbstractSeries *s : bars->chart()->series())
        if (auto *stacked = qobject_cast<QStackedBarSeries *>(s))
            QCOMPARE(stacked->barSets().front()->count(), qsizetype(periods));
    // Remembered for the next start.
    QCOMPARE(m_ctx->settings.value(keys::trendsStep), step);
}

void TstTrendsView::legendTogglesASeries()
{
    QVERIFY(showTrends(m_initial, core::TrendStep::Day));
    UI_FIND(bars, QtChartCanvas, m_view, "trendsBars");
    const auto stackedSeries = [&]() -> QStackedBarSeries * {
        for (QAbstractSeries *s : bars->chart()->series())
            if (auto *stacked = qobject_cast<QStackedBarSeries *>(s))
                return stacked;
        return nullptr;
    };
    QStackedBarSeries *stacked = stackedSeries();
    QVERIFY(stacked);
    const QList<QLegendMarker *> markers = bars->chart()->legend()->markers(stacked);
    QVERIFY(!markers.isEmpty());
    QVERIFY(!m_view->isSeriesHidden(0));
    test::clickLegend(markers.front()); // what a click on the legend entry sends
    QVERIFY(m_view->isSeriesHidden(0));
    stacked = stackedSeries();
    QVERIFY(stacked);
    for (qsizetype i = 0; i < stacked->barSets().front()->count(); ++i)
        QCOMPARE(stacked->barSets().front()->at(i), 0.0);
    // The entry stays in the legend (faint) so that it can be clicked back.
    const QList<QLegendMarker *> after = bars->chart()->legend()->markers(stacked);
    QTRY_VERIFY(after.front()->isVisible());
    QVERIFY(after.front()->labelBrush().color().alphaF() < 0.5);
    test::clickLegend(after.front());
    QVERIFY(!m_view->isSeriesHidden(0));
    stacked = stackedSeries();
    const core::TrendSeries &first = m_view->trends()->series.front();
    for (qsizetype i = 0; i < stacked->barSets().front()->count(); ++i)
        QCOMPARE(stacked->barSets().front()->at(i), first.amounts[size_t(i)].toDouble());
}

void TstTrendsView::hoverShowsAmountShareAndRows()
{
    QVERIFY(showTrends(m_initial, core::TrendStep::Month));
    const core::TrendsSnapshot &t = *m_view->trends();
    const core::TrendSeries &top = t.series.front();
    const QString tip = m_view->barToolTip(0, 0);
    // The exact amount (every place it has), its share of the month and its rows.
    QVERIFY2(tip.contains(QString::fromStdString(top.key)), qPrintable(tip));
    QVERIFY2(tip.contains(u"August 2026"_s), qPrintable(tip));
    QVERIFY2(tip.contains(fmt::moneyExact(top.amounts[0], t.currency, m_ctx->app.locale)),
             qPrintable(tip));
    QVERIFY2(tip.contains(fmt::percent(t.sharePct(0, 0), m_ctx->app.locale)), qPrintable(tip));
    QVERIFY2(tip.contains(u"%1 rows"_s.arg(m_ctx->app.locale.toString(qint64(top.rows[0])))),
             qPrintable(tip));
    // Hovering the bar shows exactly that text.
    UI_FIND(bars, QtChartCanvas, m_view, "trendsBars");
    QStackedBarSeries *stacked = nullptr;
    for (QAbstractSeries *s : bars->chart()->series())
        stacked = stacked ? stacked : qobject_cast<QStackedBarSeries *>(s);
    QVERIFY(stacked);
    emit stacked->barSets().front()->hovered(true, 0);
    QTRY_COMPARE(QToolTip::text(), tip);
    const QString period = m_view->periodToolTip(0);
    QVERIFY2(
        period.contains(fmt::percent(t.periods[0].report.unallocatedPct(1), m_ctx->app.locale)),
        qPrintable(period));
}

void TstTrendsView::exportsRoundTrip_data()
{
    QTest::addColumn<QString>("panel");
    QTest::addColumn<QString>("ext");
    QTest::addColumn<QString>("mustContain");
    QTest::newRow("bars svg") << u"trendsSpendChart"_s << u"svg"_s << u"USD per day"_s;
    QTest::newRow("bars pdf") << u"trendsSpendChart"_s << u"pdf"_s << QString();
    QTest::newRow("bars png") << u"trendsSpendChart"_s << u"png"_s << QString();
    QTest::newRow("U and F svg") << u"trendsShareChart"_s << u"svg"_s << u"U — unallocated"_s;
    QTest::newRow("comparison csv")
        << u"trendsComparisonTable"_s << u"csv"_s << u"Owner,Amount,Previous,Change,Change %"_s;
}

void TstTrendsView::exportsRoundTrip()
{
    QFETCH(QString, panel);
    QFETCH(QString, ext);
    QFETCH(QString, mustContain);
    QVERIFY(showTrends(m_initial, core::TrendStep::Day));
    const QString path = m_ctx->path(panel + QLatin1Char('.') + ext);
    QString error;
    if (ext == u"csv"_s) {
        UI_FIND(p, TablePanel, m_view, panel);
        QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    } else {
        UI_FIND(p, ChartPanel, m_view, panel);
        QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > (ext == u"csv"_s ? 40 : 200));
    if (ext == u"png"_s) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QVERIFY(image.width() >= 320);
    } else if (ext == u"svg"_s) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        QVERIFY2(bytes.contains(mustContain.toUtf8()), qPrintable(mustContain));
    } else if (ext == u"pdf"_s) {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.contains("/Type /Page") || bytes.contains("/Type/Page"));
    } else {
        // The header row first; the caption beside it in NAME-caption.txt.
        QVERIFY2(bytes.startsWith(mustContain.toUtf8()), bytes.left(80).constData());
        QFile caption(m_ctx->path(panel + u"-caption.txt"_s));
        QVERIFY(caption.open(QIODevice::ReadOnly));
        QVERIFY(caption.readAll().contains("sha256:"));
    }
}

QTEST_MAIN(TstTrendsView)
#include "tst_trendsview.moc"
