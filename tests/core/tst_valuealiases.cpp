// Label value aliases (issue 18 item 7): parsing, what they do to attribution, conservation,
// determinism, and their place in the rules digest.
#include "coretest.h"
#include "rowbuilder.h"

#include "core/attribution.h"
#include "core/ledger/ledgerstore.h"
#include "core/rules.h"
#include "core/valuealiases.h"

#include <QTemporaryDir>

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

using Owners = std::vector<std::string>;

/// "owner=amount" per bucket, in report order.
Owners buckets(const core::CostCube &cube, core::AttributionOptions options = {})
{
    Owners out;
    const auto report = core::attribute(cube, options).value();
    for (const core::Bucket &b : report.buckets) {
        // Amounts without trailing zeros, so that "13.00" reads as the "13" written below.
        std::string a = b.amount.toString();
        if (a.find('.') != std::string::npos) {
            while (a.back() == '0')
                a.pop_back();
            if (a.back() == '.')
                a.pop_back();
        }
        out.push_back(b.key + "=" + a);
    }
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
        QTest::newRow("plain") << QStringLiteral("team=e8d1460f=>search")
                               << QStringLiteral("team=e8d1460f=>search");
        QTest::newRow("key canonicalised")
            << QStringLiteral("teamID=e8=>search") << QStringLiteral("team=e8=>search");
        QTest::newRow("spaces trimmed")
            << QStringLiteral(" team = e8 => search ") << QStringLiteral("team=e8=>search");
        QTest::newRow("value keeps =")
            << QStringLiteral("team=a=b=>c") << QStringLiteral("team=a=b=>c");
        QTest::newRow("no arrow") << QStringLiteral("team=e8") << QStringLiteral("error");
        QTest::newRow("no key") << QStringLiteral("=e8=>x") << QStringLiteral("error");
        QTest::newRow("no value") << QStringLiteral("team==>x") << QStringLiteral("error");
        QTest::newRow("no target") << QStringLiteral("team=e8=>") << QStringLiteral("error");
        QTest::newRow("to itself") << QStringLiteral("team=x=>x") << QStringLiteral("error");
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
        QCOMPARE(buckets(cube), (Owners{"e8d1460f=13", "search=5", "ads=1", "<unallocated>=7"}));
        const std::vector<core::ValueAlias> aliases{{"team", "e8d1460f", "search"}};
        const core::AliasedCube aliased = core::applyValueAliases(cube, aliases);
        QCOMPARE(buckets(aliased.cube), (Owners{"search=18", "ads=1", "<unallocated>=7"}));
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
        QCOMPARE(buckets(aliased.cube), (Owners{"search=13", "web=5", "ads=1", "<unallocated>=7"}));
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
        auto euro =
            core::aliasTotals(aliases, aliased.moves, {}, {}, core::Currency::parse("EUR").value());
        QVERIFY(euro[0].moved.empty());
    }

    void sameGroupsAsRebuiltGroupByGroup()
    {
        // Only the groups an alias touches are added again: the cube must hold what adding
        // every group with its aliased labels gives, including a group that now equals one
        // already there (the same object, day and source: they merge).
        std::vector<core::CostRow> rows = sample();
        rows.push_back(makeRow("litellm", "a", "4.50", {{"team", "search"}}, 0)); // "a"'s twin
        rows.push_back(
            makeRow("litellm", "f", "3.00", {{"team", "e8d1460f"}, {"project", "p-dev"}}, 2));
        const core::CostCube cube = cubeOf(rows);
        const std::vector<core::ValueAlias> aliases{{"team", "e8d1460f", "search"},
                                                    {"project", "p-dev", "p-prod"},
                                                    {"team", "absent", "x"}};
        const core::AliasedCube aliased = core::applyValueAliases(cube, aliases);
        core::CostCube expected;
        for (const core::CostGroup &g : cube.rawGroups()) {
            const core::GroupContext &c = cube.context(g);
            expected.addGroup(core::aliasLabels(cube.labelSets().at(g.labelSet), aliases),
                              cube.sources().at(c.source), cube.objects().at(g.object), g.day,
                              c.currency, c.batch, g.amount, g.rows);
        }
        const auto dump = [](const core::CostCube &c) {
            QStringList out;
            for (const core::CostGroup &g : c.groups()) {
                QString labels;
                const core::LabelMap map = c.labelSets().at(g.labelSet);
                for (const auto &[k, v] : map.entries())
                    labels += QString::fromStdString(k + "=" + v + ";");
                out << labels +
                           QString::fromStdString(
                               " " + std::string(c.sources().at(c.context(g).source)) + " " +
                               std::string(c.objects().at(g.object)) + " " + std::to_string(g.day) +
                               " " + g.amount.toString() + " " + std::to_string(g.rows));
            }
            return out;
        };
        QCOMPARE(dump(aliased.cube), dump(expected));
        QCOMPARE(aliased.cube.groupCount(), cube.groupCount() - 1); // "a" and its twin merged
        QCOMPARE(aliased.cube.rowCount(), cube.rowCount());
        QCOMPARE(aliased.cube.labelSets().size(), expected.labelSets().size());
        // Moves: the first alias moved "a", "c" and "f"; the second "f"; the third nothing.
        const auto totals = core::aliasTotals(aliases, aliased.moves, {}, {}, {});
        QCOMPARE(totals[0].rows, std::int64_t(3));
        QCOMPARE(totals[1].rows, std::int64_t(1));
        QCOMPARE(totals[2].rows, std::int64_t(0));
    }

    void deterministic()
    {
        std::vector<core::CostRow> rows = sample();
        const std::vector<core::ValueAlias> aliases{{"team", "e8d1460f", "search"},
                                                    {"team", "ads", "search"}};
        const Owners forward = buckets(core::applyValueAliases(cubeOf(rows), aliases).cube);
        std::reverse(rows.begin(), rows.end());
        std::vector<core::ValueAlias> reversed(aliases.rbegin(), aliases.rend());
        QCOMPARE(buckets(core::applyValueAliases(cubeOf(rows), reversed).cube), forward);
        QCOMPARE(forward, (Owners{"search=19", "<unallocated>=7"}));
    }

    void storedInTheLedger()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("a.unalloc")).toStdString();
        auto ledger = core::LedgerStore::create(path);
        QVERIFY(ledger.has_value());
        {
            auto txn = (*ledger)->beginImport().value();
            core::ImportBatch meta;
            meta.source = "litellm";
            meta.origin = "test";
            QVERIFY(txn->beginBatch(meta).has_value());
            for (const core::CostRow &r : sample())
                QVERIFY(txn->addRow(r).has_value());
            QVERIFY(txn->endBatch(meta).has_value());
            QVERIFY(txn->commit().has_value());
        }
        const std::string digest = (*ledger)->rules().value().digest();
        QVERIFY((*ledger)->setValueAlias({"team", "e8d1460f", "web"}).has_value());
        QVERIFY((*ledger)->setValueAlias({"team", "e8d1460f", "search"}).has_value()); // retarget
        QVERIFY(!(*ledger)->setValueAlias({"team", "x", "x"}).has_value());
        const core::Rules rules = (*ledger)->rules().value();
        QCOMPARE(rules.valueAliases.size(), size_t(1));
        QCOMPARE(rules.valueAliases[0].target, std::string("search"));
        QVERIFY(rules.digest() != digest);
        auto cube = core::loadAnalysisCube(**ledger, rules.valueAliases);
        QVERIFY(cube.has_value());
        QCOMPARE(buckets(cube->cube), (Owners{"search=18", "ads=1", "<unallocated>=7"}));
        ledger->reset();
        auto readOnly = core::LedgerStore::open(path, true);
        QVERIFY(readOnly.has_value());
        QCOMPARE((*readOnly)->valueAliases().value().size(), size_t(1));
        QVERIFY(!(*readOnly)->setValueAlias({"team", "a", "b"}).has_value());
        readOnly->reset();
        auto writable = core::LedgerStore::open(path);
        QVERIFY(writable.has_value());
        QCOMPARE((*writable)->removeValueAlias("team", "e8d1460f").value(), true);
        QCOMPARE((*writable)->removeValueAlias("team", "e8d1460f").value(), false);
        QCOMPARE((*writable)->rules().value().digest(), digest);
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
