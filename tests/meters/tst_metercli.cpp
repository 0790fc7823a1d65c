// `unalloc meters` and `unalloc report` over a ledger built in a temporary directory from the
// demo pod (resources/demo-pod): the meter table, --apply, and reports naming the split.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TstMeterCli final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void metersPrintEveryMeter();
    void metersJsonConservesTheCost();
    void telemetryFromVllmBench_data();
    void telemetryFromVllmBench();
    void applyThenReportsNameTheMeter();
    void billLineIsNoPod();
    void usageErrors_data();
    void usageErrors();

private:
    struct Run
    {
        int exit = -1;
        QString out, err;
    };
    Run run(const QStringList &args) const;
    QString ledger() const { return m_dir.filePath(QStringLiteral("pod.unalloc")); }

    QTemporaryDir m_dir;
};

TstMeterCli::Run TstMeterCli::run(const QStringList &args) const
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exit = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

void TstMeterCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString pod = QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo-pod/");
    const Run r = run({QStringLiteral("import"), QStringLiteral("--ledger"), ledger(),
                       pod + QStringLiteral("opencost_vllm_pod.json"),
                       pod + QStringLiteral("litellm_vllm_pod.json")});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
}

void TstMeterCli::metersPrintEveryMeter()
{
    const Run r = run({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger(),
                       QStringLiteral("--pod"), QStringLiteral("inference/vllm-llama-3.1-8b")});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    for (const char *text :
         {"Pod #", "$17,280.00", "requests by team", "tokens", "list_price", "time_share",
          "kv_memory", "search", "agents", "platform", "<unlabeled>", "__overhead__", "Largest:"})
        QVERIFY2(r.out.contains(QLatin1String(text)), text);
}

void TstMeterCli::metersJsonConservesTheCost()
{
    const Run r = run({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger(),
                       QStringLiteral("--pod"), QStringLiteral("inference/vllm-llama-3.1-8b"),
                       QStringLiteral("--json")});
    QCOMPARE(r.exit, 0);
    const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(doc.value(QStringLiteral("pod")).toObject().value(QStringLiteral("amount")).toString(),
             QStringLiteral("17280.00"));
    const QJsonArray meters = doc.value(QStringLiteral("meters")).toArray();
    QCOMPARE(meters.size(), 4);
    for (const QJsonValue &m : meters) {
        qint64 cents = 0;
        for (const QJsonValue &row : m.toObject().value(QStringLiteral("rows")).toArray()) {
            const QString amount = row.toObject().value(QStringLiteral("amount")).toString();
            const QStringList parts = amount.split(QLatin1Char('.'));
            cents +=
                parts[0].toLongLong() * 100 +
                (parts.size() > 1 ? parts[1].leftJustified(2, QLatin1Char('0')).toLongLong() : 0);
        }
        QCOMPARE(cents, qint64(1'728'000));
    }
}

void TstMeterCli::telemetryFromVllmBench_data()
{
    QTest::addColumn<QString>("benchCase"); // a folder of tests/data/vllm-bench
    QTest::addColumn<int>("exit");
    QTest::addColumn<QString>("expected"); // "requests skipped", or text of the error
    QTest::newRow("served and skipped") << "served_and_skipped" << 0 << "3 2";
    QTest::newRow("keys in any order") << "sorted_keys" << 0 << "1 0";
    QTest::newRow("send as a string")
        << "bad_send_string" << 1 << "input.json: requests[1]: send: expected a number";
    QTest::newRow("fractional tokens")
        << "bad_fractional_tokens" << 1 << "requests[0]: usage.prompt_tokens: '10.5'";
}

void TstMeterCli::telemetryFromVllmBench()
{
    QFETCH(QString, benchCase);
    QFETCH(int, exit);
    QFETCH(QString, expected);
    const QString file = QStringLiteral(UNALLOC_TEST_DATA "/vllm-bench/") + benchCase +
                         QStringLiteral("/input.json");
    const Run r = run({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger(),
                       QStringLiteral("--pod"), QStringLiteral("inference/vllm-llama-3.1-8b"),
                       QStringLiteral("--telemetry"), file, QStringLiteral("--json")});
    QCOMPARE(r.exit, exit);
    if (exit != 0) {
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        return;
    }
    const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QString counts = QString::number(doc.value(QStringLiteral("requests")).toInt()) +
                           QLatin1Char(' ') +
                           QString::number(doc.value(QStringLiteral("skipped")).toInt());
    QCOMPARE(counts, expected);
    QCOMPARE(doc.value(QStringLiteral("meters")).toArray().size(), 4);
}

