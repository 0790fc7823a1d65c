// Label sets in chunks (schema v7): a chunk gives back every body it was given, with its id;
// damaged chunks are refused; the writer stores a set once within its window and continues
// the ids of the stored sets; removing sets leaves the other ids where they were.
#include "core/ledger/labelchunks.h"
#include "core/ledger/labelsetcodec.h"
#include "core/ledger/labelsetwriter.h"
#include "core/ledger/ledgerschema.h"

#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <tuple>

using namespace unalloc;
using namespace unalloc::core;

namespace {

/// A body as the writer encodes it, with string ids from a counter over the texts.
std::string body(const LabelMap &labels,
                 const RawLabels &raw = {},
                 const std::vector<Collision> &collisions = {})
{
    static std::map<std::string, std::int64_t> ids;
    auto b = labelsetcodec::encode(labels, raw, collisions, [](std::string_view s) {
        return Result<std::int64_t>(
            ids.emplace(std::string(s), std::int64_t(ids.size()) + 1).first->second);
    });
    return b ? *b : std::string();
}

/// Cells of a chunk: a body, or "" for an id with no set.
using Cells = std::vector<std::string>;

std::vector<std::pair<std::int64_t, std::string>>
readBack(const std::string &chunk, std::int64_t first, std::int64_t span)
{
    std::vector<std::pair<std::int64_t, std::string>> out;
    auto reader = labelchunks::ChunkReader::open(chunk, first, span);
    if (!reader)
        return {{-1, reader.error().detail}};
    std::int64_t id = 0;
    std::string_view b;
    for (;;) {
        auto got = reader->next(id, b);
        if (!got)
            return {{-1, got.error().detail}};
        if (!*got)
            return out;
        out.emplace_back(id, std::string(b));
    }
}

struct TempLedger
{
    QTemporaryDir dir;
    sql::Db db;
    TempLedger()
    {
        auto opened =
            sql::Db::open(dir.filePath(QStringLiteral("t.unalloc")).toStdString(), false, true);
        if (opened) {
            db = std::move(*opened);
            (void)ledgerschema::create(db);
            (void)db.exec("BEGIN"); // as an import writes: one transaction
        }
    }
    std::int64_t count(const char *sqlText) const { return db.scalar(sqlText).value_or(-1); }
};

/// The labels of a body stored in `db` (its string ids are the ledger's).
LabelMap labelsOf(const sql::Db &db, std::string_view stored)
{
    auto strings = labelsetcodec::StringTable::load(db);
    if (!strings)
        return {};
    auto v = labelsetcodec::decode(stored, strings->lookup());
    return v ? v->labels : LabelMap();
}

LabelMap userSet(int i)
{
    return LabelMap({{"team", "t" + std::to_string(i % 7)}, {"user", "u" + std::to_string(i)}});
}

} // namespace

Q_DECLARE_METATYPE(Cells)

class TestLabelChunks final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void damagedChunksAreRefused_data();
    void damagedChunksAreRefused();
    void writerEncodesAsTheCodec();
    void boundedStringsKeepTheirIds();
    void newStringsAreStoredUnderTheIdsTheyWereGiven();
    void writerStoresASetOnceInItsWindow();
    void aNewWriterFindsTheStoredSets();
    void removedSetsLeaveTheOthersInPlace();
};

