// The ledger file itself: schema, versions, migration, exact amounts, rules, invoices.
#include "ledgertestutil.h"

#include "core/ledger/importtransaction.h"
#include "core/ledger/ledgercodec.h"
#include "core/ledger/ledgerschema.h"
#include "core/ledger/ledgerstore.h"
#include "core/ledger/sqliteledger.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

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

/// Names of the indexes on `rows`, sorted (through a raw connection: WAL lets it read while
/// the ledger is open).
std::vector<std::string> rowIndexes(const std::string &path)
{
    std::vector<std::string> out;
    sqlite3 *db = nullptr;
    sqlite3_stmt *st = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK &&
        sqlite3_prepare_v2(db,
                           "SELECT name FROM sqlite_master WHERE type = 'index' AND "
                           "tbl_name = 'rows' AND sql IS NOT NULL ORDER BY name",
                           -1, &st, nullptr) == SQLITE_OK)
        while (sqlite3_step(st) == SQLITE_ROW)
            out.emplace_back(reinterpret_cast<const char *>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

/// How many rows hold a key_fp other than ledgerschema::keyFingerprint(source, record_key).
int wrongFingerprints(const std::string &path)
{
    int wrong = -1;
    sqlite3 *db = nullptr;
    sqlite3_stmt *st = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT source, record_key, key_fp FROM rows", -1, &st, nullptr) ==
            SQLITE_OK) {
        wrong = 0;
        while (sqlite3_step(st) == SQLITE_ROW) {
            const std::string source = reinterpret_cast<const char *>(sqlite3_column_text(st, 0));
            const std::string key = reinterpret_cast<const char *>(sqlite3_column_text(st, 1));
            if (sqlite3_column_int64(st, 2) !=
                static_cast<std::int64_t>(core::ledgerschema::keyFingerprint(source, key)))
                ++wrong;
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return wrong;
}

std::unique_ptr<core::LedgerStore> createLedger(const QTemporaryDir &dir, const char *name = "l")
{
    const std::string path =
        dir.filePath(QString::fromLatin1(name) + QStringLiteral(".unalloc")).toStdString();
    auto l = core::LedgerStore::create(path);
    if (!l)
        qFatal("create failed: %s", l.error().message().c_str());
    return std::move(*l);
}

void importRows(core::LedgerStore &ledger,
                const std::vector<core::CostRow> &rows,
                core::BatchCounts *counts = nullptr)
{
    auto txn = ledger.beginImport();
    QVERIFY(txn.has_value());
    core::ImportBatch meta;
    meta.source = "fake";
    meta.format = "direct";
    meta.origin = "test";
    QVERIFY((*txn)->beginBatch(meta).has_value());
    for (const core::CostRow &r : rows)
        QVERIFY2((*txn)->addRow(r).has_value(), r.recordKey.c_str());
    QVERIFY((*txn)->endBatch(meta).has_value());
    if (counts)
        *counts = (*txn)->counts();
    QVERIFY((*txn)->commit().has_value());
}

std::vector<core::CostRow> keyedRows(const std::string &prefix, int first, int count)
{
    std::vector<core::CostRow> rows;
    for (int i = first; i < first + count; ++i)
        rows.push_back(makeRow(prefix + std::to_string(i), "1." + std::to_string(i % 100), i % 5,
                               i % 3 ? "search" : ""));
    return rows;
}

} // namespace

class TestLedgerStore final : public QObject
{
    Q_OBJECT

private slots:
    void createAndReopen();
    void refusesNewerSchema();
    void refusesForeignFiles_data();
    void refusesForeignFiles();
    void migratesV1();
    void migratesV2();
    void keyFingerprintIsStable_data();
    void keyFingerprintIsStable();
    void sortIndexesAreBuiltOnDemand();
    void fingerprintSet();
    void numberedRowsShareTheirLabelSet();
    void amountRoundTrip_data();
    void amountRoundTrip();
    void usageAndQuantityRoundTrip();
    void rulesRoundTrip();
    void invoicesAreIdempotent();
    void readOnlyRefusesWrites();
};

void TestLedgerStore::createAndReopen()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("new.unalloc")).toStdString();
    {
        auto l = core::LedgerStore::create(path);
        QVERIFY(l.has_value());
        QCOMPARE((*l)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
        QCOMPARE((*l)->rowCount({}).value(), 0);
    }
    auto again = core::LedgerStore::create(path);
    QVERIFY(!again.has_value());
    QCOMPARE(again.error().code, std::string("ledger-exists"));
    auto opened = core::LedgerStore::open(path);
    QVERIFY(opened.has_value());
    QCOMPARE((*opened)->schemaVersion(), 3);
    QVERIFY((*opened)->checkIntegrity().has_value());
    // v3 files carry the fingerprint index only: the sort indexes are built on demand.
    QCOMPARE(rowIndexes(path), (std::vector<std::string>{"rows_fp", "rows_split"}));
    auto missing = core::LedgerStore::open(dir.filePath(QStringLiteral("nope")).toStdString());
    QVERIFY(!missing.has_value());
}

