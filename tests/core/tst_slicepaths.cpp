// The two ways a slice is attributed on a large per-request cube: per-set sums kept for the
// explorer (sliceSums + attributeSums) and a one-off report over the groups (attribute), each
// split over two threads. Both must equal one pass in group order, currency error included;
// so must the fallback exposure over either, and the explorer's analysis, which keeps the sums
// only where they pay off.
#include "coretest.h"

#include "core/analysis/analysissnapshot.h"
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

void compareExposures(const FallbackExposure &x, const FallbackExposure &y)
{
    QCOMPARE(x.nonOwnerTotal, y.nonOwnerTotal);
    QCOMPARE(x.byKey.size(), y.byKey.size());
    for (size_t k = 0; k < x.byKey.size(); ++k) {
        QCOMPARE(x.byKey[k].key, y.byKey[k].key);
        QCOMPARE(x.byKey[k].amount, y.byKey[k].amount);
        QCOMPARE(x.byKey[k].rows, y.byKey[k].rows);
        QCOMPARE(x.byKey[k].values, y.byKey[k].values);
        QCOMPARE(x.byKey[k].nonOwnerAmount, y.byKey[k].nonOwnerAmount);
        QCOMPARE(x.byKey[k].sharePct, y.byKey[k].sharePct);
    }
    QCOMPARE(x.values.size(), y.values.size());
    for (size_t v = 0; v < x.values.size(); ++v) {
        QCOMPARE(x.values[v].key, y.values[v].key);
        QCOMPARE(x.values[v].value, y.values[v].value);
        QCOMPARE(x.values[v].amount, y.values[v].amount);
        QCOMPARE(x.values[v].rows, y.values[v].rows);
        QCOMPARE(x.values[v].ownerLike, y.values[v].ownerLike);
    }
    QCOMPARE(x.owners.size(), y.owners.size());
    for (size_t b = 0; b < x.owners.size(); ++b) {
        QCOMPARE(x.owners[b].owner, y.owners[b].owner);
        QCOMPARE(x.owners[b].amount, y.owners[b].amount);
        QCOMPARE(x.owners[b].viaFallback, y.owners[b].viaFallback);
        QCOMPARE(x.owners[b].nonOwner, y.owners[b].nonOwner);
    }
}

void compareReports(const AttributionReport &x, const AttributionReport &y)
{
    QCOMPARE(x.currency, y.currency);
    QCOMPARE(x.total, y.total);
    QCOMPARE(x.unallocated, y.unallocated);
    QCOMPARE(x.fallbackTotal, y.fallbackTotal);
    QCOMPARE(x.rowCount, y.rowCount);
    QCOMPARE(x.resolution.ownerRows, y.resolution.ownerRows);
    QCOMPARE(x.resolution.fallbackRows, y.resolution.fallbackRows);
    QCOMPARE(x.resolution.noneRows, y.resolution.noneRows);
    QVERIFY(x.bySource == y.bySource);
    QCOMPARE(x.fallbackByKey.size(), y.fallbackByKey.size());
    for (size_t f = 0; f < x.fallbackByKey.size(); ++f) {
        QCOMPARE(x.fallbackByKey[f].amount, y.fallbackByKey[f].amount);
        QCOMPARE(x.fallbackByKey[f].rows, y.fallbackByKey[f].rows);
    }
    QCOMPARE(x.buckets.size(), y.buckets.size());
    for (size_t b = 0; b < x.buckets.size(); ++b) {
        const Bucket &p = x.buckets[b], &q = y.buckets[b];
        QCOMPARE(p.key, q.key);
        QCOMPARE(p.amount, q.amount);
        QCOMPARE(p.viaFallback, q.viaFallback);
        QCOMPARE(p.rows, q.rows);
        QVERIFY(p.bySource == q.bySource);
    }
}

} // namespace

