// `unalloc` links QtCore, SQLite and libcrypto only; `pack`, `pull` and `credentials` (QtGui,
// QtNetwork, the keychain) run in unalloc-full, to which it hands them by exec. What a user
// sees must not change: the same output, standard streams and exit codes; and a clear error
// when unalloc-full is missing.
#include "clirun.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestCliForward final : public QObject
{
    Q_OBJECT

private slots:
    void handedCommandsAnswer_data();
    void handedCommandsAnswer();
    void withoutTheFullCliTheErrorSaysWhy_data();
    void withoutTheFullCliTheErrorSaysWhy();
    void linksNeitherGuiNorNetwork();
};

void TestCliForward::handedCommandsAnswer_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("out");
    QTest::addColumn<QByteArray>("err");
    for (const char *c : {"pack", "pull", "credentials"}) {
        const QString cmd = QString::fromLatin1(c);
        QTest::addRow("%s --help", c) << QStringList{cmd, QStringLiteral("--help")} << 0
                                      << (QByteArray("Usage: unalloc ") + c) << QByteArray();
        // The exit code and standard error come from unalloc-full unchanged.
        QTest::addRow("%s with an unknown option", c)
            << QStringList{cmd, QStringLiteral("--no-such-option")} << 64 << QByteArray()
            << QByteArray("unalloc: unknown option '--no-such-option'");
    }
}

void TestCliForward::handedCommandsAnswer()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, out);
    QFETCH(QByteArray, err);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const clitest::Run r = clitest::run(dir.path(), args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.out.startsWith(out), r.out.constData());
    QVERIFY2(r.err.contains(err), r.err.constData());
}

void TestCliForward::withoutTheFullCliTheErrorSaysWhy_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("pack") << QStringLiteral("pack");
    QTest::newRow("pull") << QStringLiteral("pull");
    QTest::newRow("credentials") << QStringLiteral("credentials");
}

void TestCliForward::withoutTheFullCliTheErrorSaysWhy()
{
    QFETCH(QString, command);
    // `unalloc` copied alone: every other command runs, these three say what is missing.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString alone = dir.filePath(QStringLiteral("unalloc"));
    QVERIFY(QFile::copy(QStringLiteral(UNALLOC_CLI), alone));
    QVERIFY(QFile::setPermissions(alone, QFile::ReadOwner | QFile::ExeOwner));
    QProcess p;
    p.setWorkingDirectory(dir.path());
    p.start(alone, {command, QStringLiteral("--help")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY(p.readAllStandardOutput().isEmpty());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("'unalloc %1' runs in unalloc-full").arg(command)),
             qPrintable(err));
    QVERIFY2(err.contains(dir.filePath(QStringLiteral("unalloc-full")) +
                          QStringLiteral(": No such file or directory")),
             qPrintable(err));

    p.start(alone, {QStringLiteral("report"), QStringLiteral("--fixtures"), QStringLiteral("-D"),
                    QStringLiteral("team")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(p.readAllStandardOutput().contains("AI spend is unattributed"));
}

void TestCliForward::linksNeitherGuiNorNetwork()
{
    // What makes every command start fast: a report on a 1M-request ledger has 300 ms.
    QProcess p;
    p.start(QStringLiteral("readelf"), {QStringLiteral("-d"), QStringLiteral(UNALLOC_CLI)});
    if (!p.waitForStarted())
        QSKIP("readelf is not installed");
    QVERIFY(p.waitForFinished(60000));
    const QByteArray dynamic = p.readAllStandardOutput();
    QVERIFY2(dynamic.contains("libQt6Core"), dynamic.constData());
    for (const char *lib : {"libQt6Gui", "libQt6Network", "libqt6keychain", "libQt6Widgets"})
        QVERIFY2(!dynamic.contains(lib), lib);
}

QTEST_GUILESS_MAIN(TestCliForward)
#include "tst_cli_forward.moc"
