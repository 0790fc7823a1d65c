// The Ledger view's filter line: parsed in core (parseRowFilter) and applied by the store
// (labels, amount bounds, sources, text, all together), with the filtered rows' totals.
#include "ledgertestutil.h"

#include "core/ledger/ledgerstore.h"
#include "core/valuealiases.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace unalloc;
using namespace unalloc::testing;

class TestRowFilter final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void selects_data();
    void selects();
    void rejects_data();
    void rejects();
    void ownerTerms_data();
    void ownerTerms();
    void ownerTermsSeeRowsAddedLater();
    void periodBounds_data();
    void periodBounds();
    void models_data();
    void models();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<core::LedgerStore> m_ledger;
    std::unique_ptr<core::LedgerStore> m_owned; ///< rows owned through fallbacks and aliases
};

void TestRowFilter::initTestCase()
{
    m_ledger = std::move(
        *core::LedgerStore::create(m_dir.filePath(QStringLiteral("f.unalloc")).toStdString()));
    auto txn = std::move(*m_ledger->beginImport());
    core::ImportBatch meta;
    meta.source = "fake";
    meta.format = "direct";
    QVERIFY(txn->beginBatch(meta));
    const std::vector<core::CostRow> rows = {
        makeRow("a1", "50", 0, "search", "openai"),  makeRow("a2", "150.25", 1, "Search", "openai"),
        makeRow("b1", "100", 2, "ads", "anthropic"), makeRow("b2", "250", 3, "", "anthropic"),
        makeRow("c1", "100.5", 4, "ads", "litellm"),
    };
    for (const core::CostRow &r : rows)
        QVERIFY(txn->addRow(r));
    QVERIFY(txn->endBatch(meta));
    QVERIFY(txn->commit());

    m_owned = std::move(
        *core::LedgerStore::create(m_dir.filePath(QStringLiteral("o.unalloc")).toStdString()));
    auto owned = std::move(*m_owned->beginImport());
    QVERIFY(owned->beginBatch(meta));
    const auto row = [](const char *key, const char *amount,
                        std::initializer_list<std::pair<const char *, const char *>> labels) {
        core::CostRow r = makeRow(key, amount);
        std::vector<core::LabelMap::Entry> entries;
        for (const auto &[k, v] : labels)
            entries.emplace_back(k, v);
        r.labels = core::LabelMap(std::move(entries));
        return r;
    };
    const std::vector<core::CostRow> ownedRows = {
        row("t1", "10", {{"team", "search"}}),
        row("t2", "20", {{"team", "Search "}, {"project", "ads"}}),       // owner key wins, trimmed
        row("p1", "30", {{"project", "search"}}),                         // via the fallback
        row("p2", "40", {{"team", "  "}, {"project", "ads"}}),            // blank owner key
        row("u1", "50", {{"team", "<unallocated>"}, {"project", "ads"}}), // ends the search
        row("u2", "60", {{"env", "prod"}}),
        row("h1", "70", {{"team", "e8d1460f"}}), // a hash that an alias names
    };
    for (const core::CostRow &r : ownedRows)
        QVERIFY(owned->addRow(r));
    QVERIFY(owned->endBatch(meta));
    QVERIFY(owned->commit());
}

void TestRowFilter::selects_data()
{
    QTest::addColumn<QByteArray>("filter");
    QTest::addColumn<QByteArrayList>("keys");
    QTest::addColumn<QByteArray>("total");
    QTest::newRow("label, value any case")
        << QByteArray("team=search") << QByteArrayList{"a1", "a2"} << QByteArray("200.25");
    QTest::newRow("label key canonicalised")
        << QByteArray("teamID=ads") << QByteArrayList{"b1", "c1"} << QByteArray("200.50");
    QTest::newRow("source") << QByteArray("source:anthropic") << QByteArrayList{"b1", "b2"}
                            << QByteArray("350.00");
    QTest::newRow("two sources") << QByteArray("source:openai source:litellm")
                                 << QByteArrayList{"a1", "a2", "c1"} << QByteArray("300.75");
    QTest::newRow("amount above") << QByteArray("amount>100") << QByteArrayList{"a2", "b2", "c1"}
                                  << QByteArray("500.75");
    QTest::newRow("amount at least")
        << QByteArray("amount>=100") << QByteArrayList{"a2", "b1", "b2", "c1"}
        << QByteArray("600.75");
    QTest::newRow("amount at most")
        << QByteArray("amount<=100") << QByteArrayList{"a1", "b1"} << QByteArray("150.00");
    QTest::newRow("amount equal") << QByteArray("amount=100.50") << QByteArrayList{"c1"}
                                  << QByteArray("100.50");
    QTest::newRow("combined") << QByteArray("team=ads amount>100 source:litellm")
                              << QByteArrayList{"c1"} << QByteArray("100.50");
    QTest::newRow("text and label")
        << QByteArray("object-b team=ads") << QByteArrayList{"b1"} << QByteArray("100.00");
    QTest::newRow("no label matches")
        << QByteArray("team=nobody") << QByteArrayList{} << QByteArray("");
}

