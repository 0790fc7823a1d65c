// A ledger written by the schema-v7 build (tests/data/ledger/v7: every rows column stored as
// written, 16-byte amounts, credits, a meter split, a source and a currency outside the coded
// lists) migrates to schema v8 (codes, no name stored twice, the charge span, 1- to 17-byte
// amounts) and gives every output that build gave, byte for byte; a migration that fails
// half-way leaves the v7 file as it was.
#include "frozenledger.h"
#include "ledgertestutil.h"

#include "core/ledger/ledgercodec.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace unalloc;
using namespace Qt::StringLiterals;

namespace {

QString dataDir()
{
    return testing::FrozenLedger::dataDirOf(7);
}

std::int64_t count(const std::string &path, const std::string &sqlText)
{
    return testing::sqlCount(path, sqlText.c_str());
}

} // namespace

class TestLedgerV7 final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void migratesIntoCompactRows();
    void keepsEveryColumnAsWritten();
    void outputsAsTheV7BuildDid_data();
    void outputsAsTheV7BuildDid();
    void exportsTheSameRows();
    void failedMigrationLeavesTheFile();
    void importsAfterMigration();

private:
    clitest::Run upgrade() { return m_frozen.upgrade(); }
    testing::FrozenLedger m_frozen{7};
    std::string m_path;
};

void TestLedgerV7::init()
{
    QVERIFY(m_frozen.copy());
    m_path = m_frozen.path();
}

void TestLedgerV7::migratesIntoCompactRows()
{
    QCOMPARE(count(m_path, "PRAGMA user_version"), 7);
    const std::int64_t rows = count(m_path, "SELECT count(*) FROM rows");
    const std::int64_t splits = count(m_path, "SELECT count(*) FROM rows WHERE split IS NOT NULL");
    QVERIFY(splits > 0);
    const clitest::Run up = upgrade();
    QVERIFY2(up.exitCode == 0, up.err.constData());
    QCOMPARE(count(m_path, "PRAGMA user_version"), core::LedgerStore::currentSchemaVersion());
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows"), rows);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE split IS NOT NULL"), splits);
    QCOMPARE(testing::sqlText(m_path, "PRAGMA integrity_check"), std::string("ok"));
    QCOMPARE(count(m_path, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
    // The old table's pages went back to the file system.
    QCOMPARE(count(m_path, "PRAGMA freelist_count"), 0);
    QVERIFY(QFileInfo(QString::fromStdString(m_path)).size() <
            QFileInfo(dataDir() + u"/v7.unalloc"_s).size());
    // Codes for the listed texts, the text itself for the others.
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE source = 'litellm' AND "
                           "typeof(source_code) <> 'integer'"),
             0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE source = 'mistral-eu' AND "
                           "typeof(source_code) = 'text'"),
             2);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE typeof(currency_code) = 'integer'"),
             rows);
    // A gateway row's name is its model: stored once. The stored amounts shrank.
    QVERIFY(count(m_path, "SELECT count(*) FROM rows WHERE own_name IS NULL") > 3000);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE own_name IS NULL AND model IS NULL"),
             0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE length(amount) >= 16"), 0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM batch_totals WHERE length(amount) >= 16"), 0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM invoices WHERE length(amount) >= 16"), 0);
    auto l = core::LedgerStore::open(m_path, true);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(testing::dumpCube(*cube), testing::dumpCube(testing::cubeFromRows(**l)));
}

void TestLedgerV7::keepsEveryColumnAsWritten()
{
    // Every column a reader names gives what v7 stored, row by row; the amounts and quantities
    // too, decoded from each encoding.
    const std::string original = m_frozen.checkColumnsAsWritten(true);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE typeof(name) <> 'text' OR "
                           "typeof(source) <> 'text' OR typeof(currency) <> 'text'"),
             0);
    // Negative, zero and positive amounts keep their order.
    QCOMPARE(testing::sqlText(m_path, "SELECT group_concat(id) FROM (SELECT id FROM rows ORDER BY "
                                      "amount, id LIMIT 12)"),
             testing::sqlText(original, "SELECT group_concat(id) FROM (SELECT id FROM rows "
                                        "ORDER BY amount, id LIMIT 12)"));
}

void TestLedgerV7::outputsAsTheV7BuildDid_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    m_frozen.addOutputRows();
}

void TestLedgerV7::outputsAsTheV7BuildDid()
{
    QFETCH(QStringList, args);
    QFETCH(QString, golden);
    m_frozen.checkOutput(args, golden);
}

void TestLedgerV7::exportsTheSameRows()
{
    m_frozen.checkExport();
}

void TestLedgerV7::failedMigrationLeavesTheFile()
{
    // The last row's amount is not a v7 amount: the copy fails there, after every other row.
    m_frozen.checkFailedMigration(
        "UPDATE rows SET amount = x'0102' WHERE id = (SELECT max(id) FROM rows)",
        "unalloc_v8_amount");
}

void TestLedgerV7::importsAfterMigration()
{
    // New rows go in the v8 layout next to the migrated ones; a record already there is a
    // duplicate.
    QCOMPARE(upgrade().exitCode, 0);
    const std::int64_t rows = count(m_path, "SELECT count(*) FROM rows");
    const clitest::Run again = clitest::run(
        m_frozen.dir(),
        {u"import"_s, u"--ledger"_s, u"v7.unalloc"_s,
         QStringLiteral(UNALLOC_SOURCE_DIR "/tests/data/litellm/spend_logs/input.json"),
         QStringLiteral(UNALLOC_SOURCE_DIR "/tests/data/focus/ai_example_1_2/input.csv")});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QVERIFY2(again.out.contains("imported 0 new rows"), again.out.constData());
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows"), rows);
    const clitest::Run report =
        clitest::run(m_frozen.dir(), {u"report"_s, u"--ledger"_s, u"v7.unalloc"_s, u"--currency"_s,
                                      u"USD"_s, u"-D"_s, u"team"_s});
    QCOMPARE(report.out, testing::readFile(dataDir() + u"/report-team.txt"_s));
}

QTEST_GUILESS_MAIN(TestLedgerV7)
#include "tst_ledgerv7.moc"
