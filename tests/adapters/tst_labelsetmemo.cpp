// LabelSetMemo: the raw labels it gathers follow RawLabelBuilder's rules, what it writes into
// a row is what the normaliser makes of them with the ledger's hash, whatever the row held
// before, and distinct sets never share an entry.
#include "adapters/common/batchbuilder.h"
#include "adapters/common/labelsetmemo.h"
#include "adapters/import/labelsetordinals.h"
#include "core/ledger/ledgercodec.h"

#include <QTest>

#include <map>

using namespace unalloc;

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

core::RawLabels viaBuilder(const Pairs &pairs)
{
    adapters::RawLabelBuilder b;
    for (const auto &[k, v] : pairs)
        b.add(k, v);
    return b.take();
}

void fill(adapters::LabelSetMemo &memo, const Pairs &pairs, core::CostRow &row)
{
    memo.clear();
    for (const auto &[k, v] : pairs)
        memo.add(k, v);
    memo.prefetchSlot();
    memo.prefetchEntry();
    memo.fill(row);
}

/// The row's label fields against the generic path's, from a fresh normaliser.
void verify(const core::CostRow &row, const Pairs &pairs)
{
    const core::RawLabels raw = viaBuilder(pairs);
    core::LabelNormaliser reference;
    const core::NormalisedLabels n = reference.normalise(raw);
    QVERIFY(row.rawLabels == raw);
    QVERIFY(row.labels == n.labels);
    QVERIFY(row.collisions == n.collisions);
}

const Pairs kCollision{{"teamID", "x"}, {"team_id", "y"}, {"owner", "z"}, {"env", "e"}};

} // namespace

class TestLabelSetMemo final : public QObject
{
    Q_OBJECT

private slots:
    void sameAsBuilderAndNormaliser_data();
    void sameAsBuilderAndNormaliser();
    void rowIsRefilled();
    void splitPointMatters();
    void manyDistinctSets();
    void memoIdsNameOneSet();
    void repeatsElidedOnlyWhenAsked();
    void ordinalsForgetWhatTheMemoForgot();
    void comparedOrdinalsHaveAFloor();
};

void TestLabelSetMemo::sameAsBuilderAndNormaliser_data()
{
    QTest::addColumn<Pairs>("pairs");
    QTest::newRow("empty") << Pairs{};
    QTest::newRow("plain") << Pairs{{"team", "a"}, {"env", "prod"}};
    QTest::newRow("blank-dropped") << Pairs{{" ", "x"}, {"k", " \t"}, {"", "y"}, {"k", "v"}};
    QTest::newRow("first-writer-wins") << Pairs{{"team", "a"}, {"team", "b"}, {"Team", "c"}};
    QTest::newRow("collision") << kCollision;
    QTest::newRow("long") << Pairs{{"app.kubernetes.io/name", std::string(40, 'v')},
                                   {std::string(33, 'k'), "w"}};
}

void TestLabelSetMemo::sameAsBuilderAndNormaliser()
{
    QFETCH(Pairs, pairs);
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo memo(normaliser);
    for (int round = 0; round < 2; ++round) { // a miss, then a hit
        core::CostRow row;
        fill(memo, pairs, row);
        verify(row, pairs);
    }
}

void TestLabelSetMemo::rowIsRefilled()
{
    // One row through sets of other sizes, with and without collisions.
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo memo(normaliser);
    const std::vector<Pairs> sets{kCollision, {{"team", "a"}},
                                  {},         {{"team", "b"}, {"env", "prod"}, {"svc", "s"}},
                                  kCollision, {{"team", "a"}}};
    core::CostRow row;
    for (const Pairs &p : sets) {
        fill(memo, p, row);
        verify(row, p);
    }
}

