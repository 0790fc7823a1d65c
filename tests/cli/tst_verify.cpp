// `unalloc verify`: every --json result on a ledger carries provenance, and verify recomputes it
// from the batches it names: 0 reproduced, 3 batches missing or changed, 4 same inputs but a
// different result, 5 a result that does not add up; --inputs DIR for export-file results.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TstVerify final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyResultCarriesProvenance_data();
    void everyResultCarriesProvenance();
    void reproduced_data();
    void reproduced();
    void changedBatch();
    void missingBatch();
    void resultDiffers();
    void notConserved();
    void noProvenance();
    void keptInputs();

private:
    struct Run
    {
        int exit = -1;
        QByteArray out, err;
    };
    static Run run(const QStringList &args);
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString write(const QString &name, const QByteArray &bytes) const;
    QString ledger(const QString &name, const QStringList &files);
    static QStringList demoFiles(const QString &dir = QStringLiteral(UNALLOC_TEST_DATA
                                                                     "/cli-inputs/demo"));
    QString resultFile(const QString &name, const QStringList &args);

    QTemporaryDir m_dir;
    QString m_ledger;
};

TstVerify::Run TstVerify::run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QString TstVerify::write(const QString &name, const QByteArray &bytes) const
{
    QFile f(path(name));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(bytes);
    return f.fileName();
}

QStringList TstVerify::demoFiles(const QString &dir)
{
    QStringList files;
    for (const char *f : {"opencost_allocation.json", "litellm_spend.json", "openai_costs.json",
                          "anthropic_cost_report.json", "invoices.json"})
        files << dir + QLatin1Char('/') + QLatin1String(f);
    return files;
}

QString TstVerify::ledger(const QString &name, const QStringList &files)
{
    const QString p = path(name);
    const Run r = run(QStringList{QStringLiteral("import"), QStringLiteral("--ledger"), p} + files);
    return r.exit == 0 ? p : QString();
}

QString TstVerify::resultFile(const QString &name, const QStringList &args)
{
    const Run r = run(args);
    if (r.exit != 0)
        qWarning().noquote() << args << r.err;
    return r.exit == 0 ? write(name, r.out) : QString();
}

void TstVerify::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_ledger = ledger(QStringLiteral("demo.unalloc"), demoFiles());
    QVERIFY(!m_ledger.isEmpty());
}

void TstVerify::everyResultCarriesProvenance_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("ownerKey");
    const QString json = QStringLiteral("--json");
    QTest::newRow("report") << QStringList{QStringLiteral("report"),  QStringLiteral("-D"),
                                           QStringLiteral("team"),    QStringLiteral("-f"),
                                           QStringLiteral("project"), json}
                            << QStringLiteral("team");
    QTest::newRow("labels backlog") << QStringList{QStringLiteral("labels"), QStringLiteral("-D"),
                                                   QStringLiteral("project"), json}
                                    << QStringLiteral("project");
    QTest::newRow("labels available")
        << QStringList{QStringLiteral("labels"), QStringLiteral("--available"), json} << QString();
    QTest::newRow("reconcile") << QStringList{QStringLiteral("reconcile"), json} << QString();
    QTest::newRow("report by week") << QStringList{QStringLiteral("report"), QStringLiteral("--by"),
                                                   QStringLiteral("week"), json}
                                    << QStringLiteral("team");
    QTest::newRow("economics") << QStringList{QStringLiteral("economics"), QStringLiteral("--from"),
                                              QStringLiteral("2026-08-01"), json}
                               << QStringLiteral("feature");
}

void TstVerify::everyResultCarriesProvenance()
{
    QFETCH(QStringList, args);
    QFETCH(QString, ownerKey);
    const Run r = run(args + QStringList{QStringLiteral("--ledger"), m_ledger});
    QCOMPARE(r.exit, 0);
    const QJsonObject p =
        QJsonDocument::fromJson(r.out).object().value(QStringLiteral("provenance")).toObject();
    QVERIFY2(!p.isEmpty(), r.out.left(200).constData());
    QCOMPARE(p.value(QStringLiteral("command")).toString(), args.first());
    QCOMPARE(p.value(QStringLiteral("mode")).toString(), QStringLiteral("ledger"));
    QVERIFY(
        p.value(QStringLiteral("ledger_sha256")).toString().startsWith(QStringLiteral("sha256:")));
    QVERIFY(
        p.value(QStringLiteral("rules_sha256")).toString().startsWith(QStringLiteral("sha256:")));
    QVERIFY(
        p.value(QStringLiteral("result_sha256")).toString().startsWith(QStringLiteral("sha256:")));
    QCOMPARE(p.value(QStringLiteral("ledger_batches")).toArray().size(), 5);
    QCOMPARE(p.value(QStringLiteral("owner_key")).toString(), ownerKey);
    QVERIFY(p.contains(QStringLiteral("period")));
    QCOMPARE(p.value(QStringLiteral("unalloc_version")).toString(),
             QStringLiteral(UNALLOC_VERSION));
    // The ledger's path is not recorded: the file may move before it is verified.
    QVERIFY(!p.value(QStringLiteral("arguments")).toVariant().toStringList().contains(m_ledger));
}

