// Attribution on hand-computed ledgers (DESIGN §6): buckets, U, F, backlog, fix plan.
#include "reportdump.h"
#include "rowbuilder.h"

#include "core/slice.h"

#include <set>

using namespace unalloc::core;
using unalloc::test::bytes;
using unalloc::test::dec;
using unalloc::test::makeRow;
using unalloc::test::textLines;

namespace {

/// Seven rows across four sources: owners by label, by fallback, and nobody.
std::vector<CostRow> demoLike()
{
    return {
        makeRow("opencost", "pod-a", "60.00", {{"team", "alpha"}}),
        makeRow("litellm", "req-1", "40.00", {{"team", "alpha"}}),
        makeRow("opencost", "pod-b", "100.00", {{"label_team", "beta"}}),
        makeRow("openai", "gpt-4o", "300.00", {{"project_id", "search"}}),
        makeRow("anthropic", "claude", "25.50", {{"workspace", "research"}, {"env", "prod"}}),
        makeRow("opencost", "__idle__", "10.25"),
        makeRow("litellm", "req-2", "0.05", {{"owner", "zeta"}, {"project", "x"}}),
    };
}

AttributionOptions opts(const char *owner, std::vector<std::string> fallbacks = {})
{
    AttributionOptions o;
    o.ownerKey = owner;
    o.fallbacks = std::move(fallbacks);
    return o;
}

} // namespace

class TestAttribution final : public QObject
{
    Q_OBJECT

private slots:
    void report_data();
    void report();
    void unallocatedPct_data();
    void unallocatedPct();
    void zeroTotal();
    void currencyMismatch();
    void groupContexts_data();
    void groupContexts();
    void slices_data();
    void slices();
    void backlogAndFixPlan();
    void backlogMergesAndLimits();
    void backlogKeepsRowCountsPastFourBillion();
    void availableKeysOrder();
    void largeSliceIsInBacklogOrder();
};

void TestAttribution::report_data()
{
    QTest::addColumn<QByteArray>("owner");
    QTest::addColumn<QStringList>("fallbacks");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QByteArray>("u");
    QTest::newRow("team, no fallback: ties by key, <unallocated> last though largest")
        << QByteArray("team") << QStringList()
        << textLines(
               {"total 535.80 USD rows 7", "unallocated 335.75 F 0.00",
                "bucket alpha 100.00 via-fallback 0.00 rows 2 | litellm=40.00/1 opencost=60.00/1",
                "bucket beta 100.00 via-fallback 0.00 rows 1 | opencost=100.00/1",
                "bucket zeta 0.05 via-fallback 0.00 rows 1 | litellm=0.05/1",
                "bucket <unallocated> 335.75 via-fallback 0.00 rows 3 | anthropic=25.50/1 "
                "openai=300.00/1 opencost=10.25/1",
                "source anthropic 25.50 rows 1", "source litellm 40.05 rows 2",
                "source openai 300.00 rows 1", "source opencost 170.25 rows 3",
                "resolution 200.05/4 0.00/0 335.75/3"})
        << QByteArray("62.7");
    QTest::newRow("team, fallbacks project then workspace: F per key")
        << QByteArray("team") << QStringList{QStringLiteral("project"), QStringLiteral("workspace")}
        << textLines(
               {"total 535.80 USD rows 7", "unallocated 10.25 F 325.50",
                "bucket search 300.00 via-fallback 300.00 rows 1 | openai=300.00/1",
                "bucket alpha 100.00 via-fallback 0.00 rows 2 | litellm=40.00/1 opencost=60.00/1",
                "bucket beta 100.00 via-fallback 0.00 rows 1 | opencost=100.00/1",
                "bucket research 25.50 via-fallback 25.50 rows 1 | anthropic=25.50/1",
                "bucket zeta 0.05 via-fallback 0.00 rows 1 | litellm=0.05/1",
                "bucket <unallocated> 10.25 via-fallback 0.00 rows 1 | opencost=10.25/1",
                "source anthropic 25.50 rows 1", "source litellm 40.05 rows 2",
                "source openai 300.00 rows 1", "source opencost 170.25 rows 3",
                "fallback project 300.00 rows 1", "fallback workspace 25.50 rows 1",
                "resolution 200.05/4 325.50/2 10.25/1"})
        << QByteArray("1.9");
    QTest::newRow("project as owner, team as fallback: owner label beats fallback")
        << QByteArray("project") << QStringList{QStringLiteral("team")}
        << textLines(
               {"total 535.80 USD rows 7", "unallocated 35.75 F 200.00",
                "bucket search 300.00 via-fallback 0.00 rows 1 | openai=300.00/1",
                "bucket alpha 100.00 via-fallback 100.00 rows 2 | litellm=40.00/1 opencost=60.00/1",
                "bucket beta 100.00 via-fallback 100.00 rows 1 | opencost=100.00/1",
                "bucket x 0.05 via-fallback 0.00 rows 1 | litellm=0.05/1",
                "bucket <unallocated> 35.75 via-fallback 0.00 rows 2 | anthropic=25.50/1 "
                "opencost=10.25/1",
                "source anthropic 25.50 rows 1", "source litellm 40.05 rows 2",
                "source openai 300.00 rows 1", "source opencost 170.25 rows 3",
                "fallback team 200.00 rows 3", "resolution 300.05/2 200.00/3 35.75/2"})
        << QByteArray("6.7");
    QTest::newRow("key nobody has: everything unallocated, U 100")
        << QByteArray("cost_center") << QStringList()
        << textLines({"total 535.80 USD rows 7", "unallocated 535.80 F 0.00",
                      "bucket <unallocated> 535.80 via-fallback 0.00 rows 7 | anthropic=25.50/1 "
                      "litellm=40.05/2 openai=300.00/1 opencost=170.25/3",
                      "source anthropic 25.50 rows 1", "source litellm 40.05 rows 2",
                      "source openai 300.00 rows 1", "source opencost 170.25 rows 3",
                      "resolution 0.00/0 0.00/0 535.80/7"})
        << QByteArray("100");
}

