// The Feature economics view on the demo ledger and on small hand-made ledgers: its models
// under QAbstractItemModelTester, its figures equal to `unalloc economics --json` on the same
// ledger, the feature-key selector (remembered per ledger), "—" for a feature without
// requests, the break-even inputs re-pricing the curves, and every panel's export.
#include "uitestsupport.h"

#include "adapters/import/importer.h"
#include "core/analysis/analysisrequest.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/mainwindow.h"
#include "ui/models/breakevenmodel.h"
#include "ui/models/economicsmodel.h"
#include "ui/models/economicstrendmodel.h"
#include "ui/models/roles.h"
#include "ui/views/economicsview.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/tablepanel.h"

#include <QAbstractItemModelTester>
#include <QAbstractProxyModel>
#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QProcess>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTableView>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

namespace {

/// The simulator's traffic (9 rates × 300 s) takes a while on a loaded machine.
constexpr int kSimulationTimeoutMs = 240000;

QByteArray runCli(const QStringList &args, int *exit)
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    *exit = p.waitForFinished(120000) ? p.exitCode() : -1;
    return p.readAllStandardOutput();
}

/// A canonical decimal from the CLI's JSON, or a sentinel no figure has.
QString jsonText(const QJsonValue &v)
{
    return v.isNull() ? QStringLiteral("null") : v.toString();
}

/// A model cell as the CLI writes it: the export text, "null" for "—".
QString modelText(const QAbstractItemModel &m, int row, int column, int places)
{
    const QModelIndex i = m.index(row, column);
    if (i.data().toString() == EconomicsModel::none())
        return QStringLiteral("null");
    const auto d = i.data(RawRole).value<core::Decimal>();
    return QString::fromStdString(d.toFixed(places));
}

QString decimalText(const QAbstractItemModel &m, int row, int column)
{
    return QString::fromStdString(
        m.index(row, column).data(RawRole).value<core::Decimal>().toString());
}

/// An OpenCost month with one vector database labelled feature=search (infra only) and one
/// LiteLLM call carrying feature=chat: the hand-made ledger of the "—" case.
const char *kInfraOnly = R"({"code":200,"data":[{"vdb":{"name":"search/vdb",
 "start":"2026-08-01T00:00:00Z","end":"2026-09-01T00:00:00Z",
 "properties":{"namespace":"search","labels":{"feature":"search","team":"search"}},
 "totalCost":120.5}}]})";
const char *kOneCall = R"({"data":[{"request_id":"r1","spend":"0.25","model":"gpt-4o",
 "custom_llm_provider":"openai","startTime":"2026-08-02T10:00:00Z",
 "endTime":"2026-08-02T10:00:01Z","request_tags":["feature:chat"],"team_id":"web"}]})";

} // namespace

class TstEconomicsView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void demoShowsTheInvisibleShare();
    void figuresEqualTheCli_data();
    void figuresEqualTheCli();
    void featureKeyIsRememberedPerLedger();
    void featureWithoutRequestsShowsDash();
    void breakevenInputsChangeTheCurve();
    void exportsRoundTrip_data();
    void exportsRoundTrip();

private:
    template<class Model> Model *sourceModel(QWidget *view, const char *tableView) const;
    EconomicsView *openEconomics(MainWindow &window, const QString &ledger);
    void chooseKey(EconomicsView *view, const QString &key);

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
    EconomicsView *m_view = nullptr;
    QString m_ledger;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

template<class Model>
Model *TstEconomicsView::sourceModel(QWidget *view, const char *tableView) const
{
    auto *table = test::findNamed<QTableView>(view, tableView);
    auto *proxy = table ? qobject_cast<QAbstractProxyModel *>(table->model()) : nullptr;
    return proxy ? qobject_cast<Model *>(proxy->sourceModel()) : nullptr;
}

EconomicsView *TstEconomicsView::openEconomics(MainWindow &window, const QString &ledger)
{
    QSignalSpy ready(window.analysis(), &AnalysisController::snapshotReady);
    if (!window.openLedger(ledger))
        return nullptr;
    if (!QTest::qWaitFor([&] { return ready.count() >= 1; }, 20000))
        return nullptr;
    if (!window.showView(QStringLiteral("economics")))
        return nullptr;
    auto *view = qobject_cast<EconomicsView *>(window.view(QStringLiteral("economics")));
    if (view && !QTest::qWaitFor([&] { return view->economics() != nullptr; }, 20000))
        return nullptr;
    return view;
}