void TestLedgerStore::refusesNewerSchema()
{
    QTemporaryDir dir;
    const std::string path = createLedger(dir)->path();
    QVERIFY(execRaw(path, "PRAGMA user_version = 4"));
    auto l = core::LedgerStore::open(path);
    QVERIFY(!l.has_value());
    QCOMPARE(l.error().code, std::string("ledger-too-new"));
    QCOMPARE(l.error().file, path);
    QVERIFY(l.error().detail.find("version 4") != std::string::npos);
}

void TestLedgerStore::refusesForeignFiles_data()
{
    QTest::addColumn<QByteArray>("sqlText");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("other sqlite database") << QByteArray("CREATE TABLE t(x);") << QByteArray();
    QTest::newRow("text file") << QByteArray() << QByteArray("{\"not\": \"sqlite\"}\n");
}

void TestLedgerStore::refusesForeignFiles()
{
    QFETCH(QByteArray, sqlText);
    QFETCH(QByteArray, bytes);
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("x.unalloc")).toStdString();
    if (!sqlText.isEmpty()) {
        QVERIFY(execRaw(path, sqlText.toStdString()));
    } else {
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    const auto before = dumpContent(path);
    auto l = core::LedgerStore::open(path);
    QVERIFY(!l.has_value());
    QCOMPARE(l.error().code, std::string("not-a-ledger"));
    QCOMPARE(dumpContent(path), before);
}

void TestLedgerStore::migratesV1()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("v1.unalloc")).toStdString();
    QVERIFY(execRaw(path, std::string(kV1Ddl) + kV1Rows));
    auto ro = core::LedgerStore::open(path, true);
    QVERIFY(!ro.has_value());
    QVERIFY2(ro.error().code == "ledger-needs-migration", ro.error().message().c_str());

    auto l = core::LedgerStore::open(path);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QCOMPARE((*l)->schemaVersion(), 3);
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
    QCOMPARE((*reopened)->schemaVersion(), 3);
}

void TestLedgerStore::migratesV2()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("v2.unalloc")).toStdString();
    QVERIFY(execRaw(path, std::string(kV1Ddl) + kV1Rows + kV2Upgrade));
    auto ro = core::LedgerStore::open(path, true);
    QVERIFY(!ro.has_value());
    QCOMPARE(ro.error().code, std::string("ledger-needs-migration"));

    auto l = core::LedgerStore::open(path);
    QVERIFY2(l.has_value(), l ? "" : l.error().message().c_str());
    QCOMPARE((*l)->schemaVersion(), 3);
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

void TestLedgerStore::keyFingerprintIsStable_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("key");
    QTest::addColumn<quint64>("fp");
    // Stored in every row: these values must never change (checked against an independent
    // implementation of the definition in ledgerschema.h).
    QTest::newRow("empty") << QString() << QString() << Q_UINT64_C(9374953505845322213);
    QTest::newRow("short") << QStringLiteral("litellm") << QStringLiteral("r1")
                           << Q_UINT64_C(9721630521522794469);
    QTest::newRow("word-long source")
        << QStringLiteral("opencost") << QStringLiteral("a") << Q_UINT64_C(14321202047211969398);
    QTest::newRow("long key") << QStringLiteral("openai")
                              << QStringLiteral("chatcmpl-9f8e7d6c5b4a39281706f5e4d3c2b1a0")
                              << Q_UINT64_C(6705329291627363054);
    QTest::newRow("utf-8") << QStringLiteral("anthropic") << QStringLiteral("r\u00e9sum\u00e9")
                           << Q_UINT64_C(10428270823266634326);
}