void TestAttribution::report()
{
    QFETCH(QByteArray, owner);
    QFETCH(QStringList, fallbacks);
    QFETCH(QStringList, expected);
    QFETCH(QByteArray, u);
    std::vector<std::string> fb;
    for (const QString &f : fallbacks)
        fb.push_back(f.toStdString());
    const CostCube cube = unalloc::test::cubeOf(demoLike());
    const auto r = attribute(cube, opts(owner.constData(), fb));
    QVERIFY(r.has_value());
    QCOMPARE(unalloc::test::dump(*r), expected);
    QCOMPARE(r->unallocatedPct(), dec(u.constData()));
    QCOMPARE(bytes(r->dimension), owner);
}

void TestAttribution::unallocatedPct_data()
{
    QTest::addColumn<QByteArray>("owned");
    QTest::addColumn<QByteArray>("unowned");
    QTest::addColumn<QByteArray>("u");
    QTest::addColumn<QByteArray>("budget");
    QTest::addColumn<bool>("exceeds");
    QTest::newRow("12.25 rounds to 12.2") << QByteArray("87.75") << QByteArray("12.25")
                                          << QByteArray("12.2") << QByteArray("12.2") << true;
    QTest::newRow("12.35 rounds to 12.4") << QByteArray("87.65") << QByteArray("12.35")
                                          << QByteArray("12.4") << QByteArray("12.4") << false;
    QTest::newRow("exactly the budget is not over")
        << QByteArray("50") << QByteArray("50") << QByteArray("50") << QByteArray("50") << false;
    QTest::newRow("a hair over the budget")
        << QByteArray("49.99999999999") << QByteArray("50.00000000001") << QByteArray("50")
        << QByteArray("50") << true;
    QTest::newRow("nothing unallocated")
        << QByteArray("10") << QByteArray("0") << QByteArray("0") << QByteArray("0") << false;
}

void TestAttribution::unallocatedPct()
{
    QFETCH(QByteArray, owned);
    QFETCH(QByteArray, unowned);
    QFETCH(QByteArray, u);
    QFETCH(QByteArray, budget);
    QFETCH(bool, exceeds);
    const CostCube cube =
        unalloc::test::cubeOf({makeRow("opencost", "a", owned.constData(), {{"team", "a"}}),
                               makeRow("opencost", "b", unowned.constData())});
    const auto r = attribute(cube, opts("team"));
    QVERIFY(r.has_value());
    QCOMPARE(r->unallocatedPct(), dec(u.constData()));
    QCOMPARE(r->exceedsBudget(dec(budget.constData())), exceeds);
}