void TstEconomicsView::chooseKey(EconomicsView *view, const QString &key)
{
    auto *combo = test::findNamed<QComboBox>(view, "featureKeyCombo");
    QVERIFY2(combo, "no QComboBox named 'featureKeyCombo'");
    combo->setEditText(key);
    emit combo->lineEdit()->editingFinished();
}

void TstEconomicsView::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_ledger = m_ctx->path(QStringLiteral("demo.unalloc"));
    {
        auto store = createDemoLedger(m_ledger, test::demoDir());
        QVERIFY2(store, store ? "" : store.error().message().c_str());
        // June and July of the demo's features (tests/tools/gendemoeconomics.py): the
        // month-over-month line has three months.
        std::vector<QByteArray> bytes;
        std::vector<adapters::ImportInput> inputs;
        for (const char *name : {"history_opencost.json", "history_litellm.json"}) {
            QFile file(QStringLiteral(UNALLOC_TEST_DATA "/economics/") + QLatin1String(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            bytes.push_back(file.readAll());
        }
        for (size_t i = 0; i < bytes.size(); ++i)
            inputs.push_back({i == 0 ? "history_opencost.json" : "history_litellm.json",
                              std::string_view(bytes[i].constData(), size_t(bytes[i].size()))});
        auto report = adapters::importInputs(**store, inputs);
        QVERIFY2(report, report ? "" : report.error().message().c_str());
    }
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->resize(1440, 900);
    m_window->show();
    auto *view = qobject_cast<EconomicsView *>(m_window->view(QStringLiteral("economics")));
    UI_REQUIRE(view, "the economics view");
    using Mode = QAbstractItemModelTester::FailureReportingMode;
    for (const char *table : {"economicsTableView", "economicsTrendTableView", "breakevenTableView",
                              "podStandingTableView"}) {
        auto *t = test::findNamed<QTableView>(view, table);
        auto *proxy = t ? qobject_cast<QAbstractProxyModel *>(t->model()) : nullptr;
        QVERIFY2(proxy && proxy->sourceModel(), table);
        m_testers.push_back(
            std::make_unique<QAbstractItemModelTester>(proxy->sourceModel(), Mode::QtTest));
    }
    m_view = openEconomics(*m_window, m_ledger);
    UI_REQUIRE(m_view, "the economics view with a report");
}

void TstEconomicsView::cleanupTestCase()
{
    m_testers.clear();
    m_window.reset();
    m_ctx.reset();
}

void TstEconomicsView::demoShowsTheInvisibleShare()
{
    // resources/demo-economics/SOURCE.md: search-index's vector database and embedding job
    // ($440.324) next to its embedding calls ($660.486) in August.
    const core::EconomicsReport &r = m_view->economics()->report;
    QCOMPARE(r.dimension, std::string("feature"));
    auto *table = sourceModel<EconomicsModel>(m_view, "economicsTableView");
    UI_REQUIRE(table, "the EconomicsModel");
    int row = -1;
    for (int i = 0; i < table->rowCount(); ++i)
        if (table->index(i, EconomicsModel::Feature).data().toString() == u"search-index")
            row = i;
    QVERIFY(row >= 0);
    QCOMPARE(table->index(row, EconomicsModel::Infra).data(RawRole).value<core::Decimal>(),
             core::Decimal::parse("440.324").value());
    QCOMPARE(table->index(row, EconomicsModel::Invisible).data().toString(),
             QStringLiteral("40.0\u00a0%"));
    UI_FIND(invisible, FigureCard, m_view, "figureInvisible");
    QVERIFY(!invisible->value().isEmpty() && invisible->value() != EconomicsModel::none());
    // Picking the feature's row in the table selects its month-over-month line, which spans
    // June to August (every month, not only the period's).
    UI_FIND(features, QComboBox, m_view, "featureCombo");
    UI_FIND(tableView, QTableView, m_view, "economicsTableView");
    QModelIndex shown;
    for (int i = 0; i < tableView->model()->rowCount(); ++i)
        if (tableView->model()->index(i, 0).data().toString() == u"search-index")
            shown = tableView->model()->index(i, 0);
    QVERIFY(shown.isValid());
    QVERIFY(features->currentData().toString() != u"search-index");
    tableView->setCurrentIndex(shown);
    QCOMPARE(features->currentData().toString(), u"search-index");
    auto *trend = sourceModel<EconomicsTrendModel>(m_view, "economicsTrendTableView");
    UI_REQUIRE(trend, "the EconomicsTrendModel");
    QCOMPARE(trend->rowCount(), 3);
    QCOMPARE(trend->index(0, EconomicsTrendModel::Month).data().toString(), u"2026-06");
    UI_FIND(trendCanvas, QtChartCanvas, m_view, "economicsTrend");
    const auto series = trendCanvas->chart()->series();
    QVERIFY(!series.isEmpty());
    QCOMPARE(qobject_cast<QLineSeries *>(series.front())->count(), 3);
}

void TstEconomicsView::figuresEqualTheCli_data()
{
    QTest::addColumn<QString>("key");
    QTest::newRow("feature key") << QStringLiteral("feature");
    QTest::newRow("team as the feature key") << QStringLiteral("team");
}

void TstEconomicsView::figuresEqualTheCli()
{
    QFETCH(QString, key);
    chooseKey(m_view, key);
    QTRY_COMPARE(QString::fromStdString(m_view->economics()->report.dimension), key);
    const core::EconomicsOptions &o = m_view->economics()->options;
    QVERIFY(o.fromDay && o.toDay); // the explorer opens on the latest month
    int exit = -1;
    const QByteArray out =
        runCli({QStringLiteral("economics"), QStringLiteral("--ledger"), m_ledger,
                QStringLiteral("-D"), key, QStringLiteral("--from"),
                QString::fromStdString(core::dayText(*o.fromDay)), QStringLiteral("--to"),
                QString::fromStdString(core::dayText(*o.toDay)), QStringLiteral("--json")},
               &exit);
    QCOMPARE(exit, 0);
    const QJsonObject doc = QJsonDocument::fromJson(out).object();
    QVERIFY(!doc.isEmpty());
    QJsonArray lines = doc.value(QStringLiteral("features")).toArray();
    lines.append(doc.value(QStringLiteral("unattributed")));
    auto *table = sourceModel<EconomicsModel>(m_view, "economicsTableView");
    UI_REQUIRE(table, "the EconomicsModel");
    QCOMPARE(table->rowCount(), int(lines.size()));
    QVERIFY(table->rowCount() >= 3);
    for (int r = 0; r < table->rowCount(); ++r) {
        const QJsonObject l = lines.at(r).toObject();
        const QString what = l.value(QStringLiteral("feature")).toString();
        QCOMPARE(table->index(r, EconomicsModel::Feature).data(RawRole).toString(),
                 r + 1 == table->rowCount() ? QStringLiteral("unattributed") : what);
        QCOMPARE(table->index(r, EconomicsModel::Requests).data(RawRole).toLongLong(),
                 l.value(QStringLiteral("requests")).toInteger());
        QCOMPARE(decimalText(*table, r, EconomicsModel::Api), jsonText(l.value(u"api_usd")));
        QCOMPARE(decimalText(*table, r, EconomicsModel::Infra), jsonText(l.value(u"infra_usd")));
        QCOMPARE(decimalText(*table, r, EconomicsModel::Total), jsonText(l.value(u"total_usd")));
        QCOMPARE(modelText(*table, r, EconomicsModel::TotalPerK, 4),
                 jsonText(l.value(u"per_1k_usd")));
        QCOMPARE(modelText(*table, r, EconomicsModel::ApiPerK, 4),
                 jsonText(l.value(u"api_per_1k_usd")));
        QCOMPARE(modelText(*table, r, EconomicsModel::Invisible, 1),
                 jsonText(l.value(u"invisible_pct")));
    }
    chooseKey(m_view, QStringLiteral("feature"));
    QTRY_COMPARE(m_view->economics()->report.dimension, std::string("feature"));
}

void TstEconomicsView::featureKeyIsRememberedPerLedger()
{
    chooseKey(m_view, QStringLiteral("Team")); // canonicalised like the CLI's -D
    QTRY_COMPARE(m_view->featureKey(), std::string("team"));
    QTRY_COMPARE(m_view->economics()->report.dimension, std::string("team"));
    auto *table = sourceModel<EconomicsModel>(m_view, "economicsTableView");
    UI_REQUIRE(table, "the EconomicsModel");
    QCOMPARE(table->index(0, EconomicsModel::Feature).data().toString(), u"platform");
    {
        // The same ledger in a new window: the key it was left with.
        MainWindow again(&m_ctx->app);
        again.show();
        EconomicsView *view = openEconomics(again, m_ledger);
        UI_REQUIRE(view, "the economics view of the second window");
        QCOMPARE(view->featureKey(), std::string("team"));
        UI_FIND(combo, QComboBox, view, "featureKeyCombo");
        QCOMPARE(combo->currentText(), u"team");
        // Another ledger has its own: the default.
        const QString other = m_ctx->path(QStringLiteral("other.unalloc"));
        QVERIFY(createDemoLedger(other, test::demoDir()));
        view = openEconomics(again, other);
        UI_REQUIRE(view, "the economics view of the other ledger");
        QCOMPARE(view->featureKey(), std::string("feature"));
    }
    chooseKey(m_view, QStringLiteral("feature"));
    QTRY_COMPARE(m_view->economics()->report.dimension, std::string("feature"));
}

void TstEconomicsView::featureWithoutRequestsShowsDash()
{
    const QString path = m_ctx->path(QStringLiteral("infra-only.unalloc"));
    {
        auto store = core::LedgerStore::create(path.toStdString());
        QVERIFY(store);
        std::vector<adapters::ImportInput> inputs{{"opencost.json", kInfraOnly},
                                                  {"litellm.json", kOneCall}};
        auto report = adapters::importInputs(**store, inputs);
        QVERIFY2(report, report ? "" : report.error().message().c_str());
    }
    MainWindow window(&m_ctx->app);
    window.show();
    EconomicsView *view = openEconomics(window, path);
    UI_REQUIRE(view, "the economics view of the hand-made ledger");
    auto *table = sourceModel<EconomicsModel>(view, "economicsTableView");
    UI_REQUIRE(table, "the EconomicsModel");
    QCOMPARE(table->rowCount(), 2); // search (infra only, $120.50) first, then chat ($0.25)
    QCOMPARE(table->index(0, EconomicsModel::Feature).data().toString(), u"search");
    QCOMPARE(table->index(0, EconomicsModel::Requests).data().toString(), u"0");
    for (int c : {EconomicsModel::ApiPerK, EconomicsModel::InfraPerK, EconomicsModel::TotalPerK})
        QCOMPARE(table->index(0, c).data().toString(), EconomicsModel::none());
    QCOMPARE(table->index(0, EconomicsModel::TotalPerK).data(ExportRole).toString(), QString());
    QCOMPARE(table->index(0, EconomicsModel::Invisible).data().toString(), u"100.0\u00a0%");
    QCOMPARE(table->index(1, EconomicsModel::TotalPerK).data().toString(), u"$250.0000");
    QCOMPARE(table->index(1, EconomicsModel::Invisible).data().toString(), u"0.0\u00a0%");
}

void TstEconomicsView::breakevenInputsChangeTheCurve()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_view->breakeven() != nullptr && m_view->podsReady(),
                             kSimulationTimeoutMs);
    const core::BreakevenSnapshot before = *m_view->breakeven();
    QCOMPARE(before.tiers.size(), size_t(2));
    // The paper's answers (studies.md U3) with the defaults, within tst_breakeven's stated
    // tolerance: ±10 % of 1.673 req/s (small), ±25 % of 0.232 req/s (mid).
    QVERIFY(before.tiers[0].breakevenRps);
    QVERIFY(std::abs(*before.tiers[0].breakevenRps - 1.673) <= 0.1 * 1.673);
    QVERIFY(before.tiers[1].breakevenRps);
    QVERIFY(std::abs(*before.tiers[1].breakevenRps - 0.232) <= 0.25 * 0.232);
    QCOMPARE(before.pods.size(), size_t(1)); // the demo pod, placed on both curves
    UI_FIND(canvas, QtChartCanvas, m_view, "breakevenCurves");
    auto curve = [&](const QString &tier) -> QList<QPointF> {
        for (QAbstractSeries *s : canvas->chart()->series()) {
            auto *line = qobject_cast<QLineSeries *>(s);
            if (line && line->type() == QAbstractSeries::SeriesTypeLine &&
                line->name().startsWith(tier))
                return line->points();
        }
        return {};
    };
    const QList<QPointF> mid = curve(QStringLiteral("mid"));
    QCOMPARE(mid.size(), 9);
    int pods = 0;
    for (QAbstractSeries *s : canvas->chart()->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(s);
            scatter && scatter->name().startsWith(QStringLiteral("Pods")))
            pods += scatter->count();
    QCOMPARE(pods, 2);

    // A GPU twice as dear doubles every ratio; the crossing moves to a higher rate.
    UI_FIND(gpu, QLineEdit, m_view, "gpuHourlyEdit");
    gpu->setText(QStringLiteral("6"));
    emit gpu->editingFinished();
    QCOMPARE(m_view->breakeven()->gpuHourly, core::Decimal::fromInt(6));
    const QList<QPointF> dearer = curve(QStringLiteral("mid"));
    QCOMPARE(dearer.size(), mid.size());
    for (int i = 0; i < mid.size(); ++i)
        QVERIFY(std::abs(dearer[i].y() - 2 * mid[i].y()) < 1e-9 * mid[i].y());
    QVERIFY(*m_view->breakeven()->tiers[1].breakevenRps > *before.tiers[1].breakevenRps);

    // A cheaper mid tier output price lowers its API cost: its ratios rise.
    UI_FIND(output, QLineEdit, m_view, "tierOutput_mid");
    output->setText(QStringLiteral("2.50"));
    emit output->editingFinished();
    QCOMPARE(m_view->breakeven()->tiers[1].tier.output, core::Decimal::parse("2.50").value());
    QVERIFY(curve(QStringLiteral("mid")).front().y() > dearer.front().y());
    // Text that is no price leaves the curves as they were and says why.
    gpu->setText(QStringLiteral("three"));
    emit gpu->editingFinished();
    UI_FIND(message, QLabel, m_view, "breakevenMessage");
    QVERIFY(message->text().contains(QStringLiteral("GPU")));
    QCOMPARE(m_view->breakeven()->gpuHourly, core::Decimal::fromInt(6));
    gpu->setText(QStringLiteral("3"));
    emit gpu->editingFinished();
    output->setText(QStringLiteral("5.00"));
    emit output->editingFinished();
    QCOMPARE(m_view->breakeven()->tiers[1].breakevenRps, before.tiers[1].breakevenRps);
}