void TestRowFilter::selects()
{
    QFETCH(QByteArray, filter);
    QFETCH(QByteArrayList, keys);
    QFETCH(QByteArray, total);
    auto parsed = core::parseRowFilter(filter.toStdString());
    QVERIFY2(parsed, parsed ? "" : parsed.error().message().c_str());
    QVERIFY(parsed->filtered());
    auto rows = m_ledger->rows(*parsed, core::LedgerSort::Name, true, 0, 100);
    QVERIFY(rows);
    QByteArrayList got;
    for (const auto &r : *rows)
        got << QByteArray::fromStdString(r.row.recordKey);
    std::sort(got.begin(), got.end());
    QCOMPARE(got, keys);
    QCOMPARE(m_ledger->rowCount(*parsed).value(), std::int64_t(keys.size()));
    QCOMPARE(m_ledger->pageIndex(*parsed, core::LedgerSort::Amount, false, 2)->rows,
             std::int64_t(keys.size()));
    auto totals = m_ledger->rowTotals(*parsed);
    QVERIFY(totals);
    QCOMPARE(QByteArray::fromStdString(totals->empty() ? std::string()
                                                       : totals->front().amount.toString()),
             total);
}

/// The analysis period as the Ledger view passes it: bounds that exclude no row are dropped
/// before the count and the totals (which then scan in order), bounds that exclude rows still
/// select, alone or with a filter term.
void TestRowFilter::periodBounds_data()
{
    QTest::addColumn<int>("fromDay"); // days after 2026-08-01; -1 = no bound
    QTest::addColumn<int>("toDay");
    QTest::addColumn<QByteArray>("filter");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QByteArray>("total");
    QTest::newRow("bounds around every row")
        << -5 << 40 << QByteArray() << 5 << QByteArray("650.75");
    QTest::newRow("from the first row's day")
        << 0 << -1 << QByteArray() << 5 << QByteArray("650.75");
    QTest::newRow("from day 2") << 2 << -1 << QByteArray() << 3 << QByteArray("450.50");
    QTest::newRow("before day 2") << -1 << 2 << QByteArray() << 2 << QByteArray("200.25");
    QTest::newRow("days 1 to 3") << 1 << 4 << QByteArray() << 3 << QByteArray("500.25");
    QTest::newRow("period and label")
        << -5 << 3 << QByteArray("team=ads") << 1 << QByteArray("100.00");
    QTest::newRow("idle period and label")
        << -5 << 40 << QByteArray("team=ads") << 2 << QByteArray("200.50");
}

void TestRowFilter::periodBounds()
{
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    QFETCH(QByteArray, filter);
    QFETCH(int, rows);
    QFETCH(QByteArray, total);
    core::LedgerRowFilter f;
    if (!filter.isEmpty()) {
        auto parsed = core::parseRowFilter(filter.toStdString());
        QVERIFY(parsed);
        f = *parsed;
    }
    const core::TimeUs day0 = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay;
    if (fromDay >= -5 && fromDay != -1)
        f.from = day0 + fromDay * core::kUsPerDay;
    if (toDay != -1)
        f.to = day0 + toDay * core::kUsPerDay;
    QCOMPARE(m_ledger->rowCount(f).value(), std::int64_t(rows));
    QCOMPARE(m_ledger->pageIndex(f, core::LedgerSort::Start, true, 2)->rows, std::int64_t(rows));
    auto totals = m_ledger->rowTotals(f);
    QVERIFY(totals);
    QCOMPARE(totals->size(), size_t(1));
    QCOMPARE(QByteArray::fromStdString(totals->front().amount.toString()), total);
}

