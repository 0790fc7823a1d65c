// Migration of the ledger file from the versions that shipped, frozen here as they were.
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include "core/ledger/ledgerstore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

// Version 1 as it shipped, frozen here: the migration test must start from a real old file,
// not from whatever the current code thinks version 1 was.
constexpr const char *kV1Ddl = R"sql(
CREATE TABLE batches(
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL, format TEXT NOT NULL, origin TEXT NOT NULL, sha256 TEXT NOT NULL,
    imported_at INTEGER NOT NULL, window_start INTEGER, window_end INTEGER,
    status TEXT NOT NULL CHECK (status IN ('complete', 'partial', 'failed')),
    reason TEXT NOT NULL DEFAULT '', evidence TEXT NOT NULL DEFAULT '{}',
    rows_read INTEGER NOT NULL DEFAULT 0, rows_added INTEGER NOT NULL DEFAULT 0,
    duplicates INTEGER NOT NULL DEFAULT 0, rounded_count INTEGER NOT NULL DEFAULT 0);
CREATE TABLE batch_totals(
    batch INTEGER NOT NULL REFERENCES batches(id), currency TEXT NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    added_amount BLOB NOT NULL, added_rows INTEGER NOT NULL,
    PRIMARY KEY (batch, currency)) WITHOUT ROWID;
CREATE TABLE warnings(
    id INTEGER PRIMARY KEY, batch INTEGER NOT NULL REFERENCES batches(id),
    code TEXT NOT NULL, file TEXT NOT NULL, record TEXT NOT NULL, field TEXT NOT NULL,
    detail TEXT NOT NULL);
CREATE INDEX warnings_batch ON warnings(batch);
CREATE TABLE label_sets(
    id INTEGER PRIMARY KEY, labels TEXT NOT NULL, raw TEXT NOT NULL, collisions TEXT NOT NULL,
    UNIQUE (labels, raw, collisions));
CREATE TABLE rows(
    id INTEGER PRIMARY KEY,
    batch INTEGER NOT NULL REFERENCES batches(id),
    source TEXT NOT NULL, record_key TEXT NOT NULL, name TEXT NOT NULL,
    amount BLOB NOT NULL, currency TEXT NOT NULL,
    start_us INTEGER NOT NULL, end_us INTEGER NOT NULL,
    label_set INTEGER NOT NULL REFERENCES label_sets(id),
    quantity BLOB, unit TEXT NOT NULL DEFAULT '',
    prompt_tokens INTEGER, completion_tokens INTEGER, cached_tokens INTEGER,
    send_us INTEGER, first_token_us INTEGER, done_us INTEGER,
    provider TEXT, model TEXT,
    split INTEGER, superseded INTEGER NOT NULL DEFAULT 0);
CREATE UNIQUE INDEX rows_key ON rows(source, record_key);
CREATE INDEX rows_start ON rows(start_us);
CREATE INDEX rows_batch ON rows(batch);
CREATE TABLE invoices(
    id INTEGER PRIMARY KEY, batch INTEGER REFERENCES batches(id), source TEXT NOT NULL,
    amount BLOB NOT NULL, currency TEXT NOT NULL,
    period_start INTEGER, period_end INTEGER, note TEXT NOT NULL DEFAULT '');
CREATE UNIQUE INDEX invoices_key ON invoices(
    source, currency, ifnull(period_start, -1), ifnull(period_end, -1), amount, note);
CREATE TABLE rules(id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
CREATE TABLE splits(
    id INTEGER PRIMARY KEY, original_row INTEGER NOT NULL REFERENCES rows(id),
    meter TEXT NOT NULL, applied_at INTEGER NOT NULL, parts INTEGER NOT NULL);
CREATE INDEX rows_split ON rows(split) WHERE split IS NOT NULL;
PRAGMA application_id = 1431191884;
PRAGMA user_version = 1;
)sql";

// Amounts as version 1 wrote them: 16 bytes big-endian, sign bit flipped.
// 200 USD = 200e18 units = 0xAD78EBC5AC6200000, written with the sign bit flipped.
constexpr const char *kV1Rows = R"sql(
INSERT INTO batches(id, source, format, origin, sha256, imported_at, status, rows_read,
                    rows_added) VALUES (1, 'litellm', 'litellm-spend-logs', 'a.json', 'ab', 0,
                    'complete', 3, 3);
