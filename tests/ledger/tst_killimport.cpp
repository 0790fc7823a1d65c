// A process SIGKILLed in the middle of an import leaves the previous ledger intact.
#include "fakeadapter.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"

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
};

void TestKillImport::killedImportLeavesLedgerIntact_data()
{
    QTest::addColumn<int>("stopAfter");
    QTest::newRow("first chunk") << 1;
    QTest::newRow("after the page cache spilled") << 150000;
    QTest::newRow("every row written, before commit") << 200000;
}

void TestKillImport::killedImportLeavesLedgerIntact()
{
    QFETCH(int, stopAfter);
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
        QVERIFY(adapters::importFiles(*ledger, {prior}, o).has_value());
    }
    const auto before = dumpContent(ledgerPath);
    QVERIFY(before.size() > 5);

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

    // The WAL may hold uncommitted frames; opening recovers and ignores them.
    QCOMPARE(dumpContent(ledgerPath), before);
    auto ledger = core::LedgerStore::open(ledgerPath);
    QVERIFY(ledger.has_value());
    QVERIFY((*ledger)->checkIntegrity().has_value());
    QCOMPARE((*ledger)->rowCount({}).value(), 2);
    QCOMPARE(dumpContent(ledgerPath), before);
    // And the ledger still takes imports.
    adapters::ImportOptions o;
    o.detect = &detectWithFake;
    QVERIFY(adapters::importFiles(**ledger, {bigPath}, o).has_value());
    QCOMPARE((*ledger)->rowCount({}).value(), 200002);
}

QTEST_GUILESS_MAIN(TestKillImport)
#include "tst_killimport.moc"
