// Label value aliases (issue 18 item 7): parsing, what they do to attribution, conservation,
// determinism, and their place in the rules digest.
#include "coretest.h"
#include "rowbuilder.h"

#include "core/attribution.h"
#include "core/rules.h"
#include "core/valuealiases.h"

using namespace unalloc;
using namespace unalloc::test;

namespace {

std::vector<core::CostRow> sample()
{
    return {
        makeRow("litellm", "a", "10.25", {{"team", "e8d1460f"}}, 0),
        makeRow("litellm", "b", "5.00", {{"team", "search"}}, 0),
        makeRow("litellm", "c", "2.75", {{"team", "e8d1460f"}, {"env", "prod"}}, 1),
        makeRow("openai", "d", "7.00", {{"project", "proj_x"}}, 1),
        makeRow("openai", "e", "1.00", {{"team", "ads"}}, 40),
    };
}

/// "owner=amount" per bucket, in report order.
QStringList buckets(const core::CostCube &cube, core::AttributionOptions options = {})
{
    QStringList out;
    const auto report = core::attribute(cube, options).value();
    for (const core::Bucket &b : report.buckets)
        out << QString::fromStdString(b.key + "=" + b.amount.toString());
    return out;
}

} // namespace

class TestValueAliases : public QObject
{
    Q_OBJECT
private slots:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // aliasText, or "error"
        QTest::newRow("plain") << "team=e8d1460f=>search" << "team=e8d1460f=>search";
        QTest::newRow("key canonicalised") << "teamID=e8=>search" << "team=e8=>search";
        QTest::newRow("spaces trimmed") << " team = e8 => search " << "team=e8=>search";
        QTest::newRow("value keeps =") << "team=a=b=>c" << "team=a=b=>c";
        QTest::newRow("no arrow") << "team=e8" << "error";
        QTest::newRow("no key") << "=e8=>x" << "error";
        QTest::newRow("no value") << "team==>x" << "error";
        QTest::newRow("no target") << "team=e8=>" << "error";
        QTest::newRow("to itself") << "team=x=>x" << "error";
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        auto a = core::parseValueAlias(text.toStdString());
        QCOMPARE(a ? QString::fromStdString(core::aliasText(*a)) : QStringLiteral("error"),
                 expected);
    }

    void remapsBeforeAttribution()
    {
        const core::CostCube cube = cubeOf(sample());
        QCOMPARE(buckets(cube), (QStringList{"e8d1460f=13", "search=5", "ads=1",
                                             "<unallocated>=7"}));
        const std::vector<core::ValueAlias> aliases{{"team", "e8d1460f", "search"}};
        const core::AliasedCube aliased = core::applyValueAliases(cube, aliases);
        QCOMPARE(buckets(aliased.cube), (QStringList{"search=18", "ads=1", "<unallocated>=7"}));
        // The total is conserved exactly, and rows too.
        const auto before = core::attribute(cube, {}).value();
        const auto after = core::attribute(aliased.cube, {}).value();
        QCOMPARE(after.total, before.total);
        QCOMPARE(after.rowCount, before.rowCount);
        // Other keys of the same set are untouched.
        core::AttributionOptions byEnv;
        byEnv.ownerKey = "env";
        QCOMPARE(buckets(aliased.cube, byEnv), buckets(cube, byEnv));
    }

    void notChained()
    {
        // a→b and b→c: rows labelled a end at b (not c), rows labelled b at c.
        const core::CostCube cube = cubeOf(sample());
        const std::vector<core::ValueAlias> aliases{{"team", "e8d1460f", "search"},
                                                    {"team", "search", "web"}};
        const core::AliasedCube aliased = core::applyValueAliases(cube, aliases);
        QCOMPARE(buckets(aliased.cube),
                 (QStringList{"search=13", "web=5", "ads=1", "<unallocated>=7"}));
    }

    void movesPerPeriod()
    {
        const std::vector<core::ValueAlias> aliases{{"team", "e8d1460f", "search"},
                                                    {"team", "nobody", "x"}};
        const core::AliasedCube aliased = core::applyValueAliases(cubeOf(sample()), aliases);
        auto all = core::aliasTotals(aliases, aliased.moves, {}, {}, {});
        QCOMPARE(all.size(), size_t(2));
        QCOMPARE(all[0].moved.size(), size_t(1));
        QCOMPARE(all[0].moved[0].amount, dec("13"));
        QCOMPARE(all[0].rows, std::int64_t(2));
        QVERIFY(all[1].moved.empty());
        auto dayOne = core::aliasTotals(aliases, aliased.moves, 1, 2, {});
        QCOMPARE(dayOne[0].moved[0].amount, dec("2.75"));
        auto euro = core::aliasTotals(aliases, aliased.moves, {}, {}, core::Currency::parse("EUR").value());
        QVERIFY(euro[0].moved.empty());
    }

    void deterministic()
    {
        std::vector<core::CostRow> rows = sample();
        const std::vector<core::ValueAlias> aliases{{"team", "e8d1460f", "search"},
                                                    {"team", "ads", "search"}};
        const QStringList forward = buckets(core::applyValueAliases(cubeOf(rows), aliases).cube);
        std::reverse(rows.begin(), rows.end());
        std::vector<core::ValueAlias> reversed(aliases.rbegin(), aliases.rend());
        QCOMPARE(buckets(core::applyValueAliases(cubeOf(rows), reversed).cube), forward);
        QCOMPARE(forward, (QStringList{"search=19", "<unallocated>=7"}));
    }

    void digest()
    {
        core::Rules plain;
        const std::string before = plain.digest();
        QVERIFY(plain.canonicalJson().find("value_aliases") == std::string::npos);
        core::Rules withAlias = plain;
        withAlias.valueAliases = {{"team", "e8d1460f", "search"}};
        QVERIFY(withAlias.digest() != before);
        core::Rules otherTarget = plain;
        otherTarget.valueAliases = {{"team", "e8d1460f", "web"}};
        QVERIFY(otherTarget.digest() != withAlias.digest());
        // Order of the list does not matter.
        core::Rules a = plain, b = plain;
        a.valueAliases = {{"team", "x", "y"}, {"env", "p", "prod"}};
        b.valueAliases = {{"env", "p", "prod"}, {"team", "x", "y"}};
        QCOMPARE(a.digest(), b.digest());
    }
};

QTEST_GUILESS_MAIN(TestValueAliases)
#include "tst_valuealiases.moc"
