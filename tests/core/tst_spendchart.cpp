// The extent of "Spend by owner" for the chart's axis when the analyst hides sources (legend)
// or the <unallocated> bar: credits stack left of zero, and nothing hidden adds to a bar.
#include "coretest.h"

#include "core/analysis/spendchart.h"
#include "core/costcube.h"

using namespace unalloc;
using namespace unalloc::core;
using unalloc::test::dec;

Q_DECLARE_METATYPE(std::vector<bool>)

namespace {

/// Sources litellm, openai; owners search (80 + 20), ads (-30 refund + 50), <unallocated>
/// (10 + 160), the longest.
SpendChart sample()
{
    SpendChart c;
    c.sources = {"litellm", "openai"};
    const auto bar = [](OwnerBar::Kind kind, const char *key, const char *a, const char *b) {
        OwnerBar o;
        o.kind = kind;
        o.key = key;
        o.bySource = {dec(a), dec(b)};
        o.amount = o.bySource[0] + o.bySource[1];
        return o;
    };
    c.bars = {bar(OwnerBar::Kind::Owner, "search", "80", "20"),
              bar(OwnerBar::Kind::Owner, "ads", "-30", "50"),
              bar(OwnerBar::Kind::Unallocated, "<unallocated>", "10", "160")};
    c.largest = dec("170");
    return c;
}

LabelMap team(const char *value)
{
    return LabelMap(std::vector<LabelMap::Entry>{{"team", value}});
}

} // namespace

class TestSpendChart final : public QObject
{
    Q_OBJECT

private slots:
    void stackRange_data();
    void stackRange();
    void barsCarryAmountsAndRowsPerSource();
};

void TestSpendChart::stackRange_data()
{
    QTest::addColumn<std::vector<bool>>("hiddenSources");
    QTest::addColumn<std::vector<bool>>("hiddenBars");
    QTest::addColumn<QString>("low");
    QTest::addColumn<QString>("high");
    QTest::newRow("everything shown") << std::vector<bool>{} << std::vector<bool>{} << "-30"
                                      << "170";
    QTest::newRow("litellm hidden: the refund goes")
        << std::vector<bool>{true, false} << std::vector<bool>{} << "0"
        << "160";
    QTest::newRow("openai hidden") << std::vector<bool>{false, true} << std::vector<bool>{} << "-30"
                                   << "80";
    QTest::newRow("<unallocated> hidden")
        << std::vector<bool>{} << std::vector<bool>{false, false, true} << "-30"
        << "100";
    QTest::newRow("search and <unallocated> hidden")
        << std::vector<bool>{} << std::vector<bool>{true, false, true} << "-30"
        << "50";
    QTest::newRow("all sources hidden")
        << std::vector<bool>{true, true} << std::vector<bool>{} << "0"
        << "0";
}

void TestSpendChart::stackRange()
{
    QFETCH(std::vector<bool>, hiddenSources);
    QFETCH(std::vector<bool>, hiddenBars);
    QFETCH(QString, low);
    QFETCH(QString, high);
    const auto [lo, hi] = sample().stackRange(hiddenSources, hiddenBars);
    QCOMPARE(lo, dec(low.toLatin1().constData()));
    QCOMPARE(hi, dec(high.toLatin1().constData()));
}

void TestSpendChart::barsCarryAmountsAndRowsPerSource()
{
    // search (litellm 3 rows, openai 1), ads and video folded into one bar, no team last.
    CostCube cube;
    const auto add = [&cube](LabelMap labels, const char *source, const char *amount,
                             std::int64_t rows) {
        cube.addGroup(labels, source, "gpt-4o", 20666, Currency::usd(), 1, dec(amount), rows);
    };
    add(team("search"), "litellm", "90", 3);
    add(team("search"), "openai", "10.5", 1);
    add(team("ads"), "openai", "20", 2);
    add(team("video"), "litellm", "5", 1);
    add(LabelMap(), "litellm", "7", 4);
    add(LabelMap(), "openai", "3", 2);
    AttributionOptions options;
    options.ownerKey = "team";
    const auto report = attribute(cube, options);
    QVERIFY(report.has_value());
    const SpendChart chart = spendByOwner(*report, 1);
    QCOMPARE(chart.sources, (std::vector<std::string>{"litellm", "openai"}));
    QCOMPARE(chart.bars.size(), size_t(3));
    const OwnerBar &search = chart.bars[0], &others = chart.bars[1], &none = chart.bars[2];
    QCOMPARE(search.key, std::string("search"));
    QCOMPARE(search.bySource, (std::vector<Decimal>{dec("90"), dec("10.5")}));
    QCOMPARE(search.rowsBySource, (std::vector<std::int64_t>{3, 1}));
    QCOMPARE(search.rows, std::int64_t(4));
    QVERIFY(others.kind == OwnerBar::Kind::Others);
    QCOMPARE(others.folded, 2);
    QCOMPARE(others.bySource, (std::vector<Decimal>{dec("5"), dec("20")}));
    QCOMPARE(others.rowsBySource, (std::vector<std::int64_t>{1, 2}));
    QVERIFY(none.kind == OwnerBar::Kind::Unallocated);
    QCOMPARE(none.rowsBySource, (std::vector<std::int64_t>{4, 2}));
    QCOMPARE(none.rows, std::int64_t(6));
    QCOMPARE(chart.largest, dec("100.5"));
}

QTEST_APPLESS_MAIN(TestSpendChart)
#include "tst_spendchart.moc"
