// The explorer's analysis (core/analysis): the per-slice cache must not change a figure, the
// backlog and the drill-down tree must conserve U exactly (large slices: tst_backlogsplit), a
// deferred backlog completes to the same snapshot, and the period reconciliation
// (which filters groups by day instead of copying the cube) must equal the one over a
// day-sliced copy.
#include "rowbuilder.h"

#include "core/analysis/slicecache.h"
#include "core/seams/periodrecon.h"

#include <map>
#include <random>

using namespace unalloc::core;
using unalloc::test::makeRow;

namespace {

std::shared_ptr<const CostCube> randomCube(std::uint64_t seed, int rows)
{
    static const char *kSources[] = {"opencost", "litellm", "openai", "anthropic"};
    static const char *kKeys[] = {"team", "namespace", "project", "workspace", "model", "env"};
    static const char *kValues[] = {"alpha", "beta", "search", "ml", "gpt-4o", ""};
    std::mt19937_64 rng(seed);
    auto cube = std::make_shared<CostCube>();
    LabelNormaliser n;
    for (int i = 0; i < rows; ++i) {
        CostRow r;
        r.source = kSources[rng() % 4];
        r.recordKey = std::to_string(i);
        r.name = "obj-" + std::to_string(rng() % 60);
        const std::uint64_t cents = rng() % 100'000;
        r.amount = Money{Decimal::parse((rng() % 20 == 0 ? "-" : "") + std::to_string(cents / 100) +
                                        "." + std::to_string(100 + cents % 100).substr(1))
                             .value(),
                         Currency::usd()};
        r.start = static_cast<TimeUs>(rng() % 62) * kUsPerDay;
        r.end = r.start + kUsPerDay;
        r.batchId = static_cast<std::int64_t>(rng() % 3) + 1;
        for (const char *k : kKeys) {
            if (rng() % 3 == 0)
                r.rawLabels.push_back({k, kValues[rng() % 6]});
        }
        r.labels = n.normalise(r.rawLabels).labels;
        cube->addRow(r);
    }
    return cube;
}

AnalysisRequest request(const std::string &owner,
                        const std::vector<std::string> &fallbacks,
                        int fromDay,
                        int toDay,
                        const std::vector<std::string> &sources)
{
    AnalysisRequest r;
    r.ownerKey = owner;
    r.fallbacks = fallbacks;
    if (fromDay >= 0)
        r.fromDay = fromDay;
    if (toDay >= 0)
        r.toDay = toDay;
    r.sources.insert(sources.begin(), sources.end());
    return r;
}

std::vector<std::string> strings(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

/// Every figure the views show, as text, so that two snapshots compare in one QCOMPARE.
QString dump(const AnalysisSnapshot &s)
{
    QString out;
    QTextStream t(&out);
    const AttributionReport &r = s.report;
    t << "total " << r.total.toString().c_str() << " U " << r.unallocated.toString().c_str()
      << " F " << r.fallbackTotal.toString().c_str() << " rows " << r.rowCount << '\n';
    for (const Bucket &b : r.buckets)
        t << "bucket " << b.key.c_str() << ' ' << b.amount.toString().c_str() << ' ' << b.rows
          << ' ' << b.viaFallback.toString().c_str() << '\n';
    for (size_t i = 0; i < s.backlog.size(); ++i)
        t << "backlog " << std::string(s.backlog.source(i)).c_str() << ' '
          << std::string(s.backlog.name(i)).c_str() << ' ' << s.backlog.amount(i).toString().c_str()
          << ' ' << s.backlog.unallocatedAfter(i).toString().c_str() << '\n';
    for (const DrillNode &src : s.unallocatedTree) {
        t << "source " << src.text.c_str() << ' ' << src.amount.toString().c_str() << '\n';
        for (const DrillNode &g : src.children)
            t << " group " << g.groupKey.c_str() << '=' << g.text.c_str() << ' '
              << g.amount.toString().c_str() << ' ' << g.objects.size() << '\n';
    }
    for (const FallbackValue &v : s.exposure.values)
        t << "fallback " << v.key.c_str() << '=' << v.value.c_str() << ' '
          << v.amount.toString().c_str() << ' ' << v.ownerLike << '\n';
    for (const PeriodReconLine &l : s.seams.recon.lines)
        t << "recon " << l.line.source.c_str() << ' ' << l.line.ledger.toString().c_str() << ' '
          << l.rows << '\n';
    for (const OverlapGroup &g : s.seams.overlap.groups)
        t << "overlap " << g.provider.c_str() << ' ' << g.day << ' ' << g.model.c_str() << ' '
          << g.overlap.toString().c_str() << '\n';
    return out;
}

} // namespace

class TestAnalysis final : public QObject
{
    Q_OBJECT

private slots:
    void cacheChangesNothing_data();
    void cacheChangesNothing();
    void backlogAndTreeConserveU();
    void deferredBacklogCompletesToTheSameSnapshot();
    void loadedCubeAnalysesLikeABuiltOne_data();
    void loadedCubeAnalysesLikeABuiltOne();
    void periodReconFiltersLikeASlicedCube_data();
    void periodReconFiltersLikeASlicedCube();
};

void TestAnalysis::cacheChangesNothing_data()
{
    QTest::addColumn<QByteArray>("owner");
    QTest::addColumn<QStringList>("fallbacks");
    QTest::addColumn<int>("fromDay");
    QTest::addColumn<int>("toDay");
    QTest::addColumn<QStringList>("sources");
    const QStringList none;
    QTest::newRow("team") << QByteArray("team") << none << -1 << -1 << none;
    QTest::newRow("team, namespace, project")
        << QByteArray("team") << QStringList{QStringLiteral("namespace"), QStringLiteral("project")}
        << -1 << -1 << none;
    QTest::newRow("project, days 10..40")
        << QByteArray("project") << QStringList{QStringLiteral("workspace")} << 10 << 40 << none;
    QTest::newRow("team, two sources")
        << QByteArray("team") << QStringList{QStringLiteral("model")} << 5 << -1
        << QStringList{QStringLiteral("litellm"), QStringLiteral("openai")};
}

void TestAnalysis::cacheChangesNothing()
{
    QFETCH(QByteArray, owner);
    QFETCH(QStringList, fallbacks);
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    QFETCH(QStringList, sources);
    AnalysisInput input;
    input.cube = randomCube(11, 5000);
    const AnalysisRequest req =
        request(owner.toStdString(), strings(fallbacks), fromDay, toDay, strings(sources));
    const auto fresh = analyse(input, req);
    QVERIFY(fresh.has_value());
    QVERIFY(!fresh->error);

    // The same request through a cache that already holds this slice, computed while the
    // analyst looked at other owner keys, and after other slices were computed.
    input.slices = std::make_shared<SliceCache>();
    QVERIFY(analyse(input, req.withOwnerKey("env")).has_value());
    QVERIFY(analyse(input, request("team", {}, 3, 9, {})).has_value());
    const auto cached = analyse(input, req);
    QVERIFY(cached.has_value());
    QCOMPARE(dump(*cached), dump(*fresh));
    QVERIFY(!dump(*cached).isEmpty());
}

void TestAnalysis::loadedCubeAnalysesLikeABuiltOne_data()
{
    QTest::addColumn<QByteArray>("owner");
    QTest::addColumn<QStringList>("fallbacks");
    QTest::addColumn<int>("fromDay");
    QTest::addColumn<bool>("mergeAfter"); ///< an indexed add after the appends
    const QStringList none;
    QTest::newRow("team") << QByteArray("team") << none << -1 << false;
    QTest::newRow("team, namespace, from day 20")
        << QByteArray("team") << QStringList{QStringLiteral("namespace")} << 20 << false;
    QTest::newRow("project, then an indexed add")
        << QByteArray("project") << QStringList{QStringLiteral("workspace")} << -1 << true;
}

// A ledger's aggregate loads with appendNewGroup (objects adjacent, no lookups): every figure,
// the backlog included, must be what the same groups added one by one give.
void TestAnalysis::loadedCubeAnalysesLikeABuiltOne()
{
    QFETCH(QByteArray, owner);
    QFETCH(QStringList, fallbacks);
    QFETCH(int, fromDay);
    QFETCH(bool, mergeAfter);
    const auto built = randomCube(23, 6000);
    auto loaded = std::make_shared<CostCube>();
    auto rebuilt = std::make_shared<CostCube>(); // the same groups through addGroup
    for (const CostGroup &g : built->groups()) { // canonical order: objects adjacent
        const LabelMap labels = built->labelSets().at(g.labelSet);
        const std::string_view source = built->sources().at(built->context(g).source);
        const std::string_view object = built->objects().at(g.object);
        loaded->appendNewGroup(loaded->internLabelSet(labels), source, object, g.day,
                               built->context(g).currency, built->context(g).batch, g.amount,
                               g.rows);
        rebuilt->addGroup(labels, source, object, g.day, built->context(g).currency,
                          built->context(g).batch, g.amount, g.rows);
    }
    QVERIFY(loaded->objectsClustered());
    QVERIFY(!rebuilt->objectsClustered());
    QCOMPARE(loaded->groupCount(), built->groupCount());
    if (mergeAfter) {
        // Into an existing group (found through the lazily built index) and a new one.
        const CostGroup g = built->groups().front();
        for (auto *cube : {loaded.get(), rebuilt.get()}) {
            cube->addGroup(built->labelSets().at(g.labelSet),
                           built->sources().at(built->context(g).source),
                           built->objects().at(g.object), g.day, built->context(g).currency,
                           built->context(g).batch, Decimal::fromInt(7), 2);
            cube->addGroup(LabelMap(), "opencost", "late-object", 3, Currency::usd(), 9,
                           Decimal::fromInt(5), 1);
        }
        QVERIFY(!loaded->objectsClustered());
        QCOMPARE(loaded->groupCount(), built->groupCount() + 1);
    }
    const AnalysisRequest req = request(owner.toStdString(), strings(fallbacks), fromDay, -1, {});
    AnalysisInput a, b;
    a.cube = loaded;
    b.cube = rebuilt;
    const auto fromLoaded = analyse(a, req);
    const auto fromRebuilt = analyse(b, req);
    QVERIFY(fromLoaded && fromRebuilt);
    QVERIFY(!fromLoaded->error);
    QVERIFY(fromLoaded->backlog.size() > 10);
    QCOMPARE(dump(*fromLoaded), dump(*fromRebuilt));
}

void TestAnalysis::backlogAndTreeConserveU()
{
    AnalysisInput input;
    input.cube = randomCube(7, 8000);
    input.slices = std::make_shared<SliceCache>();
    for (const auto &req :
         {request("team", {}, -1, -1, {}), request("team", {"namespace"}, 20, 50, {}),
          request("workspace", {"project", "team"}, -1, -1, {"opencost"})}) {
        const auto s = analyse(input, req);
        QVERIFY(s.has_value());
        const Decimal u = s->report.unallocated;
        Decimal backlogSum, treeSum;
        std::int64_t backlogRows = 0;
        for (size_t i = 0; i < s->backlog.size(); ++i) {
            backlogSum += s->backlog.amount(i);
            backlogRows += s->backlog.rows(i);
            if (i > 0) // costliest first
                QVERIFY(s->backlog.amount(i) <= s->backlog.amount(i - 1));
            QCOMPARE(s->backlog.unallocatedAfter(i), u - backlogSum);
            QVERIFY(!s->backlog.labels(i).find(req.ownerKey) ||
                    trimmed(*s->backlog.labels(i).find(req.ownerKey)).empty());
        }
        QCOMPARE(backlogSum, u);
        QVERIFY(s->backlog.empty() || s->backlog.unallocatedAfter(s->backlog.size() - 1).isZero());
        std::int64_t unallocatedRows = 0;
        for (const Bucket &b : s->report.buckets)
            unallocatedRows += b.unallocated ? b.rows : 0;
        QCOMPARE(backlogRows, unallocatedRows);
        size_t objects = 0;
        for (const DrillNode &src : s->unallocatedTree) {
            Decimal groupSum;
            for (const DrillNode &g : src.children) {
                Decimal objectSum;
                for (std::uint32_t i : g.objects) {
                    objectSum += s->backlog.amount(i);
                    QCOMPARE(s->backlog.source(i), src.text);
                }
                QCOMPARE(objectSum, g.amount);
                groupSum += g.amount;
                objects += g.objects.size();
            }
            QCOMPARE(groupSum, src.amount);
            treeSum += src.amount;
        }
        QCOMPARE(treeSum, u);
        QCOMPARE(objects, s->backlog.size());
    }
}

void TestAnalysis::deferredBacklogCompletesToTheSameSnapshot()
{
    // Every new slice counts as large: the first analysis leaves its backlog and tree to
    // completeBacklog(), whose snapshot is the one analyse() gives at once.
    const size_t before = deferredBacklogFrom();
    setDeferredBacklogFrom(0);
    AnalysisInput input;
    input.cube = randomCube(11, 5000);
    input.slices = std::make_shared<SliceCache>();
    AnalysisInput fresh = input;
    fresh.slices = nullptr;
    const AnalysisRequest req = request("team", {"namespace"}, 3, -1, {});
    const auto first = analyse(input, req, {}, BacklogTiming::DeferLarge);
    QVERIFY(first.has_value());
    QVERIFY(first->backlogPending());
    QVERIFY(first->backlog.empty());
    QVERIFY(first->unallocatedTree.empty());
    const auto now = analyse(fresh, req);
    QVERIFY(now.has_value() && !now->backlogPending());
    QVERIFY(now->backlog.size() > 10);
    QCOMPARE(first->report.unallocated, now->report.unallocated);
    QVERIFY(!completeBacklog(*first, [] { return true; }).has_value()); // cancelled
    const auto complete = completeBacklog(*first);
    QVERIFY(complete.has_value());
    QVERIFY(!complete->backlogPending());
    QCOMPARE(dump(*complete), dump(*now));
    // The slice is kept: another owner key over it is complete at once.
    const AnalysisRequest other = req.withOwnerKey("project");
    const auto again = analyse(input, other, {}, BacklogTiming::DeferLarge);
    QVERIFY(again.has_value() && !again->backlogPending());
    QCOMPARE(dump(*again), dump(*analyse(fresh, other)));
    // Below the threshold, and under BacklogTiming::Now, nothing waits.
    input.slices = std::make_shared<SliceCache>();
    QVERIFY(!analyse(input, req)->backlogPending());
    setDeferredBacklogFrom(size_t{1} << 40);
    input.slices = std::make_shared<SliceCache>();
    QVERIFY(!analyse(input, req, {}, BacklogTiming::DeferLarge)->backlogPending());
    setDeferredBacklogFrom(before);
}

void TestAnalysis::periodReconFiltersLikeASlicedCube_data()
{
    QTest::addColumn<int>("fromDay");
    QTest::addColumn<int>("toDay");
    QTest::newRow("open") << -1 << -1;
    QTest::newRow("from day 31") << 31 << -1;
    QTest::newRow("before day 31") << -1 << 31;
    QTest::newRow("days 12..13") << 12 << 13;
    QTest::newRow("empty") << 100 << 200;
}

void TestAnalysis::periodReconFiltersLikeASlicedCube()
{
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    const auto cube = randomCube(5, 3000);
    std::vector<Invoice> invoices;
    for (const char *source : {"openai", "anthropic"}) {
        for (int month = 0; month < 2; ++month) {
            Invoice inv;
            inv.source = source;
            inv.amount = Money{Decimal::fromInt(100'000 + month), Currency::usd()};
            inv.periodStart = static_cast<TimeUs>(month * 31) * kUsPerDay;
            inv.periodEnd = static_cast<TimeUs>(month * 31 + 31) * kUsPerDay;
            invoices.push_back(inv);
        }
    }
    // Oracle: a copy of the cube with only the groups of the period.
    CostCube sliced;
    for (const CostGroup &g : cube->rawGroups()) {
        if ((fromDay >= 0 && g.day < fromDay) || (toDay >= 0 && g.day >= toDay))
            continue;
        sliced.addGroupFrom(*cube, g);
    }
    PeriodReconOptions all;
    const auto expected = reconcileByPeriod(sliced, invoices, all);
    PeriodReconOptions filtered;
    if (fromDay >= 0)
        filtered.fromDay = fromDay;
    if (toDay >= 0)
        filtered.toDay = toDay;
    const auto actual = reconcileByPeriod(*cube, invoices, filtered);
    QVERIFY(expected.has_value());
    QVERIFY(actual.has_value());
    QCOMPARE(actual->lines.size(), expected->lines.size());
    for (size_t i = 0; i < actual->lines.size(); ++i) {
        const PeriodReconLine &a = actual->lines[i];
        const PeriodReconLine &e = expected->lines[i];
        QCOMPARE(a.line.source, e.line.source);
        QCOMPARE(a.periodStart, e.periodStart);
        QCOMPARE(a.line.ledger, e.line.ledger);
        QCOMPARE(a.line.invoice, e.line.invoice);
        QCOMPARE(a.line.status, e.line.status);
        QCOMPARE(a.rows, e.rows);
    }
}

QTEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
