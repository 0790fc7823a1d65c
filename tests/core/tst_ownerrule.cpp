// The owner rule exists once (core/ownerrule.h); every place that resolves an owner must give
// the same answer for the same labels: attribution (per label set, as a column scan), the
// ledger table's row owner, the FOCUS export's x_Owner, the fallback exposure and the fallback
// illusion's U.
#include "coretest.h"

#include "core/analysis/analysissnapshot.h"
#include "core/analysis/fallbackexposure.h"
#include "core/attribution.h"
#include "core/costcube.h"
#include "core/export/focusexport.h"
#include "core/ownerrule.h"
#include "core/seams/fallbackillusion.h"
#include "core/slice.h"

#include <algorithm>
#include <map>
#include <set>

using namespace unalloc;
using namespace unalloc::test;

namespace {

core::AttributionOptions options()
{
    core::AttributionOptions o;
    o.ownerKey = "team";
    o.fallbacks = {"service", "project"};
    return o;
}

} // namespace

class TestOwnerRule : public QObject
{
    Q_OBJECT

private slots:
    void everyPathAgrees_data()
    {
        QTest::addColumn<QString>("labels");
        QTest::addColumn<QString>("owner"); // "" = unowned
        QTest::addColumn<int>("via");       // 0 owner key, k fallback k, -1 none

        QTest::newRow("owner key") << "team=search;service=api"
                                   << "search" << 0;
        QTest::newRow("owner key, padded value is trimmed") << "team=  search "
                                                            << "search" << 0;
        QTest::newRow("empty owner value lets the fallback decide") << "team=;service=api"
                                                                    << "api" << 1;
        QTest::newRow("spaces-only owner value lets the fallback decide") << "team=   ;service=api"
                                                                          << "api" << 1;
        QTest::newRow("second fallback") << "project=atlas"
                                         << "atlas" << 2;
        QTest::newRow("blank first fallback, second decides") << "service= ;project=atlas"
                                                              << "atlas" << 2;
        QTest::newRow("<unallocated> as owner value ends the search")
            << "team=<unallocated>;service=api"
            << "" << -1;
        QTest::newRow("padded <unallocated> ends the search too")
            << "team= <unallocated> ;service=api"
            << "" << -1;
        QTest::newRow("<unallocated> in a fallback ends the search")
            << "service=<unallocated>;project=atlas"
            << "" << -1;
        QTest::newRow("no key of the rule") << "region=eu"
                                            << "" << -1;
        QTest::newRow("no labels at all") << ""
                                          << "" << -1;
    }

