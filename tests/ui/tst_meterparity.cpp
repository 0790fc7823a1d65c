// `unalloc meters --json` and the Meter comparison view split the demo pod identically: the
// CLI's requests, shares, amounts and largest gap are compared exactly with the view's
// MeterShareModel, under both overhead policies, and also when the pod's window holds
// requests of another model (tests/data/meters/other_model_telemetry.json), which only the
// pod's own model may be split by. A ledger that is not the demo (tests/data/meters/cluster:
// OpenCost, LiteLLM and an Anthropic bill whose Claude line names a model the gateway served)
// offers only its OpenCost pod, and the view and the CLI agree on it too.
#include "uitestsupport.h"

#include "ui/mainwindow.h"
#include "ui/models/metersharemodel.h"
#include "ui/models/roles.h"
#include "ui/views/meterview.h"

#include <QAbstractProxyModel>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

namespace {

struct Run
{
    int exit = -1;
    QByteArray out, err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exit = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

core::Decimal decimal(const QJsonValue &v)
{
    auto d = core::Decimal::parse(v.toString().toStdString());
    return d ? *d : core::Decimal::fromInt(-999'999); // no share or amount is this
}

core::Decimal raw(const QAbstractItemModel &model, int row, int column)
{
    return model.index(row, column).data(RawRole).value<core::Decimal>();
}

} // namespace

class TstMeterParity final : public QObject
{
    Q_OBJECT

private slots:
    void cliMatchesView_data();
    void cliMatchesView();
};

void TstMeterParity::cliMatchesView_data()
{
    QTest::addColumn<QString>("extra"); // a file imported into the demo ledger, or none
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("pod");
    const QString other = QStringLiteral(UNALLOC_TEST_DATA "/meters/other_model_telemetry.json");
    const QString demoPod = QStringLiteral("inference/vllm-llama-3.1-8b");
    QTest::newRow("demo, overhead kept") << QString() << QStringLiteral("keep") << demoPod;
    QTest::newRow("demo, overhead redistributed")
        << QString() << QStringLiteral("redistribute") << demoPod;
    QTest::newRow("another model in the window, kept")
        << other << QStringLiteral("keep") << demoPod;
    QTest::newRow("another model in the window, redistributed")
        << other << QStringLiteral("redistribute") << demoPod;
    const QString cluster = QStringLiteral(UNALLOC_TEST_DATA "/meters/cluster");
    const QString clusterPod = QStringLiteral("ml/vllm-qwen-7b");
    QTest::newRow("cluster ledger, kept") << cluster << QStringLiteral("keep") << clusterPod;
    QTest::newRow("cluster ledger, redistributed")
        << cluster << QStringLiteral("redistribute") << clusterPod;
}

void TstMeterParity::cliMatchesView()
{
    QFETCH(QString, extra);
    QFETCH(QString, policy);
    QFETCH(QString, pod);
    test::TestContext ctx;
    const QString ledger = ctx.path(QStringLiteral("meters.unalloc"));
    const bool demo = !QFileInfo(extra).isDir();
    if (demo) {
        auto store = createDemoLedger(ledger, test::demoDir());
        QVERIFY2(store, store ? "" : store.error().message().c_str());
    }
    if (!extra.isEmpty()) {
        QStringList args{QStringLiteral("import"), QStringLiteral("--ledger"), ledger};
        if (demo)
            args << extra;
        else // a new ledger from the folder's files
            for (const QFileInfo &f :
                 QDir(extra).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
                args << f.filePath();
        const Run import = runCli(args);
        QVERIFY2(import.exit == 0, import.err.constData());
    }

    // The view: the ledger opened in the explorer, the Meter comparison on its pod.
    MainWindow window(&ctx.app);
    window.show();
    QSignalSpy ready(window.analysis(), &AnalysisController::snapshotReady);
    QVERIFY(window.openLedger(ledger));
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(window.showView(QStringLiteral("meters")));
    auto *view = qobject_cast<MeterView *>(window.view(QStringLiteral("meters")));
    UI_REQUIRE(view, "the meters view");
    QTRY_VERIFY(view->meters() != nullptr);
    const bool redistribute = policy == QLatin1String("redistribute");
    if (redistribute) {
        UI_FIND(policyCombo, QComboBox, view, "policyCombo");
        policyCombo->setCurrentIndex(1);
        emit policyCombo->activated(1);
        QTRY_VERIFY(view->meters() && view->meters()->policy == core::OverheadPolicy::Redistribute);
    }
    const core::MeterSnapshot snapshot = *view->meters();
    QCOMPARE(QString::fromStdString(snapshot.pod.row.name), pod);
    // Only cluster cost objects are pods: no provider bill line is offered.
    UI_FIND(pods, QComboBox, view, "podCombo");
    QCOMPARE(pods->count(), 1);
    UI_FIND(table, QTableView, view, "meterShareTableView");
    auto *proxy = qobject_cast<QAbstractProxyModel *>(table->model());
    auto *shares = proxy ? qobject_cast<MeterShareModel *>(proxy->sourceModel()) : nullptr;
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    UI_FIND(meterA, QComboBox, view, "meterA");
    UI_FIND(meterB, QComboBox, view, "meterB");

    // The CLI on the same ledger and pod.
    const Run cli = runCli({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger,
                            QStringLiteral("--pod"), QString::number(snapshot.pod.rowId),
                            QStringLiteral("--policy"), policy, QStringLiteral("--json")});
    QVERIFY2(cli.exit == 0, cli.err.constData());
    QJsonParseError perr;
    const QJsonObject doc = QJsonDocument::fromJson(cli.out, &perr).object();
    QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));
    QCOMPARE(std::int64_t(doc.value(QStringLiteral("requests")).toInteger()), snapshot.requests);
    QCOMPARE(std::int64_t(doc.value(QStringLiteral("skipped")).toInteger()), snapshot.skipped);
    QCOMPARE(doc.value(QStringLiteral("owner_key")).toString(),
             QString::fromStdString(snapshot.tenantKey));
    // Both pods are one calendar month: the monthly column is the split, to the cent.
    QCOMPARE(decimal(doc.value(QStringLiteral("monthly_cost"))), snapshot.pod.row.amount.amount);

