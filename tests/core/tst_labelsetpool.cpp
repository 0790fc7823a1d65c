// LabelSetPool stores a set as its shape (the key sequence, held once for all sets that share
// it) and one value id per key. Every reader — pairs, LabelSetRef, valueId, compare — must see
// exactly the labels that went in, however sets share shapes or values.
#include "coretest.h"

#include "core/costcube.h"
#include "core/labelsetpool.h"

#include <map>
#include <random>

using namespace unalloc;
using namespace unalloc::test;

namespace {

/// The set as the pool reads it back through pairs().
core::LabelMap readBack(const core::LabelSetPool &pool, std::uint32_t id)
{
    std::vector<core::LabelMap::Entry> entries;
    for (const core::LabelSetPool::Pair &p : pool.pairs(id))
        entries.emplace_back(pool.keyText(p.key), pool.valueText(p.value));
    return core::LabelMap(std::move(entries));
}

QStringList list(std::initializer_list<const char *> texts)
{
    QStringList out;
    for (const char *t : texts)
        out.push_back(QString::fromLatin1(t));
    return out;
}

} // namespace

class TestLabelSetPool : public QObject
{
    Q_OBJECT

private slots:
    /// Sets in, sets out: ids, shapes shared by equal key sequences, every way of reading.
    void roundTrip_data()
    {
        QTest::addColumn<QStringList>("sets");
        QTest::addColumn<QList<int>>("ids");
        QTest::addColumn<int>("shapes");

        QTest::newRow("one set") << list({"team=search;env=prod"}) << QList<int>{0} << 1;
        QTest::newRow("same keys, other values share a shape")
            << list({"team=a;env=prod", "team=b;env=prod", "team=a;env=dev"}) << QList<int>{0, 1, 2}
            << 1;
        QTest::newRow("a repeated set keeps its id")
            << list({"team=a", "team=b", "team=a"}) << QList<int>{0, 1, 0} << 1;
        QTest::newRow("same values under other keys are other sets")
            << list({"team=x", "owner=x", "team=x"}) << QList<int>{0, 1, 0} << 2;
        QTest::newRow("a key more is another shape")
            << list({"team=a", "team=a;env=prod", "env=prod"}) << QList<int>{0, 1, 2} << 3;
        QTest::newRow("the empty set") << list({"", "team=a", ""}) << QList<int>{0, 1, 0} << 2;
        QTest::newRow("shapes come back after others")
            << list({"team=a;env=1", "user=u", "team=b;env=2", "user=v", "team=a;env=1"})
            << QList<int>{0, 1, 2, 3, 0} << 2;
    }

    void roundTrip()
    {
        QFETCH(QStringList, sets);
        QFETCH(QList<int>, ids);
        QFETCH(int, shapes);
        core::LabelSetPool pool;
        for (qsizetype i = 0; i < sets.size(); ++i)
            QCOMPARE(int(pool.intern(labelsOf(sets[i]))), ids[i]);
        QCOMPARE(int(pool.shapeCount()), shapes);
        for (qsizetype i = 0; i < sets.size(); ++i) {
            const core::LabelMap want = labelsOf(sets[i]);
            const auto id = std::uint32_t(ids[i]);
            QCOMPARE(pool.at(id), want);
            QCOMPARE(readBack(pool, id), want);
            const core::LabelSetRef ref = pool.ref(id);
            QCOMPARE(ref.size(), want.entries().size());
            for (size_t k = 0; k < want.entries().size(); ++k) {
                const auto &[key, value] = want.entries()[k];
                QCOMPARE(ref.key(k), key);
                QCOMPARE(ref.value(k), value);
                QVERIFY(ref.find(key));
                QCOMPARE(*ref.find(key), value);
                QCOMPARE(pool.valueText(pool.valueId(id, pool.keyId(key))), value);
                QCOMPARE(pool.shapeKeys(pool.shapeOf(id))[k], pool.keyId(key));
            }
            QVERIFY(!ref.find("absent-key"));
            QCOMPARE(pool.values(id).size(), want.entries().size());
        }
    }

