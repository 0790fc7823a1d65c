// The issue 19 reproductions against the real `unalloc` binary, each in an empty directory:
// no crash, no ledger left behind by a failed creation, JSON output whatever the path bytes,
// concurrent creators of one ledger all succeed.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

#include <memory>
#include <sys/stat.h>
#include <vector>

namespace {

struct Run
{
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QByteArray out, err;
};

Run run(const QString &cwd, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(cwd);
    p.start(QStringLiteral(UNALLOC_CLI), args);
    Run r;
    if (!p.waitForStarted() || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitCode();
    r.status = p.exitStatus();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class TestCliHostile final : public QObject
{
    Q_OBJECT

private slots:
    void refusedInputCreatesNoLedger_data();
    void refusedInputCreatesNoLedger();
    void jsonOutputSurvivesNonUtf8Paths();
    void concurrentCreatorsAllSucceed();
    void fifoInputIsRefusedAtOnce();
    void ledgerFilterThatSelectsNothingIsAUsageError_data();
    void ledgerFilterThatSelectsNothingIsAUsageError();
    void skipInvalidLeavesOutTheReversedRecord();
};

void TestCliHostile::refusedInputCreatesNoLedger_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("says");
    QTest::newRow("Latin-1 OpenCost cell (was SIGABRT)")
        << QByteArray("Date,Namespace,TotalCost\n2023-01-01,n\xffs,0.5\n")
        << QStringLiteral("input: line 2: Namespace: the text is not valid UTF-8 (byte 0xFF");
    QTest::newRow("Latin-1 FOCUS SubAccountName (was SIGABRT)")
        << QByteArray("BillingCurrency,BilledCost,ChargePeriodStart,ChargePeriodEnd,"
                      "SubAccountName\nUSD,1.5,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,"
                      "Acme M\xfcnchen\n")
        << QStringLiteral("input: line 2: SubAccountName: the text is not valid UTF-8");
    QTest::newRow("200k nested arrays in a JSON input (was SIGSEGV)")
        << QByteArray(R"({"code":200,"data":[{"a":{"name":"a","totalCost":1,"x":)") +
               QByteArray(200000, '[') + QByteArray(200000, ']') + QByteArray("}}]}")
        << QStringLiteral("input: data[0].a: JSON nested deeper than 256 levels at byte");
    QTest::newRow("200k nested arrays in a FOCUS Tags cell (was SIGSEGV)")
        << QByteArray("BillingCurrency,BilledCost,ChargePeriodStart,ChargePeriodEnd,Tags\n"
                      "USD,1.5,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,\"") +
               QByteArray(200000, '[') + QByteArray(200000, ']') + QByteArray("\"\n")
        << QStringLiteral("input: line 2: Tags: Tags is not valid JSON: JSON nested deeper");
}

void TestCliHostile::refusedInputCreatesNoLedger()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, says);
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("input")), bytes);
    const Run r = run(dir.path(), {QStringLiteral("import"), QStringLiteral("--ledger"),
                                   QStringLiteral("b.unalloc"), QStringLiteral("input")});
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 1);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(says), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("no ledger was created at b.unalloc")), qPrintable(err));
    // "A failed import into a new path leaves no file" (an empty ledger used to stay).
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("input")});
}