void TstVerify::reproduced_data()
{
    everyResultCarriesProvenance_data();
}

void TstVerify::reproduced()
{
    QFETCH(QStringList, args);
    const QString result =
        resultFile(QStringLiteral("r-%1.json").arg(QString::fromUtf8(QTest::currentDataTag())),
                   args + QStringList{QStringLiteral("--ledger"), m_ledger});
    QVERIFY(!result.isEmpty());
    const Run v = run({QStringLiteral("verify"), result, QStringLiteral("--ledger"), m_ledger});
    QVERIFY2(v.exit == 0, (v.out + v.err).constData());
    QVERIFY2(v.out.startsWith("reproduced: " + args.first().toUtf8()), v.out.constData());
}

void TstVerify::changedBatch()
{
    // The same files in the same order, but the LiteLLM export was re-saved with one more
    // byte: batch 2 now has other bytes than the result recorded.
    QFile spend(QStringLiteral(UNALLOC_TEST_DATA "/cli-inputs/demo/litellm_spend.json"));
    QVERIFY(spend.open(QIODevice::ReadOnly));
    QDir().mkpath(path(QStringLiteral("changed")));
    for (const QString &f : demoFiles())
        QVERIFY(QFile::copy(f, path(QStringLiteral("changed/")) + QFileInfo(f).fileName()));
    QFile::remove(path(QStringLiteral("changed/litellm_spend.json")));
    write(QStringLiteral("changed/litellm_spend.json"), spend.readAll() + '\n');
    const QString other =
        ledger(QStringLiteral("changed.unalloc"), demoFiles(path(QStringLiteral("changed"))));
    QVERIFY(!other.isEmpty());
    const QString result = resultFile(
        QStringLiteral("changed.json"),
        {QStringLiteral("report"), QStringLiteral("--ledger"), m_ledger, QStringLiteral("--json")});
    const Run v = run({QStringLiteral("verify"), result, QStringLiteral("--ledger"), other});
    QCOMPARE(v.exit, 3);
    QVERIFY2(v.out.contains("batch 2 (litellm): changed"), v.out.constData());
    QVERIFY(v.out.contains("cannot reconstruct"));
}

void TstVerify::missingBatch()
{
    const QString small = ledger(QStringLiteral("small.unalloc"), demoFiles().mid(0, 2));
    QVERIFY(!small.isEmpty());
    const QString result = resultFile(
        QStringLiteral("missing.json"),
        {QStringLiteral("report"), QStringLiteral("--ledger"), m_ledger, QStringLiteral("--json")});
    const Run v = run({QStringLiteral("verify"), result, QStringLiteral("--ledger"), small});
    QCOMPARE(v.exit, 3);
    QVERIFY2(v.out.contains("batch 3 (openai): missing"), v.out.constData());
    // A batch imported after the result was written does not change it: still reproduced.
    const QString smallResult = resultFile(
        QStringLiteral("small.json"),
        {QStringLiteral("report"), QStringLiteral("--ledger"), small, QStringLiteral("--json")});
    QCOMPARE(
        run({QStringLiteral("import"), QStringLiteral("--ledger"), small, demoFiles()[2]}).exit, 0);
    QCOMPARE(run({QStringLiteral("verify"), smallResult, QStringLiteral("--ledger"), small}).exit,
             0);
}

