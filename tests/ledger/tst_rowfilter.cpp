// The Ledger view's filter line: parsed in core (parseRowFilter) and applied by the store
// (labels, amount bounds, sources, text, all together), with the filtered rows' totals.
#include "ledgertestutil.h"

#include "core/ledger/ledgerstore.h"

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

private:
    QTemporaryDir m_dir;
    std::unique_ptr<core::LedgerStore> m_ledger;
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

void TestRowFilter::rejects_data()
{
    QTest::addColumn<QByteArray>("filter");
    QTest::newRow("amount not a number") << QByteArray("amount>lots");
    QTest::newRow("amount empty") << QByteArray("amount<");
    QTest::newRow("batch not a number") << QByteArray("batch:x");
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