void TestLabelChunks::roundTrip_data()
{
    QTest::addColumn<Cells>("cells");
    const LabelMap a({{"team", "search"}, {"user", "u-1"}});
    QTest::newRow("one set") << Cells{body(a, {{"team_id", "search"}, {"user", "u-1"}})};
    QTest::newRow("no labels") << Cells{body(LabelMap())};
    QTest::newRow("collision and a raw value of its own")
        << Cells{body(LabelMap(std::vector<LabelMap::Entry>{{"project", "p-1"}}),
                      {{"project", "p-1"}, {"project_id", "p-9"}},
                      {Collision{"project", std::vector<std::string>{"project", "project_id"},
                                 "project", "p-1"}})};
    QTest::newRow("holes first, between and last")
        << Cells{"", "", body(a), "", body(userSet(2)), body(userSet(3)), "", ""};
    // More shapes than a one-byte shape number holds: every key is a new key.
    Cells many;
    for (int i = 0; i < 300; ++i)
        many.push_back(body(LabelMap({{"k" + std::to_string(i), "v"}, {"team", "x"}})));
    QTest::newRow("300 shapes") << many;
    Cells same;
    for (int i = 0; i < 512; ++i)
        same.push_back(body(userSet(i), {{"owner", "t" + std::to_string(i % 7)}}));
    QTest::newRow("512 sets of one shape") << same;
    // String ids at and past 2^32 − 1 (a 32-bit reader of values must not wrap them).
    const auto wide = [](std::int64_t base) {
        std::int64_t next = base;
        auto b = labelsetcodec::encode(
            LabelMap({{"team", "a"}, {"user", "b"}}), {}, {},
            [&next](std::string_view) { return Result<std::int64_t>(next++); });
        return b ? *b : std::string();
    };
    QTest::newRow("ids past 32 bits") << Cells{wide(0xfffffffdLL), wide(0x100000001LL), wide(1)};
}

void TestLabelChunks::roundTrip()
{
    QFETCH(Cells, cells);
    labelchunks::ChunkBuilder builder;
    std::vector<std::pair<std::int64_t, std::string>> want;
    const std::int64_t first = 1000;
    for (size_t i = 0; i < cells.size(); ++i) {
        if (cells[i].empty()) {
            builder.addHole();
            continue;
        }
        QVERIFY(builder.add(cells[i]));
        want.emplace_back(first + std::int64_t(i), cells[i]);
    }
    QCOMPARE(builder.slotCount(), std::int64_t(cells.size()));
    QCOMPARE(builder.setCount(), std::int64_t(want.size()));
    const std::string chunk = builder.finish();
    QCOMPARE(readBack(chunk, first, std::int64_t(cells.size())), want);
    // As ids (what the loader reads): the labels and the collision flag of each body.
    auto reader = labelchunks::ChunkReader::open(chunk, first, std::int64_t(cells.size()));
    QVERIFY(reader.has_value());
    labelsetcodec::BodyIds ids, fromBody;
    std::int64_t id = 0;
    for (const auto &[wantId, wantBody] : want) {
        QCOMPARE(reader->nextIds(id, ids).value_or(false), true);
        QCOMPARE(id, wantId);
        QVERIFY(labelsetcodec::decodeIds(wantBody, fromBody).has_value());
        QCOMPARE(ids.labels, fromBody.labels);
        QCOMPARE(ids.hasCollisions, fromBody.hasCollisions);
        QCOMPARE(std::string(reader->body()), wantBody);
    }
    QCOMPARE(reader->nextIds(id, ids).value_or(true), false);
    // As value ids appended to what a loader holds, 32 bits each (2^32 − 1 for any larger).
    reader = labelchunks::ChunkReader::open(chunk, first, std::int64_t(cells.size()));
    QVERIFY(reader.has_value());
    // The range of the ids read widens with each set (the 7 held before is none of them).
    std::vector<std::uint32_t> values{7}, wantValues{7};
    labelchunks::IdRange range;
    for (const auto &[wantId, wantBody] : want) {
        QCOMPARE(reader->nextValues(id, values, range).value_or(false), true);
        QCOMPARE(id, wantId);
        QVERIFY(labelsetcodec::decodeIds(wantBody, fromBody).has_value());
        std::vector<std::uint64_t> wantKeys;
        for (const auto &[k, v] : fromBody.labels) {
            wantKeys.push_back(k);
            wantValues.push_back(v < 0xffffffffU ? std::uint32_t(v) : 0xffffffffU);
        }
        QCOMPARE(values, wantValues);
        if (wantValues.size() > 1) {
            QCOMPARE(range.lowest, *std::min_element(wantValues.begin() + 1, wantValues.end()));
            QCOMPARE(range.highest, *std::max_element(wantValues.begin() + 1, wantValues.end()));
        }
        QCOMPARE(reader->keys(), wantKeys);
        QCOMPARE(reader->hasCollisions(), fromBody.hasCollisions);
        QCOMPARE(std::string(reader->body()), wantBody);
    }
    QCOMPARE(reader->nextValues(id, values).value_or(true), false);
    QCOMPARE(values, wantValues);
    // The builder starts over after finish().
    QCOMPARE(builder.slotCount(), std::int64_t(0));
    if (cells.size() >= 512) // shared shapes: a set costs its values, not its keys
        QVERIFY2(chunk.size() < cells.size() * 8, std::to_string(chunk.size()).c_str());
}