void TestLedgerStore::keyFingerprintIsStable()
{
    QFETCH(QString, source);
    QFETCH(QString, key);
    QFETCH(quint64, fp);
    QCOMPARE(core::ledgerschema::keyFingerprint(source.toStdString(), key.toStdString()), fp);
}

void TestLedgerStore::sortIndexesAreBuiltOnDemand()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    const std::string path = l->path();
    auto &sqlite = dynamic_cast<core::SqliteLedger &>(*l);
    core::SqliteLedger::ImportTuning tuning;
    tuning.bulkRows = 10;
    sqlite.setImportTuning(tuning);
    // The length prefix keeps ("ab", "c") and ("a", "bc") apart.
    QVERIFY(core::ledgerschema::keyFingerprint("ab", "c") !=
            core::ledgerschema::keyFingerprint("a", "bc"));

    importRows(*l, keyedRows("k", 0, 30)); // bulk from the first row: the ledger was empty
    QCOMPARE(rowIndexes(path), (std::vector<std::string>{"rows_fp", "rows_split"}));
    for (core::LedgerSort sort :
         {core::LedgerSort::Start, core::LedgerSort::Source, core::LedgerSort::Name,
          core::LedgerSort::Amount, core::LedgerSort::Batch}) {
        auto before = l->rows({}, sort, false, 3, 7);
        QVERIFY(before.has_value());
        QVERIFY(l->ensureSortIndex(sort).has_value());
        QVERIFY(l->ensureSortIndex(sort).has_value()); // a no-op once it exists
        auto after = l->rows({}, sort, false, 3, 7);
        QVERIFY(after.has_value());
        QCOMPARE(after->size(), size_t(7));
        for (size_t i = 0; i < after->size(); ++i)
            QCOMPARE((*after)[i].id, (*before)[i].id);
    }
    const std::vector<std::string> all{"rows_amount", "rows_batch", "rows_fp",   "rows_name",
                                       "rows_source", "rows_split", "rows_start"};
    QCOMPARE(rowIndexes(path), all);
    QVERIFY(l->checkIntegrity().has_value());

    // A small import (5 added against 30 stored) maintains them ...
    importRows(*l, keyedRows("k", 28, 7));
    QCOMPARE(rowIndexes(path), all);
    // ... a bulk one (20 added, at least half of the 35 stored) drops them; rows_fp is back.
    core::BatchCounts counts;
    importRows(*l, keyedRows("k", 0, 55), &counts);
    QCOMPARE(counts.rowsAdded, 20);
    QCOMPARE(counts.duplicates, 35);
    QCOMPARE(rowIndexes(path), (std::vector<std::string>{"rows_fp", "rows_split"}));
    QCOMPARE(l->rowCount({}).value(), 55);
    QCOMPARE(wrongFingerprints(path), 0);
    QVERIFY(l->checkIntegrity().has_value());
    QCOMPARE(dumpCube(l->loadCube().value()), dumpCube(cubeFromRows(*l)));

    // A read-only ledger cannot build an index, and says so.
    l.reset();
    auto ro = core::LedgerStore::open(path, true);
    QVERIFY(ro.has_value());
    auto built = (*ro)->ensureSortIndex(core::LedgerSort::Name);
    QVERIFY(!built.has_value());
    QCOMPARE(built.error().code, std::string("ledger-read-only"));
}