    void everyPathAgrees()
    {
        QFETCH(QString, labels);
        QFETCH(QString, owner);
        QFETCH(int, via);
        const core::LabelMap map = labelsOf(labels);
        const core::AttributionOptions o = options();
        const std::string expected = owner.toStdString();

        // The rule itself.
        const core::OwnerPick pick = core::pickOwner(map, o);
        QCOMPARE(pick.via, via);
        QCOMPARE(std::string(pick.owner), expected);

        // The ledger table's row owner.
        core::AnalysisRequest request;
        request.ownerKey = o.ownerKey;
        request.fallbacks = o.fallbacks;
        const core::RowOwner row = core::resolveRowOwner(map, request);
        QCOMPARE(row.via, via);
        QCOMPARE(row.owner, expected.empty() ? std::string(core::kUnallocated) : expected);
        QCOMPARE(row.viaKey, via < 0    ? std::string()
                             : via == 0 ? o.ownerKey
                                        : o.fallbacks[size_t(via - 1)]);

        // The FOCUS export's x_Owner / x_ResolvedBy / x_FallbackKey.
        const core::OwnerResolution focus = core::resolveOwner(map, o);
        QCOMPARE(focus.owner, expected);
        QCOMPARE(focus.resolvedBy, std::string(via < 0 ? "none" : via == 0 ? "label" : "fallback"));
        QCOMPARE(focus.fallbackKey, via >= 1 ? o.fallbacks[size_t(via - 1)] : std::string());

        // Attribution of a cube holding this set (and one plainly owned set beside it, so that
        // owner ids are not all zero).
        core::CostCube cube;
        cube.addGroup(labelsOf(QStringLiteral("team=other")), "opencost", "ns/a", 0,
                      core::Currency::usd(), 1, dec("1.00"), 1);
        cube.addGroup(map, "opencost", "ns/b", 0, core::Currency::usd(), 1, dec("2.50"), 3);
        std::vector<std::string> owners;
        const std::vector<core::SetOwner> sets =
            core::resolveSetOwners(cube.labelSets(), o, owners);
        QCOMPARE(sets.size(), size_t(2));
        const core::SetOwner &set = sets[cube.rawGroups()[1].labelSet];
        QCOMPARE(set.via, via);
        QCOMPARE(set.owner >= 0 ? owners[size_t(set.owner)] : std::string(), expected);

        const auto report = core::attribute(cube, o);
        QVERIFY(report);
        const std::string bucket = expected.empty() ? std::string(core::kUnallocated) : expected;
        const core::Bucket *found = nullptr;
        for (const core::Bucket &b : report->buckets)
            if (b.key == bucket)
                found = &b;
        QVERIFY2(found, bucket.c_str());
        QCOMPARE(found->unallocated, expected.empty());
        QCOMPARE(report->unallocated, expected.empty() ? dec("2.50") : dec("0"));
        QCOMPARE(report->fallbackTotal, via >= 1 ? dec("2.50") : dec("0"));

        // The fallback seams see the same resolution.
        const auto illusion = core::fallbackIllusion(cube, o);
        QVERIFY(illusion);
        QCOMPARE(illusion->unallocated, report->unallocated);
        // Given the report's resolution (as `report` does) it says the same; given one of
        // another cube (two sets, each owned by its label) it resolves its own.
        const auto sameAs = [&](const core::FallbackIllusion &other) {
            QCOMPARE(other.total, illusion->total);
            QCOMPARE(other.unallocated, illusion->unallocated);
            QCOMPARE(other.unallocatedWithoutIllusion, illusion->unallocatedWithoutIllusion);
            QCOMPARE(other.keys.size(), illusion->keys.size());
            for (size_t k = 0; k < other.keys.size(); ++k) {
                QCOMPARE(other.keys[k].allocated, illusion->keys[k].allocated);
                QCOMPARE(other.keys[k].nonOwner, illusion->keys[k].nonOwner);
                QCOMPARE(other.keys[k].values.size(), illusion->keys[k].values.size());
            }
        };
        const core::SetResolution resolution = core::resolveSets(cube, o);
        const auto shared = core::fallbackIllusion(cube, o, &resolution);
        QVERIFY(shared);
        sameAs(*shared);
        core::CostCube foreign;
        for (const char *labels : {"team=x", "team=y"})
            foreign.addGroup(labelsOf(QString::fromLatin1(labels)), "opencost", "ns/x", 0,
                             core::Currency::usd(), 1, dec("1.00"), 1);
        const core::SetResolution foreignResolution = core::resolveSets(foreign, o);
        const auto notShared = core::fallbackIllusion(cube, o, &foreignResolution);
        QVERIFY(notShared);
        sameAs(*notShared);
        const core::FallbackExposure exposure = core::fallbackExposure(cube, o, *report);
        QCOMPARE(exposure.values.size(), size_t(via >= 1 ? 1 : 0));
        if (via >= 1) {
            QCOMPARE(exposure.values[0].key, o.fallbacks[size_t(via - 1)]);
            QCOMPARE(exposure.values[0].value, expected);
            QCOMPARE(exposure.values[0].amount, dec("2.50"));
        }
    }

    void classify_data()
    {
        QTest::addColumn<bool>("present");
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("kind");
        const int blank = int(core::OwnerValue::Blank);
        const int unallocated = int(core::OwnerValue::Unallocated);
        const int owner = int(core::OwnerValue::Owner);
        QTest::newRow("absent") << false << QString() << blank;
        QTest::newRow("empty") << true << QString() << blank;
        QTest::newRow("spaces and tab") << true << " \t " << blank;
        QTest::newRow("literal") << true << "<unallocated>" << unallocated;
        QTest::newRow("padded literal") << true << "  <unallocated>" << unallocated;
        QTest::newRow("owner") << true << "search" << owner;
        QTest::newRow("literal inside a longer value is an owner")
            << true << "<unallocated>-legacy" << owner;
    }

    void classify()
    {
        QFETCH(bool, present);
        QFETCH(QString, value);
        QFETCH(int, kind);
        const std::string text = value.toStdString();
        QCOMPARE(int(core::classifyOwnerValue(present ? &text : nullptr)), kind);
    }

