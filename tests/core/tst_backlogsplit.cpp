// The backlog and the drill-down tree of large slices, built on two threads: the rule's summary
// (a bit per set) read in halves, the fix plan summed in halves, the tree's groups held as runs
// of positions or as lists. Every figure must be what one pass gives.
#include "core/analysis/analysissnapshot.h"

#include <QTest>

#include <algorithm>
#include <map>

using namespace unalloc::core;

namespace {

AnalysisRequest ownerTeam(const std::vector<std::string> &fallbacks)
{
    AnalysisRequest r;
    r.ownerKey = "team";
    r.fallbacks = fallbacks;
    return r;
}

} // namespace

class TestBacklogSplit final : public QObject
{
    Q_OBJECT
private slots:
    void largeBacklogSplitsExactly_data();
    void largeBacklogSplitsExactly();
    void summaryReadsEverySet();
};

void TestBacklogSplit::largeBacklogSplitsExactly_data()
{
    QTest::addColumn<int>("namespaces");
    QTest::addColumn<bool>("oneSource");
    QTest::addColumn<bool>("byAmount"); ///< namespace from the amount's band of 100
    QTest::addColumn<bool>("asRuns");   ///< the groups' positions held as runs
    // 2 sources × 37 namespaces: the tree's scan runs on two threads, each with its own sums.
    QTest::newRow("few drill-down groups") << 37 << false << false << false;
    // 2 sources × 40,000: too many (source, group) pairs for a table per thread: one scan.
    QTest::newRow("many drill-down groups") << 40000 << false << false << false;
    // A per-request ledger's one group: every unowned object, one run.
    QTest::newRow("one source, one group") << 1 << true << false << true;
    // Bands of amounts alternating between 3 namespaces: a few runs per group.
    QTest::newRow("one source, amount bands") << 3 << true << true << true;
}

void TestBacklogSplit::largeBacklogSplitsExactly()
{
    // 300,000 unowned objects: the fix plan and the drill-down tree are summed on two threads.
    // U after each step, the groups' sums and their objects (in backlog order) must be those
    // of one pass.
    QFETCH(int, namespaces);
    QFETCH(bool, oneSource);
    QFETCH(bool, byAmount);
    QFETCH(bool, asRuns);
    auto cube = std::make_shared<CostCube>();
    constexpr int kObjects = 300000;
    std::vector<LabelMap> sets;
    for (int k = 0; k < namespaces; ++k)
        sets.emplace_back(std::vector<LabelMap::Entry>{{"model", "m" + std::to_string(k % 5)},
                                                       {"namespace", "ns-" + std::to_string(k)}});
    const LabelMap owned(std::vector<LabelMap::Entry>{{"team", "alpha"}});
    for (int i = 0; i < kObjects; ++i) {
        const int amount = i % 997 + 1;
        const size_t set = static_cast<size_t>(byAmount ? amount / 100 : i) % sets.size();
        cube->addGroup(i % 11 == 0 ? owned : sets[set],
                       i % 3 && !oneSource ? "litellm" : "opencost", "req-" + std::to_string(i),
                       i % 28, Currency::usd(), 1, Decimal::fromInt(amount), 1 + i % 2);
    }
    AnalysisInput input;
    input.cube = cube;
    const auto s = analyse(input, ownerTeam({}));
    QVERIFY(s.has_value());
    QVERIFY(s->backlog.size() > (size_t{1} << 18));
    const Decimal u = s->report.unallocated;
    Decimal fixed;
    std::map<std::pair<std::string, std::string>, std::pair<Decimal, std::vector<std::uint32_t>>>
        expected; // (source, namespace) → sum, objects in backlog order
    for (size_t i = 0; i < s->backlog.size(); ++i) {
        fixed += s->backlog.amount(i);
        QCOMPARE(s->backlog.unallocatedAfter(i), u - fixed);
        auto &e = expected[{std::string(s->backlog.source(i)),
                            std::string(*s->backlog.labels(i).find("namespace"))}];
        e.first += s->backlog.amount(i);
        e.second.push_back(static_cast<std::uint32_t>(i));
    }
    QCOMPARE(fixed, u);
    size_t groups = 0;
    for (const DrillNode &src : s->unallocatedTree) {
        for (size_t g = 0; g < src.children.size(); ++g) {
            const DrillNode &node = src.children[g];
            QCOMPARE(node.groupKey, std::string("namespace"));
            const auto it = expected.find({src.text, node.text});
            QVERIFY(it != expected.end());
            QCOMPARE(node.amount, it->second.first);
            QVERIFY(node.objects.toVector() == it->second.second);
            QCOMPARE(node.objects.size(), it->second.second.size());
            const std::vector<std::uint32_t> &want = it->second.second;
            size_t runs = 0;
            for (size_t k = 0; k < want.size(); ++k)
                runs += k == 0 || want[k - 1] + 1 != want[k] ? 1 : 0;
            QCOMPARE(node.objects.runs(), asRuns ? runs : 0);
            // Read one by one as the tree's model does (runs: a search among them).
            for (size_t k = 0; k < node.objects.size(); k += 997)
                QCOMPARE(node.objects[k], it->second.second[k]);
            QCOMPARE(node.objects[node.objects.size() - 1], it->second.second.back());
            if (g > 0)
                QVERIFY(node.amount <= src.children[g - 1].amount);
            ++groups;
        }
    }
    QCOMPARE(groups, expected.size());
}