void TestAttribution::zeroTotal()
{
    // A charge and its credit: total zero, U is 0 and no budget is exceeded.
    const CostCube cube =
        unalloc::test::cubeOf({makeRow("openai", "charge", "5.00"),
                               makeRow("openai", "credit", "-5.00", {{"team", "a"}})});
    const auto r = attribute(cube, opts("team"));
    QVERIFY(r.has_value());
    QCOMPARE(r->total, Decimal());
    QCOMPARE(r->unallocated, dec("5.00"));
    QCOMPARE(r->unallocatedPct(), Decimal());
    QCOMPARE(r->exceedsBudget(Decimal()), false);
    const auto empty = attribute(CostCube(), opts("team"));
    QVERIFY(empty.has_value());
    QCOMPARE(empty->buckets.size(), size_t(0));
    QCOMPARE(empty->unallocatedPct(), Decimal());
}

void TestAttribution::groupContexts_data()
{
    // Groups that differ in one field of their context alone (source, currency, batch, usage
    // provider, model, window) are distinct groups with contexts of their own; equal ones
    // merge. With thousands of contexts the cube's table of the context met last per hash slot
    // is overwritten again and again: every group must keep its own context.
    QTest::addColumn<int>("contexts");
    QTest::newRow("one field apart") << 7;
    QTest::newRow("3,000 contexts") << 3000;
}

void TestAttribution::groupContexts()
{
    QFETCH(int, contexts);
    struct Spec
    {
        std::string source;
        Currency currency;
        std::int64_t batch;
        std::string provider, model;
        std::int32_t days;
    };
    const Currency usd = Currency::usd(), eur = Currency::parse("EUR").value();
    std::vector<Spec> specs{
        {"litellm", usd, 1, "openai", "gpt-4o", 1},  {"openai", usd, 1, "openai", "gpt-4o", 1},
        {"litellm", eur, 1, "openai", "gpt-4o", 1},  {"litellm", usd, 2, "openai", "gpt-4o", 1},
        {"litellm", usd, 1, "azure", "gpt-4o", 1},   {"litellm", usd, 1, "openai", "gpt-4.1", 1},
        {"litellm", usd, 1, "openai", "gpt-4o", 30},
    };
    for (int i = 7; i < contexts; ++i) // (i / 10, i % 5, i % 2) differ for every i
        specs.push_back({"src" + std::to_string(i % 5), i % 2 ? eur : usd, i / 10,
                         "p" + std::to_string(i % 3), "m" + std::to_string(i % 7), 1 + i % 4});
    CostCube cube;
    const LabelMap labels(std::vector<LabelMap::Entry>{{"team", "alpha"}});
    const auto add = [&](size_t i) {
        const Spec &s = specs[i];
        cube.addGroup(labels, s.source, "object", 5, s.currency, s.batch,
                      Decimal::fromInt(static_cast<std::int64_t>(i) + 1), 1, s.provider, s.model,
                      s.days);
    };
    for (size_t i = 0; i < specs.size(); ++i)
        add(i);
    for (size_t i = specs.size(); i-- > 0;) // again, the other way round: each finds its group
        add(i);
    QCOMPARE(cube.groupCount(), specs.size());
    QCOMPARE(cube.contexts().size(), specs.size());
    std::set<std::uint32_t> ids;
    for (size_t i = 0; i < specs.size(); ++i) {
        const CostGroup &g = cube.rawGroups()[i]; // in the order of the first adds
        const GroupContext &c = cube.context(g);
        const Spec &s = specs[i];
        QCOMPARE(cube.sources().at(c.source), s.source);
        QCOMPARE(c.currency, s.currency);
        QCOMPARE(c.batch, s.batch);
        QCOMPARE(cube.usageName(c.usageProvider), s.provider);
        QCOMPARE(cube.usageName(c.usageModel), s.model);
        QCOMPARE(c.days, s.days);
        QCOMPARE(g.amount, Decimal::fromInt(2 * (static_cast<std::int64_t>(i) + 1)));
        QCOMPARE(g.rows, std::int64_t{2});
        QCOMPARE(cube.contextId(c), g.context); // a loader's lookup finds the same id
        ids.insert(g.context);
    }
    QCOMPARE(ids.size(), specs.size());
}

