// A ledger written by the schema-v4 build (tests/data/ledger/v4: the aggregate kept its texts)
// migrates to the current schema (the aggregate's texts become ids of agg_strings, its groups
// per-batch segments) and gives every output that build gave, byte for byte; splits and
// imports keep the aggregate equal to the rows.
#include "frozenledger.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>

using namespace unalloc;
using namespace Qt::StringLiterals;

namespace {

QString dataDir()
{
    return testing::FrozenLedger::dataDirOf(4);
}

using testing::readFile;
using testing::sqlCount;

std::int64_t count(const std::string &path, const char *sqlText)
{
    return sqlCount(path, sqlText);
}

QString text(const std::string &path, const char *sqlText)
{
    return QString::fromStdString(testing::sqlText(path, sqlText));
}

} // namespace

class TestLedgerV4 final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void migratesWithTheUpgradeCommand();
    void outputsAsTheV4BuildDid_data();
    void outputsAsTheV4BuildDid();
    void importsStillDeduplicate();

private:
    testing::FrozenLedger m_frozen{4};
    std::string m_path;
    clitest::Run upgrade() { return m_frozen.upgrade(); }
};

void TestLedgerV4::init()
{
    QVERIFY(m_frozen.copy());
    m_path = m_frozen.path();
}

void TestLedgerV4::migratesWithTheUpgradeCommand()
{
    QCOMPARE(count(m_path, "PRAGMA user_version"), 4);
    const std::int64_t groups = count(m_path, "SELECT count(*) FROM agg");
    QVERIFY(groups > 0);
    // Request timestamps were absolute in v4; v5 keeps them after the row's start.
    const char *timesV4 = "SELECT count(*) || '/' || sum(send_us) || '/' || sum(first_token_us) "
                          "|| '/' || sum(done_us) FROM rows WHERE send_us IS NOT NULL";
    const char *timesV5 =
        "SELECT count(*) || '/' || sum(start_us + send_after_us) || '/' || "
        "sum(start_us + first_token_after_us) || '/' || sum(start_us + done_after_us) FROM rows "
        "WHERE send_after_us IS NOT NULL";
    const QString times = text(m_path, timesV4);
    QVERIFY2(!times.startsWith(u"0/"_s) && !times.isEmpty(), qPrintable(times));
    // A read-only command refuses and says how to migrate.
    const clitest::Run refused = m_frozen.run({u"report"_s, u"--ledger"_s, u"v4.unalloc"_s});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("unalloc ledger --upgrade"), refused.err.constData());
    QCOMPARE(count(m_path, "PRAGMA user_version"), 4);

    const clitest::Run up = upgrade();
    QCOMPARE(up.exitCode, 0);
    const QByteArray current = "schema version " +
                               QByteArray::number(core::LedgerStore::currentSchemaVersion()) +
                               " (current)";
    QVERIFY2(up.out.contains(current), up.out.constData());
    QCOMPARE(count(m_path, "PRAGMA user_version"), core::LedgerStore::currentSchemaVersion());
    // The same groups, now in per-batch segments (schema v6); the agg table holds only what
    // splits change later.
    QCOMPARE(count(m_path, "SELECT sum(groups) FROM agg_segments"), groups);
    QCOMPARE(count(m_path, "SELECT count(*) FROM agg"), 0);
    QCOMPARE(text(m_path, timesV5), times);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE send_after_us <> 0"), 0);
    auto l = core::LedgerStore::open(m_path, true);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QCOMPARE((*l)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(testing::dumpCube(*cube), testing::dumpCube(testing::cubeFromRows(**l)));
}

void TestLedgerV4::outputsAsTheV4BuildDid_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    const QStringList base{u"--ledger"_s, u"v4.unalloc"_s};
    const QStringList json{u"--json"_s};
    QTest::newRow("report with fallbacks")
        << (QStringList{u"report"_s} + base + json +
            QStringList{u"-f"_s, u"project"_s, u"-f"_s, u"workspace"_s})
        << u"report.json"_s;
    QTest::newRow("report by team")
        << (QStringList{u"report"_s} + base + QStringList{u"-D"_s, u"team"_s})
        << u"report-team.txt"_s;
    QTest::newRow("reconcile") << (QStringList{u"reconcile"_s} + base + json)
                               << u"reconcile.json"_s;
    QTest::newRow("collisions") << (QStringList{u"labels"_s} + base + json +
                                    QStringList{u"--collisions"_s})
                                << u"collisions.json"_s;
    QTest::newRow("available keys")
        << (QStringList{u"labels"_s} + base + json + QStringList{u"--available"_s})
        << u"available.json"_s;
    QTest::newRow("backlog") << (QStringList{u"labels"_s} + base + json) << u"backlog.json"_s;
}

void TestLedgerV4::outputsAsTheV4BuildDid()
{
    QFETCH(QStringList, args);
    QFETCH(QString, golden);
    QCOMPARE(upgrade().exitCode, 0);
    const clitest::Run r = m_frozen.run(args);
    QCOMPARE(r.exitCode, 0);
    const QByteArray want = readFile(dataDir() + QLatin1Char('/') + golden);
    QVERIFY(!want.isEmpty());
    QCOMPARE(r.out, want);
}

void TestLedgerV4::importsStillDeduplicate()
{
    QCOMPARE(upgrade().exitCode, 0);
    const std::int64_t rows = count(m_path, "SELECT count(*) FROM rows");
    const std::int64_t texts = count(m_path, "SELECT count(*) FROM agg_strings");
    auto l = core::LedgerStore::open(m_path);
    QVERIFY(l.has_value());
    const std::string inputs = UNALLOC_SOURCE_DIR "/tests/data/cli-inputs/demo/";
    auto report = adapters::importFiles(
        **l, {inputs + "litellm_spend.json", inputs + "opencost_allocation.json"});
    QVERIFY2(report.has_value(), report ? "" : report.error().message().c_str());
    QCOMPARE(report->rowsAdded(), 0);
    QVERIFY(report->rowsRead() > 0);
    // New rows reuse the migrated texts and keep the aggregate equal to the rows.
    auto added = adapters::importFiles(
        **l, {UNALLOC_SOURCE_DIR "/tests/data/openai/costs_page1/input.json"});
    QVERIFY2(added.has_value(), added ? "" : added.error().message().c_str());
    QVERIFY(added->rowsAdded() > 0);
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(testing::dumpCube(*cube), testing::dumpCube(testing::cubeFromRows(**l)));
    l->reset();
    QVERIFY(count(m_path, "SELECT count(*) FROM rows") > rows);
    QVERIFY(count(m_path, "SELECT count(*) FROM agg_strings") >= texts);
    QCOMPARE(count(m_path, "SELECT count(*) FROM agg"), 0);
    QVERIFY(count(m_path, "SELECT count(DISTINCT batch) FROM agg_segments") >= 2);
}

QTEST_GUILESS_MAIN(TestLedgerV4)
#include "tst_ledgerv4.moc"
