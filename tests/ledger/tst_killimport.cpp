// A process SIGKILLed in the middle of an import leaves the previous ledger intact.
#include "fakeadapter.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"
#include "adapters/import/ledgerimport.h"

#include <QDir>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace unalloc;
using namespace unalloc::testing;

class TestKillImport final : public QObject
{
    Q_OBJECT

private slots:
    void killedImportLeavesLedgerIntact_data();
    void killedImportLeavesLedgerIntact();
    void killedCreationLeavesNoLedger_data();
    void killedCreationLeavesNoLedger();
};

void TestKillImport::killedImportLeavesLedgerIntact_data()
{
    QTest::addColumn<int>("stopAfter");
    QTest::addColumn<bool>("empty"); // into a ledger without rows: under a rollback journal
    QTest::newRow("first chunk") << 1 << false;
    QTest::newRow("after the page cache spilled") << 150000 << false;
    QTest::newRow("every row written, before commit") << 200000 << false;
    QTest::newRow("empty ledger, first chunk") << 1 << true;
    QTest::newRow("empty ledger, after the page cache spilled") << 150000 << true;
    QTest::newRow("empty ledger, every row written") << 200000 << true;
}

void TestKillImport::killedImportLeavesLedgerIntact()
{
    QFETCH(int, stopAfter);
    QFETCH(bool, empty);
    QTemporaryDir dir;
    const std::string ledgerPath = dir.filePath(QStringLiteral("l.unalloc")).toStdString();
    auto write = [&dir](const char *name, const std::string &content) {
        QFile f(dir.filePath(QString::fromLatin1(name)));
        f.open(QIODevice::WriteOnly);
        f.write(content.data(), static_cast<qint64>(content.size()));
        return f.fileName().toStdString();
    };
    {
        auto ledger = core::LedgerStore::create(ledgerPath).value();
        adapters::ImportOptions o;
        o.detect = &detectWithFake;
        const auto prior = write("prior.fake", fakeFile({"p1,1.25,USD,2026-08-01,2026-08-02,search",
                                                         "p2,2.50,USD,2026-08-02,2026-08-03,ads"}));
        if (!empty)
            QVERIFY(adapters::importFiles(*ledger, {prior}, o).has_value());
    }
    const auto before = dumpContent(ledgerPath);
    QVERIFY(empty || before.size() > 5);
    const int rowsBefore = empty ? 0 : 2;

    std::string big = "FAKE\n";
    for (int i = 0; i < 200000; ++i)
        big += "big" + std::to_string(i) + ",0.0" + std::to_string(i % 97) + ",USD,2026-08-0" +
               std::to_string(1 + i % 9) + ",2026-08-10,team-" + std::to_string(i % 300) + ",cc-" +
               std::to_string(i % 7) + "\n";
    const std::string bigPath = write("big.fake", big);

    QProcess helper;
    helper.start(QStringLiteral(LEDGER_KILL_HELPER),
                 {QString::fromStdString(ledgerPath), QString::fromStdString(bigPath),
                  QString::number(stopAfter)});
    QVERIFY(helper.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(helper.canReadLine() || helper.state() == QProcess::NotRunning,
                             120000);
    const QByteArray said = helper.readLine();
    QVERIFY2(said.startsWith("writing"), said.constData());
    QCOMPARE(::kill(static_cast<pid_t>(helper.processId()), SIGKILL), 0);
    QVERIFY(helper.waitForFinished());
    QCOMPARE(helper.exitStatus(), QProcess::CrashExit);

    if (empty) {
        // A hot journal: a read-only opening (what `unalloc report` does) rolls it back first
        // and sees the ledger as it was.
        QVERIFY(QFile::exists(QString::fromStdString(ledgerPath + "-journal")) || stopAfter == 1);
        auto reader = core::LedgerStore::open(ledgerPath, true);
        QVERIFY2(reader.has_value(), reader ? "" : reader.error().message().c_str());
        QCOMPARE((*reader)->rowCount({}).value(), 0);
    }
    // The WAL may hold uncommitted frames; opening recovers and ignores them.
    QCOMPARE(dumpContent(ledgerPath), before);
    auto ledger = core::LedgerStore::open(ledgerPath);
    QVERIFY(ledger.has_value());
    QVERIFY((*ledger)->checkIntegrity().has_value());
    QCOMPARE((*ledger)->rowCount({}).value(), rowsBefore);
    QCOMPARE(dumpContent(ledgerPath), before);
    // And the ledger still takes imports.
    adapters::ImportOptions o;
    o.detect = &detectWithFake;
    QVERIFY(adapters::importFiles(**ledger, {bigPath}, o).has_value());
    QCOMPARE((*ledger)->rowCount({}).value(), rowsBefore + 200000);
}

void TestKillImport::killedCreationLeavesNoLedger_data()
{
    QTest::addColumn<int>("stopAfter");
    QTest::newRow("first chunk") << 1;
    QTest::newRow("every row written, before commit") << 20000;
}

void TestKillImport::killedCreationLeavesNoLedger()
{
    // Issue 19: a SIGKILL while an import created the ledger left a file every later run
    // rejected ("not an unalloc ledger"). Now the path holds no ledger until the import
    // committed, and the next import creates it normally.
    QFETCH(int, stopAfter);
    QTemporaryDir dir;
    const std::string ledgerPath = dir.filePath(QStringLiteral("new.unalloc")).toStdString();
    std::string big = "FAKE\n";
    for (int i = 0; i < 20000; ++i)
        big += "k" + std::to_string(i) + ",0.0" + std::to_string(i % 97) +
               ",USD,2026-08-01,2026-08-02,team-" + std::to_string(i % 30) + "\n";
    const QString bigPath = dir.filePath(QStringLiteral("big.fake"));
    {
        QFile f(bigPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(big.data(), static_cast<qint64>(big.size()));
    }
    QProcess helper;
    helper.start(QStringLiteral(LEDGER_KILL_HELPER),
                 {QString::fromStdString(ledgerPath), bigPath, QString::number(stopAfter),
                  QStringLiteral("new")});
    QVERIFY(helper.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(helper.canReadLine() || helper.state() == QProcess::NotRunning,
                             120000);
    const QByteArray said = helper.readLine();
    QVERIFY2(said.startsWith("writing"), said.constData());
    QCOMPARE(::kill(static_cast<pid_t>(helper.processId()), SIGKILL), 0);
    QVERIFY(helper.waitForFinished());
    QCOMPARE(helper.exitStatus(), QProcess::CrashExit);

    QVERIFY(!QFile::exists(QString::fromStdString(ledgerPath)));
    adapters::ImportOptions o;
    o.detect = &detectWithFake;
    auto again = adapters::importIntoLedgerFile(ledgerPath, {bigPath.toStdString()}, o);
    QVERIFY2(again.has_value(), again ? "" : again.error().error.message().c_str());
    auto ledger = core::LedgerStore::open(ledgerPath, true);
    QVERIFY2(ledger.has_value(), ledger ? "" : ledger.error().message().c_str());
    QCOMPARE((*ledger)->rowCount({}).value(), 20000);
    QVERIFY((*ledger)->checkIntegrity().has_value());
    // The killed draft was cleaned up by the next creation (its process is gone).
    const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
    QVERIFY2(left.filter(QStringLiteral(".creating-")).isEmpty(),
             qPrintable(left.join(QLatin1Char(' '))));
    QVERIFY(left.contains(QStringLiteral("new.unalloc")));
}

QTEST_GUILESS_MAIN(TestKillImport)
#include "tst_killimport.moc"