INSERT INTO label_sets VALUES (1, '[["team","search"]]', '[["team","search"]]', '[]');
INSERT INTO label_sets VALUES (2, '[]', '[]', '[]');
INSERT INTO rows(batch, source, record_key, name, amount, currency, start_us, end_us, label_set)
VALUES (1, 'litellm', 'r1', 'gpt-4o', x'800000000000000AD78EBC5AC6200000', 'USD',
        1785542400000000, 1785542401000000, 1),
       (1, 'litellm', 'r2', 'gpt-4o', x'800000000000000AD78EBC5AC6200000', 'USD',
        1785542500000000, 1785542501000000, 1);
)sql";

// Version 2 as it shipped on top of version 1, frozen for the same reason, with the aggregate
// of kV1Rows (both rows fall on day 20666: 400 USD, 2 rows).
constexpr const char *kV2Upgrade = R"sql(
CREATE TABLE agg(
    label_set INTEGER NOT NULL, source TEXT NOT NULL, object TEXT NOT NULL,
    day INTEGER NOT NULL, currency TEXT NOT NULL, batch INTEGER NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    PRIMARY KEY (label_set, source, object, day, currency, batch)) WITHOUT ROWID;
CREATE INDEX rows_amount ON rows(amount);
CREATE INDEX rows_name ON rows(name);
INSERT INTO agg VALUES (1, 'litellm', 'gpt-4o', 20666, 'USD', 1,
                        x'8000000000000015AF1D78B58C400000', 2);
PRAGMA user_version = 2;
)sql";

} // namespace

class TestLedgerMigration final : public QObject
{
    Q_OBJECT

private slots:
    void migratesV1();
    void migratesV2();
};

void TestLedgerMigration::migratesV1()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("v1.unalloc")).toStdString();
    QVERIFY(execRaw(path, std::string(kV1Ddl) + kV1Rows));
    auto ro = core::LedgerStore::open(path, true);
    QVERIFY(!ro.has_value());
    QVERIFY2(ro.error().code == "ledger-needs-migration", ro.error().message().c_str());

    auto l = core::LedgerStore::open(path);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QCOMPARE((*l)->schemaVersion(), 4);
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(cube->groupCount(), size_t(1));
    QCOMPARE(cube->rawGroups()[0].amount.toString(), std::string("400.00"));
    QCOMPARE(cube->rawGroups()[0].rows, 2);
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(**l)));
    QCOMPARE(wrongFingerprints(path), 0);
    l->reset();
    auto reopened = core::LedgerStore::open(path, true);
    QVERIFY(reopened.has_value());
    QCOMPARE((*reopened)->schemaVersion(), 4);
}

void TestLedgerMigration::migratesV2()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("v2.unalloc")).toStdString();
    QVERIFY(execRaw(path, std::string(kV1Ddl) + kV1Rows + kV2Upgrade));
    auto ro = core::LedgerStore::open(path, true);
    QVERIFY(!ro.has_value());
    QCOMPARE(ro.error().code, std::string("ledger-needs-migration"));

    auto l = core::LedgerStore::open(path);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QCOMPARE((*l)->schemaVersion(), 4);
    QVERIFY((*l)->checkIntegrity().has_value());
    // key_fp is filled for the stored rows; the unique text index gave way to rows_fp and the
    // v2 sort indexes are kept.
    QCOMPARE(wrongFingerprints(path), 0);
    QCOMPARE(rowIndexes(path), (std::vector<std::string>{"rows_amount", "rows_batch", "rows_fp",
                                                         "rows_name", "rows_split", "rows_start"}));
    // Dedupe still holds against the migrated rows: r1 exists, r3 is new; a small import keeps
    // maintaining the sort indexes.
    core::BatchCounts counts;
    importRows(**l,
               {makeRow("r1", "200", 0, "search", "litellm"),
                makeRow("r3", "5", 0, "search", "litellm"), makeRow("r1", "1", 0, "x", "other")},
               &counts);
    QCOMPARE(counts.rowsAdded, 2);
    QCOMPARE(counts.duplicates, 1);
    QCOMPARE((*l)->rowCount({}).value(), 4);
    QVERIFY((*l)->checkIntegrity().has_value());
    QCOMPARE(wrongFingerprints(path), 0);
    QCOMPARE(rowIndexes(path).size(), size_t(6));
    importRows(**l, {makeRow("r3", "5", 0, "search", "litellm")}, &counts);
    QCOMPARE(counts.rowsAdded, 0);
    QCOMPARE(counts.duplicates, 1);
}

QTEST_GUILESS_MAIN(TestLedgerMigration)
#include "tst_ledgermigration.moc"
