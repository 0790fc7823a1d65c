// buildCatalog: the months a ledger's groups fall on, its first and last day, and the rows per
// label key (what the explorer's period menu and key lists offer).
#include "coretest.h"
#include "rowbuilder.h"

#include "core/analysis/ledgercatalog.h"
#include "core/currencyselect.h"

using namespace unalloc;
using namespace unalloc::test;

class TestLedgerCatalog : public QObject
{
    Q_OBJECT
private slots:
    void months_data()
    {
        QTest::addColumn<QList<int>>("days");
        QTest::addColumn<QStringList>("months");
        // 20454 is 2026-01-01, 20513 2026-03-01, 20485 2026-02-01.
        QTest::newRow("none") << QList<int>{} << QStringList{};
        QTest::newRow("one day") << QList<int>{20454} << textLines({"2026-01 20454..20485"});
        QTest::newRow("alternating days, a month without rows between")
            << QList<int>{20513, 20454, 20540, 20455, 20513, 20454}
            << textLines({"2026-01 20454..20485", "2026-03 20513..20544"});
        QTest::newRow("a year's turn, and days before 1970")
            << QList<int>{-1, 20453, -31, 20454}
            << textLines({"1969-12 -31..0", "2025-12 20423..20454", "2026-01 20454..20485"});
        // Days 18 million apart: past the span a bitmap covers; read through a set.
        QTest::newRow("a span of days too long for a bitmap")
            << QList<int>{9000000, -9000000, 9000000, 20454}
            << textLines({"-22672-11 -9000001..-8999971", "2026-01 20454..20485",
                          "26611-03 8999999..9000030"});
    }
    void months()
    {
        QFETCH(QList<int>, days);
        QFETCH(QStringList, months);
        std::vector<core::CostRow> rows;
        std::vector<std::string> requests;
        for (int i = 0; i < days.size(); ++i)
            requests.push_back("r" + std::to_string(i));
        for (int i = 0; i < days.size(); ++i) // one set per row: the days alternate as in a ledger
            rows.push_back(makeRow(
                "litellm", "m", "1.5",
                {{"request", requests[static_cast<size_t>(i)].c_str()}, {"team", "t"}}, days[i]));
        const core::LedgerCatalog c = core::buildCatalog(cubeOf(rows), {});
        QStringList got;
        for (const core::MonthSlice &m : c.months)
            got << QString::asprintf("%d-%02d %d..%d", m.year, m.month, m.fromDay, m.toDay);
        QCOMPARE(got, months);
        if (days.isEmpty()) {
            QVERIFY(!c.firstDay && !c.lastDay);
            return;
        }
        QCOMPARE(*c.firstDay, *std::min_element(days.begin(), days.end()));
        QCOMPARE(*c.lastDay, *std::max_element(days.begin(), days.end()));
        QCOMPARE(c.rows, std::int64_t(days.size()));
    }

    void rowsPerKey()
    {
        // Rows per key, summed over sets of several shapes (a shape's keys are the same for
        // every set of it); most rows first, then by key.
        std::vector<core::CostRow> rows;
        for (int i = 0; i < 7; ++i) // two groups of 4 and 3 rows
            rows.push_back(
                makeRow("litellm", i % 2 ? "m1" : "m0", "1", {{"team", i % 2 ? "t1" : "t0"}}));
        for (const char *ns : {"n0", "n1", "n2"})
            rows.push_back(makeRow("opencost", ns, "2", {{"team", "t0"}, {"namespace", ns}}));
        rows.push_back(makeRow("opencost", "a", "2", {{"alpha", "a"}}));
        rows.push_back(makeRow("opencost", "z", "2", {{"zone", "z"}}));
        const core::LedgerCatalog c = core::buildCatalog(cubeOf(rows), {});
        QStringList got;
        for (const core::KeyCount &k : c.keys)
            got << QString::fromStdString(k.key) + QStringLiteral(" ") + QString::number(k.rows);
        QCOMPARE(got, textLines({"team 10", "namespace 3", "alpha 1", "zone 1"}));
        QCOMPARE(c.rowsWithKey("namespace"), std::int64_t(3));
    }

    void currencies()
    {
        // Rows per currency, over groups of several contexts (sources, batches) in each; a
        // period leaves groups out, and a currency without rows in it.
        const core::Currency eur = core::Currency::parse("EUR").value();
        std::vector<core::CostRow> rows{
            makeRow("litellm", "a", "1", {}, 10),       makeRow("litellm", "b", "1", {}, 11, 2),
            makeRow("litellm", "a", "2", {}, 10), // the same group as the first: 2 rows
            makeRow("opencost", "c", "1", {}, 12),      makeRow("openai", "d", "1", {}, 10, 1, eur),
            makeRow("openai", "e", "1", {}, 20, 3, eur)};
        core::CostCube cube = cubeOf(rows);
        // A group of no rows (an adjustment) still names its currency.
        cube.addGroup(core::LabelMap{}, "focus", "f", 15, core::Currency::parse("GBP").value(), 4,
                      dec("0.5"), 0);
        const auto text = [](const std::vector<core::CurrencyRows> &list) {
            return QString::fromStdString(core::currencyList(list));
        };
        QCOMPARE(text(core::buildCatalog(cube, {}).currencies),
                 QStringLiteral("EUR (2 rows), GBP (0 rows), USD (4 rows)"));
        QCOMPARE(text(core::currencyRows(cube, 11, 20)),
                 QStringLiteral("GBP (0 rows), USD (2 rows)"));
        QCOMPARE(text(core::currencyRows(cube, std::nullopt, 11)),
                 QStringLiteral("EUR (1 row), USD (2 rows)"));
        QCOMPARE(text(core::currencyRows(cube, 12, std::nullopt)),
                 QStringLiteral("EUR (1 row), GBP (0 rows), USD (1 row)"));
        QCOMPARE(text(core::currencyRows(cube, 16, 20)), QString());
    }
};

QTEST_GUILESS_MAIN(TestLedgerCatalog)
#include "tst_ledgercatalog.moc"