    /// Thousands of per-request sets over a few dozen shapes, interned in a shuffled order
    /// with repeats: each id reads back its own labels, each shape is stored once, and
    /// compare() orders sets as their LabelMaps do.
    void manySetsFewShapes()
    {
        std::mt19937 rng(7);
        const char *optional[] = {"end_user", "feature", "session", "user"};
        std::vector<core::LabelMap> made;
        for (int i = 0; i < 6000; ++i) {
            std::vector<core::LabelMap::Entry> entries;
            entries.emplace_back("team", "t-" + std::to_string(i % 17));
            for (int k = 0; k < 4; ++k)
                if ((i >> k) & 1)
                    entries.emplace_back(optional[k],
                                         std::string(optional[k]) + "-" + std::to_string(i % 997));
            std::sort(entries.begin(), entries.end());
            made.emplace_back(std::move(entries));
        }
        std::vector<size_t> order(made.size() * 2);
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = i % made.size();
        std::shuffle(order.begin(), order.end(), rng);
        core::LabelSetPool pool;
        std::map<core::LabelMap, std::uint32_t> ids;
        for (const size_t i : order) {
            const std::uint32_t id = pool.intern(made[i]);
            const auto [it, inserted] = ids.emplace(made[i], id);
            QCOMPARE(it->second, id); // a set met again gets its first id
            if (inserted)
                QCOMPARE(size_t(id), ids.size() - 1);
        }
        QCOMPARE(pool.size(), ids.size());
        QCOMPARE(pool.shapeCount(), size_t(16)); // team plus any of 4 optional keys
        for (const auto &[labels, id] : ids)
            QCOMPARE(readBack(pool, id), labels);
        std::vector<std::pair<core::LabelMap, std::uint32_t>> sorted(ids.begin(), ids.end());
        for (size_t i = 0; i + 1 < sorted.size(); i += 37) {
            const size_t j = (i * 7919) % sorted.size();
            const auto want = sorted[i].first <=> sorted[j].first;
            QVERIFY(pool.compare(sorted[i].second, sorted[j].second) == want);
        }
    }

    /// internHashedPairs with a set given as ids, the way the ledger loader interns.
    void pairsInterning()
    {
        core::LabelSetPool pool;
        const std::uint32_t env = pool.internKey("env"), team = pool.internKey("team");
        const std::uint32_t prod = pool.internValue("prod"), a = pool.internValue("a");
        const std::vector<core::LabelSetPool::Pair> first{{env, prod}, {team, a}};
        const std::uint32_t id = pool.internHashedPairs(first, core::LabelSetPool::hashOf(first));
        QCOMPARE(id, 0U);
        QCOMPARE(pool.internPairs(first), 0U);
        QCOMPARE(pool.intern(labelsOf(QStringLiteral("env=prod;team=a"))), 0U);
        const std::vector<core::LabelSetPool::Pair> swapped{{env, a}, {team, prod}};
        QCOMPARE(pool.internPairs(swapped), 1U);
        QCOMPARE(pool.shapeCount(), size_t(1));
        QCOMPARE(pool.valueId(1, env), a);
        QCOMPARE(pool.valueId(1, pool.internKey("other")), core::LabelSetPool::kAbsent);
        QCOMPARE(pool.shapePosition(0, team), 1U);
    }

