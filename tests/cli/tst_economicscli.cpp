// `unalloc economics --ledger`: the same figures from a ledger as from the export files, daily
// LiteLLM report rows adding dollars but no requests, and the period filter.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

class TstEconomicsCli final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void ledgerMatchesTheExportFiles();
    void reportRowsAreNotRequests();
    void periodFilter();
    void breakevenForAPod();
    void breakevenUsage_data();
    void breakevenUsage();

private:
    struct Run
    {
        int exit = -1;
        QByteArray out, err;
    };
    static Run run(const QStringList &args);
    static QString data(const char *path)
    {
        return QStringLiteral(UNALLOC_TEST_DATA) + QLatin1Char('/') + QLatin1String(path);
    }
    QJsonObject feature(const QString &ledger, const QStringList &extra, const QString &name);

    QTemporaryDir m_dir;
    QString m_ledger, m_withReport;
};

TstEconomicsCli::Run TstEconomicsCli::run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

void TstEconomicsCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_ledger = m_dir.filePath(QStringLiteral("econ.unalloc"));
    m_withReport = m_dir.filePath(QStringLiteral("report.unalloc"));
    const QString spend = data("cli-inputs/economics/litellm_spend.json");
    Run r = run({QStringLiteral("import"), QStringLiteral("--ledger"), m_ledger, spend,
                 data("cli-inputs/economics/opencost_allocation.json")});
    QVERIFY2(r.exit == 0, r.err.constData());
    r = run({QStringLiteral("import"), QStringLiteral("--ledger"), m_withReport, spend,
             data("litellm/global_spend_report/input.json")});
    QVERIFY2(r.exit == 0, r.err.constData());
}

QJsonObject
TstEconomicsCli::feature(const QString &ledger, const QStringList &extra, const QString &name)
{
    const Run r = run(QStringList{QStringLiteral("economics"), QStringLiteral("--ledger"), ledger,
                                  QStringLiteral("--json")} +
                      extra);
    if (r.exit != 0)
        qWarning() << r.err;
    const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
    for (const QJsonValue &f : doc.value(QStringLiteral("features")).toArray())
        if (f.toObject().value(QStringLiteral("feature")).toString() == name)
            return f.toObject();
    return name == QStringLiteral("unattributed")
               ? doc.value(QStringLiteral("unattributed")).toObject()
               : QJsonObject();
}

void TstEconomicsCli::ledgerMatchesTheExportFiles()
{
    QFile golden(data("cli/economics_feature/stdout"));
    QVERIFY(golden.open(QIODevice::ReadOnly));
    const Run r = run({QStringLiteral("economics"), QStringLiteral("--ledger"), m_ledger});
    QCOMPARE(r.exit, 0);
    QCOMPARE(QString::fromUtf8(r.out), QString::fromUtf8(golden.readAll()));
}

void TstEconomicsCli::reportRowsAreNotRequests()
{
    // The global spend report's "Prod Team" rows are daily sums: dollars, zero requests.
    const QJsonObject prod = feature(m_withReport, {QStringLiteral("-D"), QStringLiteral("team")},
                                     QStringLiteral("Prod Team"));
    QVERIFY(!prod.isEmpty());
    QCOMPARE(prod.value(QStringLiteral("requests")).toInt(), 0);
    QVERIFY(prod.value(QStringLiteral("per_1k_usd")).isNull());
    QVERIFY(prod.value(QStringLiteral("api_usd")).toString() != QStringLiteral("0.00"));
    const QJsonObject search = feature(m_withReport, {QStringLiteral("-D"), QStringLiteral("team")},
                                       QStringLiteral("search"));
    QCOMPARE(search.value(QStringLiteral("requests")).toInt(), 3);
    QCOMPARE(search.value(QStringLiteral("per_1k_usd")).toString(), QStringLiteral("1000.0000"));
}

void TstEconomicsCli::periodFilter()
{
    // September holds one `answer` request (0.80) and no cluster cost.
    const QJsonObject answer =
        feature(m_ledger, {QStringLiteral("--from"), QStringLiteral("2026-09-01")},
                QStringLiteral("answer"));
    QCOMPARE(answer.value(QStringLiteral("requests")).toInt(), 1);
    QCOMPARE(answer.value(QStringLiteral("total_usd")).toString(), QStringLiteral("0.80"));
    QCOMPARE(answer.value(QStringLiteral("per_1k_usd")).toString(), QStringLiteral("800.0000"));
    QCOMPARE(answer.value(QStringLiteral("invisible_pct")).toString(), QStringLiteral("0.0"));
}

void TstEconomicsCli::breakevenForAPod()
{
    // The demo pod: 3,374 requests over its month window; its token mix drives the curve.
    const QString ledger = m_dir.filePath(QStringLiteral("pod.unalloc"));
    const QString pod = QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo-pod/");
    Run r = run({QStringLiteral("import"), QStringLiteral("--ledger"), ledger,
                 pod + QStringLiteral("opencost_vllm_pod.json"),
                 pod + QStringLiteral("litellm_vllm_pod.json")});
    QVERIFY2(r.exit == 0, r.err.constData());
    r = run({QStringLiteral("breakeven"), QStringLiteral("--ledger"), ledger,
             QStringLiteral("--pod"), QStringLiteral("inference/vllm-llama-3.1-8b"),
             QStringLiteral("--rates"), QStringLiteral("1,2,4"), QStringLiteral("--json")});
    QVERIFY2(r.exit == 0, r.err.constData());
    const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
    const QJsonObject p = doc.value(QStringLiteral("pod")).toObject();
    QCOMPARE(p.value(QStringLiteral("name")).toString(),
             QStringLiteral("inference/vllm-llama-3.1-8b"));
    QCOMPARE(p.value(QStringLiteral("requests")).toInt(), 3374);
    QCOMPARE(p.value(QStringLiteral("at_its_rate")).toArray().size(), 2);
    // The same traffic at twice the rate costs half the GPU time: the ratio halves.
    const QJsonArray points = doc.value(QStringLiteral("tiers"))
                                  .toArray()
                                  .at(0)
                                  .toObject()
                                  .value(QStringLiteral("points"))
                                  .toArray();
    QCOMPARE(points.size(), 3);
    const double r1 = points.at(0).toObject().value(QStringLiteral("ratio")).toString().toDouble();
    const double r2 = points.at(1).toObject().value(QStringLiteral("ratio")).toString().toDouble();
    QVERIFY2(std::abs(r1 / r2 - 2.0) < 1e-4, qPrintable(QString::number(r1 / r2)));
}

void TstEconomicsCli::breakevenUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("pod without ledger")
        << QStringList{QStringLiteral("--pod"), QStringLiteral("x")};
    QTest::newRow("rates not increasing")
        << QStringList{QStringLiteral("--rates"), QStringLiteral("2,1")};
    QTest::newRow("negative gpu") << QStringList{QStringLiteral("--gpu-hourly"),
                                                 QStringLiteral("-1")};
    QTest::newRow("unknown pod") << QStringList{QStringLiteral("--pod"), QStringLiteral("nope"),
                                                QStringLiteral("--ledger"),
                                                QStringLiteral("/nonexistent/x.unalloc")};
}

void TstEconomicsCli::breakevenUsage()
{
    QFETCH(QStringList, args);
    const Run r = run(QStringList{QStringLiteral("breakeven")} + args);
    QVERIFY2(r.exit == 64 || (args.contains(QStringLiteral("nope")) && r.exit == 1),
             r.err.constData());
    QVERIFY(!r.err.isEmpty());
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TstEconomicsCli)
#include "tst_economicscli.moc"