void TestLabelChunks::damagedChunksAreRefused_data()
{
    QTest::addColumn<QByteArray>("chunk");
    QTest::addColumn<qint64>("span");
    labelchunks::ChunkBuilder b;
    QVERIFY(b.add(body(userSet(1))));
    QVERIFY(b.add(body(userSet(2))));
    const std::string good = b.finish();
    const QByteArray g(good.data(), qsizetype(good.size()));
    QTest::newRow("cut short") << g.left(g.size() - 1) << qint64(2);
    QTest::newRow("bytes after the last slot") << (g + '\x00') << qint64(2);
    QTest::newRow("more slots than stored") << g << qint64(3);
    QTest::newRow("no span") << g << qint64(0);
    QTest::newRow("empty") << QByteArray() << qint64(1);
    // One shape (one label, key 5, nothing after it), a slot naming shape 2.
    // A shape whose rest says no raw labels and no collisions, then one byte more.
    QTest::newRow("shape longer than its parts")
        << QByteArray("\x01\x01\x05\x03\x00\x00\x09\x01\x07", 9) << qint64(1);
    QTest::newRow("unknown shape")
        << QByteArray("\x01\x01\x05\x02\x00\x00\x02\x07", 8) << qint64(1);
}

void TestLabelChunks::damagedChunksAreRefused()
{
    QFETCH(QByteArray, chunk);
    QFETCH(qint64, span);
    const auto got = readBack(chunk.toStdString(), 1, span);
    QVERIFY(!got.empty());
    QCOMPARE(got.front().first, -1);
    QVERIFY2(got.front().second.find("stored label-set chunk 1") != std::string::npos,
             got.front().second.c_str());
}