    /// A loader's dictionary adopted as the value pool: value id = stored id. Its holes (ids
    /// the ledger does not hold, id 0 among them) read as empty text, yet a lookup of the
    /// empty text finds the value that is empty, never a hole; new texts go after the last id.
    void adoptedValuesKeepTheirIds()
    {
        core::LabelSetPool pool;
        core::TextArena texts;
        for (const char *t : {"", "team", "", "a", "", "b"})
            texts.push(t);
        std::vector<bool> present{false, true, false, true, true, true};
        pool.adoptValues(std::move(texts), std::move(present));
        QCOMPARE(pool.valueCount(), size_t(6));
        QVERIFY(!pool.holdsValue(0));
        QVERIFY(!pool.holdsValue(2));
        QVERIFY(pool.holdsValue(4));
        QVERIFY(!pool.holdsValue(6));
        QCOMPARE(pool.valueId(std::string_view("")), 4U);
        QCOMPARE(pool.valueId(std::string_view("b")), 5U);
        QCOMPARE(pool.valueId(std::string_view("c")), core::LabelSetPool::kAbsent);
        QCOMPARE(pool.internValue(""), 4U);
        QCOMPARE(pool.internValue("a"), 3U);
        QCOMPARE(pool.internValue("c"), 6U);
        QVERIFY(pool.holdsValue(6));
        const std::uint32_t team = pool.internKey(pool.valueText(1));
        const std::vector<core::LabelSetPool::Pair> set{{team, 3}};
        QCOMPARE(pool.internPairs(set), 0U);
        QCOMPARE(pool.intern(labelsOf(QStringLiteral("team=a"))), 0U);
        QCOMPARE(pool.intern(labelsOf(QStringLiteral("team=c"))), 1U);
        QCOMPARE(readBack(pool, 1), labelsOf(QStringLiteral("team=c")));
    }

    /// Value ids are stored in 3 bytes while they fit and in 4 from the first that does not.
    /// Every set reads back its own ids, through values(), pairs() and valueId(), before and
    /// after the widening and after keepSets() has moved the kept sets down.
    void valueIdsInThreeOrFourBytes_data()
    {
        QTest::addColumn<int>("sets");
        QTest::addColumn<int>("wideFrom"); // the first set with an id ≥ 2^24; -1: none
        QTest::addColumn<int>("keepEvery");
        QTest::addColumn<unsigned>("width");
        QTest::newRow("narrow, every id up to 2^24 - 1") << 3000 << -1 << 1 << 3U;
        QTest::newRow("narrow, two in three kept") << 3000 << -1 << 3 << 3U;
        QTest::newRow("widened by the first set") << 3000 << 0 << 1 << 4U;
        QTest::newRow("widened midway") << 3000 << 1777 << 1 << 4U;
        QTest::newRow("widened by the last set, two in three kept") << 3000 << 2999 << 3 << 4U;
    }
    void valueIdsInThreeOrFourBytes()
    {
        QFETCH(int, sets);
        QFETCH(int, wideFrom);
        QFETCH(int, keepEvery);
        QFETCH(unsigned, width);
        core::LabelSetPool pool;
        std::vector<std::uint32_t> keys;
        for (int k = 0; k < 8; ++k)
            keys.push_back(pool.internKey("k" + std::to_string(k)));
        std::mt19937 rng(7);
        // Ids near the edges of each byte width, the largest narrow one among them.
        const std::vector<std::uint32_t> narrow{0,      1,       0xFF,     0x100,
                                                0xFFFF, 0x10000, 0xFFFFFE, 0xFFFFFF};
        std::vector<std::vector<std::uint32_t>> want;
        std::vector<std::uint32_t> shapeOf;
        for (int i = 0; i < sets; ++i) {
            const size_t n = rng() % 7; // empty sets too
            std::vector<std::uint32_t> values;
            for (size_t j = 0; j < n; ++j)
                values.push_back(narrow[rng() % narrow.size()] ^ (rng() % 2 ? rng() & 0xFFFF : 0));
            if (i >= wideFrom && wideFrom >= 0 && !values.empty())
                values[rng() % n] = i == wideFrom ? 0x1000000U : 0xFFFFFFFFU - rng() % 1000;
            if (i == wideFrom && values.empty())
                values.push_back(0x1000000U);
            const std::uint32_t shape =
                pool.shapeOfKeys(std::span<const std::uint32_t>(keys.data(), values.size()));
            QCOMPARE(pool.appendNewSet(shape, values), static_cast<std::uint32_t>(i));
            want.push_back(values);
            shapeOf.push_back(shape);
        }
        QCOMPARE(pool.valueIdBytes(), width);
        const auto check = [&](const std::vector<std::uint32_t> &ids) {
            for (std::uint32_t set = 0; set < ids.size(); ++set) {
                const std::vector<std::uint32_t> &w = want[ids[set]];
                const core::PackedIdRun v = pool.values(set);
                QCOMPARE(v.size(), w.size());
                std::vector<std::uint32_t> viaPairs;
                for (const core::LabelSetPool::Pair &p : pool.pairs(set))
                    viaPairs.push_back(p.value);
                QCOMPARE(viaPairs, w);
                for (size_t j = 0; j < w.size(); ++j) {
                    QCOMPARE(v[j], w[j]);
                    QCOMPARE(pool.valueId(set, keys[j]), w[j]);
                }
                QCOMPARE(pool.shapeOf(set), shapeOf[ids[set]]);
            }
        };
        std::vector<std::uint32_t> all(want.size());
        for (std::uint32_t i = 0; i < all.size(); ++i)
            all[i] = i;
        check(all);
        std::vector<char> keep(want.size());
        std::vector<std::uint32_t> kept;
        for (std::uint32_t i = 0; i < keep.size(); ++i)
            if ((keep[i] = keepEvery == 1 || i % keepEvery != 0))
                kept.push_back(i);
        const std::vector<std::uint32_t> newId = pool.keepSets(keep);
        QCOMPARE(pool.size(), kept.size());
        for (std::uint32_t i = 0; i < kept.size(); ++i)
            QCOMPARE(newId[kept[i]], i);
        check(kept);
        // A set appended after the move reads back too, and so does an intern of a kept one.
        const std::vector<std::uint32_t> last = want[kept.back()];
        const std::uint32_t shape = shapeOf[kept.back()];
        QCOMPARE(pool.appendNewSet(shape, last), static_cast<std::uint32_t>(kept.size()));
        kept.push_back(kept.back());
        check(kept);
    }

