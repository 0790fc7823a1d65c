// `unalloc economics --ledger`: the same figures from a ledger as from the export files, daily
// LiteLLM report rows adding dollars but no requests, and the period filter.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TstEconomicsCli final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void ledgerMatchesTheExportFiles();
    void reportRowsAreNotRequests();
    void periodFilter();

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

QTEST_GUILESS_MAIN(TstEconomicsCli)
#include "tst_economicscli.moc"
