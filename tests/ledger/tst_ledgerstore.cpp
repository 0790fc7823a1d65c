// The ledger file itself: create and open, refused files, read-only, exact amounts, rules,
// invoices. Migration: tst_ledgermigration; the import transaction: tst_importtransaction.
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include "core/ledger/ledgerstore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace unalloc;
using namespace unalloc::testing;

class TestLedgerStore final : public QObject
{
    Q_OBJECT

private slots:
    void createAndReopen();
    void refusesNewerSchema();
    void refusesForeignFiles_data();
    void refusesForeignFiles();
    void amountRoundTrip_data();
    void amountRoundTrip();
    void usageAndQuantityRoundTrip();
    void rulesRoundTrip();
    void invoicesAreIdempotent();
    void readOnlyRefusesWrites();
    void labelSetsWithKeyAcrossChunks();
    void rowsByStartAsThePages_data();
    void rowsByStartAsThePages();
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
    QCOMPARE((*opened)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
    QVERIFY((*opened)->checkIntegrity().has_value());
    // v3 and later files carry the fingerprint index only: the sort indexes are built on demand.
    QCOMPARE(rowIndexes(path), (std::vector<std::string>{"rows_fp", "rows_split"}));
    auto missing = core::LedgerStore::open(dir.filePath(QStringLiteral("nope")).toStdString());
    QVERIFY(!missing.has_value());
}

void TestLedgerStore::refusesNewerSchema()
{
    QTemporaryDir dir;
    const std::string path = createLedger(dir)->path();
    QVERIFY(execRaw(path, "PRAGMA user_version = " +
                              std::to_string(core::LedgerStore::currentSchemaVersion() + 1)));
    auto l = core::LedgerStore::open(path);
    QVERIFY(!l.has_value());
    QCOMPARE(l.error().code, std::string("ledger-too-new"));
    QCOMPARE(l.error().file, path);
    const std::string readsUpTo =
        "reads up to version " + std::to_string(core::LedgerStore::currentSchemaVersion());
    QVERIFY2(l.error().detail.find(readsUpTo) != std::string::npos, l.error().detail.c_str());
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

void TestLedgerStore::labelSetsWithKeyAcrossChunks()
{
    // 1,500 sets of their own (a session each) over three chunks of 512: a pod label on every
    // seventh and on the first of the second chunk, whose shapes are then numbered the other
    // way round from the first chunk's (a set is judged by its chunk's shape).
    QTemporaryDir dir;
    auto l = core::LedgerStore::create(dir.filePath(QStringLiteral("c.unalloc")).toStdString());
    QVERIFY(l.has_value());
    auto txn = (*l)->beginImport();
    core::ImportBatch meta;
    meta.source = "mixed";
    (*txn)->beginBatch(meta).value();
    std::vector<std::string> withPod;
    for (int i = 0; i < 1500; ++i) {
        core::CostRow r = makeRow("r" + std::to_string(i), "1.00", i % 10);
        std::vector<core::LabelMap::Entry> labels{{"session", "s" + std::to_string(i)}};
        if (i % 7 == 3 || i == 512) {
            labels.emplace_back("pod", "p" + std::to_string(i % 3));
            withPod.push_back("s" + std::to_string(i));
        }
        r.labels = core::LabelMap(std::move(labels));
        (*txn)->addRow(r).value();
    }
    (*txn)->endBatch(meta).value();
    (*txn)->commit().value();
    std::vector<std::string> got;
    auto r = (*l)->forEachLabelSetWithKey(
        {"pod"}, [&](std::int64_t, const core::LabelMap &m) { got.push_back(*m.find("session")); });
    QVERIFY(r.has_value());
    QCOMPARE(got, withPod);
}

void TestLedgerStore::rowsByStartAsThePages_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<bool>("filtered");
    QTest::newRow("1,000 rows") << 1000 << false;
    // More than one window of rows (65,536), whose sets lie all over the ledger.
    QTest::newRow("70,000 rows") << 70000 << false;
    QTest::newRow("70,000 rows, one source and some days") << 70000 << true;
}

void TestLedgerStore::rowsByStartAsThePages()
{
    // forEachRowByStart (what the FOCUS export reads) gives the rows and labels that the
    // keyset pages of the ledger table give, in the same order: charge start, then id.
    QFETCH(int, rows);
    QFETCH(bool, filtered);
    QTemporaryDir dir;
    auto l = core::LedgerStore::create(dir.filePath(QStringLiteral("s.unalloc")).toStdString());
    QVERIFY(l.has_value());
    auto txn = (*l)->beginImport();
    for (const char *source : {"gateway", "cluster"}) {
        core::ImportBatch meta;
        meta.source = source;
        (*txn)->beginBatch(meta).value();
        for (int i = 0; i < rows / 2; ++i) {
            // Days out of insertion order, so that start order and set order differ.
            core::CostRow r = makeRow(std::string(source) + std::to_string(i), "1.25",
                                      (i * 7919) % 28, {}, source);
            std::vector<core::LabelMap::Entry> labels{{"team", "t" + std::to_string(i % 5)}};
            if (i % 3 != 0) // a set per row, and sets shared by many rows
                labels.emplace_back("session", "s" + std::to_string(i));
            r.labels = core::LabelMap(std::move(labels));
            r.rawLabels = core::RawLabels{{"Team", "t" + std::to_string(i % 5)}};
            (*txn)->addRow(r).value();
        }
        (*txn)->endBatch(meta).value();
    }
    (*txn)->commit().value();
    core::LedgerRowFilter f;
    if (filtered) {
        f.sources = {"cluster"};
        const core::TimeUs base = makeRow("x", "1", 0).start;
        f.from = base + 3 * core::kUsPerDay;
        f.to = base + 20 * core::kUsPerDay;
    }
    const auto dump = [](const core::LedgerRow &r) {
        std::string out = std::to_string(r.id) + " " + std::to_string(r.row.start) + " ";
        for (const auto &[k, v] : r.row.labels.entries())
            out += k + "=" + v + ";";
        for (const auto &[k, v] : r.row.rawLabels)
            out += k + ":" + v + ";";
        return out;
    };
    std::vector<std::string> pages, streamed;
    core::LedgerRowKey from;
    for (;;) {
        const auto page = (*l)->rowsFrom(f, core::LedgerSort::Start, true, from, 20000).value();
        for (const core::LedgerRow &r : page)
            pages.push_back(dump(r));
        if (page.size() < 20000)
            break;
        from = core::ledgerRowKey(page.back(), core::LedgerSort::Start, true, true);
    }
    auto each = (*l)->forEachRowByStart(f, [&](const core::LedgerRow &r) -> core::Result<void> {
        streamed.push_back(dump(r));
        return {};
    });
    QVERIFY2(each, each ? "" : each.error().message().c_str());
    QCOMPARE(streamed.size(), size_t((*l)->rowCount(f).value()));
    QVERIFY(streamed.size() > (filtered ? size_t(20000) : size_t(rows - 1)));
    QVERIFY(streamed == pages);
    // The visitor's error ends the pass and comes back.
    int seen = 0;
    each = (*l)->forEachRowByStart(f, [&](const core::LedgerRow &) -> core::Result<void> {
        if (++seen == 3)
            return core::fail("stop", "enough");
        return {};
    });
    QVERIFY(!each.has_value());
    QCOMPARE(each.error().code, std::string("stop"));
    QCOMPARE(seen, 3);
}

QTEST_GUILESS_MAIN(TestLedgerStore)
#include "tst_ledgerstore.moc"
