// The Trends view's "this period vs previous" on a small hand-made ledger (July and August),
// against hand-computed values under QAbstractItemModelTester: the month and a custom period's
// comparison, and the partial batch marked over its window.
#include "uitestsupport.h"

#include "adapters/import/importer.h"
#include "core/analysis/analysisrequest.h"
#include "core/timeutil.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/mainwindow.h"
#include "ui/models/roles.h"
#include "ui/models/trendcomparisonmodel.h"
#include "ui/translations.h"
#include "ui/views/trendsview.h"
#include "ui/widgets/tablepanel.h"

#include <QAbstractItemModelTester>
#include <QAbstractProxyModel>
#include <QChart>
#include <QLabel>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

namespace {

QByteArray spendRow(const char *id, const char *spend, const char *start, const char *team)
{
    return test::liteLlmSpendRow(id, spend, start, team);
}

} // namespace

class TstTrendsComparison final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void comparisonOnASmallLedger();

private:
    std::unique_ptr<test::TestContext> m_ctx;
    Translations m_translations; ///< English with its plurals, as the app runs
};

void TstTrendsComparison::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_translations.setLanguage(u"en"_s));
}

void TstTrendsComparison::comparisonOnASmallLedger()
{
    // July and August: search grows, ads halves, web is new, data stops; some spend has no
    // team. Hand-computed August against July below. August's file declares two pages of which
    // it holds one: a partial batch.
    const QByteArray july = "{\"data\":[" + spendRow("j1", "60", "2026-07-03T10:00:00Z", "search") +
                            "," + spendRow("j2", "40", "2026-07-04T10:00:00Z", "search") + "," +
                            spendRow("j3", "50.5", "2026-07-09T10:00:00Z", "ads") + "," +
                            spendRow("j4", "20", "2026-07-30T10:00:00Z", "data") + "," +
                            spendRow("j5", "10", "2026-07-31T10:00:00Z", "") + "]}";
    const QByteArray august = "{\"total\":8,\"page\":1,\"total_pages\":2,\"data\":[" +
                              spendRow("a1", "150", "2026-08-01T10:00:00Z", "search") + "," +
                              spendRow("a2", "25.25", "2026-08-02T10:00:00Z", "ads") + "," +
                              spendRow("a3", "25.25", "2026-08-05T10:00:00Z", "web") + "," +
                              spendRow("a4", "12.5", "2026-08-31T10:00:00Z", "") + "]}";
    const QString path = m_ctx->path(u"two-months.unalloc"_s);
    {
        auto store = core::LedgerStore::create(path.toStdString());
        QVERIFY(store);
        std::vector<adapters::ImportInput> inputs{
            {"july.json", std::string_view(july.constData(), size_t(july.size()))},
            {"august.json", std::string_view(august.constData(), size_t(august.size()))}};
        auto report = adapters::importInputs(**store, inputs);
        QVERIFY2(report, report ? "" : report.error().message().c_str());
    }
    MainWindow window(&m_ctx->app);
    window.resize(1200, 800);
    window.show();
    auto *view = qobject_cast<TrendsView *>(window.view(u"trends"_s));
    UI_REQUIRE(view, "the trends view of the hand-made ledger");
    QSignalSpy ready(window.analysis(), &AnalysisController::snapshotReady);
    QVERIFY(window.openLedger(path));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1, 20000);
    QVERIFY(window.showView(u"trends"_s));
    QTRY_VERIFY_WITH_TIMEOUT(view->isSettled() && view->trends(), 60000);
    UI_FIND(table, QTableView, view, "trendsComparisonTableView");
    auto *proxy = qobject_cast<QAbstractProxyModel *>(table->model());
    auto *model = proxy ? qobject_cast<TrendComparisonModel *>(proxy->sourceModel()) : nullptr;
    UI_REQUIRE(model, "the TrendComparisonModel");
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // The explorer opens on the latest month, August: compared with July.
    UI_FIND(panel, TablePanel, view, "trendsComparisonTable");
    QCOMPARE(panel->title(), u"August 2026 vs July 2026"_s);
    const QStringList expected[] = {
        {u"search"_s, u"$150.00"_s, u"$100.00"_s, u"+$50.00"_s, u"+50.0\u00a0%"_s},
        {u"ads"_s, u"$25.25"_s, u"$50.50"_s, u"-$25.25"_s, u"-50.0\u00a0%"_s},
        {u"web"_s, u"$25.25"_s, u"$0.00"_s, u"+$25.25"_s, u"—"_s},
        {u"data"_s, u"$0.00"_s, u"$20.00"_s, u"-$20.00"_s, u"-100.0\u00a0%"_s},
        {u"<unallocated>"_s, u"$12.50"_s, u"$10.00"_s, u"+$2.50"_s, u"+25.0\u00a0%"_s},
    };
    QCOMPARE(model->rowCount(), int(std::size(expected)));
    for (int row = 0; row < model->rowCount(); ++row)
        for (int column = 0; column < TrendComparisonModel::ColumnCount; ++column)
            QCOMPARE(model->index(row, column).data().toString(), expected[row][column]);
    QCOMPARE(model->index(3, TrendComparisonModel::Change).data(ExportRole).toString(),
             u"-20.00"_s);
    QCOMPARE(model->index(2, TrendComparisonModel::ChangePct).data(ExportRole).toString(),
             QString());
    QVERIFY(model->index(4, 0).data(AttentionRole).toBool());
    QVERIFY2(panel->subtitle().contains(u"+18.0"_s), qPrintable(panel->subtitle()));
    // The partial August batch is marked over every period of its window, and named on hover.
    const core::TrendsSnapshot &t = *view->trends();
    qsizetype marked = 0;
    for (size_t i = 0; i < t.partial.size(); ++i) {
        if (t.partial[i].empty())
            continue;
        ++marked;
        QVERIFY2(view->periodToolTip(i).contains(u"Partial: batch"_s),
                 qPrintable(view->periodToolTip(i)));
    }
    QCOMPARE(marked, qsizetype(t.periods.size()));
    UI_FIND(bars, QtChartCanvas, view, "trendsBars");
    QScatterSeries *marks = nullptr;
    for (QAbstractSeries *series : bars->chart()->series())
        marks = marks ? marks : qobject_cast<QScatterSeries *>(series);
    QVERIFY(marks);
    QCOMPARE(marks->count(), marked);
    UI_FIND(summary, QLabel, view, "trendsSummary");
    QVERIFY2(summary->text().contains(u"partial batch"_s), qPrintable(summary->text()));
    // A custom ten days compare with the ten days before.
    core::AnalysisRequest tenDays = window.analysis()->request();
    tenDays.fromDay = std::int32_t(core::daysFromCivil(2026, 8, 1));
    tenDays.toDay = std::int32_t(core::daysFromCivil(2026, 8, 11));
    window.analysis()->change(tenDays, u"test"_s);
    QTRY_VERIFY_WITH_TIMEOUT(view->isSettled() && view->snapshot()->request == tenDays, 60000);
    QCOMPARE(panel->title(), u"1 Aug 2026 to 10 Aug 2026 vs 22 Jul 2026 to 31 Jul 2026"_s);
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(model->index(0, TrendComparisonModel::Previous).data().toString(), u"$0.00"_s);
}

QTEST_MAIN(TstTrendsComparison)
#include "tst_trendscomparison.moc"
