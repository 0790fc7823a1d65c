// Loading a ledger into a cube gives the cube its rows give, however the threads that read the
// dictionary, the stored sets and the groups take turns; it refuses a file whose label sets or
// aggregate are damaged, and says which set: the load reads the dictionary, the sets and the
// groups on three threads and builds the cube on a fourth, and any may find the fault first.
#include "core/ledger/cubesets.h"
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include <QTemporaryDir>

#include <QTest>
#include <set>

using namespace unalloc;
using namespace unalloc::testing;

class TestLoadCube final : public QObject
{
    Q_OBJECT

private slots:
    void intactLedgerLoads();
    void longTextsLoad();
    void manySetsInterleaveWithGroups();
    void sparseSetIdsLoad();
    void setAdderKeepsEntriesPastItsRoom();
    void aDamagedSetIsReportedBeforeADamagedSegment();
    void setsWithoutCostAreLeftOut();
    void damagedLedgersAreRefused_data();
    void damagedLedgersAreRefused();
};

namespace {

/// A ledger of 40 rows over four label sets of two shapes (env + team, team alone).
std::string sampleLedger(const QTemporaryDir &dir)
{
    auto l = createLedger(dir);
    std::vector<core::CostRow> rows;
    const char *teams[] = {"search", "ads"};
    for (int i = 0; i < 40; ++i) {
        core::CostRow r = makeRow("k" + std::to_string(i), "2.50", i % 5, teams[i % 2]);
        if (i % 4 >= 2) {
            r.labels = core::LabelMap({{"env", "prod"}, {"team", teams[i % 2]}});
            r.rawLabels = {{"env", "prod"}, {"team", teams[i % 2]}};
        }
        rows.push_back(r);
    }
    importRows(*l, rows);
    return l->path();
}

} // namespace

void TestLoadCube::intactLedgerLoads()
{
    QTemporaryDir dir;
    const std::string path = sampleLedger(dir);
    auto l = core::LedgerStore::open(path, true);
    QVERIFY(l.has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(cube->labelSets().size(), size_t(4));
    QCOMPARE(cube->rowCount(), std::int64_t(40));
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(**l)));
}

void TestLoadCube::longTextsLoad()
{
    // The dictionary is read into one block of text with room for 32 bytes a string: texts of
    // up to 900 bytes grow it several times over, and each set still reads its own.
    QTemporaryDir dir;
    auto l = createLedger(dir);
    std::vector<core::CostRow> rows;
    for (int i = 0; i < 300; ++i) {
        core::CostRow r = makeRow("k" + std::to_string(i), "1.25", i % 3, "team");
        const std::string note(static_cast<size_t>(i * 2), static_cast<char>('a' + i % 26));
        const std::string tail = std::to_string(i) + std::string(static_cast<size_t>(i), '-');
        r.labels = core::LabelMap({{"note", note + tail}, {"team", "t" + std::to_string(i % 7)}});
        r.rawLabels = {{"note", note + tail}, {"team", "t" + std::to_string(i % 7)}};
        rows.push_back(r);
    }
    importRows(*l, rows);
    auto cube = l->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(cube->labelSets().size(), size_t(300));
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(*l)));
    std::set<std::string> notes;
    for (std::uint32_t set = 0; set < cube->labelSets().size(); ++set)
        notes.emplace(*cube->labelSets().ref(set).find("note"));
    QCOMPARE(notes.size(), size_t(300));
    QCOMPARE(notes.count(std::string(598, 'n') + "299" + std::string(299, '-')), size_t(1));
}