void TstMeterCli::applyThenReportsNameTheMeter()
{
    const Run apply = run({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger(),
                           QStringLiteral("--pod"), QStringLiteral("inference/vllm-llama-3.1-8b"),
                           QStringLiteral("--apply"), QStringLiteral("time_share")});
    QVERIFY2(apply.exit == 0, qPrintable(apply.err));
    QVERIFY(apply.out.contains(QStringLiteral("Applied time_share")));

    const Run text = run({QStringLiteral("report"), QStringLiteral("--ledger"), ledger()});
    QVERIFY2(text.exit == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(QStringLiteral(
                 "meter split: inference/vllm-llama-3.1-8b $17,280.00 split by time_share")),
             qPrintable(text.out));
    QVERIFY(text.out.contains(QStringLiteral("$17,280.00 AI spend")));

    const Run json = run(
        {QStringLiteral("report"), QStringLiteral("--ledger"), ledger(), QStringLiteral("--json")});
    QCOMPARE(json.exit, 0);
    const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const QJsonArray splits = doc.value(QStringLiteral("meter_splits")).toArray();
    QCOMPARE(splits.size(), 1);
    const QJsonObject s = splits.first().toObject();
    QCOMPARE(s.value(QStringLiteral("meter")).toString(), QStringLiteral("time_share"));
    QCOMPARE(s.value(QStringLiteral("pod")).toString(),
             QStringLiteral("inference/vllm-llama-3.1-8b"));
    QCOMPARE(s.value(QStringLiteral("amount")).toString(), QStringLiteral("17280.00"));
    QVERIFY(s.value(QStringLiteral("parts")).toInt() >= 4);

    // Applying a second meter to the same pod is refused; the first split stays.
    const Run again = run({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger(),
                           QStringLiteral("--pod"), QStringLiteral("inference/vllm-llama-3.1-8b"),
                           QStringLiteral("--apply"), QStringLiteral("tokens")});
    QVERIFY(again.exit != 0);
}

void TstMeterCli::billLineIsNoPod()
{
    // An Anthropic bill line names the model the gateway's Claude requests used; it is still
    // no pod. The OpenCost pod of the same ledger is.
    const QString ledger = m_dir.filePath(QStringLiteral("bills.unalloc"));
    const QString data = QStringLiteral(UNALLOC_TEST_DATA "/meters/cluster/");
    const Run import = run({QStringLiteral("import"), QStringLiteral("--ledger"), ledger,
                            data + QStringLiteral("anthropic_cost_report.json"),
                            data + QStringLiteral("litellm_spend.json"),
                            data + QStringLiteral("opencost_allocation.json")});
    QVERIFY2(import.exit == 0, qPrintable(import.err));
    const Run bill =
        run({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger, QStringLiteral("--pod"),
             QStringLiteral("Claude Sonnet 4 Usage - Output Tokens")});
    QCOMPARE(bill.exit, 1);
    QVERIFY2(bill.err.contains(QStringLiteral("not a cluster cost object")), qPrintable(bill.err));
    const Run pod = run({QStringLiteral("meters"), QStringLiteral("--ledger"), ledger,
                         QStringLiteral("--pod"), QStringLiteral("ml/vllm-qwen-7b")});
    QVERIFY2(pod.exit == 0, qPrintable(pod.err));
    QVERIFY(pod.out.contains(QStringLiteral("60 requests by team")));
}

void TstMeterCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no pod") << QStringList{QStringLiteral("meters"), QStringLiteral("--ledger"),
                                           QStringLiteral("x.unalloc")}
                            << QStringLiteral("--pod");
    QTest::newRow("bad policy") << QStringList{QStringLiteral("meters"), QStringLiteral("--ledger"),
                                               QStringLiteral("x"),      QStringLiteral("--pod"),
                                               QStringLiteral("p"),      QStringLiteral("--policy"),
                                               QStringLiteral("share")}
                                << QStringLiteral("keep or redistribute");
    QTest::newRow("bad meter") << QStringList{QStringLiteral("meters"),
                                              QStringLiteral("--ledger"),
                                              QStringLiteral("x"),
                                              QStringLiteral("--pod"),
                                              QStringLiteral("p"),
                                              QStringLiteral("--apply"),
                                              QStringLiteral("step_time")}
                               << QStringLiteral("--apply expects");
}

void TstMeterCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.exit, 64);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TstMeterCli)
#include "tst_metercli.moc"