void TestCliHostile::jsonOutputSurvivesNonUtf8Paths()
{
    // `import --json` exited 1 after committing ([json.exception.type_error.316]) and
    // `ledger --json` failed on that ledger forever after.
    QTemporaryDir dir;
    const QByteArray name("n\xffo.csv");
    QFile src(QStringLiteral(UNALLOC_TEST_DATA "/opencost/export_csv/input.csv"));
    QVERIFY(src.open(QIODevice::ReadOnly));
    const QByteArray bytes = src.readAll();
    const QByteArray target = QFile::encodeName(dir.path()) + '/' + name;
    FILE *f = std::fopen(target.constData(), "wb");
    QVERIFY(f);
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), f);
    std::fclose(f);
    // QProcess arguments are QStrings (UTF-8 on the way out): the shell's glob hands the
    // name's raw bytes to the binary.
    QProcess shell;
    shell.setWorkingDirectory(dir.path());
    shell.start(QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("exec \"$0\" import --json --ledger b.unalloc n*o.csv"),
                 QStringLiteral(UNALLOC_CLI)});
    QVERIFY(shell.waitForFinished(120000));
    Run imported;
    imported.exitCode = shell.exitCode();
    imported.out = shell.readAllStandardOutput();
    QVERIFY2(imported.exitCode == 0, shell.readAllStandardError().constData());
    QJsonParseError error;
    const QJsonObject doc = QJsonDocument::fromJson(imported.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(doc.value(QStringLiteral("batches")).toArray().size(), 1);
    const Run listed = run(dir.path(), {QStringLiteral("ledger"), QStringLiteral("--json"),
                                        QStringLiteral("--ledger"), QStringLiteral("b.unalloc")});
    QCOMPARE(listed.exitCode, 0);
    const QJsonObject ledger = QJsonDocument::fromJson(listed.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(ledger.value(QStringLiteral("rows")).toInt(), 2);
    // The undecodable byte is replaced (U+FFFD), the rest of the name kept.
    const QString origin = ledger.value(QStringLiteral("batches"))
                               .toArray()
                               .at(0)
                               .toObject()
                               .value(QStringLiteral("origin"))
                               .toString();
    QCOMPARE(origin, QStringLiteral("n\uFFFDo.csv"));
}

void TestCliHostile::concurrentCreatorsAllSucceed()
{
    // Two imports creating one ledger at once: one failed with "database is locked" or
    // "table batches already exists". Now every one of them succeeds and the ledger holds
    // each row once, whichever finishes first.
    QTemporaryDir dir;
    const QString opencost = QStringLiteral(UNALLOC_TEST_DATA "/opencost/export_csv/input.csv");
    const QString focus = QStringLiteral(UNALLOC_TEST_DATA "/focus/ai_example_1_2/input.csv");
    std::vector<std::unique_ptr<QProcess>> procs;
    for (const QString &input : {opencost, focus, opencost, focus}) {
        auto p = std::make_unique<QProcess>();
        p->setWorkingDirectory(dir.path());
        p->start(QStringLiteral(UNALLOC_CLI), {QStringLiteral("import"), QStringLiteral("--ledger"),
                                               QStringLiteral("c.unalloc"), input});
        procs.push_back(std::move(p));
    }
    for (auto &p : procs) {
        QVERIFY(p->waitForFinished(120000));
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
    }
    const Run listed = run(dir.path(), {QStringLiteral("ledger"), QStringLiteral("--json"),
                                        QStringLiteral("--ledger"), QStringLiteral("c.unalloc")});
    QCOMPARE(listed.exitCode, 0);
    const QJsonObject ledger = QJsonDocument::fromJson(listed.out).object();
    QCOMPARE(ledger.value(QStringLiteral("rows")).toInt(), 2 + 8);
    QCOMPARE(ledger.value(QStringLiteral("batches")).toArray().size(), 4);
    QVERIFY(QDir(dir.path())
                .entryList(QDir::Files | QDir::Hidden)
                .filter(QStringLiteral(".creating-"))
                .isEmpty());
}

void TestCliHostile::fifoInputIsRefusedAtOnce()
{
    // A FIFO input hung the import (opening it waited for a writer that never came).
    QTemporaryDir dir;
    const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("pipe.json")));
    QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
    const Run r = run(dir.path(), {QStringLiteral("import"), QStringLiteral("--ledger"),
                                   QStringLiteral("b.unalloc"), QStringLiteral("pipe.json")});
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("pipe.json: not a regular file but a pipe (FIFO)"), r.err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("b.unalloc"))));
}