    /// A pool of per-request sets (large enough for the two-thread scan): every set resolves
    /// as the rule does label by label, and the owners are numbered in the order of their value
    /// ids (owners that differ only in blanks: where the first of them stands).
    void largePoolAgreesSetBySet_data()
    {
        QTest::addColumn<bool>("blanks");
        QTest::newRow("owners with blanks to trim") << true;
        QTest::newRow("owners as written") << false; // numbered without a text map
    }

    void largePoolAgreesSetBySet()
    {
        QFETCH(bool, blanks);
        core::LabelSetPool pool;
        const char *teams[] = {"search",  blanks ? " search " : "ads", "", "  ", "<unallocated>",
                               "platform"};
        for (int i = 0; i < 90'000; ++i) {
            std::vector<core::LabelMap::Entry> entries;
            entries.emplace_back("session", "s-" + std::to_string(i)); // every set its own
            if (i % 7 != 0)
                entries.emplace_back("team", i % 11 == 0 ? "t-" + std::to_string(i % 4000)
                                                         : std::string(teams[i % 6]));
            if (i % 3 == 0)
                entries.emplace_back("service", i % 9 == 0 ? " " : "svc-" + std::to_string(i % 50));
            if (i % 5 == 0)
                entries.emplace_back("project", i % 10 == 0 ? "<unallocated>" : "atlas");
            std::sort(entries.begin(), entries.end());
            pool.intern(core::LabelMap(std::move(entries)));
        }
        QVERIFY(pool.size() >= 65536);
        const core::AttributionOptions o = options();
        std::vector<std::string> owners;
        const std::vector<core::SetOwner> sets = core::resolveSetOwners(pool, o, owners);
        QCOMPARE(sets.size(), pool.size());
        // Each owner text with the smallest value id that names it in a set's pick.
        std::map<std::string, std::uint32_t> firstValue;
        int owned = 0, viaFallback = 0;
        for (std::uint32_t id = 0; id < pool.size(); ++id) {
            const core::OwnerPick pick = core::pickOwner(pool.ref(id), o);
            QCOMPARE(sets[id].via, pick.via);
            if (pick.via < 0) {
                QCOMPARE(sets[id].owner, -1);
                continue;
            }
            const std::string &key = pick.via == 0 ? o.ownerKey : o.fallbacks[size_t(pick.via - 1)];
            const std::uint32_t value = pool.valueId(id, pool.keyId(key));
            QVERIFY(value != core::LabelSetPool::kAbsent);
            const auto [it, added] = firstValue.try_emplace(std::string(pick.owner), value);
            if (!added)
                it->second = std::min(it->second, value);
            ++owned;
            viaFallback += pick.via > 0 ? 1 : 0;
        }
        std::vector<std::pair<std::uint32_t, std::string>> byValue;
        for (const auto &[owner, value] : firstValue)
            byValue.emplace_back(value, owner);
        std::sort(byValue.begin(), byValue.end());
        std::vector<std::string> expectedOwners;
        for (const auto &[value, owner] : byValue)
            expectedOwners.push_back(owner);
        QCOMPARE(owners, expectedOwners);
        for (std::uint32_t id = 0; id < pool.size(); ++id)
            if (sets[id].via >= 0)
                QCOMPARE(owners[size_t(sets[id].owner)],
                         std::string(core::pickOwner(pool.ref(id), o).owner));
        QVERIFY(owned > 10000 && viaFallback > 1000 && owned < int(pool.size()));
    }

    /// A cube of per-request sets over two sources, large enough for the report's two-thread
    /// sums: every bucket, its sources, the resolution totals and each fallback's use equal a
    /// group-by-group sum by the rule, and the buckets come by amount, then name.
    void largeCubeReportAddsUp_data()
    {
        QTest::addColumn<bool>("manyOwners");
        QTest::addColumn<bool>("blanks");
        QTest::newRow("a few thousand owners") << false << true;
        // 22,500 owners: the buckets are sorted and built on two threads (ties across the
        // middle), with and without owner values to trim.
        QTest::newRow("tens of thousands of owners") << true << true;
        QTest::newRow("tens of thousands, as written") << true << false;
    }