    /// PackedIds from a given width: ids up to each width's edge, the largest placed midway so
    /// that the ids before it are rewritten; all read back, also after a subset is moved down.
    void packedIdsWiden_data()
    {
        QTest::addColumn<unsigned>("start");
        QTest::addColumn<quint32>("largest");
        QTest::addColumn<unsigned>("width");
        QTest::newRow("1 byte, 255") << 1U << quint32(0xFF) << 1U;
        QTest::newRow("1 byte, 256") << 1U << quint32(0x100) << 2U;
        QTest::newRow("1 byte, 2^16 - 1") << 1U << quint32(0xFFFF) << 2U;
        QTest::newRow("1 byte, 2^16") << 1U << quint32(0x10000) << 3U;
        QTest::newRow("1 byte, 2^24") << 1U << quint32(0x1000000) << 4U;
        QTest::newRow("3 bytes, 255") << 3U << quint32(0xFF) << 3U;
        QTest::newRow("3 bytes, 2^24 - 1") << 3U << quint32(0xFFFFFF) << 3U;
        QTest::newRow("3 bytes, 2^32 - 1") << 3U << quint32(0xFFFFFFFF) << 4U;
    }
    void packedIdsWiden()
    {
        QFETCH(unsigned, start);
        QFETCH(quint32, largest);
        QFETCH(unsigned, width);
        core::PackedIds ids(start);
        std::mt19937 rng(11);
        std::vector<std::uint32_t> want;
        for (int i = 0; i < 1000; ++i)
            want.push_back(i == 777 ? largest
                                    : static_cast<std::uint32_t>(rng() % (largest / 2 + 1)));
        for (size_t i = 0; i < want.size();) { // runs of 1 to 9 ids, as sets append them
            const size_t n = std::min<size_t>(1 + rng() % 9, want.size() - i);
            ids.append(std::span<const std::uint32_t>(want.data() + i, n));
            i += n;
        }
        QCOMPARE(ids.width(), width);
        QCOMPARE(ids.size(), want.size());
        for (size_t i = 0; i < want.size(); ++i)
            QCOMPARE(ids[i], want[i]);
        std::vector<std::uint32_t> kept;
        for (size_t i = 0; i < want.size(); i += 3) {
            ids.moveDown(i, i + 1, kept.size());
            kept.push_back(want[i]);
        }
        ids.truncate(kept.size());
        ids.push_back(largest);
        kept.push_back(largest);
        QCOMPARE(ids.size(), kept.size());
        const core::PackedIdRun all = ids.run(0, ids.size());
        for (size_t i = 0; i < kept.size(); ++i)
            QCOMPARE(all[i], kept[i]);
    }