void TestAttribution::currencyMismatch()
{
    const Currency eur = Currency::parse("EUR").value();
    const CostCube cube = unalloc::test::cubeOf({makeRow("openai", "usd", "1.00", {}, 0, 1),
                                                 makeRow("focus", "eur", "1.00", {}, 0, 1, eur)});
    const auto mixed = attribute(cube, opts("team"));
    QVERIFY(!mixed.has_value());
    QCOMPARE(bytes(mixed.error().code), QByteArray("currency-mismatch"));
    QVERIFY(!backlog(cube, opts("team")).has_value());
    AttributionOptions onlyFocus = opts("team");
    onlyFocus.sources = {"focus"};
    const auto eurOnly = attribute(cube, onlyFocus);
    QVERIFY(eurOnly.has_value());
    QCOMPARE(bytes(eurOnly->currency.code()), QByteArray("EUR"));
}

void TestAttribution::slices_data()
{
    QTest::addColumn<int>("fromDay"); // -1 = open
    QTest::addColumn<int>("toDay");
    QTest::addColumn<QStringList>("sources");
    QTest::addColumn<int>("batch"); // 0 = all
    QTest::addColumn<QByteArray>("total");
    QTest::addColumn<QByteArray>("unallocated");
    QTest::newRow("everything") << -1 << -1 << QStringList() << 0 << QByteArray("111.21")
                                << QByteArray("10.10");
    QTest::newRow("from is inclusive")
        << 1 << -1 << QStringList() << 0 << QByteArray("110.10") << QByteArray("10.00");
    QTest::newRow("to is exclusive")
        << -1 << 2 << QStringList() << 0 << QByteArray("11.21") << QByteArray("10.10");
    QTest::newRow("one day") << 1 << 2 << QStringList() << 0 << QByteArray("10.10")
                             << QByteArray("10.00");
    QTest::newRow("one source") << -1 << -1 << QStringList{QStringLiteral("litellm")} << 0
                                << QByteArray("101.11") << QByteArray("0.00");
    QTest::newRow("two sources") << -1 << -1
                                 << QStringList{QStringLiteral("litellm"), QStringLiteral("openai")}
                                 << 0 << QByteArray("111.21") << QByteArray("10.10");
    QTest::newRow("one batch") << -1 << -1 << QStringList() << 2 << QByteArray("100.00")
                               << QByteArray("0.00");
}

void TestAttribution::slices()
{
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    QFETCH(QStringList, sources);
    QFETCH(int, batch);
    QFETCH(QByteArray, total);
    QFETCH(QByteArray, unallocated);
    const CostCube cube = unalloc::test::cubeOf({
        makeRow("openai", "d0", "0.10", {}, 0, 1),
        makeRow("litellm", "d0", "1.01", {{"team", "a"}}, 0, 1),
        makeRow("openai", "d1", "10.00", {}, 1, 1),
        makeRow("litellm", "d1", "0.10", {{"team", "a"}}, 1, 1),
        makeRow("litellm", "d2", "100.00", {{"team", "b"}}, 2, 2),
    });
    AttributionOptions o = opts("team");
    if (fromDay >= 0)
        o.fromDay = fromDay;
    if (toDay >= 0)
        o.toDay = toDay;
    for (const QString &s : sources)
        o.sources.insert(s.toStdString());
    if (batch > 0)
        o.batches = {batch};
    const auto r = attribute(cube, o);
    QVERIFY(r.has_value());
    QCOMPARE(r->total, dec(total.constData()));
    QCOMPARE(r->unallocated, dec(unallocated.constData()));
    const auto items = backlog(cube, o);
    Decimal sum;
    for (const auto &i : *items)
        sum += i.amount;
    QCOMPARE(sum, r->unallocated);
}