void TstVerify::resultDiffers()
{
    // Two owners' amounts swapped: every sum still holds, but it is not what the batches give.
    const QString result = resultFile(
        QStringLiteral("swap.json"),
        {QStringLiteral("report"), QStringLiteral("--ledger"), m_ledger, QStringLiteral("--json")});
    QFile f(result);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonArray buckets = doc.value(QStringLiteral("buckets")).toArray();
    QVERIFY(buckets.size() >= 3);
    QJsonObject a = buckets[0].toObject(), b = buckets[1].toObject();
    const QJsonValue amount = a.value(QStringLiteral("amount_usd"));
    a[QStringLiteral("amount_usd")] = b.value(QStringLiteral("amount_usd"));
    b[QStringLiteral("amount_usd")] = amount;
    buckets[0] = a;
    buckets[1] = b;
    doc[QStringLiteral("buckets")] = buckets;
    write(QStringLiteral("swap.json"), QJsonDocument(doc).toJson());
    const Run v = run({QStringLiteral("verify"), result, QStringLiteral("--ledger"), m_ledger});
    QVERIFY2(v.exit == 4, (v.out + v.err).constData());
    QVERIFY(v.out.contains("inputs match but the result differs"));
    QVERIFY(v.out.contains("buckets"));
}

void TstVerify::notConserved()
{
    const QString result = resultFile(
        QStringLiteral("edit.json"),
        {QStringLiteral("report"), QStringLiteral("--ledger"), m_ledger, QStringLiteral("--json")});
    QFile f(result);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    doc[QStringLiteral("total_usd")] = QStringLiteral("1.00");
    write(QStringLiteral("edit.json"), QJsonDocument(doc).toJson());
    const Run v = run({QStringLiteral("verify"), result, QStringLiteral("--ledger"), m_ledger});
    QCOMPARE(v.exit, 5);
    QVERIFY2(v.out.contains("not conserved: buckets sum to 66630.38, total is 1.00"),
             v.out.constData());

    // report --by: the periods must add up to the total as well.
    const QString byWeek =
        resultFile(QStringLiteral("weeks.json"),
                   {QStringLiteral("report"), QStringLiteral("--ledger"), m_ledger,
                    QStringLiteral("--by"), QStringLiteral("week"), QStringLiteral("--json")});
    QFile w(byWeek);
    QVERIFY(w.open(QIODevice::ReadOnly));
    QJsonObject weeks = QJsonDocument::fromJson(w.readAll()).object();
    w.close();
    QJsonArray periods = weeks[QStringLiteral("periods")].toArray();
    QVERIFY(periods.size() > 1);
    QJsonObject first = periods[0].toObject();
    first[QStringLiteral("total_usd")] = QStringLiteral("1.00");
    periods[0] = first;
    weeks[QStringLiteral("periods")] = periods;
    write(QStringLiteral("weeks.json"), QJsonDocument(weeks).toJson());
    const Run pv = run({QStringLiteral("verify"), byWeek, QStringLiteral("--ledger"), m_ledger});
    QCOMPARE(pv.exit, 5);
    QVERIFY2(pv.out.contains("not conserved: periods sum to"), pv.out.constData());
}

void TstVerify::noProvenance()
{
    const QString result = write(QStringLiteral("bare.json"), "{\"total_usd\": \"1.00\"}");
    const Run v = run({QStringLiteral("verify"), result, QStringLiteral("--ledger"), m_ledger});
    QCOMPARE(v.exit, 1);
    QVERIFY(v.err.contains("has no provenance block"));
}

void TstVerify::keptInputs()
{
    // A result computed from export files is verified against a folder of kept inputs.
    const QString kept = path(QStringLiteral("kept"));
    QDir().mkpath(kept);
    for (const QString &f : demoFiles())
        QVERIFY(QFile::copy(f, kept + QLatin1Char('/') + QFileInfo(f).fileName()));
    const QString result = resultFile(QStringLiteral("fixtures.json"),
                                      {QStringLiteral("report"), QStringLiteral("--fixture-dir"),
                                       kept, QStringLiteral("--json")});
    QVERIFY(!result.isEmpty());
    Run v = run({QStringLiteral("verify"), result, QStringLiteral("--inputs"), kept});
    QVERIFY2(v.exit == 0, (v.out + v.err).constData());
    QFile::remove(kept + QStringLiteral("/openai_costs.json"));
    v = run({QStringLiteral("verify"), result, QStringLiteral("--inputs"), kept});
    QCOMPARE(v.exit, 3);
    QVERIFY2(v.out.contains("openai: retained input missing"), v.out.constData());
}

QTEST_GUILESS_MAIN(TstVerify)
#include "tst_verify.moc"
