// A ledger written by the schema-v6 build (tests/data/ledger/v6: a row of label_sets per set
// with a hash index, a meter split applied) migrates to schema v7 (sets in chunks of
// consecutive ids, no per-set row, no foreign key from the rows) and gives every output that
// build gave, byte for byte, including every row's labels in the FOCUS export; deleting a
// batch afterwards removes its sets from their chunks and keeps the others.
#include "frozenledger.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace unalloc;
using namespace Qt::StringLiterals;

namespace {

QString dataDir()
{
    return testing::FrozenLedger::dataDirOf(6);
}

std::int64_t count(const std::string &path, const char *sqlText)
{
    return testing::sqlCount(path, sqlText);
}

} // namespace

class TestLedgerV6 final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void migratesIntoChunks();
    void outputsAsTheV6BuildDid_data();
    void outputsAsTheV6BuildDid();
    void exportsTheSameLabels();
    void deletingABatchKeepsTheOtherSets();

private:
    clitest::Run upgrade() { return m_frozen.upgrade(); }
    testing::FrozenLedger m_frozen{6};
    std::string m_path;
};

void TestLedgerV6::init()
{
    QVERIFY(m_frozen.copy());
    m_path = m_frozen.path();
}

void TestLedgerV6::migratesIntoChunks()
{
    QCOMPARE(count(m_path, "PRAGMA user_version"), 6);
    const std::int64_t sets = count(m_path, "SELECT count(*) FROM label_sets");
    const std::int64_t lastSet = count(m_path, "SELECT max(id) FROM label_sets");
    const std::int64_t rows = count(m_path, "SELECT count(*) FROM rows");
    QVERIFY(sets > 1);
    QCOMPARE(count(m_path, "SELECT count(*) FROM pragma_foreign_key_list('rows') "
                           "WHERE \"table\" = 'label_sets'"),
             1);
    const clitest::Run refused =
        clitest::run(m_frozen.dir(), {u"report"_s, u"--ledger"_s, u"v6.unalloc"_s});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("unalloc ledger --upgrade"), refused.err.constData());
    QCOMPARE(count(m_path, "PRAGMA user_version"), 6);

    const clitest::Run up = upgrade();
    QVERIFY2(up.exitCode == 0, up.err.constData());
    QCOMPARE(count(m_path, "PRAGMA user_version"), core::LedgerStore::currentSchemaVersion());
    QCOMPARE(count(m_path, "SELECT sum(sets) FROM label_chunks"), sets);
    QCOMPARE(count(m_path, "SELECT max(first + span) - 1 FROM label_chunks"), lastSet);
    QCOMPARE(count(m_path, "SELECT count(*) FROM sqlite_schema WHERE name IN ('label_sets', "
                           "'label_sets_h')"),
             0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM pragma_foreign_key_list('rows') "
                           "WHERE \"table\" = 'label_sets'"),
             0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows"), rows);
    QCOMPARE(testing::sqlText(m_path, "PRAGMA integrity_check"), std::string("ok"));
    auto l = core::LedgerStore::open(m_path, true);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(testing::dumpCube(*cube), testing::dumpCube(testing::cubeFromRows(**l)));
    l->reset();
    // Without the foreign key, the integrity check is what finds a row whose set is gone.
    QVERIFY(testing::execRaw(m_path, "UPDATE rows SET label_set = label_set + 1000 WHERE id = "
                                     "(SELECT max(id) FROM rows)"));
    auto broken = core::LedgerStore::open(m_path, true);
    QVERIFY(broken.has_value());
    const auto check = (*broken)->checkIntegrity();
    QVERIFY(!check.has_value());
    QVERIFY2(check.error().detail.find("which is not stored") != std::string::npos,
             check.error().detail.c_str());
}

void TestLedgerV6::outputsAsTheV6BuildDid_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    const QStringList base{u"--ledger"_s, u"v6.unalloc"_s};
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
    QTest::newRow("backlog by end user")
        << (QStringList{u"labels"_s} + base + json +
            QStringList{u"--limit"_s, u"0"_s, u"-D"_s, u"end_user"_s})
        << u"backlog-end-user.json"_s;
}

void TestLedgerV6::outputsAsTheV6BuildDid()
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

void TestLedgerV6::exportsTheSameLabels()
{
    QCOMPARE(upgrade().exitCode, 0);
    const clitest::Run r =
        clitest::run(m_frozen.dir(), {u"export"_s, u"--ledger"_s, u"v6.unalloc"_s, u"--focus"_s,
                                      u"1.2"_s, u"-o"_s, u"export.csv"_s, u"-f"_s, u"project"_s});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QByteArray want = testing::readFile(dataDir() + u"/export.csv"_s);
    QVERIFY(want.contains("Tags"));
    QCOMPARE(testing::readFile(QDir(m_frozen.dir()).filePath(u"export.csv"_s)), want);
}

void TestLedgerV6::deletingABatchKeepsTheOtherSets()
{
    QCOMPARE(upgrade().exitCode, 0);
    const std::int64_t sets = count(m_path, "SELECT sum(sets) FROM label_chunks");
    const std::int64_t lastBatch = count(m_path, "SELECT max(id) FROM batches");
    // Sets only the last batch's rows use go; a set another batch's rows also use stays.
    const std::string onlyLast =
        "SELECT count(DISTINCT label_set) FROM rows WHERE batch = " + std::to_string(lastBatch) +
        " AND label_set NOT IN (SELECT label_set FROM rows WHERE batch <> " +
        std::to_string(lastBatch) + ")";
    const std::int64_t going = count(m_path, onlyLast.c_str());
    QVERIFY(going > 0);
    auto l = core::LedgerStore::open(m_path);
    QVERIFY(l.has_value());
    auto removed = (*l)->deleteBatch(lastBatch);
    QVERIFY2(removed.has_value(), removed ? "" : removed.error().message().c_str());
    QVERIFY((*l)->checkIntegrity().has_value());
    QCOMPARE(count(m_path, "SELECT sum(sets) FROM label_chunks"), sets - going);
    QCOMPARE(count(m_path, "SELECT sum(sets) FROM label_chunks"),
             count(m_path, "SELECT count(DISTINCT label_set) FROM rows"));
    QCOMPARE(testing::dumpCube((*l)->loadCube().value()),
             testing::dumpCube(testing::cubeFromRows(**l)));
    // Put back (without the split's parts, as undo does): every row's set is stored again,
    // and no set is left that no row uses.
    QVERIFY((*l)->restoreBatch(*removed).has_value());
    QVERIFY((*l)->checkIntegrity().has_value());
    QCOMPARE(count(m_path, "SELECT sum(sets) FROM label_chunks"),
             count(m_path, "SELECT count(DISTINCT label_set) FROM rows"));
    QCOMPARE(testing::dumpCube((*l)->loadCube().value()),
             testing::dumpCube(testing::cubeFromRows(**l)));
}

QTEST_GUILESS_MAIN(TestLedgerV6)
#include "tst_ledgerv6.moc"