    /// More than 255 shapes widen the per-set shape ids; every set keeps its own shape and
    /// labels, also after keepSets().
    void manyShapes()
    {
        core::LabelSetPool pool;
        std::vector<std::uint32_t> keys;
        for (char k = 'a'; k < 'a' + 12; ++k) // id order is key order
            keys.push_back(pool.internKey(std::string(1, k)));
        std::vector<std::vector<std::uint32_t>> shapeKeys;
        std::vector<std::uint32_t> shapeOf;
        for (std::uint32_t mask = 1; mask < 1200; ++mask) { // 1,199 key sequences
            std::vector<std::uint32_t> ks;
            for (size_t k = 0; k < keys.size(); ++k)
                if (mask >> k & 1)
                    ks.push_back(keys[k]);
            const std::uint32_t shape = pool.shapeOfKeys(ks);
            std::vector<std::uint32_t> values(ks.size(), mask);
            QCOMPARE(pool.appendNewSet(shape, values), mask - 1);
            shapeKeys.push_back(ks);
            shapeOf.push_back(shape);
        }
        QCOMPARE(pool.shapeCount(), size_t(1199));
        QCOMPARE(pool.shapeIdBytes(), 2U);
        std::vector<char> keep(pool.size());
        for (size_t i = 0; i < keep.size(); ++i)
            keep[i] = i % 5 != 0;
        const std::vector<std::uint32_t> newId = pool.keepSets(keep);
        for (std::uint32_t old = 0; old < keep.size(); ++old) {
            if (!keep[old])
                continue;
            const std::uint32_t set = newId[old];
            QCOMPARE(pool.shapeOf(set), shapeOf[old]);
            const core::LabelSetPool::Pairs p = pool.pairs(set);
            QCOMPARE(p.size(), shapeKeys[old].size());
            for (size_t j = 0; j < p.size(); ++j) {
                QCOMPARE(p[j].key, shapeKeys[old][j]);
                QCOMPARE(p[j].value, old + 1);
            }
        }
    }

    /// Sets appended unsought are found by the next intern, and only once.
    void appendedSetsAreFoundLater()
    {
        core::LabelSetPool pool;
        const std::uint32_t team = pool.internKey("team"), env = pool.internKey("env");
        const std::uint32_t a = pool.internValue("a"), b = pool.internValue("b");
        using Pairs = std::vector<core::LabelSetPool::Pair>;
        QCOMPARE(pool.appendNewSet(Pairs{{team, a}}), 0U);
        QCOMPARE(pool.appendNewSet(Pairs{{env, a}}), 1U); // same values, other key
        QCOMPARE(pool.appendNewSet(Pairs{{env, b}, {team, a}}), 2U);
        QCOMPARE(pool.internPairs(Pairs{{env, a}}), 1U);
        QCOMPARE(pool.internPairs(Pairs{{team, a}}), 0U);
        QCOMPARE(pool.appendNewSet(Pairs{{team, b}}), 3U);
        QCOMPARE(pool.intern(labelsOf(QStringLiteral("team=b"))), 3U);
        QCOMPARE(pool.intern(labelsOf(QStringLiteral("env=b;team=a"))), 2U);
        QCOMPARE(pool.intern(labelsOf(QStringLiteral("env=b"))), 4U);
        QCOMPARE(pool.size(), size_t(5));
        QCOMPARE(readBack(pool, 2), labelsOf(QStringLiteral("env=b;team=a")));
    }

