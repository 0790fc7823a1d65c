// `unalloc batches delete N` and `unalloc batches replace N FILE…`, run as the real binary:
// the batch leaves the ledger (and can come back corrected); a bad replacement changes nothing.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestCliBatches final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void deleteAndReplace();
    void badReplaceChangesNothing();
    void usage_data();
    void usage();

private:
    struct Run
    {
        int code = -1;
        QString out, err;
    };
    Run run(const QStringList &args) const;
    QString ledger() const { return m_dir.filePath(QStringLiteral("l.unalloc")); }
    /// (batch id, source, rows added) of every batch, from `unalloc ledger --json`.
    QStringList batches() const;
    static QString demo(const char *name)
    {
        return QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo/") + QLatin1String(name);
    }

    QTemporaryDir m_dir;
};

TestCliBatches::Run TestCliBatches::run(const QStringList &args) const
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QStringList TestCliBatches::batches() const
{
    const Run r = run(
        {QStringLiteral("ledger"), QStringLiteral("--ledger"), ledger(), QStringLiteral("--json")});
    QStringList out;
    const QJsonArray list =
        QJsonDocument::fromJson(r.out.toUtf8()).object()[QLatin1String("batches")].toArray();
    for (const QJsonValue &b : list) {
        const QJsonObject o = b.toObject();
        out << QStringLiteral("%1 %2 %3")
                   .arg(o[QLatin1String("batch")].toInt())
                   .arg(o[QLatin1String("source")].toString())
                   .arg(o[QLatin1String("rows_added")].toInt());
    }
    return out;
}

void TestCliBatches::init()
{
    QFile::remove(ledger());
    const Run r = run({QStringLiteral("import"), QStringLiteral("--ledger"), ledger(),
                       demo("litellm_spend.json"), demo("openai_costs.json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
}

void TestCliBatches::deleteAndReplace()
{
    const QStringList before = batches();
    QCOMPARE(before.size(), 2);
    QVERIFY(before[0].startsWith(QStringLiteral("1 litellm ")));
    Run r = run({QStringLiteral("batches"), QStringLiteral("delete"), QStringLiteral("1"),
                 QStringLiteral("--ledger"), ledger()});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("deleted batch 1 (litellm")), qPrintable(r.out));
    QCOMPARE(batches(), QStringList{before[1]});
    // Replace batch 2 by the same export: one transaction, the rows are new again (not
    // duplicates of the rows it replaces).
    r = run({QStringLiteral("batches"), QStringLiteral("replace"), QStringLiteral("2"),
             demo("openai_costs.json"), QStringLiteral("--ledger"), ledger()});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList after = batches();
    QCOMPARE(after.size(), 1);
    QCOMPARE(after[0].section(QLatin1Char(' '), 1), before[1].section(QLatin1Char(' '), 1));
    QVERIFY(after[0] != before[1]); // a new batch number
    QVERIFY2(r.out.contains(QStringLiteral("0 duplicates skipped")), qPrintable(r.out));
}

void TestCliBatches::badReplaceChangesNothing()
{
    const QStringList before = batches();
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"not\": \"an export\"}");
    f.close();
    const Run r = run({QStringLiteral("batches"), QStringLiteral("replace"), QStringLiteral("1"),
                       bad, QStringLiteral("--ledger"), ledger()});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("unchanged")), qPrintable(r.err));
    QCOMPARE(batches(), before);
    const Run missing = run({QStringLiteral("batches"), QStringLiteral("delete"),
                             QStringLiteral("9"), QStringLiteral("--ledger"), ledger()});
    QCOMPARE(missing.code, 1);
    QVERIFY2(missing.err.contains(QStringLiteral("no batch 9")), qPrintable(missing.err));
    QCOMPARE(batches(), before);
}

void TestCliBatches::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no action") << QStringList{QStringLiteral("batches")};
    QTest::newRow("unknown action")
        << QStringList{QStringLiteral("batches"), QStringLiteral("drop"), QStringLiteral("1")};
    QTest::newRow("not a number") << QStringList{QStringLiteral("batches"),
                                                 QStringLiteral("delete"), QStringLiteral("one")};
    QTest::newRow("replace without files")
        << QStringList{QStringLiteral("batches"), QStringLiteral("replace"), QStringLiteral("1")};
}

void TestCliBatches::usage()
{
    QFETCH(QStringList, args);
    const Run r = run(args + QStringList{QStringLiteral("--ledger"), ledger()});
    QCOMPARE(r.code, 64);
}

QTEST_GUILESS_MAIN(TestCliBatches)
#include "tst_cli_batches.moc"