void TestLoadCube::setsWithoutCostAreLeftOut()
{
    // The only row of team=b is split into team=x and team=y: its set stays stored (the row
    // does, superseded) but no group of the aggregate has it, so the cube leaves it out.
    QTemporaryDir dir;
    auto l = createLedger(dir);
    importRows(*l, {makeRow("k0", "1.00", 0, "a"), makeRow("k1", "3.00", 1, "b"),
                    makeRow("k2", "2.00", 2, "c")});
    const core::LedgerRow b = l->rows({}, core::LedgerSort::Start, true, 1, 1).value().front();
    QCOMPARE(b.row.recordKey, std::string("k1"));
    std::vector<core::CostRow> parts;
    for (const char *team : {"x", "y"}) {
        core::CostRow p = b.row;
        p.recordKey.clear();
        p.labels = core::LabelMap(std::vector<core::LabelMap::Entry>{{"team", team}});
        p.rawLabels = {{"team", team}};
        p.amount.amount = core::Decimal::parse("1.50").value();
        parts.push_back(p);
    }
    QVERIFY(l->applySplit(b.id, "tokens", parts).has_value());
    auto cube = l->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(cube->labelSets().size(), size_t(4));
    std::vector<std::string> teams;
    for (std::uint32_t set = 0; set < cube->labelSets().size(); ++set)
        teams.emplace_back(*cube->labelSets().ref(set).find("team"));
    QCOMPARE(teams, (std::vector<std::string>{"a", "c", "x", "y"}));
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(*l)));
    // The groups' index follows the new numbers: a group added again is summed into its own.
    const core::CostGroup c = cube->rawGroups()[1];
    cube->addGroup(cube->labelSets().at(c.labelSet), cube->sources().at(cube->context(c).source),
                   cube->objects().at(c.object), c.day, cube->context(c).currency,
                   cube->context(c).batch, c.amount, c.rows,
                   cube->usageName(cube->context(c).usageProvider),
                   cube->usageName(cube->context(c).usageModel), cube->context(c).days);
    QCOMPARE(cube->groupCount(), size_t(4));
    QCOMPARE(cube->rawGroups()[1].amount.toString(), std::string("4.00"));
}

void TestLoadCube::manySetsInterleaveWithGroups()
{
    // Three batches of per-request sets, more than a chunk of sets (4,096) and of groups each:
    // the builder waits for the sets of its next groups while the reader adds more. Batch two
    // repeats half of batch one's sets, some with another raw spelling of the same labels (sets
    // that meet in the cube); batch three has sets of its own and another source.
    QTemporaryDir dir;
    auto l = createLedger(dir);
    int serial = 0; // record keys of their own: a repeated key would supersede its row
    const auto request = [&serial](int i, const char *teamKey, const std::string &source) {
        core::CostRow r =
            makeRow("r" + std::to_string(serial++),
                    std::to_string(i % 97) + ".0" + std::to_string(i % 10), i % 20, {}, source);
        const std::string team = "t" + std::to_string(i % 7), session = "s-" + std::to_string(i),
                          user = "u" + std::to_string(i % 500);
        r.labels = core::LabelMap({{"session", session}, {"team", team}, {"user", user}});
        r.rawLabels = {{"session", session}, {teamKey, team}, {"user", user}};
        return r;
    };
    std::vector<core::CostRow> rows;
    for (int i = 0; i < 9000; ++i)
        rows.push_back(request(i, "team", "fake"));
    importRows(*l, rows);
    rows.clear();
    for (int i = 0; i < 6000; ++i)
        rows.push_back(
            request(i < 3000 ? i * 3 : 20000 + i, i % 5 == 0 ? "team_id" : "team", "fake"));
    importRows(*l, rows);
    rows.clear();
    for (int i = 0; i < 5000; ++i)
        rows.push_back(request(40000 + i, "team", "other"));
    importRows(*l, rows);
    const std::vector<std::string> want = dumpCube(cubeFromRows(*l));
    QCOMPARE(want.size(), size_t(9000 + 3000 + 5000 + 3000)); // (set, source, object, day)
    for (int run = 0; run < 3; ++run) {
        auto cube = l->loadCube();
        QVERIFY(cube.has_value());
        QCOMPARE(cube->labelSets().size(), size_t(9000 + 3000 + 5000));
        QCOMPARE(cube->rowCount(), std::int64_t(9000 + 6000 + 5000));
        QCOMPARE(dumpCube(*cube), want);
    }
    // A hole in the dictionary that no label value names (a raw key only: the load reads raw
    // labels only of sets with collisions) is looked for set by set, and the load goes on.
    QVERIFY(sqlCount(l->path(), "SELECT count(*) FROM label_strings WHERE s = 'team_id'") == 1);
    QVERIFY(sqlCount(l->path(), "SELECT count(*) FROM label_strings WHERE id > "
                                "(SELECT id FROM label_strings WHERE s = 'team_id')") > 0);
    QVERIFY(execRaw(l->path(), "DELETE FROM label_strings WHERE s = 'team_id'"));
    auto holed = l->loadCube();
    QVERIFY2(holed.has_value(), holed ? "" : holed.error().message().c_str());
    QCOMPARE(dumpCube(*holed), want);
}