    /// An intern indexes the sets of its own keys only (a load of ten million per-request sets
    /// and a few bill lines indexed all ten million for the bills): sets of other keys, appended
    /// before or after, are found once a set of their keys is interned, also after keepSets().
    void internIndexesOnlyItsKeys()
    {
        core::LabelSetPool pool;
        const std::uint32_t line = pool.internKey("line_item"), session = pool.internKey("session"),
                            team = pool.internKey("team");
        std::vector<std::uint32_t> v;
        for (int i = 0; i < 100; ++i)
            v.push_back(pool.internValue("v" + std::to_string(i)));
        using Pairs = std::vector<core::LabelSetPool::Pair>;
        using Ids = std::vector<std::uint32_t>;
        const std::uint32_t requests = pool.shapeOfKeys(Ids{session, team});
        const std::uint32_t bills = pool.shapeOfKeys(Ids{line});
        // Requests 0-49 are sets 0-49, a bill line set 50, requests 50-89 sets 51-90.
        for (std::uint32_t i = 0; i < 90; ++i) {
            if (i == 50)
                QCOMPARE(pool.appendNewSet(bills, Ids{v[0]}), 50U);
            QCOMPARE(pool.appendNewSet(requests, Ids{v[i], v[i % 7]}), i < 50 ? i : i + 1);
        }
        QCOMPARE(pool.setsIndexed(), size_t(0));
        QCOMPARE(pool.internPairs(Pairs{{line, v[1]}}), 91U);
        QCOMPARE(pool.internPairs(Pairs{{line, v[0]}}), 50U);
        QCOMPARE(pool.setsIndexed(), size_t(2)); // the bill lines only
        QCOMPARE(pool.internPairs(Pairs{{session, v[3]}, {team, v[3]}}), 3U);
        QCOMPARE(pool.internPairs(Pairs{{session, v[60]}, {team, v[60 % 7]}}), 61U);
        QCOMPARE(pool.setsIndexed(), size_t(92));
        // Sets appended after their keys were indexed are found too.
        QCOMPARE(pool.appendNewSet(requests, Ids{v[95], v[1]}), 92U);
        QCOMPARE(pool.appendNewSet(bills, Ids{v[95]}), 93U);
        QCOMPARE(pool.internPairs(Pairs{{session, v[95]}, {team, v[1]}}), 92U);
        QCOMPARE(pool.internPairs(Pairs{{line, v[95]}}), 93U);
        QCOMPARE(pool.size(), size_t(94));
        // Every other of the first 50 request sets dropped: the index starts again, from the
        // kept ids.
        std::vector<char> keep(pool.size(), 1);
        for (std::uint32_t i = 0; i < 50; i += 2)
            keep[i] = 0;
        const Ids newId = pool.keepSets(keep);
        QCOMPARE(pool.setsIndexed(), size_t(0));
        QCOMPARE(pool.internPairs(Pairs{{line, v[0]}}), newId[50]);
        QCOMPARE(pool.setsIndexed(), size_t(3));
        QCOMPARE(pool.internPairs(Pairs{{session, v[60]}, {team, v[60 % 7]}}), newId[61]);
        const auto next = static_cast<std::uint32_t>(pool.size());
        QCOMPARE(pool.internPairs(Pairs{{session, v[2]}, {team, v[2]}}), next); // dropped: new
        QCOMPARE(pool.internPairs(Pairs{{session, v[95]}, {team, v[1]}}), newId[92]);
    }
};

QTEST_APPLESS_MAIN(TestLabelSetPool)
#include "tst_labelsetpool.moc"