    void largeCubeReportAddsUp()
    {
        QFETCH(bool, manyOwners);
        QFETCH(bool, blanks);
        core::CostCube cube;
        const char *teams[] = {"search", blanks ? " search " : "ads", "", "<unallocated>",
                               "platform"};
        for (int i = 0; i < 80'000; ++i) {
            std::vector<core::LabelMap::Entry> entries;
            entries.emplace_back("session", "s-" + std::to_string(i));
            const bool named = manyOwners ? i % 13 != 0 : i % 13 == 0;
            if (i % 4 != 0)
                entries.emplace_back("team",
                                     named ? "t-" + std::to_string(i % (manyOwners ? 30000 : 3000))
                                           : std::string(teams[i % 5]));
            if (i % 3 == 0)
                entries.emplace_back("service", "svc-" + std::to_string(i % 40));
            if (i % 7 == 0)
                entries.emplace_back("project", "atlas");
            std::sort(entries.begin(), entries.end());
            const core::LabelMap labels(std::move(entries));
            const std::string amount = std::to_string(i % 997) + "." + std::to_string(i % 89);
            cube.addGroup(labels, i % 2 ? "litellm" : "opencost", "o", i % 30,
                          core::Currency::usd(), 1, dec(amount.c_str()), 1 + i % 3);
        }
        const core::AttributionOptions o = options();
        struct Expected
        {
            core::Decimal amount, viaFallback;
            std::int64_t rows = 0;
            std::map<std::string, std::pair<core::Decimal, std::int64_t>> bySource;
        };
        std::map<std::string, Expected> expected;
        core::Decimal total, viaFallback, none;
        std::vector<core::Decimal> perFallback(o.fallbacks.size());
        for (const core::CostGroup &g : cube.rawGroups()) {
            const core::OwnerPick pick = core::pickOwner(cube.labelSets().ref(g.labelSet), o);
            const std::string key =
                pick.via < 0 ? std::string(core::kUnallocated) : std::string(pick.owner);
            Expected &e = expected[key];
            e.amount += g.amount;
            e.rows += g.rows;
            auto &src = e.bySource[std::string(cube.sources().at(cube.context(g).source))];
            src.first += g.amount;
            src.second += g.rows;
            total += g.amount;
            if (pick.via > 0) {
                e.viaFallback += g.amount;
                viaFallback += g.amount;
                perFallback[size_t(pick.via - 1)] += g.amount;
            } else if (pick.via < 0) {
                none += g.amount;
            }
        }
        const auto report = core::attribute(cube, o);
        QVERIFY(report);
        QCOMPARE(report->buckets.size(), expected.size());
        QVERIFY(expected.size() > (manyOwners ? 20000 : 2000));
        for (size_t i = 0; i < report->buckets.size(); ++i) {
            const core::Bucket &b = report->buckets[i];
            QVERIFY2(expected.count(b.key), b.key.c_str());
            const Expected &e = expected.at(b.key);
            QCOMPARE(b.amount, e.amount);
            QCOMPARE(b.viaFallback, e.viaFallback);
            QCOMPARE(b.rows, e.rows);
            QCOMPARE(b.unallocated, b.key == core::kUnallocated);
            QCOMPARE(b.bySource.size(), e.bySource.size());
            size_t s = 0;
            for (const auto &[source, sum] : e.bySource) {
                QCOMPARE(b.bySource[s].source, source);
                QCOMPARE(b.bySource[s].amount, sum.first);
                QCOMPARE(b.bySource[s].rows, sum.second);
                ++s;
            }
            if (i + 1 < report->buckets.size() && !report->buckets[i + 1].unallocated) {
                const core::Bucket &next = report->buckets[i + 1];
                QVERIFY(b.amount > next.amount || (b.amount == next.amount && b.key < next.key));
            }
        }
        QVERIFY(report->buckets.back().unallocated);
        QCOMPARE(report->total, total);
        QCOMPARE(report->unallocated, none);
        QCOMPARE(report->resolution.none, none);
        QCOMPARE(report->resolution.fallback, viaFallback);
        QCOMPARE(report->resolution.ownerLabel, total - viaFallback - none);
        QCOMPARE(report->fallbackTotal, viaFallback);
        QCOMPARE(report->fallbackByKey.size(), o.fallbacks.size());
        for (size_t f = 0; f < o.fallbacks.size(); ++f)
            QCOMPARE(report->fallbackByKey[f].amount, perFallback[f]);
    }