void TestLoadCube::sparseSetIdsLoad()
{
    // Three batches of 5,000, 20,000 and 5,000 sets of their own, the second deleted: 10,000
    // sets are stored, ids 1-5,000 and 25,001-30,000. The loader reserves room for ids near the
    // sets' count (21,024); the first chunk's entries are in it when the second chunk's ids
    // pass it, and move to a larger array while the builder may read them (loaded three times:
    // the threads' pace differs).
    QTemporaryDir dir;
    auto l = createLedger(dir);
    for (const auto &[prefix, count] : {std::pair{"a", 5000}, {"b", 20000}, {"c", 5000}}) {
        std::vector<core::CostRow> rows;
        for (int i = 0; i < count; ++i)
            rows.push_back(makeRow(prefix + std::to_string(i), "1.2" + std::to_string(i % 10),
                                   i % 20, prefix + std::to_string(i)));
        importRows(*l, rows);
    }
    auto removed = l->deleteBatch(2);
    QVERIFY2(removed, removed ? "" : removed.error().message().c_str());
    QCOMPARE(sqlCount(l->path(), "SELECT sum(sets) FROM label_chunks"), std::int64_t(10000));
    QVERIFY(sqlCount(l->path(), "SELECT max(first + span) FROM label_chunks") > 2 * 10000 + 1024);
    const std::vector<std::string> want = dumpCube(cubeFromRows(*l));
    QCOMPARE(want.size(), size_t(10000));
    for (int run = 0; run < 3; ++run) {
        auto cube = l->loadCube();
        QVERIFY2(cube.has_value(), cube ? "" : cube.error().message().c_str());
        QCOMPARE(cube->labelSets().size(), size_t(10000));
        QCOMPARE(dumpCube(*cube), want);
    }
}

void TestLoadCube::setAdderKeepsEntriesPastItsRoom()
{
    // Room for ids below 8; a second chunk's ids 20-21 move the entries to a larger array. A
    // view taken before still reads the first chunk's entries, and one taken after reads them
    // all.
    core::CostCube cube;
    const auto key = [](std::int64_t) {
        return std::optional<std::string_view>("team");
    };
    core::cubesets::SetAdder adder(cube, 5, 8, key, key);
    const auto chunkOf = [](std::vector<std::int64_t> ids, bool first) {
        core::cubesets::SetChunk c;
        if (first)
            c.newShapes.push_back({0, ids.front(), {1}});
        for (const std::int64_t id : ids) {
            c.values.push_back(static_cast<std::uint32_t>(100 + id));
            c.sets.push_back({id, 0, static_cast<std::uint32_t>(c.values.size()), false, 0});
        }
        return c;
    };
    QVERIFY(adder.add(chunkOf({1, 2, 5}, true)).has_value());
    const core::cubesets::SetAdder::View before = adder.view();
    QVERIFY(adder.add(chunkOf({20, 21}, false)).has_value());
    const core::cubesets::SetAdder::View after = adder.view();
    QCOMPARE(before.lastId, std::int64_t(5));
    QCOMPARE(after.lastId, std::int64_t(21));
    QCOMPARE(after.poolSize, size_t(5));
    QVERIFY(after.sets != before.sets);
    const std::uint32_t kMissing = core::cubesets::SetAdder::kMissing;
    for (const std::int64_t id : {1, 2, 5}) {
        QCOMPARE(before.at(id), after.at(id));
        QVERIFY(after.at(id) != kMissing);
    }
    for (const std::int64_t id : {0, 3, 4, 6, 19, 22})
        QCOMPARE(after.at(id), kMissing);
    QCOMPARE(after.at(20) & core::cubesets::SetAdder::kCubeId, std::uint32_t(3));
    QCOMPARE(after.at(21) & core::cubesets::SetAdder::kCubeId, std::uint32_t(4));
}

