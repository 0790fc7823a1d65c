// Golden tests for the `unalloc` CLI: each folder under tests/data/cli/ is one case.
//   args    one argument per line; "@DATA@" expands to the test data folder (in stdout too)
//   stdout  the exact expected standard output (optional when stdout_contains is given)
//   stdout_contains / stderr_contains   lines that must each appear somewhere in that stream
//   exit    the expected exit code
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>

class TestCliGolden final : public QObject
{
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
};

namespace {

QString dataDir()
{
    return QStringLiteral(UNALLOC_TEST_DATA);
}

QByteArray readFile(const QString &path, bool *exists = nullptr)
{
    QFile f(path);
    const bool ok = f.open(QIODevice::ReadOnly);
    if (exists)
        *exists = ok;
    return ok ? f.readAll() : QByteArray();
}

QStringList splitLines(const QByteArray &bytes)
{
    QStringList out;
    for (const QByteArray &line : bytes.split('\n'))
        if (!line.isEmpty())
            out << QString::fromUtf8(line);
    return out;
}

} // namespace

void TestCliGolden::golden_data()
{
    QTest::addColumn<QString>("caseDir");
    const QDir root(dataDir() + QStringLiteral("/cli"));
    const QStringList cases = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY2(cases.size() >= 10, "the golden CLI cases are missing");
    for (const QString &c : cases)
        QTest::newRow(c.toUtf8().constData()) << root.filePath(c);
}

void TestCliGolden::golden()
{
    QFETCH(QString, caseDir);
    QStringList args;
    for (QString a : splitLines(readFile(caseDir + QStringLiteral("/args"))))
        args << a.replace(QStringLiteral("@DATA@"), dataDir());
    bool haveOut = false;
    // Paths of test inputs show in some outputs: "@DATA@" there too, so no golden names the
    // folder it was written in.
    const QByteArray expectedOut = readFile(caseDir + QStringLiteral("/stdout"), &haveOut)
                                       .replace("@DATA@", dataDir().toUtf8());
    const int expectedExit = readFile(caseDir + QStringLiteral("/exit")).trimmed().toInt();

    QProcess p;
    p.setWorkingDirectory(QDir::tempPath()); // the bundled demo must not depend on the cwd
    p.start(QStringLiteral(UNALLOC_CLI), args);
    QVERIFY(p.waitForStarted());
    QVERIFY(p.waitForFinished(60000));
    const QByteArray out = p.readAllStandardOutput();
    const QByteArray err = p.readAllStandardError();
    if (p.exitCode() != expectedExit)
        qWarning().noquote() << "stdout:" << out << "\nstderr:" << err;
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), expectedExit);
    if (haveOut)
        QCOMPARE(QString::fromUtf8(out), QString::fromUtf8(expectedOut));
    for (const QString &line : splitLines(readFile(caseDir + QStringLiteral("/stdout_contains"))))
        QVERIFY2(QString::fromUtf8(out).contains(line),
                 qPrintable(QStringLiteral("stdout lacks: ") + line));
    for (const QString &line : splitLines(readFile(caseDir + QStringLiteral("/stderr_contains"))))
        QVERIFY2(QString::fromUtf8(err).contains(line),
                 qPrintable(QStringLiteral("stderr lacks: ") + line));
}

QTEST_GUILESS_MAIN(TestCliGolden)
#include "tst_cli_golden.moc"