void TestCliHostile::ledgerFilterThatSelectsNothingIsAUsageError_data()
{
    // These printed "No cost rows loaded. Try --fixtures." and exited 1.
    QTest::addColumn<QStringList>("filter");
    QTest::addColumn<QString>("says");
    QTest::newRow("-s nosuch") << QStringList{QStringLiteral("-s"), QStringLiteral("nosuch")}
                               << QStringLiteral("has no source 'nosuch'; its sources: opencost");
    QTest::newRow("--from after --to")
        << QStringList{QStringLiteral("--from"), QStringLiteral("2023-02-01"),
                       QStringLiteral("--to"), QStringLiteral("2023-01-01")}
        << QStringLiteral("--from 2023-02-01 is not before --to 2023-01-01");
}

void TestCliHostile::ledgerFilterThatSelectsNothingIsAUsageError()
{
    QFETCH(QStringList, filter);
    QFETCH(QString, says);
    QTemporaryDir dir;
    const Run imported =
        run(dir.path(),
            {QStringLiteral("import"), QStringLiteral("--ledger"), QStringLiteral("a.unalloc"),
             QStringLiteral(UNALLOC_TEST_DATA "/opencost/export_csv/input.csv")});
    QCOMPARE(imported.exitCode, 0);
    for (const QString &command : {QStringLiteral("report"), QStringLiteral("labels")}) {
        const Run r = run(
            dir.path(),
            QStringList{command, QStringLiteral("--ledger"), QStringLiteral("a.unalloc")} + filter);
        QCOMPARE(r.exitCode, 64);
        QVERIFY2(QString::fromUtf8(r.err).contains(says), r.err.constData());
    }
}

void TestCliHostile::skipInvalidLeavesOutTheReversedRecord()
{
    // Issue 19 item 10: a month of gateway rows must not be blocked by one record whose end
    // is 0.3 s before its start.
    QTemporaryDir dir;
    auto log = [](const char *id, const char *spend, const char *end) {
        return QByteArray(R"({"request_id":")") + id + R"(","spend":)" + spend +
               R"(,"startTime":"2026-08-01T10:00:02.500Z","endTime":")" + end +
               R"(","model":"gpt-4o","user":"u1","metadata":{"team":"search"}})";
    };
    write(dir.filePath(QStringLiteral("spend.json")),
          "[" + log("r1", "0.125", "2026-08-01T10:00:03Z") + "," +
              log("r2", "0.25", "2026-08-01T10:00:02.200Z") + "," +
              log("r3", "0.5", "2026-08-01T10:00:04Z") + "]");
    const QStringList import{QStringLiteral("import"), QStringLiteral("--ledger"),
                             QStringLiteral("l.unalloc"), QStringLiteral("spend.json")};

    const Run strict = run(dir.path(), import);
    QCOMPARE(strict.exitCode, 1);
    QVERIFY2(strict.err.contains("spend.json: [1]: endTime: the charge window ends"),
             strict.err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("l.unalloc"))));

    const Run lenient = run(dir.path(), import + QStringList{QStringLiteral("--skip-invalid")});
    QCOMPARE(lenient.exitCode, 0);
    QVERIFY2(lenient.out.contains("rows:     2 read, 2 added"), lenient.out.constData());
    QVERIFY2(lenient.out.contains("status:   partial \u2014 1 invalid record left out "
                                  "(--skip-invalid), 0.25 USD not imported"),
             lenient.out.constData());
    QVERIFY2(lenient.out.contains("warning:  spend.json: [1]: endTime: bad-window: record left "
                                  "out (--skip-invalid): the charge window ends"),
             lenient.out.constData());

    const QStringList report{QStringLiteral("report"), QStringLiteral("--ledger"),
                             QStringLiteral("l.unalloc"), QStringLiteral("-D"),
                             QStringLiteral("team")};
    QCOMPARE(run(dir.path(), report).exitCode, 0);
    const Run gated = run(dir.path(), report + QStringList{QStringLiteral("--require-complete")});
    QCOMPARE(gated.exitCode, 1);
    QVERIFY2(gated.err.contains("litellm (spend.json): partial \u2014 1 invalid record left out"),
             gated.err.constData());
}

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