    /// A fallback value is owner-like when the owner key itself takes it somewhere (trimmed,
    /// and not a blank or the literal <unallocated>): the exposure marks exactly the values of
    /// ownerValuesOf, whether it resolves the rule itself or is given the report's resolution.
    void exposureMarksOwnerLikeValues()
    {
        core::CostCube cube;
        const char *sets[] = {
            "team=search",            // owner key: search
            "team= ads ",             // owner key: ads (trimmed)
            "team=<unallocated>",     // not an owner value
            "team=   ;service=blank", // blank owner: the fallback decides
            "service=search",         // fallback value the owner key takes: owner-like
            "service=ads",            // likewise, trimmed on the owner side
            "service=batch",          // not a team anywhere
            "project=<unallocated>",  // the literal is never owner-like
            "project=atlas;service=",
        };
        int i = 0;
        for (const char *labels : sets)
            cube.addGroup(labelsOf(QString::fromLatin1(labels)), "opencost", "ns", 0,
                          core::Currency::usd(), 1, dec("1.00"), 1 + i++);
        const core::AttributionOptions o = options();
        const auto report = core::attribute(cube, o);
        QVERIFY(report);
        const auto teams = core::ownerValuesOf(cube.labelSets(), o.ownerKey);
        QCOMPARE(teams, (std::set<std::string, std::less<>>{"ads", "search"}));
        const core::SetResolution resolution = core::resolveSets(cube, o);
        for (const bool given : {false, true}) {
            const core::FallbackExposure e =
                given ? core::fallbackExposure(cube, core::sliceSums(cube, o), o, *report,
                                               &resolution)
                      : core::fallbackExposure(cube, o, *report);
            std::map<std::string, bool> like;
            for (const core::FallbackValue &v : e.values) {
                QCOMPARE(v.ownerLike, teams.contains(v.value));
                like[v.key + "=" + v.value] = v.ownerLike;
            }
            QCOMPARE(like, (std::map<std::string, bool>{{"project=atlas", false},
                                                        {"service=ads", true},
                                                        {"service=batch", false},
                                                        {"service=blank", false},
                                                        {"service=search", true}}));
        }
    }

    /// A key named twice in the rule (owner and fallback) is read once, at its first place.
    void keyNamedTwiceInTheRule()
    {
        core::AttributionOptions o;
        o.ownerKey = "team";
        o.fallbacks = {"team", "service"};
        core::LabelSetPool pool;
        pool.intern(labelsOf(QStringLiteral("team=search")));
        pool.intern(labelsOf(QStringLiteral("service=api;team= ")));
        pool.intern(labelsOf(QStringLiteral("region=eu")));
        std::vector<std::string> owners;
        const std::vector<core::SetOwner> sets = core::resolveSetOwners(pool, o, owners);
        QCOMPARE(owners, (std::vector<std::string>{"search", "api"}));
        QCOMPARE(sets[0].via, 0);
        QCOMPARE(sets[1].via, 2);
        QCOMPARE(sets[1].owner, 1);
        QCOMPARE(sets[2].via, -1);
        for (std::uint32_t id = 0; id < pool.size(); ++id)
            QCOMPARE(core::pickOwner(pool.ref(id), o).via, sets[id].via);
    }

    /// A fallback value that is no owner value is skipped in the illusion's "without" U, and
    /// the next fallback may still own the set; `<unallocated>` still ends that search.
    void illusionWithoutNonOwnerValues()
    {
        core::CostCube cube;
        const auto add = [&cube](const char *labels, const char *object, const char *amount) {
            cube.addGroup(labelsOf(QString::fromLatin1(labels)), "opencost", object, 0,
                          core::Currency::usd(), 1, dec(amount), 1);
        };
        add("team=search", "ns/owned", "1.00");
        add("service=api;project=search", "ns/second-is-owner", "2.00");
        add("service=api;project=<unallocated>", "ns/ends", "4.00");
        add("service= ;project=search", "ns/blank-first", "8.00");
        const auto illusion = core::fallbackIllusion(cube, options());
        QVERIFY(illusion);
        QCOMPARE(illusion->total, dec("15.00"));
        QCOMPARE(illusion->unallocated, dec("0"));
        // ns/ends: `api` is no owner and the search ends at <unallocated>.
        QCOMPARE(illusion->unallocatedWithoutIllusion, dec("4.00"));
    }
};

QTEST_APPLESS_MAIN(TestOwnerRule)
#include "tst_ownerrule.moc"