void TestRowFilter::ownerTerms_data()
{
    QTest::addColumn<QByteArray>("filter");
    QTest::addColumn<QByteArrayList>("fallbacks");
    QTest::addColumn<bool>("alias");
    QTest::addColumn<QByteArrayList>("keys");
    const QByteArrayList none, project{"project"};
    QTest::newRow("owner, no fallback")
        << QByteArray("owner:search") << none << false << QByteArrayList{"t1", "t2"};
    QTest::newRow("owner through the fallback")
        << QByteArray("owner:SEARCH") << project << false << QByteArrayList{"p1", "t1", "t2"};
    QTest::newRow("unallocated, no fallback") << QByteArray("owner:<unallocated>") << none << false
                                              << QByteArrayList{"p1", "p2", "u1", "u2"};
    QTest::newRow("unallocated with fallback; <unallocated> ends the search")
        << QByteArray("owner:<unallocated>") << project << false << QByteArrayList{"u1", "u2"};
    QTest::newRow("alias names the hash")
        << QByteArray("owner:search") << none << true << QByteArrayList{"h1", "t1", "t2"};
    QTest::newRow("the hash unaliased")
        << QByteArray("owner:e8d1460f") << none << false << QByteArrayList{"h1"};
    QTest::newRow("aliased value is no longer itself")
        << QByteArray("owner:e8d1460f") << none << true << QByteArrayList{};
    QTest::newRow("two owners: any of them") << QByteArray("owner:ads owner:search") << project
                                             << false << QByteArrayList{"p1", "p2", "t1", "t2"};
    QTest::newRow("via the fallback")
        << QByteArray("via:project") << project << false << QByteArrayList{"p1", "p2"};
    QTest::newRow("via the owner key")
        << QByteArray("via:team") << project << false << QByteArrayList{"h1", "t1", "t2"};
    QTest::newRow("via a key that is no fallback")
        << QByteArray("via:project") << none << false << QByteArrayList{};
    QTest::newRow("owner and via together")
        << QByteArray("owner:ads via:project") << project << false << QByteArrayList{"p2"};
    QTest::newRow("owner and a label") << QByteArray("owner:<unallocated> project=ads") << project
                                       << false << QByteArrayList{"u1"};
}

void TestRowFilter::ownerTerms()
{
    QFETCH(QByteArray, filter);
    QFETCH(QByteArrayList, fallbacks);
    QFETCH(bool, alias);
    QFETCH(QByteArrayList, keys);
    auto parsed = core::parseRowFilter(filter.toStdString());
    QVERIFY2(parsed, parsed ? "" : parsed.error().message().c_str());
    QVERIFY(parsed->filtered());
    parsed->ownerRule.ownerKey = "team";
    for (const QByteArray &f : fallbacks)
        parsed->ownerRule.fallbacks.push_back(f.toStdString());
    if (alias)
        parsed->ownerRule.aliases.push_back(*core::parseValueAlias("team=e8d1460f=>search"));
    auto rows = m_owned->rows(*parsed, core::LedgerSort::Name, true, 0, 100);
    QVERIFY2(rows, rows ? "" : rows.error().message().c_str());
    QByteArrayList got;
    for (const auto &r : *rows)
        got << QByteArray::fromStdString(r.row.recordKey);
    std::sort(got.begin(), got.end());
    QCOMPARE(got, keys);
    QCOMPARE(m_owned->rowCount(*parsed).value(), std::int64_t(keys.size()));
}

void TestRowFilter::ownerTermsSeeRowsAddedLater()
{
    // The same terms asked again after an import: the label sets it added are resolved too.
    auto filter = core::parseRowFilter("owner:late");
    QVERIFY(filter);
    QCOMPARE(m_owned->rowCount(*filter).value(), std::int64_t(0));
    auto txn = std::move(*m_owned->beginImport());
    core::ImportBatch meta;
    meta.source = "fake";
    meta.format = "direct";
    QVERIFY(txn->beginBatch(meta));
    core::CostRow r = makeRow("l1", "5");
    r.labels = core::LabelMap(std::vector<core::LabelMap::Entry>{{"team", "late"}});
    QVERIFY(txn->addRow(r));
    QVERIFY(txn->endBatch(meta));
    QVERIFY(txn->commit());
    QCOMPARE(m_owned->rowCount(*filter).value(), std::int64_t(1));
}