void TestLabelSetMemo::splitPointMatters()
{
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo memo(normaliser);
    for (const Pairs &p : std::vector<Pairs>{{{"ab", "c"}},
                                             {{"a", "bc"}},
                                             {{"a", "b"}, {"c", "d"}},
                                             {{"a", "bcd"}},
                                             {{"ab", "c"}}}) {
        core::CostRow row;
        fill(memo, p, row);
        verify(row, p);
    }
}

void TestLabelSetMemo::manyDistinctSets()
{
    // Past its bound the memo starts over; every answer stays right.
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo memo(normaliser);
    core::CostRow row;
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = 0; i < 140'000; ++i) {
            const std::string v = std::to_string(i);
            fill(memo, {{"team", v}, {"n", v}}, row);
            QCOMPARE(*row.labels.find("team"), v);
            QCOMPARE(row.rawLabels.size(), size_t(2));
        }
    }
    verify(row, {{"team", "139999"}, {"n", "139999"}});
}

// The importer numbers a set once per memo id: equal ids must mean equal sets, across memos
// (two files of one import) and after a memo starts over.
void TestLabelSetMemo::memoIdsNameOneSet()
{
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo first(normaliser), second(normaliser);
    std::map<std::uint32_t, std::string> setOfId;
    const auto check = [&](adapters::LabelSetMemo &memo, const Pairs &p) {
        core::CostRow row;
        fill(memo, p, row);
        QVERIFY(row.labelSetMemo != 0);
        std::string text;
        for (const auto &[k, v] : row.rawLabels)
            text += k + '=' + v + ';';
        const auto [it, inserted] = setOfId.emplace(row.labelSetMemo, text);
        QCOMPARE(it->second, text);
    };
    for (int i = 0; i < 3; ++i) {
        check(first, {{"team", "a"}});
        check(second, {{"team", "b"}});
        check(first, kCollision);
        check(second, {{"team", "a"}});
    }
    QCOMPARE(setOfId.size(), size_t(4)); // {team=a} has an id in each memo
    for (int i = 0; i < 70'000; ++i)     // past the bound: the memo starts over, ids do not repeat
        check(first, {{"n", std::to_string(i)}});
    check(first, {{"team", "a"}});
}

// With elision (the importer's mode) a set is written into a row only the first time the memo
// hands it out; later rows carry its id and hash alone, and a memo that starts over writes
// every set in full again under a new id.
void TestLabelSetMemo::repeatsElidedOnlyWhenAsked()
{
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo plain(normaliser), eliding(normaliser, true);
    const Pairs a{{"team", "a"}, {"squad", "x"}};
    const Pairs b{{"team", "b"}};
    core::CostRow row;
    for (int i = 0; i < 3; ++i) {
        fill(plain, a, row);
        QVERIFY(!row.labelsElided);
        verify(row, a);
    }
    fill(eliding, a, row);
    QVERIFY(!row.labelsElided);
    verify(row, a);
    const std::uint32_t idA = row.labelSetMemo;
    fill(eliding, b, row);
    QVERIFY(!row.labelsElided);
    verify(row, b);
    const std::uint32_t idB = row.labelSetMemo;
    fill(eliding, a, row); // elided: the row keeps what it held ({team=b}), only the id moves
    QVERIFY(row.labelsElided);
    QCOMPARE(row.labelSetMemo, idA);
    QCOMPARE(*row.labels.find("team"), std::string("b"));
    fill(eliding, b, row);
    QVERIFY(row.labelsElided);
    QCOMPARE(row.labelSetMemo, idB);
    QVERIFY(!row.labelSetMemoRestarted);
    // Past its bound the memo starts over: a set comes in full again, under a new id, and the
    // first row after the restart says so (only that one).
    int restarts = 0;
    for (int i = 0; i < 70'000; ++i) {
        fill(eliding, {{"n", std::to_string(i)}}, row);
        QVERIFY(!row.labelsElided);
        restarts += row.labelSetMemoRestarted ? 1 : 0;
    }
    QCOMPARE(restarts, 2);
    fill(eliding, a, row);
    QVERIFY(!row.labelsElided);
    QVERIFY(!row.labelSetMemoRestarted);
    QVERIFY(row.labelSetMemo != idA);
    verify(row, a);
}

// An import numbers a reader's sets as LabelSetOrdinals does: an elided repeat gets the
// ordinal of its memo id. Once the memo starts over, the numbering forgets the memo ids it
// knew (they never come back), so its memory follows the memo's bound, not the file's sets,
// and every row, elided or not, still gets the ordinal of its own set.
void TestLabelSetMemo::ordinalsForgetWhatTheMemoForgot()
{
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo memo(normaliser, true);
    adapters::LabelSetOrdinals ordinals;
    std::map<std::uint32_t, std::string> setOfOrdinal;
    core::CostRow row;
    size_t mostKnown = 0;
    int elided = 0;
    // The floor (what the writer may forget) only rises, no later row gets an ordinal below
    // it, and it follows the memo: the ordinals above it stay about one memo's worth.
    std::uint32_t floor = 0, widest = 0;
    for (int i = 0; i < 100'000; ++i) {
        // New sets, each met again a few rows later (elided then).
        const int n = i % 3 == 2 ? i - 2 : i;
        fill(memo, {{"team", "t"}, {"session", std::to_string(n)}}, row);
        const std::uint32_t ordinal = ordinals.ordinalOf(row, 0);
        QVERIFY(ordinal >= floor);
        QVERIFY(ordinals.floor() >= floor);
        floor = ordinals.floor();
        widest = std::max(widest, ordinal + 1 - floor);
        const std::string text = std::to_string(n);
        const auto [it, inserted] = setOfOrdinal.emplace(ordinal, text);
        QCOMPARE(it->second, text);
        if (n == i)
            QVERIFY(!row.labelsElided);
        elided += row.labelsElided ? 1 : 0;
        mostKnown = std::max(mostKnown, ordinals.memosKnown());
    }
    QVERIFY2(mostKnown <= 32768, std::to_string(mostKnown).c_str());
    QVERIFY(mostKnown > 10000);
    QVERIFY(elided > 30000); // the repeats were elided, across the restarts too
    QVERIFY2(widest <= 2 * 32768, std::to_string(widest).c_str());
    QVERIFY(floor > 50'000);
}

// Rows without a memo are compared: their floor follows the compared sets the same way, and
// a memo that never starts over (a few thousand sets) keeps every ordinal.
void TestLabelSetMemo::comparedOrdinalsHaveAFloor()
{
    adapters::LabelSetOrdinals ordinals;
    std::uint32_t floor = 0;
    std::map<int, std::uint32_t> ordinalOfSet;
    for (int i = 0; i < 40'000; ++i) {
        const int n = i % 2 ? i - 1 : i; // each set twice in a row: 20,000 sets
        core::CostRow row;
        row.labels = core::LabelMap({{"session", std::to_string(n)}});
        const std::uint32_t ordinal =
            ordinals.ordinalOf(row, static_cast<std::uint64_t>(n) * 0x9E3779B97F4A7C15ULL);
        QVERIFY(ordinal >= floor);
        if (n != i)
            QCOMPARE(ordinal, ordinalOfSet[n]);
        ordinalOfSet[n] = ordinal;
        QVERIFY(ordinals.floor() >= floor);
        floor = ordinals.floor();
    }
    QCOMPARE(floor, std::uint32_t(2 * 8192)); // the compared sets started over twice
    core::LabelNormaliser normaliser;
    adapters::LabelSetMemo memo(normaliser, true);
    adapters::LabelSetOrdinals kept;
    core::CostRow row;
    for (int i = 0; i < 20'000; ++i) {
        fill(memo, {{"team", std::to_string(i % 3000)}}, row);
        (void)kept.ordinalOf(row, 0);
        QCOMPARE(kept.floor(), std::uint32_t(0));
    }
}

QTEST_GUILESS_MAIN(TestLabelSetMemo)
#include "tst_labelsetmemo.moc"