void TestAttribution::backlogAndFixPlan()
{
    const CostCube cube = unalloc::test::cubeOf(demoLike());
    const auto r = attribute(cube, opts("team"));
    const auto items = backlog(cube, opts("team"));
    QVERIFY(items.has_value());
    QCOMPARE(items->size(), size_t(3));
    QCOMPARE(bytes((*items)[0].name), QByteArray("gpt-4o"));
    QCOMPARE((*items)[0].amount, dec("300.00"));
    QCOMPARE(bytes((*items)[0].labels.keyList()), QByteArray("project"));
    QCOMPARE(bytes((*items)[1].name), QByteArray("claude"));
    QCOMPARE(bytes((*items)[1].labels.keyList()), QByteArray("environment, workspace"));
    QCOMPARE(bytes((*items)[2].name), QByteArray("__idle__"));
    const auto plan = fixPlan(*r, *items);
    QCOMPARE(plan.size(), size_t(3));
    QCOMPARE(plan[0].unallocatedAfter, dec("35.75"));
    QCOMPARE(plan[0].uAfter, dec("6.7"));
    QCOMPARE(plan[1].uAfter, dec("1.9"));
    QCOMPARE(plan[2].unallocatedAfter, Decimal());
    QCOMPARE(plan[2].uAfter, Decimal());
    // The backlog honours fallbacks, like the report.
    const auto withFallbacks = backlog(cube, opts("team", {"project", "workspace"}));
    QCOMPARE(withFallbacks->size(), size_t(1));
    QCOMPARE(bytes(withFallbacks->front().name), QByteArray("__idle__"));
}

void TestAttribution::backlogMergesAndLimits()
{
    const CostCube cube = unalloc::test::cubeOf({
        makeRow("opencost", "__idle__", "10.25", {}, 0),
        makeRow("opencost", "__idle__", "10.25", {}, 1),
        makeRow("opencost", "job", "20.50", {}, 0),
        makeRow("anthropic", "job", "20.50", {}, 0),
        makeRow("opencost", "job", "1.00", {{"namespace", "x"}}, 0),
    });
    const auto items = backlog(cube, opts("team"));
    QVERIFY(items.has_value());
    QStringList got;
    for (const auto &i : *items)
        got << unalloc::test::str(i.source + "/" + i.name + " " + i.amount.toString() + " rows " +
                                  std::to_string(i.rows) + " {" + i.labels.keyList() + "}");
    // Equal amounts: by source, then name; different label sets stay separate items.
    QCOMPARE(got,
             textLines({"anthropic/job 20.50 rows 1 {}", "opencost/__idle__ 20.50 rows 2 {}",
                        "opencost/job 20.50 rows 1 {}", "opencost/job 1.00 rows 1 {namespace}"}));
    QCOMPARE(backlog(cube, opts("team"), 2)->size(), size_t(2));
}