void TestLedgerStore::amountRoundTrip_data()
{
    QTest::addColumn<QString>("amount");
    QTest::newRow("zero") << QStringLiteral("0.00");
    QTest::newRow("one unit") << QStringLiteral("0.000000000000000001");
    QTest::newRow("18-digit fraction") << QStringLiteral("123.456789012345678901");
    QTest::newRow("negative credit") << QStringLiteral("-0.01");
    QTest::newRow("large") << QStringLiteral("98765432109876543210.123456789012345678");
    QTest::newRow("most negative") << QStringLiteral("-170141183460469231731.687303715884105727");
    QTest::newRow("largest") << QStringLiteral("170141183460469231731.687303715884105727");
}

void TestLedgerStore::amountRoundTrip()
{
    QFETCH(QString, amount);
    QTemporaryDir dir;
    auto l = createLedger(dir);
    const auto expected = core::Decimal::parse(amount.toStdString());
    QVERIFY(expected.has_value());
    // The opposite-signed neighbour goes first so that the batch total never overflows.
    if (expected->isNegative())
        importRows(
            *l, {makeRow("pos", "5"), makeRow("the", expected->toString()), makeRow("neg", "-5")});
    else
        importRows(
            *l, {makeRow("neg", "-5"), makeRow("the", expected->toString()), makeRow("pos", "5")});
    auto rows = l->rows({}, core::LedgerSort::Amount, true, 0, 10);
    QVERIFY(rows.has_value());
    QCOMPARE(rows->size(), size_t(3));
    std::vector<core::Decimal> got;
    for (const auto &r : *rows)
        got.push_back(r.row.amount.amount);
    auto it = std::find(got.begin(), got.end(), *expected);
    QVERIFY(it != got.end());
    // BLOB order is numeric order.
    QVERIFY(std::is_sorted(got.begin(), got.end()));
    QCOMPARE(it->toString(), expected->toString());
}

void TestLedgerStore::usageAndQuantityRoundTrip()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    core::CostRow r = makeRow("u1", "0.000123", 0, "search");
    r.quantity = core::Decimal::parse("1234.5").value();
    r.unit = "tokens";
    core::Usage u;
    u.promptTokens = 100;
    u.completionTokens = 20;
    u.sendTime = r.start + 5;
    u.doneTime = r.start + 900;
    u.provider = "openai";
    u.model = "gpt-4o";
    r.usage = u;
    r.rawLabels = {{"team", "search"}, {"Team", "other"}};
    importRows(*l, {r});
    auto rows = l->rows({}, core::LedgerSort::Start, true, 0, 1);
    QVERIFY(rows.has_value() && rows->size() == 1);
    const core::CostRow &got = rows->front().row;
    QCOMPARE(got.quantity->toString(), std::string("1234.50"));
    QCOMPARE(got.unit, std::string("tokens"));
    QVERIFY(got.usage.has_value());
    QVERIFY(*got.usage == u);
    QVERIFY(got.rawLabels == r.rawLabels);
    QCOMPARE(*got.labels.find("team"), std::string("search"));
    auto byId = l->rowById(rows->front().id);
    QVERIFY(byId.has_value() && byId->has_value());
    QCOMPARE((*byId)->row.recordKey, std::string("u1"));
}

void TestLedgerStore::rulesRoundTrip()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    QVERIFY(l->rules().value() == core::Rules{});
    core::Rules rules;
    rules.ownerKey = "cost_center";
    rules.fallbacks = {"team", "namespace"};
    rules.extraAliases = {{"squad_name", "team"}};
    rules.overheadPolicy = "redistribute";
    rules.cachedWeight = core::Decimal::parse("0.25").value();
    QVERIFY(l->setRules(rules).has_value());
    QVERIFY(l->rules().value() == rules);
    QCOMPARE(l->rules()->digest(), rules.digest());
}

void TestLedgerStore::invoicesAreIdempotent()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    core::Invoice inv{"openai",
                      {core::Decimal::parse("1234.56").value(), core::Currency::usd()},
                      0,
                      core::kUsPerDay * 30,
                      "August"};
    for (int i = 0; i < 2; ++i) {
        auto txn = l->beginImport();
        QVERIFY(txn.has_value());
        QVERIFY((*txn)->addInvoice(inv).has_value());
        QVERIFY((*txn)->commit().has_value());
    }
    auto got = l->invoices();
    QVERIFY(got.has_value());
    QCOMPARE(got->size(), size_t(1));
    QCOMPARE(got->front().amount.toString(), std::string("1234.56 USD"));
    QCOMPARE(got->front().note, std::string("August"));
}

