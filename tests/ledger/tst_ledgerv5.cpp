// A ledger written by the schema-v5 build (tests/data/ledger/v5: one agg row per group, a
// meter split applied) migrates to schema v6 (each batch's groups in segments, the agg table
// left for later adjustments) and gives every output that build gave, byte for byte; undoing
// the split and importing more keep the aggregate equal to the rows.
#include "frozenledger.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"

#include <QFile>
#include <QTest>

using namespace unalloc;
using namespace Qt::StringLiterals;

namespace {

QString dataDir()
{
    return testing::FrozenLedger::dataDirOf(5);
}

std::int64_t count(const std::string &path, const char *sqlText)
{
    return testing::sqlCount(path, sqlText);
}

} // namespace

class TestLedgerV5 final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void migratesIntoSegments();
    void outputsAsTheV5BuildDid_data();
    void outputsAsTheV5BuildDid();
    void splitUndoneAndImportsKeepTheAggregate();

private:
    clitest::Run upgrade() { return m_frozen.upgrade(); }
    testing::FrozenLedger m_frozen{5};
    std::string m_path;
};

void TestLedgerV5::init()
{
    QVERIFY(m_frozen.copy());
    m_path = m_frozen.path();
}

void TestLedgerV5::migratesIntoSegments()
{
    QCOMPARE(count(m_path, "PRAGMA user_version"), 5);
    const std::int64_t groups = count(m_path, "SELECT count(*) FROM agg");
    const std::int64_t batches = count(m_path, "SELECT count(DISTINCT batch) FROM agg");
    QVERIFY(groups > 0);
    QVERIFY(batches > 1);
    QCOMPARE(count(m_path, "SELECT count(*) FROM splits"), 1);
    // A read-only command refuses and says how to migrate; the file stays as it was.
    const clitest::Run refused =
        clitest::run(m_frozen.dir(), {u"report"_s, u"--ledger"_s, u"v5.unalloc"_s});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("unalloc ledger --upgrade"), refused.err.constData());
    QCOMPARE(count(m_path, "PRAGMA user_version"), 5);

    const clitest::Run up = upgrade();
    QCOMPARE(up.exitCode, 0);
    QCOMPARE(count(m_path, "PRAGMA user_version"), core::LedgerStore::currentSchemaVersion());
    QCOMPARE(count(m_path, "SELECT sum(groups) FROM agg_segments"), groups);
    QCOMPARE(count(m_path, "SELECT count(DISTINCT batch) FROM agg_segments"), batches);
    QCOMPARE(count(m_path, "SELECT count(*) FROM agg"), 0);
    auto l = core::LedgerStore::open(m_path, true);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(static_cast<std::int64_t>(cube->groupCount()), groups);
    QCOMPARE(testing::dumpCube(*cube), testing::dumpCube(testing::cubeFromRows(**l)));
}

void TestLedgerV5::outputsAsTheV5BuildDid_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    const QStringList base{u"--ledger"_s, u"v5.unalloc"_s};
    const QStringList json{u"--json"_s};
    QTest::newRow("report with fallbacks")
        << (QStringList{u"report"_s} + base + json +
            QStringList{u"-f"_s, u"project"_s, u"-f"_s, u"workspace"_s})
        << u"report.json"_s;
    QTest::newRow("report by team")
        << (QStringList{u"report"_s} + base + QStringList{u"-D"_s, u"team"_s})
        << u"report-team.txt"_s;
    QTest::newRow("report by day")
        << (QStringList{u"report"_s} + base + QStringList{u"--by"_s, u"day"_s} + json)
        << u"report-by-day.json"_s;
    QTest::newRow("reconcile") << (QStringList{u"reconcile"_s} + base + json)
                               << u"reconcile.json"_s;
    QTest::newRow("collisions") << (QStringList{u"labels"_s} + base + json +
                                    QStringList{u"--collisions"_s})
                                << u"collisions.json"_s;
    QTest::newRow("available keys")
        << (QStringList{u"labels"_s} + base + json + QStringList{u"--available"_s})
        << u"available.json"_s;
}

void TestLedgerV5::outputsAsTheV5BuildDid()
{
    QFETCH(QStringList, args);
    QFETCH(QString, golden);
    QCOMPARE(upgrade().exitCode, 0);
    const clitest::Run r = clitest::run(m_frozen.dir(), args);
    QCOMPARE(r.exitCode, 0);
    const QByteArray want = testing::readFile(dataDir() + QLatin1Char('/') + golden);
    QVERIFY(!want.isEmpty());
    QCOMPARE(r.out, want);
}

void TestLedgerV5::splitUndoneAndImportsKeepTheAggregate()
{
    QCOMPARE(upgrade().exitCode, 0);
    auto l = core::LedgerStore::open(m_path);
    QVERIFY(l.has_value());
    const auto split = (*l)->splits();
    QVERIFY(split.has_value() && split->size() == 1);
    const auto withSplit = testing::dumpCube((*l)->loadCube().value());
    // Undoing the split moves the pod's amount back from its parts: adjustments in agg.
    QVERIFY((*l)->removeSplit(split->front().id).has_value());
    QVERIFY(count(m_path, "SELECT count(*) FROM agg") > 0);
    QVERIFY((*l)->checkIntegrity().has_value());
    auto undone = (*l)->loadCube();
    QVERIFY(undone.has_value());
    QCOMPARE(testing::dumpCube(*undone), testing::dumpCube(testing::cubeFromRows(**l)));
    QVERIFY(testing::dumpCube(*undone) != withSplit);
    // A new import writes its own segment and leaves the adjustments as they are.
    const std::int64_t segments = count(m_path, "SELECT count(*) FROM agg_segments");
    auto added = adapters::importFiles(
        **l, {UNALLOC_SOURCE_DIR "/tests/data/openai/costs_page1/input.json"});
    QVERIFY2(added.has_value(), added ? "" : added.error().message().c_str());
    QVERIFY(added->rowsAdded() > 0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM agg_segments"), segments + 1);
    QVERIFY((*l)->checkIntegrity().has_value());
    QCOMPARE(testing::dumpCube((*l)->loadCube().value()),
             testing::dumpCube(testing::cubeFromRows(**l)));
}

QTEST_GUILESS_MAIN(TestLedgerV5)
#include "tst_ledgerv5.moc"