void TestRowFilter::models_data()
{
    // A pod's requests (metersnapshot's podTelemetry): the rows of a served model, with or
    // without a provider prefix, in a window; what only ends like the model is not it.
    QTest::addColumn<QStringList>("models");
    QTest::addColumn<int>("fromDay"); // -1: open
    QTest::addColumn<QString>("keys");
    QTest::newRow("one model") << QStringList{QStringLiteral("llama-3.1-8b")} << -1
                               << QStringLiteral("m1 m2 m4");
    QTest::newRow("in a window") << QStringList{QStringLiteral("llama-3.1-8b")} << 1
                                 << QStringLiteral("m4");
    QTest::newRow("two models") << QStringList{QStringLiteral("gpt-4o"),
                                               QStringLiteral("llama-3.1-8b")}
                                << -1 << QStringLiteral("m1 m2 m4 m5");
    QTest::newRow("a prefix is no model")
        << QStringList{QStringLiteral("hosted_vllm")} << -1 << QString();
    QTest::newRow("no model") << QStringList{} << 2 << QStringLiteral("m5 m6");
}

void TestRowFilter::models()
{
    QFETCH(QStringList, models);
    QFETCH(int, fromDay);
    QFETCH(QString, keys);
    QTemporaryDir dir;
    auto ledger = std::move(
        *core::LedgerStore::create(dir.filePath(QStringLiteral("m.unalloc")).toStdString()));
    auto txn = std::move(*ledger->beginImport());
    core::ImportBatch meta;
    meta.source = "fake";
    meta.format = "direct";
    QVERIFY(txn->beginBatch(meta));
    const std::pair<const char *, const char *> served[] = {
        {"m1", "llama-3.1-8b"},  {"m2", "hosted_vllm/llama-3.1-8b"},
        {"m3", "xllama-3.1-8b"}, {"m4", "a/b/llama-3.1-8b"},
        {"m5", "gpt-4o"},        {"m6", nullptr}};
    int day = 0;
    for (const auto &[key, model] : served) {
        core::CostRow r = makeRow(key, "1", day++ / 2, "search");
        if (model) {
            r.usage = core::Usage{};
            r.usage->model = model;
        }
        QVERIFY(txn->addRow(r));
    }
    QVERIFY(txn->endBatch(meta));
    QVERIFY(txn->commit());
    core::LedgerRowFilter f;
    for (const QString &m : models)
        f.models.insert(m.toStdString());
    if (fromDay >= 0)
        f.from = makeRow("x", "1", fromDay).start;
    QStringList got;
    QVERIFY(ledger
                ->forEachRowByStart(f,
                                    [&got](const core::LedgerRow &lr) -> core::Result<void> {
                                        got << QString::fromStdString(lr.row.recordKey);
                                        return {};
                                    })
                .has_value());
    got.sort();
    QCOMPARE(got.join(QLatin1Char(' ')), keys);
    QCOMPARE(ledger->rowCount(f).value_or(-1), std::int64_t(got.size()));
}

void TestRowFilter::rejects_data()
{
    QTest::addColumn<QByteArray>("filter");
    QTest::newRow("amount not a number") << QByteArray("amount>lots");
    QTest::newRow("amount empty") << QByteArray("amount<");
    QTest::newRow("batch not a number") << QByteArray("batch:x");
    QTest::newRow("via without a key") << QByteArray("via:!!");
}

void TestRowFilter::rejects()
{
    QFETCH(QByteArray, filter);
    auto parsed = core::parseRowFilter(filter.toStdString());
    QVERIFY(!parsed);
    QCOMPARE(parsed.error().code, std::string("bad-filter"));
    QVERIFY2(parsed.error().detail.find(filter.toStdString()) != std::string::npos,
             parsed.error().detail.c_str());
}

QTEST_GUILESS_MAIN(TestRowFilter)
#include "tst_rowfilter.moc"
