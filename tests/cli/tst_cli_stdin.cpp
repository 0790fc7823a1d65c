// Issue 14 item 4: `unalloc import -` reads standard input (so a generator can pipe records
// in), detects its format from the content and gives the same ledger as the file would.
// Runs the real `unalloc` binary.
#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using clitest::Run;
using clitest::run;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The environment of this test with TMPDIR pointing at `tmp`.
QStringList envWithTmp(const QString &tmp)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TMPDIR"), tmp);
    return env.toStringList();
}

} // namespace

class TestCliStdin final : public QObject
{
    Q_OBJECT

private slots:
    void stdinEqualsTheFile_data();
    void stdinEqualsTheFile();
    void badStdinIsRefusedAndLeavesNothing_data();
    void badStdinIsRefusedAndLeavesNothing();
};

void TestCliStdin::stdinEqualsTheFile_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QByteArray>("format");
    const QString data = QStringLiteral(UNALLOC_TEST_DATA);
    QTest::newRow("litellm spend logs")
        << data + u"/litellm/spend_logs/input.json"_s << QByteArray("litellm-spend-logs-json");
    QTest::newRow("opencost allocation") << data + u"/opencost/allocation_response/input.json"_s
                                         << QByteArray("opencost-allocation-json");
}

void TestCliStdin::stdinEqualsTheFile()
{
    QFETCH(QString, input);
    QFETCH(QByteArray, format);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir(dir.path()).mkdir(QStringLiteral("tmp"));
    const QString tmp = dir.filePath(QStringLiteral("tmp"));
    const QByteArray bytes = readAll(input);
    QVERIFY(!bytes.isEmpty());

    const Run viaStdin = run(dir.path(), {u"import"_s, u"--ledger"_s, u"a.unalloc"_s, u"-"_s},
                             bytes, envWithTmp(tmp));
    QCOMPARE(viaStdin.exitCode, 0);
    QVERIFY2(viaStdin.out.contains("<stdin>: "), viaStdin.out.constData());
    QVERIFY2(viaStdin.out.contains("(" + format + ")"), viaStdin.out.constData());
    // The buffer of standard input is gone with the process.
    QVERIFY(QDir(tmp).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());

    const Run viaFile = run(dir.path(), {u"import"_s, u"--ledger"_s, u"b.unalloc"_s, input});
    QCOMPARE(viaFile.exitCode, 0);
    // Standard input redirected from a file rather than a pipe: the same ledger again.
    QProcess redirected;
    redirected.setWorkingDirectory(dir.path());
    redirected.setEnvironment(envWithTmp(tmp));
    redirected.setStandardInputFile(input);
    redirected.start(QStringLiteral(UNALLOC_CLI),
                     {u"import"_s, u"--ledger"_s, u"c.unalloc"_s, u"-"_s});
    QVERIFY(redirected.waitForFinished(120000));
    QCOMPARE(redirected.exitCode(), 0);
    QVERIFY(QDir(tmp).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());

    // Same rows, same figures: the reports of the two ledgers are the same text.
    const Run a = run(dir.path(), {u"report"_s, u"--ledger"_s, u"a.unalloc"_s, u"-D"_s, u"team"_s});
    const Run b = run(dir.path(), {u"report"_s, u"--ledger"_s, u"b.unalloc"_s, u"-D"_s, u"team"_s});
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(b.exitCode, 0);
    QCOMPARE(a.out, b.out);
    const Run c = run(dir.path(), {u"report"_s, u"--ledger"_s, u"c.unalloc"_s, u"-D"_s, u"team"_s});
    QCOMPARE(c.out, a.out);
    // And the batch records the same content hash for both.
    const Run la = run(dir.path(), {u"ledger"_s, u"--ledger"_s, u"a.unalloc"_s, u"--json"_s});
    const Run lb = run(dir.path(), {u"ledger"_s, u"--ledger"_s, u"b.unalloc"_s, u"--json"_s});
    QCOMPARE(la.exitCode, 0);
    QCOMPARE(lb.exitCode, 0);
    const QByteArray sha = "\"sha256\"";
    QVERIFY(la.out.contains(sha));
    const auto shaOf = [&](const QByteArray &json) {
        const qsizetype at = json.indexOf(sha);
        return json.mid(at, json.indexOf(',', at) - at);
    };
    QCOMPARE(shaOf(la.out), shaOf(lb.out));
    const Run lc = run(dir.path(), {u"ledger"_s, u"--ledger"_s, u"c.unalloc"_s, u"--json"_s});
    QCOMPARE(shaOf(lc.out), shaOf(la.out));

    // A second pipe of the same records adds nothing.
    const Run again = run(dir.path(), {u"import"_s, u"--ledger"_s, u"a.unalloc"_s, u"-"_s}, bytes,
                          envWithTmp(tmp));
    QCOMPARE(again.exitCode, 0);
    QVERIFY2(again.out.contains("imported 0 new rows"), again.out.constData());
}

void TestCliStdin::badStdinIsRefusedAndLeavesNothing_data()
{
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("says");
    QTest::newRow("not an export") << QStringList{u"-"_s} << QByteArray("garbage\n")
                                   << QByteArray("<stdin>: not a recognised export format");
    QTest::newRow("empty") << QStringList{u"-"_s} << QByteArray() << QByteArray("<stdin>");
    QTest::newRow("truncated json")
        << QStringList{u"-"_s} << QByteArray(R"([{"request_id":"r1","spend":0.5,)")
        << QByteArray("<stdin>");
    QTest::newRow("twice") << QStringList{u"-"_s, u"-"_s} << QByteArray("[]")
                           << QByteArray("standard input (-) can be read only once");
}

void TestCliStdin::badStdinIsRefusedAndLeavesNothing()
{
    QFETCH(QStringList, paths);
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, says);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir(dir.path()).mkdir(QStringLiteral("tmp"));
    const QString tmp = dir.filePath(QStringLiteral("tmp"));
    const Run r = run(dir.path(), QStringList{u"import"_s, u"--ledger"_s, u"x.unalloc"_s} + paths,
                      input, envWithTmp(tmp));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(says), r.err.constData());
    QVERIFY2(r.err.contains("no ledger was created"), r.err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.unalloc"))));
    QVERIFY(QDir(tmp).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
}

QTEST_GUILESS_MAIN(TestCliStdin)
#include "tst_cli_stdin.moc"