void TestLedgerStore::readOnlyRefusesWrites()
{
    QTemporaryDir dir;
    const std::string path = createLedger(dir)->path();
    auto l = core::LedgerStore::open(path, true);
    QVERIFY(l.has_value());
    QVERIFY(!(*l)->beginImport().has_value());
    QCOMPARE((*l)->setRules({}).error().code, std::string("ledger-read-only"));
}

void TestLedgerStore::fingerprintSet()
{
    core::FingerprintSet set;
    QVERIFY(!set.contains(0));
    QVERIFY(!set.contains(42));
    // Sequential, spread and zero keys; every one is new once, then known.
    std::vector<std::uint64_t> keys{0, 1, 2, 42, ~std::uint64_t{0}};
    for (std::uint64_t i = 0; i < 200'000; ++i)
        keys.push_back(core::ledgerschema::keyFingerprint("s", std::to_string(i)));
    for (std::uint64_t i = 1; i <= 1000; ++i)
        keys.push_back(i << 40); // equal low bits
    set.reserve(1000);
    for (std::uint64_t k : keys)
        QVERIFY(set.insert(k));
    QCOMPARE(set.size(), keys.size());
    QVERIFY(set.capacity() * 7 >= set.size() * 10 - 10);
    for (std::uint64_t k : keys) {
        QVERIFY(set.contains(k));
        QVERIFY(!set.insert(k));
    }
    QVERIFY(!set.contains(3));
    QVERIFY(!set.contains(core::ledgerschema::keyFingerprint("s", "200000")));
    QCOMPARE(set.size(), keys.size());
    set.release();
    QCOMPARE(set.size(), size_t(0));
    QCOMPARE(set.capacity(), size_t(0));
    QVERIFY(!set.contains(0));
    QVERIFY(set.insert(7));
}

void TestLedgerStore::numberedRowsShareTheirLabelSet()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    importRows(*l, {makeRow("old", "1", 0, "search")}); // a set stored before
    auto txn = l->beginImport();
    QVERIFY(txn.has_value());
    core::ImportBatch meta;
    meta.source = "fake";
    meta.format = "direct";
    QVERIFY((*txn)->beginBatch(meta).has_value());
    // Ordinal 0 = team search (stored already), 1 = team ads, 2 = no team; un-numbered rows
    // (addHashedRow) mix in.
    const std::vector<std::pair<std::string, std::uint32_t>> teams = {
        {"search", 0}, {"ads", 1}, {"", 2}, {"ads", 1}, {"search", 0}, {"", 2}};
    for (size_t i = 0; i < teams.size(); ++i) {
        const core::CostRow r = makeRow("n" + std::to_string(i), "2", 0, teams[i].first);
        const std::uint64_t h =
            core::ledgercodec::hashLabelSet(r.labels, r.rawLabels, r.collisions);
        QVERIFY((*txn)->addNumberedRow(r, h, teams[i].second).value());
        const core::CostRow u = makeRow("u" + std::to_string(i), "3", 0, teams[i].first);
        QVERIFY((*txn)->addHashedRow(u, h).value());
    }
    QVERIFY((*txn)->endBatch(meta).has_value());
    QVERIFY((*txn)->commit().has_value());
    QVERIFY(l->checkIntegrity().has_value());
    QCOMPARE(dumpCube(l->loadCube().value()), dumpCube(cubeFromRows(*l)));
    const auto rows = l->rows({}, core::LedgerSort::Source, true, 0, 100).value();
    QCOMPARE(rows.size(), size_t(13));
    for (const core::LedgerRow &r : rows) {
        if (r.row.recordKey == "old")
            continue;
        const std::string team = teams[std::stoul(r.row.recordKey.substr(1))].first;
        const std::string *got = r.row.labels.find("team");
        QCOMPARE(got ? *got : std::string(), team);
    }
}

QTEST_GUILESS_MAIN(TestLedgerStore)
#include "tst_ledgerstore.moc"