void TestLabelChunks::writerEncodesAsTheCodec()
{
    // Sets of one key shape whose raw values point at different labels from set to set, hold
    // a value two labels share, or a value of their own; a shape with collisions; the same
    // shapes again. The writer's bodies and string ids must be the codec's, in first-seen order.
    struct Set
    {
        LabelMap labels;
        RawLabels raw;
        std::vector<Collision> collisions;
    };
    const auto two = [](std::string a, std::string b) {
        return LabelMap(
            std::vector<LabelMap::Entry>{{"team", std::move(a)}, {"user", std::move(b)}});
    };
    const std::vector<Set> sets = {
        {two("search", "u-1"), {{"user_id", "u-1"}, {"team_id", "search"}}, {}},
        {two("ads", "u-2"), {{"user_id", "ads"}, {"team_id", "u-2"}}, {}},
        {two("x", "x"), {{"user_id", "x"}, {"team_id", "x"}}, {}},
        {two("y", "u-3"), {{"user_id", "own value"}, {"team_id", "y"}}, {}},
        {LabelMap(std::vector<LabelMap::Entry>{{"project", "p-1"}}),
         {{"project", "p-1"}, {"project_id", "p-9"}},
         {Collision{"project", std::vector<std::string>{"project", "project_id"}, "project",
                    "p-1"}}},
        {two("search", "u-1"), {{"user_id", "u-1"}, {"team_id", "search"}}, {}},
        {two("z", "u-4"), {{"team_id", "z"}, {"user_id", "u-4"}}, {}},
        {two("z", "u-5"), {{"team_id", "z"}, {"user_id", "u-5"}}, {}},
    };
    std::map<std::string, std::int64_t> dict;
    const auto codecIntern = [&dict](std::string_view s) {
        return Result<std::int64_t>(
            dict.emplace(std::string(s), std::int64_t(dict.size()) + 1).first->second);
    };
    TempLedger t;
    LabelSetWriter w(t.db);
    QVERIFY(w.prepare().has_value());
    std::map<std::int64_t, std::string> want;
    for (const Set &set : sets) {
        const auto id = w.intern(set.labels, set.raw, set.collisions);
        QVERIFY(id.has_value());
        want[*id] = labelsetcodec::encode(set.labels, set.raw, set.collisions, codecIntern).value();
    }
    QCOMPARE(want.size(), size_t(7)); // the sixth set is the first again
    QVERIFY(w.flush().has_value());
    labelchunks::BodyLookup lookup(t.db);
    for (const auto &[id, body] : want) {
        auto found = lookup.find(id);
        QVERIFY(found.has_value() && found->has_value());
        QCOMPARE(**found, body);
    }
    QCOMPARE(t.count("SELECT count(*) FROM label_strings"), std::int64_t(dict.size()));
    for (const auto &[text, id] : dict) {
        const std::string sqlText = "SELECT id FROM label_strings WHERE s = '" + text + "'";
        QCOMPARE(t.count(sqlText.c_str()), id);
    }
}

void TestLabelChunks::boundedStringsKeepTheirIds()
{
    // A writer that forgets its strings every few (found again in the ledger), or gives back
    // all it holds every 50 sets (release()), stores the same dictionary and the same sets as
    // one that keeps them all.
    const auto write = [](TempLedger &t, size_t bound, int releaseEvery = 0) {
        LabelSetWriter w(t.db);
        if (!w.prepare())
            return std::vector<std::int64_t>{};
        w.setStringBound(bound);
        std::vector<std::int64_t> ids;
        for (int i = 0; i < 300; ++i) { // values come back: users repeat every 37 sets
            if (releaseEvery != 0 && i % releaseEvery == releaseEvery - 1) {
                if (!w.flush())
                    return std::vector<std::int64_t>{};
                w.release();
            }
            ids.push_back(w.intern(LabelMap(std::vector<LabelMap::Entry>{
                                       {"team", "t" + std::to_string(i % 7)},
                                       {"user", "u" + std::to_string(i % 37)},
                                       {"session", "s" + std::to_string(i / 3)}}),
                                   {{"user_id", "u" + std::to_string(i % 37)}}, {})
                              .value_or(-1));
        }
        (void)w.flush();
        return ids;
    };
    TempLedger all, few, released;
    const auto kept = write(all, LabelSetWriter::kStrings);
    QCOMPARE(write(few, 5), kept);
    QCOMPARE(write(released, LabelSetWriter::kStrings, 50), kept);
    QCOMPARE(std::count(kept.begin(), kept.end(), -1), 0);
    const auto dump = [](const TempLedger &t, const char *sqlText) {
        std::vector<std::string> out;
        auto st = t.db.prepare(sqlText);
        for (auto row = st->step(); row && *row; row = st->step())
            out.push_back(std::string(st->textView(0)) + "|" + std::string(st->blob(1)));
        return out;
    };
    const char *strings = "SELECT s, id FROM label_strings ORDER BY id";
    const char *chunks = "SELECT first, body FROM label_chunks ORDER BY first";
    QVERIFY(dump(all, strings).size() > 100);
    QCOMPARE(dump(few, strings), dump(all, strings));
    QCOMPARE(dump(few, chunks), dump(all, chunks));
    QCOMPARE(dump(released, strings), dump(all, strings));
}

