// The two ways a slice is attributed on a large per-request cube: per-set sums kept for the
// explorer (sliceSums + attributeSums) and a one-off report over the groups (attribute), each
// split over two threads. Both must equal one pass in group order, currency error included.
#include "coretest.h"

#include "core/slice.h"

#include <map>

using namespace unalloc::core;

namespace {

AttributionOptions opts(const char *owner, std::vector<std::string> fallbacks = {})
{
    AttributionOptions o;
    o.ownerKey = owner;
    o.fallbacks = std::move(fallbacks);
    return o;
}

} // namespace

class TestSlicePaths final : public QObject
{
    Q_OBJECT

private slots:
    void largeSliceSumsInSetOrder_data();
    void largeSliceSumsInSetOrder();
};

void TestSlicePaths::largeSliceSumsInSetOrder_data()
{
    // 140,001 groups in label-set order, three per set (sources a, b, a), summed per (set,
    // source) without hashing: the cells, the slice's currency and its error must be those of
    // one pass in group order, wherever the other currency starts and whichever source is out.
    // The one-off report over the groups (attribute, two threads, each checking the currency of
    // its half) must equal the report over those cells, error or not.
    QTest::addColumn<int>("eurFrom");   ///< every group from here on is in EUR (-1: none)
    QTest::addColumn<int>("eurAlone");  ///< one more EUR group (-1: none)
    QTest::addColumn<bool>("lowerOut"); ///< the first half's groups are of a source left out
    QTest::newRow("one currency") << -1 << -1 << false;
    QTest::newRow("one EUR group early") << -1 << 10 << false;
    QTest::newRow("one EUR group late") << -1 << 100000 << false;
    for (const int from : {69998, 69999, 70000, 70001, 70002, 70003})
        QTest::addRow("EUR from group %d on", from) << from << -1 << false;
    QTest::newRow("EUR early and from the middle on") << 70000 << 10 << false;
    QTest::newRow("the first half out of the slice") << -1 << -1 << true;
    QTest::newRow("the first half out, EUR late") << -1 << 100000 << true;
}

void TestSlicePaths::largeSliceSumsInSetOrder()
{
    QFETCH(int, eurFrom);
    QFETCH(int, eurAlone);
    QFETCH(bool, lowerOut);
    constexpr int n = 140001;
    const Currency eur = Currency::parse("EUR").value();
    const char *objects[] = {"gpt-4o", "claude", "pod"};
    CostCube cube;
    for (int i = 0; i < n; ++i) {
        // Owners by label, by the fallback, and none; a blank team falls through.
        const int set = i / 3;
        std::vector<LabelMap::Entry> entries{{"session", "s" + std::to_string(set)}};
        if (set % 5 == 4)
            entries.emplace_back("service", "svc-" + std::to_string(set % 3));
        if (set % 5 != 0)
            entries.emplace_back("team", set % 7 == 0 ? " " : "t" + std::to_string(set % 6000));
        std::sort(entries.begin(), entries.end());
        const LabelMap labels(std::move(entries));
        const bool inEur = (eurFrom >= 0 && i >= eurFrom) || i == eurAlone;
        const char *source = lowerOut && i < n / 2 ? "x" : (i % 3 == 1 ? "b" : "a");
        cube.addGroup(labels, source, objects[i % 3], 0, inEur ? eur : Currency::usd(), 1,
                      Decimal::fromInt(i % 101 + 1), 1 + i % 2);
    }
    AttributionOptions o = opts("team", {"service"});
    o.sources = {"a", "b"};
    // One pass in group order: the cells by (set, source) and the first other currency.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<Decimal, std::int64_t>> cells;
    std::optional<Currency> first;
    std::optional<Currency> other;
    for (const CostGroup &g : cube.rawGroups()) {
        const std::string &source = cube.sources().at(g.source);
        if (source != "a" && source != "b")
            continue;
        if (!first)
            first = g.currency;
        else if (!other && g.currency != *first)
            other = g.currency;
        auto &c = cells[{g.labelSet, g.source}];
        c.first += g.amount;
        c.second += g.rows;
    }
    const SliceSums sums = sliceSums(cube, o);
    QCOMPARE(sums.cells.size(), cells.size());
    size_t i = 0;
    for (const auto &[key, sum] : cells) {
        const SliceSums::Cell &c = sums.cells[i++];
        QCOMPARE(std::make_pair(c.labelSet, c.source), key);
        QCOMPARE(c.amount, sum.first);
        QCOMPARE(c.rows, sum.second);
    }
    QCOMPARE(sums.currency, first);
    QCOMPARE(sums.error.has_value(), other.has_value());
    if (other)
        QCOMPARE(QString::fromStdString(sums.error->detail),
                 QString::fromStdString("the ledger slice mixes " + first->code() + " and " +
                                        other->code() +
                                        "; add an FX rate table or filter one currency"));

    const auto report = attribute(cube, o);
    QCOMPARE(report.has_value(), !other.has_value());
    if (!report) {
        QCOMPARE(QString::fromStdString(report.error().detail),
                 QString::fromStdString(sums.error->detail));
        return;
    }
    const auto fromSums = attributeSums(cube, sums, o);
    QVERIFY(fromSums.has_value());
    QCOMPARE(report->currency, fromSums->currency);
    QCOMPARE(report->total, fromSums->total);
    QCOMPARE(report->unallocated, fromSums->unallocated);
    QCOMPARE(report->fallbackTotal, fromSums->fallbackTotal);
    QCOMPARE(report->rowCount, fromSums->rowCount);
    QCOMPARE(report->resolution.ownerRows, fromSums->resolution.ownerRows);
    QCOMPARE(report->resolution.fallbackRows, fromSums->resolution.fallbackRows);
    QCOMPARE(report->resolution.noneRows, fromSums->resolution.noneRows);
    QVERIFY(report->bySource == fromSums->bySource);
    QCOMPARE(report->fallbackByKey.size(), size_t(1));
    QCOMPARE(report->fallbackByKey[0].amount, fromSums->fallbackByKey[0].amount);
    QCOMPARE(report->fallbackByKey[0].rows, fromSums->fallbackByKey[0].rows);
    QCOMPARE(report->buckets.size(), fromSums->buckets.size());
    QVERIFY(report->buckets.size() > 4000); // owners by label and by fallback, and <unallocated>
    for (size_t b = 0; b < report->buckets.size(); ++b) {
        const Bucket &x = report->buckets[b], &y = fromSums->buckets[b];
        QCOMPARE(x.key, y.key);
        QCOMPARE(x.amount, y.amount);
        QCOMPARE(x.viaFallback, y.viaFallback);
        QCOMPARE(x.rows, y.rows);
        QVERIFY(x.bySource == y.bySource);
    }
    QVERIFY(!report->fallbackTotal.isZero() && !report->unallocated.isZero());
}

QTEST_APPLESS_MAIN(TestSlicePaths)
#include "tst_slicepaths.moc"