    const QJsonArray meters = doc.value(QStringLiteral("meters")).toArray();
    QCOMPARE(meters.size(), 4);
    const int shown = shares->rowCount();
    QVERIFY(shown >= 3); // three tenants at least (and the kept overhead)
    for (const QJsonValue &mv : meters) {
        const QJsonObject m = mv.toObject();
        const QString id = m.value(QStringLiteral("meter")).toString();
        const int column = id == QLatin1String("tokens")       ? int(MeterShareModel::Tokens)
                           : id == QLatin1String("list_price") ? int(MeterShareModel::ListPrice)
                           : id == QLatin1String("time_share") ? int(MeterShareModel::TimeShare)
                           : id == QLatin1String("kv_memory")  ? int(MeterShareModel::KvMemory)
                                                               : -1;
        QVERIFY2(column >= 0, qPrintable(id));
        QCOMPARE(m.value(QStringLiteral("policy")).toString(), policy);
        const QJsonArray rows = m.value(QStringLiteral("rows")).toArray();
        // The CLI lists the overhead row under both policies; the view drops it when spread.
        QCOMPARE(rows.size(), redistribute ? shown + 1 : shown);
        meterA->setCurrentIndex(meterA->findData(id));
        QCOMPARE(shares->headerData(MeterShareModel::MonthlyA, Qt::Horizontal, Qt::DisplayRole)
                     .toString(),
                 MeterShareModel::meterName(MeterShareModel::meterOf(column)) +
                     QStringLiteral(" $/month"));
        for (int r = 0; r < shown; ++r) {
            const QJsonObject row = rows.at(r).toObject();
            const QString what = id + QStringLiteral(" row %1").arg(r);
            const bool overhead = row.value(QStringLiteral("overhead")).toBool();
            const core::MeterRow &viewRow = snapshot.splits.front().rows[size_t(r)];
            QCOMPARE(overhead, viewRow.overhead);
            if (!overhead) {
                QCOMPARE(row.value(QStringLiteral("tenant")).toString(),
                         QString::fromStdString(viewRow.tenant));
                if (!viewRow.tenant.empty())
                    QCOMPARE(shares->index(r, MeterShareModel::Tenant).data(ExportRole).toString(),
                             QString::fromStdString(viewRow.tenant));
            }
            const char *shareKey = redistribute ? "redistributed_share" : "share";
            QVERIFY2(decimal(row.value(QLatin1String(shareKey))).times(100) ==
                         raw(*shares, r, column),
                     qPrintable(what + QStringLiteral(": CLI ") +
                                row.value(QLatin1String(shareKey)).toString() +
                                QStringLiteral(", view % ") +
                                shares->index(r, column).data(ExportRole).toString()));
            QVERIFY2(decimal(row.value(QStringLiteral("amount"))) ==
                         raw(*shares, r, MeterShareModel::MonthlyA),
                     qPrintable(
                         what + QStringLiteral(": CLI $") +
                         row.value(QStringLiteral("amount")).toString() +
                         QStringLiteral(", view $") +
                         shares->index(r, MeterShareModel::MonthlyA).data(ExportRole).toString()));
        }
    }

    // The largest gap the CLI names is the view's gap for that pair and tenant, to the point.
    const QJsonObject largest = doc.value(QStringLiteral("largest_gap")).toObject();
    QVERIFY(!largest.isEmpty());
    meterA->setCurrentIndex(meterA->findData(largest.value(QStringLiteral("high")).toString()));
    meterB->setCurrentIndex(meterB->findData(largest.value(QStringLiteral("low")).toString()));
    int gapRow = -1;
    for (int r = 0; r < shown; ++r) {
        const core::MeterRow &viewRow = snapshot.splits.front().rows[size_t(r)];
        if (!viewRow.overhead && QString::fromStdString(viewRow.tenant) ==
                                     largest.value(QStringLiteral("tenant")).toString())
            gapRow = r;
    }
    QVERIFY(gapRow >= 0);
    QCOMPARE(raw(*shares, gapRow, MeterShareModel::GapPoints),
             decimal(largest.value(QStringLiteral("points"))));
    QCOMPARE(raw(*shares, gapRow, MeterShareModel::GapPerMonth),
             decimal(largest.value(QStringLiteral("per_month"))));
}

QTEST_MAIN(TstMeterParity)
#include "tst_meterparity.moc"