void TstEconomicsView::exportsRoundTrip_data()
{
    QTest::addColumn<QString>("panel");
    QTest::addColumn<QString>("ext");
    QTest::addColumn<QString>("mustContain");
    for (const char *ext : {"png", "svg", "pdf"}) {
        QTest::addRow("bars.%s", ext) << "economicsBarsChart" << ext << "search-index";
        QTest::addRow("trend.%s", ext) << "economicsTrendChart" << ext << "Total per 1k";
        QTest::addRow("breakeven.%s", ext) << "breakevenChart" << ext << "Pods vs mid";
    }
    QTest::addRow("table.csv") << "economicsTable"
                               << "csv"
                               << "search-index";
    QTest::addRow("trend table.csv") << "economicsTrendTable"
                                     << "csv"
                                     << "2026-08";
    QTest::addRow("tiers.csv") << "breakevenTable"
                               << "csv"
                               << "mid";
    QTest::addRow("pods.csv") << "podStandingTable"
                              << "csv"
                              << "vllm-llama-3.1-8b";
}

void TstEconomicsView::exportsRoundTrip()
{
    QFETCH(QString, panel);
    QFETCH(QString, ext);
    QFETCH(QString, mustContain);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->breakeven() != nullptr && m_view->podsReady(),
                             kSimulationTimeoutMs);
    const QString path = m_ctx->path(panel + QLatin1Char('.') + ext);
    QString error;
    if (ext == QLatin1String("csv")) {
        UI_FIND(p, TablePanel, m_view, panel);
        QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    } else {
        UI_FIND(p, ChartPanel, m_view, panel);
        QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    // A CSV holds the table only (header row first); its caption sits in NAME-caption.txt.
    QVERIFY(bytes.size() > (ext == QLatin1String("csv") ? 40 : 200));
    if (ext == QLatin1String("png")) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QVERIFY(image.width() >= 320);
    } else if (ext == QLatin1String("svg")) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        // The chart itself is in the drawing, not only its caption.
        QVERIFY2(bytes.contains(mustContain.toUtf8()), qPrintable(mustContain));
    } else if (ext == QLatin1String("pdf")) {
        QVERIFY(bytes.startsWith("%PDF-"));
    } else {
        QFile caption(m_ctx->path(panel + QStringLiteral("-caption.txt")));
        QVERIFY(caption.open(QIODevice::ReadOnly));
        QVERIFY(caption.readAll().contains("sha256:"));
        QVERIFY(!bytes.startsWith("#"));
        QVERIFY2(bytes.contains(mustContain.toUtf8()), qPrintable(mustContain));
    }
}

QTEST_MAIN(TstEconomicsView)
#include "tst_economicsview.moc"
