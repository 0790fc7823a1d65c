// The ledger file itself: schema, versions, migration, exact amounts, rules, invoices.
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

std::unique_ptr<core::LedgerStore> createLedger(const QTemporaryDir &dir, const char *name = "l")
{
    const std::string path =
        dir.filePath(QString::fromLatin1(name) + QStringLiteral(".unalloc")).toStdString();
    auto l = core::LedgerStore::create(path);
    if (!l)
        qFatal("create failed: %s", l.error().message().c_str());
    return std::move(*l);
}

void importRows(core::LedgerStore &ledger, const std::vector<core::CostRow> &rows)
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
    QVERIFY((*txn)->commit().has_value());
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
    QCOMPARE((*opened)->schemaVersion(), 2);
    QVERIFY((*opened)->checkIntegrity().has_value());
    auto missing = core::LedgerStore::open(dir.filePath(QStringLiteral("nope")).toStdString());
    QVERIFY(!missing.has_value());
}

void TestLedgerStore::refusesNewerSchema()
{
    QTemporaryDir dir;
    const std::string path = createLedger(dir)->path();
    QVERIFY(execRaw(path, "PRAGMA user_version = 3"));
    auto l = core::LedgerStore::open(path);
    QVERIFY(!l.has_value());
    QCOMPARE(l.error().code, std::string("ledger-too-new"));
    QCOMPARE(l.error().file, path);
    QVERIFY(l.error().detail.find("version 3") != std::string::npos);
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
    QCOMPARE((*l)->schemaVersion(), 2);
    QVERIFY((*l)->checkIntegrity().has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(cube->groupCount(), size_t(1));
    QCOMPARE(cube->rawGroups()[0].amount.toString(), std::string("400.00"));
    QCOMPARE(cube->rawGroups()[0].rows, 2);
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(**l)));
    l->reset();
    auto reopened = core::LedgerStore::open(path, true);
    QVERIFY(reopened.has_value());
    QCOMPARE((*reopened)->schemaVersion(), 2);
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

QTEST_GUILESS_MAIN(TestLedgerStore)
#include "tst_ledgerstore.moc"
