// Migration of the ledger file from the versions that shipped, frozen here as they were.
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include "core/ledger/ledgerschema.h"
#include "core/ledger/ledgerstore.h"
#include "core/seams/overlap.h"

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

// Version 3 as it shipped on top of version 2 (key fingerprints are filled by the test), with
// rows as that version's import wrote them: LiteLLM rows keep custom_llm_provider or the model
// prefix in `provider` ('' when there was neither), provider bills have no usage.
// Day 20666 = 2026-08-01. The OpenAI line is a monthly one (31 days).
constexpr const char *kV3Upgrade = R"sql(
ALTER TABLE rows ADD COLUMN key_fp INTEGER NOT NULL DEFAULT 0;
DROP INDEX IF EXISTS rows_key;
CREATE INDEX rows_fp ON rows(key_fp);
INSERT INTO batches(id, source, format, origin, sha256, imported_at, status, rows_read,
                    rows_added) VALUES (2, 'openai', 'openai-costs-json', 'o.json', 'cd', 0,
                    'complete', 1, 1),
                    (3, 'anthropic', 'anthropic-cost-report-json', 'a.json', 'ef', 0,
                    'complete', 1, 1);
INSERT INTO label_sets VALUES (3, '[["line_item","gpt-4o"],["provider","openai"]]', '[]', '[]');
INSERT INTO label_sets VALUES (4, '[["model","claude-sonnet-4-20250514"],["provider","anthropic"]]',
                               '[]', '[]');
INSERT INTO rows(batch, source, record_key, name, amount, currency, start_us, end_us, label_set,
                 provider, model)
VALUES (1, 'litellm', 'g1', 'gpt-4o-2024-08-06', x'8000000000000001A055690D9DB80000', 'USD',
        1785628800000000, 1785628801000000, 2, 'OpenAI', 'gpt-4o-2024-08-06'),
       (1, 'litellm', 'g2', 'claude-sonnet-4-20250514', x'80000000000000056BC75E2D63100000',
        'USD', 1785542400000000, 1785542401000000, 2, '', 'claude-sonnet-4-20250514'),
       (1, 'litellm', 'g3', 'team-deployment', x'80000000000000004563918244F40000', 'USD',
        1785542400000000, 1785542401000000, 2, '', 'team-deployment'),
       (2, 'openai', 'gpt-4o', 'gpt-4o', x'80000000000000022B1C8C1227A00000', 'USD',
        1785542400000000, 1788220800000000, 3, NULL, NULL),
       (3, 'anthropic', 'sonnet', 'Claude Sonnet 4', x'8000000000000004E1003B28D9280000', 'USD',
        1785542400000000, 1785628800000000, 4, NULL, NULL);
PRAGMA user_version = 3;
)sql";

/// Fills rows.key_fp as version 3 did (the raw connection has no unalloc_fp()).
std::string fingerprints()
{
    std::string sql;
    for (const auto &[source, key] :
         std::vector<std::pair<std::string, std::string>>{{"litellm", "r1"},
                                                          {"litellm", "r2"},
                                                          {"litellm", "g1"},
                                                          {"litellm", "g2"},
                                                          {"litellm", "g3"},
                                                          {"openai", "gpt-4o"},
                                                          {"anthropic", "sonnet"}})
        sql += "UPDATE rows SET key_fp = " +
               std::to_string(core::ledgerschema::storedFingerprint(
                   core::ledgerschema::keyFingerprint(source, key))) +
               " WHERE source = '" + source + "' AND record_key = '" + key + "';";
    return sql;
}

} // namespace

class TestLedgerMigration final : public QObject
{
    Q_OBJECT

private slots:
    void migratesV1();
    void migratesV2();
    void migratesV3GatewayRows();
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
    QCOMPARE((*l)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
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
    QCOMPARE((*reopened)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
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
    QCOMPARE((*l)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
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

void TestLedgerMigration::migratesV3GatewayRows()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("v3.unalloc")).toStdString();
    QVERIFY(
        execRaw(path, std::string(kV1Ddl) + kV1Rows + kV2Upgrade + kV3Upgrade + fingerprints()));
    auto l = core::LedgerStore::open(path);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QCOMPARE((*l)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
    QVERIFY((*l)->checkIntegrity().has_value());
    QCOMPARE(wrongFingerprints(path), 0);
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(**l)));

    // Providers re-derived from what the rows kept: the stored 'OpenAI' is normalised, the bare
    // Claude name is Anthropic's; the deployment name tells nothing and is reported, as are the
    // two version-1 rows, which kept no provider or model at all.
    const core::OverlapReport r = core::findOverlap(*cube);
    QCOMPARE(r.unknownProviderRows, 3);
    QCOMPARE(r.providers.size(), size_t(2));
    QCOMPARE(r.providers[0].provider, std::string("anthropic"));
    QCOMPARE(r.providers[0].overlap.toString(), std::string("90.00"));
    QCOMPARE(r.providers[0].granularity, std::string("daily"));
    // The monthly OpenAI line matches the gateway row of 2026-08-02, not only its start day.
    QCOMPARE(r.providers[1].provider, std::string("openai"));
    QCOMPARE(r.providers[1].overlap.toString(), std::string("30.00"));
    QCOMPARE(r.providers[1].residual.toString(), std::string("10.00"));
    QCOMPARE(r.providers[1].granularity, std::string("monthly"));

    // A fresh import of the same gateway row is a duplicate; the ledger stays consistent.
    core::BatchCounts counts;
    importRows(**l, {makeRow("g1", "30", 1, {}, "litellm")}, &counts);
    QCOMPARE(counts.duplicates, 1);
    QVERIFY((*l)->checkIntegrity().has_value());
}

QTEST_GUILESS_MAIN(TestLedgerMigration)
#include "tst_ledgermigration.moc"
