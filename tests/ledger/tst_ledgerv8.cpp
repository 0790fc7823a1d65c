// A ledger written by the schema-v8 build (tests/data/ledger/v8: the demo, gateway rows with
// their tokens and request times, a meter split, credits, a source and a currency outside the
// coded lists) migrates to schema v9 (the start from 2026, the done instant after the end,
// whole quantities as integers, 48-bit key fingerprints) and gives every output that build
// gave, byte for byte; the records it holds are found again by a later import; a migration
// that fails half-way leaves the v8 file as it was.
#include "frozenledger.h"
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include "core/ledger/ledgerschema.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace unalloc;

namespace {

QString dataDir()
{
    return testing::FrozenLedger::dataDirOf(8);
}

std::int64_t count(const std::string &path, const std::string &sqlText)
{
    return testing::sqlCount(path, sqlText.c_str());
}

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestLedgerV8 final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void migratesIntoSmallerRows();
    void keepsEveryColumnAsWritten();
    void outputsAsTheV8BuildDid_data();
    void outputsAsTheV8BuildDid();
    void exportsTheSameRows();
    void failedMigrationLeavesTheFile();
    void findsItsRecordsAfterMigration();

private:
    clitest::Run upgrade() { return m_frozen.upgrade(); }
    testing::FrozenLedger m_frozen{8};
    std::string m_path;
};

void TestLedgerV8::init()
{
    QVERIFY(m_frozen.copy());
    m_path = m_frozen.path();
}

void TestLedgerV8::migratesIntoSmallerRows()
{
    QCOMPARE(count(m_path, "PRAGMA user_version"), 8);
    const std::int64_t rows = count(m_path, "SELECT count(*) FROM rows");
    const std::int64_t requests =
        count(m_path, "SELECT count(*) FROM rows WHERE done_after_us IS NOT NULL");
    const std::int64_t quantities =
        count(m_path, "SELECT count(*) FROM rows WHERE quantity IS NOT NULL");
    std::int64_t wholeQuantities = 0;
    for (const std::string &q : testing::FrozenLedger::storedAmounts(m_path, "quantity", false))
        wholeQuantities += q.ends_with(".00") ? 1 : 0; // toString keeps two places
    // Provider response ids and lower-case uuids: the keys v9 packs.
    const std::int64_t packable = count(
        m_path, "SELECT count(*) FROM rows WHERE record_key GLOB 'chatcmpl-?*' OR record_key GLOB "
                "'msg_?*' OR record_key GLOB '" +
                    std::string(8, '?') + "-" + std::string(4, '?') + "-" + std::string(4, '?') +
                    "-" + std::string(4, '?') + "-" + std::string(12, '?') +
                    "' AND NOT record_key GLOB '*[^-0-9a-f]*'");
    QCOMPARE(packable, 4);
    const std::int64_t splits = count(m_path, "SELECT count(*) FROM rows WHERE split IS NOT NULL");
    QVERIFY(requests > 100);
    QVERIFY(wholeQuantities > 100);
    QVERIFY(splits > 0);
    // Fingerprints that need more than 48 bits (most of 64-bit ones).
    QVERIFY(count(m_path, "SELECT count(*) FROM rows WHERE key_fp <> (key_fp << 16) >> 16") >
            rows / 2);
    QVERIFY(count(m_path, "SELECT count(*) FROM rows WHERE typeof(quantity) = 'integer'") == 0);

    const clitest::Run up = upgrade();
    QVERIFY2(up.exitCode == 0, up.err.constData());
    QCOMPARE(count(m_path, "PRAGMA user_version"), core::LedgerStore::currentSchemaVersion());
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows"), rows);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE split IS NOT NULL"), splits);
    QCOMPARE(testing::sqlText(m_path, "PRAGMA integrity_check"), std::string("ok"));
    QCOMPARE(count(m_path, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
    QCOMPARE(count(m_path, "PRAGMA freelist_count"), 0);
    QVERIFY(QFileInfo(QString::fromStdString(m_path)).size() <
            QFileInfo(dataDir() + s("/v8.unalloc")).size());
    // What each change stores.
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE key_fp <> (key_fp << 16) >> 16"), 0);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE typeof(quantity) = 'integer'"),
             wholeQuantities);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE done_after_end_us = 0"), requests);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE typeof(key_packed) = 'blob'"),
             packable);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE start_offset_us <> start_us - " +
                               std::to_string(core::ledgerschema::kStartEpochUs)),
             0);
    // Any other quantity keeps the amount encoding (tst_rowcodes stores fractions).
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE typeof(quantity) = 'blob'"),
             quantities - wholeQuantities);
    auto l = core::LedgerStore::open(m_path, true);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(testing::dumpCube(*cube), testing::dumpCube(testing::cubeFromRows(**l)));
}

void TestLedgerV8::keepsEveryColumnAsWritten()
{
    m_frozen.checkColumnsAsWritten(false);
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows WHERE typeof(start_us) <> 'integer' OR "
                           "typeof(end_us) <> 'integer'"),
             0);
}

void TestLedgerV8::outputsAsTheV8BuildDid_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("golden");
    m_frozen.addOutputRows();
}

void TestLedgerV8::outputsAsTheV8BuildDid()
{
    QFETCH(QStringList, args);
    QFETCH(QString, golden);
    m_frozen.checkOutput(args, golden);
}

void TestLedgerV8::exportsTheSameRows()
{
    // FOCUS's ConsumedQuantity comes from the stored quantity: an integer now for tokens.
    m_frozen.checkExport();
}

void TestLedgerV8::failedMigrationLeavesTheFile()
{
    // The last row's quantity is not a v8 amount: the copy fails there, after every other row.
    m_frozen.checkFailedMigration(
        "UPDATE rows SET quantity = x'0102' WHERE id = (SELECT max(id) FROM rows)",
        "unalloc_v9_quantity");
}

void TestLedgerV8::findsItsRecordsAfterMigration()
{
    // The fingerprints were folded to 48 bits: an import of the same files finds every record
    // and the report reads as before.
    QCOMPARE(upgrade().exitCode, 0);
    const std::int64_t rows = count(m_path, "SELECT count(*) FROM rows");
    const clitest::Run again =
        m_frozen.run({s("import"), s("--ledger"), s("v8.unalloc"),
                      s(UNALLOC_SOURCE_DIR "/tests/data/litellm/spend_logs/input.json"),
                      s(UNALLOC_SOURCE_DIR "/tests/data/opencost/allocation_response/input.json"),
                      s(UNALLOC_SOURCE_DIR "/tests/data/focus/ai_example_1_2/input.csv")});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QVERIFY2(again.out.contains("imported 0 new rows"), again.out.constData());
    QCOMPARE(count(m_path, "SELECT count(*) FROM rows"), rows);
    QCOMPARE(testing::wrongFingerprints(m_path), 0);
    const clitest::Run report = m_frozen.run({s("report"), s("--ledger"), s("v8.unalloc"),
                                              s("--currency"), s("USD"), s("-D"), s("team")});
    QCOMPARE(report.out, testing::readFile(dataDir() + s("/report-team.txt")));
}

QTEST_GUILESS_MAIN(TestLedgerV8)
#include "tst_ledgerv8.moc"