void TestLoadCube::aDamagedSetIsReportedBeforeADamagedSegment()
{
    // Both readers find a fault: the stored sets' is reported, as when the sets were read
    // before the groups, whichever thread gets there first.
    QTemporaryDir dir;
    const std::string path = sampleLedger(dir);
    QVERIFY(execRaw(path, "DELETE FROM label_strings WHERE s = 'ads';"
                          "UPDATE agg_segments SET body = substr(body, 1, length(body) - 3)"));
    for (int run = 0; run < 20; ++run) {
        auto l = core::LedgerStore::open(path, true);
        QVERIFY(l.has_value());
        auto cube = (*l)->loadCube();
        QVERIFY(!cube.has_value());
        QVERIFY2(cube.error().message().find("names a string the ledger does not hold") !=
                     std::string::npos,
                 cube.error().message().c_str());
        QCOMPARE(cube.error().file, path);
    }
    // The segment alone: its own error, naming the file.
    QTemporaryDir other;
    const std::string intact = sampleLedger(other);
    QVERIFY(execRaw(intact, "UPDATE agg_segments SET body = substr(body, 1, length(body) - 3)"));
    auto l = core::LedgerStore::open(intact, true);
    QVERIFY(l.has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(!cube.has_value());
    QCOMPARE(cube.error().code, std::string("ledger-corrupt"));
    QVERIFY2(cube.error().message().find("aggregate segment") != std::string::npos,
             cube.error().message().c_str());
    QCOMPARE(cube.error().file, intact);
}

void TestLoadCube::damagedLedgersAreRefused_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("why");
    QTest::newRow("a value's string is gone")
        << QStringLiteral("DELETE FROM label_strings WHERE s = 'ads'")
        << QStringLiteral("names a string the ledger does not hold");
    QTest::newRow("a key's string is gone")
        << QStringLiteral("DELETE FROM label_strings WHERE s = 'env'")
        << QStringLiteral("names a string the ledger does not hold");
    QTest::newRow("keys out of order")
        << QStringLiteral("UPDATE label_strings SET s = 'zone' WHERE s = 'env'")
        << QStringLiteral("has labels out of key order");
    QTest::newRow("the sets are gone")
        << QStringLiteral("DELETE FROM label_chunks") << QStringLiteral("missing label set");
    // Ids are given in sequence: one past 2^31 would have the loader hold two billion holes.
    QTest::newRow("a dictionary id far past the others")
        << QStringLiteral("INSERT INTO label_strings(id, s) VALUES (2147483648, 'stray')")
        << QStringLiteral("the dictionary of label texts jumps from string id 5 to 2147483648");
    QTest::newRow("a dictionary id past 2^40")
        << QStringLiteral("INSERT INTO label_strings(id, s) VALUES (1099511627777, 'stray')")
        << QStringLiteral("dictionary has string id 1099511627777");
}

void TestLoadCube::damagedLedgersAreRefused()
{
    QFETCH(QString, damage);
    QFETCH(QString, why);
    QTemporaryDir dir;
    const std::string path = sampleLedger(dir);
    QVERIFY(execRaw(path, damage.toStdString()));
    auto l = core::LedgerStore::open(path, true);
    QVERIFY(l.has_value());
    auto cube = (*l)->loadCube();
    QVERIFY(!cube.has_value());
    QCOMPARE(cube.error().code, std::string("ledger-corrupt"));
    QVERIFY2(cube.error().message().find(why.toStdString()) != std::string::npos,
             cube.error().message().c_str());
    QCOMPARE(cube.error().file, path);
    const std::string tag = QTest::currentDataTag() ? QTest::currentDataTag() : "";
    if (tag != "the sets are gone" && tag.find("dictionary") == std::string::npos)
        QVERIFY2(cube.error().message().find("stored label set ") != std::string::npos,
                 cube.error().message().c_str());
}

QTEST_GUILESS_MAIN(TestLoadCube)
#include "tst_loadcube.moc"