/// A backlog item's rows are the sum of its groups' rows, exactly, past 2^32 (an item packs its
/// row count and source into one word); the item's source stays its own.
void TestAttribution::backlogKeepsRowCountsPastFourBillion()
{
    CostCube cube;
    const Currency usd = Currency::usd();
    cube.addGroup(LabelMap{}, "opencost", "job", 0, usd, 1, dec("5.00"), 3'000'000'000);
    cube.addGroup(LabelMap{}, "opencost", "job", 1, usd, 1, dec("5.00"), 4'000'000'001);
    cube.addGroup(LabelMap{}, "openai", "job", 0, usd, 1, dec("10.00"), 1);
    cube.addGroup(LabelMap{}, "zeta", "job", 0, usd, 1, dec("10.00"), (std::int64_t{1} << 47) + 5);
    const auto items = backlog(cube, opts("team"));
    QVERIFY(items.has_value());
    QStringList got;
    for (const auto &i : *items)
        got << unalloc::test::str(i.source + "/" + i.name + " " + i.amount.toString() + " rows " +
                                  std::to_string(i.rows));
    QCOMPARE(got, textLines({"openai/job 10.00 rows 1", "opencost/job 10.00 rows 7000000001",
                             "zeta/job 10.00 rows 140737488355333"}));
}

void TestAttribution::availableKeysOrder()
{
    const auto keys = availableKeys(unalloc::test::cubeOf(demoLike()));
    QStringList got;
    for (const auto &[k, n] : keys)
        got << unalloc::test::str(k + " " + std::to_string(n));
    QCOMPARE(got, textLines({"team 4", "project 2", "environment 1", "workspace 1"}));
}

void TestAttribution::largeSliceIsInBacklogOrder()
{
    // Past 2^18 objects the order is found on two threads, the objects split at the median: it
    // must be the backlog order all the same. 37 amounts × 2 sources × 3 objects make tie runs
    // of about 1,350 objects (one of them across the middle), ordered by their labels, whose
    // first label (end_user) is shared by 60 objects each; some sets start with another key
    // (session, or aaa: interned after end_user, yet first by text), some with a value that other
    // sets have first under end_user (one value id, first under two keys), one set is empty. A
    // third of them have a team.
    CostCube cube;
    const char *sources[] = {"litellm", "opencost"};
    const char *objects[] = {"gpt-4o", "claude", "pod"};
    constexpr int n = 300003; // 200,002 objects without a team: 3,125 fix-plan strides and 2
    for (int i = 0; i < n; ++i) {
        const int k = static_cast<int>((std::int64_t{i} * 7919) % n); // not in any order
        std::vector<LabelMap::Entry> entries{{"end_user", "u" + std::to_string(k % 5000)},
                                             {"session", "s" + std::to_string(k)}};
        if (k % 22 == 0) // first under session, a value text that is first under end_user too
            entries = {{"session", "u" + std::to_string(k % 5000)}, {"zz", std::to_string(k)}};
        else if (k % 11 == 0) // another first key, and one that sorts first though interned later
            entries.erase(entries.begin());
        else if (k % 17 == 0)
            entries.insert(entries.begin(), {"aaa", "x" + std::to_string(k % 4)});
        if (k % 3 == 0)
            entries.emplace_back("team", "t" + std::to_string(k % 7));
        if (k == 12346) // the empty set, first in its tie
            entries.clear();
        const LabelMap labels(std::move(entries));
        cube.addGroup(labels, sources[k % 2], objects[k % 3], 0, Currency::usd(), 1,
                      Decimal::fromInt(k % 37), 1);
    }
    const SliceObjects o = sliceObjects(cube, opts("team"));
    QCOMPARE(o.items.size(), size_t(n));
    size_t outOfOrder = 0;
    for (size_t i = 1; i < o.items.size(); ++i) {
        const SliceObject &a = o.items[i - 1], &b = o.items[i];
        bool ordered = false;
        if (a.amount != b.amount)
            ordered = a.amount > b.amount;
        else if (a.source != b.source)
            ordered = cube.sources().at(a.source) < cube.sources().at(b.source);
        else if (a.object != b.object)
            ordered = cube.objects().at(a.object) < cube.objects().at(b.object);
        else
            ordered = cube.labelSets().at(a.labelSet).entries() <
                      cube.labelSets().at(b.labelSet).entries();
        outOfOrder += ordered ? 0 : 1;
    }
    QCOMPARE(outOfOrder, size_t(0));
    // The backlog of that slice (scanned on two threads too): every object without a team, in

    std::vector<std::uint32_t> unowned;
    for (size_t i = 0; i < o.items.size(); ++i)
        if (!cube.labelSets().ref(o.items[i].labelSet).find("team"))
            unowned.push_back(static_cast<std::uint32_t>(i));
    QCOMPARE(unowned.size(), size_t(n - n / 3));
    auto shared = std::make_shared<SliceObjects>(o);
    for (const bool withResolution : {false, true}) {
        const SetResolution resolution = resolveSets(cube, opts("team"));
        const Backlog backlog(shared, opts("team"), Decimal{},
                              withResolution ? &resolution : nullptr);
        QCOMPARE(backlog.size(), unowned.size());
        size_t misplaced = 0;
        for (size_t i = 0; i < backlog.size(); ++i)
            misplaced += &backlog.at(i) == &shared->items[unowned[i]] ? 0 : 1;
        QCOMPARE(misplaced, size_t(0));
    }
    // The fix plan kept every 64 steps: U after each step is the same as a running sum. (U
    // starts 7.25 above the objects' sum, so that no step after the plan's end reads 0.)
    Decimal u = dec("7.25");
    for (const std::uint32_t i : unowned)
        u += shared->items[i].amount;
    const Backlog plan(shared, opts("team"), u);
    size_t wrong = 0;
    for (size_t i = 0; i < plan.size(); ++i) {
        u -= plan.amount(i);
        wrong += plan.unallocatedAfter(i) == u ? 0 : 1;
    }
    QCOMPARE(wrong, size_t(0));
    QCOMPARE(u, dec("7.25"));
    QCOMPARE(plan.step(plan.size() - 1, dec("100")).uAfter, dec("7.2")); // half-even
}

QTEST_APPLESS_MAIN(TestAttribution)
#include "tst_attribution.moc"