class TestSlicePaths final : public QObject
{
    Q_OBJECT

private slots:
    void largeSliceSumsInSetOrder_data();
    void largeSliceSumsInSetOrder();
    void analysisKeepsSumsWhereTheyPayOff_data();
    void analysisKeepsSumsWhereTheyPayOff();
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
    QTest::newRow("every group in EUR") << 0 << -1 << false;
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
        const std::string_view source = cube.sources().at(cube.context(g).source);
        if (source != "a" && source != "b")
            continue;
        if (!first)
            first = cube.context(g).currency;
        else if (!other && cube.context(g).currency != *first)
            other = cube.context(g).currency;
        auto &c = cells[{g.labelSet, cube.context(g).source}];
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
    compareReports(*report, *fromSums);
    QCOMPARE(report->fallbackByKey.size(), size_t(1));
    QVERIFY(report->buckets.size() > 4000); // owners by label and by fallback, and <unallocated>
    QVERIFY(!report->fallbackTotal.isZero() && !report->unallocated.isZero());
    // The exposure over the groups in the slice (the source left out stays out) equals the
    // exposure over the cells.
    const FallbackExposure overGroups = fallbackExposure(cube, o, *report);
    QVERIFY(!overGroups.values.empty() && !overGroups.owners.empty());
    compareExposures(overGroups, fallbackExposure(cube, sums, o, *fromSums));
    // And so does the exposure from the sums per (fallback, owner) either attribution gathers
    // in its own pass.
    const SetResolution resolved = resolveSets(cube, o);
    for (const bool groupsPath : {true, false}) {
        FallbackOwnerSums via;
        const auto again = groupsPath ? attributeGroups(cube, o, resolved, &via)
                                      : attributeSums(cube, sums, o, resolved, &via);
        QVERIFY(again.has_value());
        compareReports(*again, *report);
        QCOMPARE(via.owners, resolved.owners.size());
        QCOMPARE(via.sums.size(), resolved.owners.size() * o.fallbacks.size());
        compareExposures(fallbackExposure(cube, o, *again, resolved, via), overGroups);
    }
}

void TestSlicePaths::analysisKeepsSumsWhereTheyPayOff_data()
{
    // A per-request cube (a label set per group) keeps no sums: the analysis attributes the
    // groups. A cube whose sets recur over days keeps them. Either way the analysis's report
    // and exposure are those over the slice's sums, period filter included.
    QTest::addColumn<int>("groupsPerSet");
    QTest::addColumn<bool>("sumsKept");
    QTest::newRow("a set per group: no sums") << 1 << false;
    QTest::newRow("two groups a set: sums kept") << 2 << true;
    QTest::newRow("thirty groups a set: sums kept") << 30 << true;
}

void TestSlicePaths::analysisKeepsSumsWhereTheyPayOff()
{
    QFETCH(int, groupsPerSet);
    QFETCH(bool, sumsKept);
    auto cube = std::make_shared<CostCube>();
    const int sets = 3000;
    for (int set = 0; set < sets; ++set) {
        std::vector<LabelMap::Entry> entries{{"end_user", "u" + std::to_string(set)}};
        if (set % 4 != 0)
            entries.emplace_back("team", "t" + std::to_string(set % 9));
        if (set % 3 == 0)
            entries.emplace_back("service", set / 12 % 2 ? "t1" : "svc");
        std::sort(entries.begin(), entries.end());
        const LabelMap labels(std::move(entries));
        for (int d = 0; d < groupsPerSet; ++d)
            cube->addGroup(labels, set % 2 ? "litellm" : "opencost", "o", (set + d) % 40,
                           Currency::usd(), 1, Decimal::fromInt(set % 13 + d + 1), 1);
    }
    QCOMPARE(sliceSumsPayOff(*cube), sumsKept);
    AnalysisInput input;
    input.cube = cube;
    AnalysisRequest request;
    request.ownerKey = "team";
    request.fallbacks = {"service"};
    request.toDay = 20; // a period: the groups of days 20 on are out of the slice
    const auto s = analyse(input, request);
    QVERIFY(s.has_value());
    QVERIFY(!s->error);
    const AttributionOptions o = request.options();
    const SliceSums sums = sliceSums(*cube, o);
    const auto expected = attributeSums(*cube, sums, o);
    QVERIFY(expected.has_value());
    QVERIFY(!expected->fallbackTotal.isZero() && !expected->unallocated.isZero());
    compareReports(s->report, *expected);
    compareExposures(s->exposure, fallbackExposure(*cube, sums, o, *expected));
    QCOMPARE(s->exposure.values.size(), size_t(2)); // svc, and t1 (owner-like)
}

QTEST_APPLESS_MAIN(TestSlicePaths)
#include "tst_slicepaths.moc"
