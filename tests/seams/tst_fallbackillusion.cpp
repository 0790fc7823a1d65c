// The fallback illusion on the demo sample (issue 5 item 4), hand-computed.
#include "demorows.h"

#include "core/seams/fallbackillusion.h"

using namespace unalloc::core;
using unalloc::test::bytes;
using unalloc::test::dec;
using unalloc::test::makeRow;

class TestFallbackIllusion final : public QObject
{
    Q_OBJECT

private slots:
    void demoProjectAndWorkspace();
    void chartNameIsNoOwner();
    void laterFallbackStillResolves();
};

void TestFallbackIllusion::demoProjectAndWorkspace()
{
    // Owner values of `team` anywhere in the demo: search, platform.
    AttributionOptions o;
    o.ownerKey = "team";
    o.fallbacks = {"project", "workspace"};
    const auto r = fallbackIllusion(unalloc::test::cubeOf(unalloc::test::demoRows()), o);
    QVERIFY(r.has_value());
    QCOMPARE(r->total, dec("66630.38"));
    QCOMPARE(r->unallocated, dec("38599.95"));
    QCOMPARE(r->uPct(), dec("57.9"));
    // proj_default owns nothing: its $1,180.02 go back to unallocated.
    QCOMPARE(r->unallocatedWithoutIllusion, dec("39779.97"));
    QCOMPARE(r->uWithoutIllusionPct(), dec("59.7"));
    QCOMPARE(r->keys.size(), size_t(2));
    const IllusionKey &project = r->keys[0];
    QCOMPARE(bytes(project.key), QByteArray("project"));
    QCOMPARE(project.allocated, dec("3390.46"));
    QCOMPARE(project.nonOwner, dec("1180.02"));
    QCOMPARE(project.flagged(), true);
    QCOMPARE(project.values.size(), size_t(2));
    QCOMPARE(bytes(project.values[0].value), QByteArray("search"));
    QCOMPARE(project.values[0].ownerValue, true);
    QCOMPARE(bytes(project.values[1].value), QByteArray("proj_default"));
    QCOMPARE(project.values[1].ownerValue, false);
    const IllusionKey &workspace = r->keys[1];
    QCOMPARE(workspace.allocated, dec("6992.73"));
    QCOMPARE(workspace.nonOwner, Decimal());
    QCOMPARE(workspace.flagged(), false);
    QCOMPARE(r->any(), true);
    // Without fallbacks there is nothing to flag, and U is the headline 73.5%.
    o.fallbacks.clear();
    const auto plain = fallbackIllusion(unalloc::test::cubeOf(unalloc::test::demoRows()), o);
    QCOMPARE(plain->uPct(), dec("73.5"));
    QCOMPARE(plain->uWithoutIllusionPct(), dec("73.5"));
    QCOMPARE(plain->any(), false);
}

void TestFallbackIllusion::chartNameIsNoOwner()
{
    const CostCube cube = unalloc::test::cubeOf({
        makeRow("opencost", "vllm", "70.00", {{"app.kubernetes.io/name", "vllm"}}),
        makeRow("opencost", "api", "30.00",
                {{"team", "search"}, {"app.kubernetes.io/name", "api"}}),
    });
    AttributionOptions o;
    o.ownerKey = "team";
    o.fallbacks = {"name"};
    const auto r = fallbackIllusion(cube, o);
    QCOMPARE(r->keys[0].allocated, dec("70.00"));
    QCOMPARE(r->keys[0].nonOwner, dec("70.00"));
    QCOMPARE(r->uPct(), Decimal());
    QCOMPARE(r->uWithoutIllusionPct(), dec("70"));
}

void TestFallbackIllusion::laterFallbackStillResolves()
{
    // namespace "kube-system" owns nothing, but the row's workspace is a real team.
    const CostCube cube = unalloc::test::cubeOf({
        makeRow("opencost", "a", "10", {{"namespace", "kube-system"}, {"workspace", "search"}}),
        makeRow("opencost", "b", "5", {{"team", "search"}}),
    });
    AttributionOptions o;
    o.ownerKey = "team";
    o.fallbacks = {"namespace", "workspace"};
    const auto r = fallbackIllusion(cube, o);
    QCOMPARE(r->keys[0].nonOwner, dec("10"));
    QCOMPARE(r->keys[1].allocated, Decimal());
    QCOMPARE(r->unallocatedWithoutIllusion, Decimal());
}

QTEST_APPLESS_MAIN(TestFallbackIllusion)
#include "tst_fallbackillusion.moc"