void TestLabelChunks::newStringsAreStoredUnderTheIdsTheyWereGiven()
{
    // New strings get their ids at once and reach the table later, in text order: with 81k
    // of them, with a bound that makes the writer forget them (and look up in the table only
    // those its filter may have stored) and in a second transaction, each string keeps the
    // id it was given, in the order the codec meets them, and the bodies name those ids.
    std::map<std::string, std::int64_t> dict;
    const auto codecIntern = [&dict](std::string_view s) {
        return Result<std::int64_t>(
            dict.emplace(std::string(s), std::int64_t(dict.size()) + 1).first->second);
    };
    const auto set = [](int i) {
        // Values in descending text order as they come: sorting them must not renumber them.
        const std::string n = std::to_string(999'999 - i);
        return std::pair(
            LabelMap(std::vector<LabelMap::Entry>{{"ip", "10." + n},
                                                  {"session", "s-" + n},
                                                  {"team", "t" + std::to_string(i % 7)},
                                                  {"user", "u" + std::to_string(i % 41)}}),
            RawLabels{{"ip_address", "10." + n}, {"user_id", "u" + std::to_string(i % 41)}});
    };
    TempLedger t;
    std::map<std::int64_t, std::string> want;
    for (const auto &[from, to, bound] : {std::tuple(0, 40'000, LabelSetWriter::kStrings),
                                          std::tuple(40'000, 41'000, size_t(500))}) {
        LabelSetWriter w(t.db);
        QVERIFY(w.prepare().has_value());
        w.setStringBound(bound);
        for (int i = from; i < to; ++i) {
            const auto [labels, raw] = set(i);
            const auto id = w.intern(labels, raw, {});
            QVERIFY(id.has_value());
            want[*id] = labelsetcodec::encode(labels, raw, {}, codecIntern).value();
        }
        QVERIFY(w.flush().has_value());
    }
    QVERIFY(dict.size() > 81'000);
    QCOMPARE(t.count("SELECT count(*) FROM label_strings"), std::int64_t(dict.size()));
    auto st = t.db.prepare("SELECT id, s FROM label_strings");
    QVERIFY(st.has_value());
    size_t rows = 0;
    for (auto row = st->step(); row && *row; row = st->step(), ++rows)
        QCOMPARE(st->int64(0), dict.at(std::string(st->textView(1))));
    QCOMPARE(rows, dict.size());
    labelchunks::BodyLookup lookup(t.db);
    for (const auto &[id, body] : want) {
        auto found = lookup.find(id);
        QVERIFY(found.has_value() && found->has_value());
        QCOMPARE(**found, body);
    }
}

void TestLabelChunks::writerStoresASetOnceInItsWindow()
{
    TempLedger t;
    QVERIFY(t.db.handle());
    LabelSetWriter w(t.db);
    QVERIFY(w.prepare().has_value());
    const auto intern = [&w](int i) {
        return w.intern(userSet(i), {{"user_id", "u" + std::to_string(i)}}, {}).value_or(-1);
    };
    QCOMPARE(intern(0), 1);
    QCOMPARE(intern(1), 2);
    QCOMPARE(intern(0), 1);
    // Ids follow one another across chunks; a set met again inside the window keeps its id.
    const int n = 1300;
    for (int i = 2; i < n; ++i)
        QCOMPARE(intern(i), std::int64_t(i) + 1);
    QCOMPARE(intern(5), 6);
    QCOMPARE(intern(n - 1), std::int64_t(n));
    QVERIFY(w.flush().has_value());
    QCOMPARE(w.setsAdded(), size_t(n));
    QCOMPARE(t.count("SELECT sum(sets) FROM label_chunks"), n);
    QCOMPARE(t.count("SELECT count(*) FROM label_chunks"), (n + 511) / 512);
    QCOMPARE(t.count("SELECT max(span) FROM label_chunks"), labelchunks::kSlots);
    // Past two generations of the window, a set is stored again under a new id (readers
    // fold sets by their labels); within them it is found.
    const int far = int(2 * LabelSetWriter::kWindow);
    for (int i = n; i < n + far; ++i)
        QCOMPARE(intern(i), std::int64_t(i) + 1);
    QCOMPARE(intern(n + far - int(LabelSetWriter::kWindow)),
             std::int64_t(n + far - int(LabelSetWriter::kWindow)) + 1);
    QCOMPARE(intern(0), std::int64_t(n + far) + 1);
    QVERIFY(w.flush().has_value());
    QCOMPARE(t.count("SELECT sum(sets) FROM label_chunks"), n + far + 1);
}

void TestLabelChunks::aNewWriterFindsTheStoredSets()
{
    TempLedger t;
    {
        LabelSetWriter w(t.db);
        QVERIFY(w.prepare().has_value());
        for (int i = 0; i < 700; ++i)
            QCOMPARE(w.intern(userSet(i), {}, {}).value_or(-1), std::int64_t(i) + 1);
        QVERIFY(w.flush().has_value());
    }
    LabelSetWriter again(t.db);
    QVERIFY(again.prepare().has_value());
    QCOMPARE(again.intern(userSet(3), {}, {}).value_or(-1), 4);
    QCOMPARE(again.intern(userSet(699), {}, {}).value_or(-1), 700);
    QCOMPARE(again.intern(userSet(700), {}, {}).value_or(-1), 701);
    QCOMPARE(again.setsAdded(), size_t(1));
    QVERIFY(again.flush().has_value());
    // The new set starts a chunk of its own after the last stored id.
    QCOMPARE(t.count("SELECT first FROM label_chunks ORDER BY first DESC LIMIT 1"), 701);
    labelchunks::BodyLookup lookup(t.db);
    for (std::int64_t id : {1, 4, 512, 513, 700, 701}) {
        auto found = lookup.find(id);
        QVERIFY(found.has_value() && found->has_value());
        QCOMPARE(labelsOf(t.db, **found), userSet(int(id) - 1));
    }
    auto none = lookup.find(702);
    QVERIFY(none.has_value() && !none->has_value());
}

void TestLabelChunks::removedSetsLeaveTheOthersInPlace()
{
    TempLedger t;
    LabelSetWriter w(t.db);
    QVERIFY(w.prepare().has_value());
    for (int i = 0; i < 1100; ++i) // chunks 1–512, 513–1024, 1025–1100
        QVERIFY(w.intern(userSet(i), {}, {}).has_value());
    QVERIFY(w.flush().has_value());
    std::vector<std::int64_t> gone{2, 3, 512};
    for (std::int64_t id = 513; id <= 1024; ++id)
        gone.push_back(id); // a whole chunk
    gone.push_back(1099);
    gone.push_back(1100); // the last ids: the last chunk gets shorter
    auto removed = labelchunks::removeSets(t.db, gone);
    QVERIFY2(removed.has_value(), removed ? "" : removed.error().detail.c_str());
    QCOMPARE(*removed, std::int64_t(gone.size()));
    QCOMPARE(t.count("SELECT count(*) FROM label_chunks"), 2);
    QCOMPARE(t.count("SELECT span FROM label_chunks WHERE first = 1"), 511);
    QCOMPARE(t.count("SELECT span FROM label_chunks WHERE first = 1025"), 74);
    QCOMPARE(t.count("SELECT sum(sets) FROM label_chunks"), 1100 - std::int64_t(gone.size()));
    QCOMPARE(labelchunks::nextId(t.db).value_or(-1), 1099);
    labelchunks::SetScan scan(t.db);
    std::int64_t id = 0, expected = 1;
    std::string_view b;
    for (auto got = scan.next(id, b); got && *got; got = scan.next(id, b)) {
        while (std::find(gone.begin(), gone.end(), expected) != gone.end())
            ++expected;
        QCOMPARE(id, expected);
        QCOMPARE(labelsOf(t.db, b), userSet(int(id) - 1));
        ++expected;
    }
    QCOMPARE(expected, 1099);
}

QTEST_GUILESS_MAIN(TestLabelChunks)
#include "tst_labelchunks.moc"