void TestBacklogSplit::summaryReadsEverySet()
{
    // 300,000 label sets: summarise() reads them on two threads. Each set's bit and each owner
    // text's "taken through the owner key" must be those of the rule itself.
    auto cube = std::make_shared<CostCube>();
    constexpr int kSets = 300000;
    for (int i = 0; i < kSets; ++i) {
        std::vector<LabelMap::Entry> labels{{"request", std::to_string(i)}};
        if (i % 3 == 0) // "late" through the owner key in the second half only
            labels.push_back(
                {"team", i > kSets / 2 && i % 5 == 0 ? "late" : "t" + std::to_string(i % 7)});
        else if (i % 3 == 1 && i > kSets / 2) // the second half's fallback values only
            labels.push_back({"project", "t" + std::to_string(i % 11)});
        cube->addGroup(LabelMap(std::move(labels)), "litellm", "req-" + std::to_string(i), 0,
                       Currency::usd(), 1, Decimal::fromInt(i % 97 + 1), 1);
    }
    const AttributionOptions options = ownerTeam({"project"}).options();
    const SetResolution resolved = resolveSets(*cube, options);
    QVERIFY(resolved.ofSet.size() >= size_t{1} << 18);
    const ResolutionSummary summary = summarise(resolved);
    QCOMPARE(summary.owners, resolved.owners);
    QCOMPARE(summary.unowned.size(), resolved.ofSet.size());
    std::vector<char> viaOwnerKey(resolved.owners.size(), 0);
    size_t unowned = 0;
    for (size_t i = 0; i < resolved.ofSet.size(); ++i) {
        const SetOwner &r = resolved.ofSet[i];
        QCOMPARE(summary.unowned.test(i), r.owner < 0);
        unowned += r.owner < 0 ? 1 : 0;
        if (r.owner >= 0 && r.via == 0)
            viaOwnerKey[static_cast<size_t>(r.owner)] = 1;
    }
    QCOMPARE(summary.ownerKeyValue, viaOwnerKey);
    // t0..t6 and "late" through the owner key; t7..t10 only through the fallback.
    QCOMPARE(std::count(viaOwnerKey.begin(), viaOwnerKey.end(), 1), 8);
    QCOMPARE(viaOwnerKey.size(), size_t{12});
    QVERIFY(unowned > 0);
    // The backlog from the summary is the one from the options.
    AnalysisInput input;
    input.cube = cube;
    const auto s = analyse(input, ownerTeam({"project"}));
    QVERIFY(s.has_value());
    QCOMPARE(s->backlog.size(), unowned);
    auto objects = std::make_shared<SliceObjects>(sliceObjects(*cube, options));
    const Backlog fromOptions(objects, options, s->report.unallocated);
    QCOMPARE(fromOptions.size(), s->backlog.size());
    // A summary of another cube is not used: the sets are resolved again.
    const Backlog otherSummary(objects, options, s->report.unallocated, ResolutionSummary{});
    QCOMPARE(otherSummary.size(), s->backlog.size());
    for (size_t i = 0; i < fromOptions.size(); i += 101) {
        QCOMPARE(fromOptions.at(i).labelSet, s->backlog.at(i).labelSet);
        QCOMPARE(fromOptions.unallocatedAfter(i), s->backlog.unallocatedAfter(i));
    }
}

QTEST_GUILESS_MAIN(TestBacklogSplit)
#include "tst_backlogsplit.moc"
