// Label-set bodies (schema v5): round trips, the identity of equal sets, corrupt bodies, raw
// values as references to the set's labels and the rewrite of v4 bodies; the label-set hashes.
#include "core/ledger/labelsetcodec.h"
#include "core/ledger/ledgercodec.h"

#include <QTest>

#include <map>

using namespace unalloc;
using namespace unalloc::core;

namespace {

/// An in-memory dictionary standing in for label_strings.
struct Dict
{
    std::map<std::string, std::int64_t> ids;
    std::map<std::int64_t, std::string> texts;
    Result<std::int64_t> intern(std::string_view s)
    {
        auto [it, added] = ids.emplace(std::string(s), std::int64_t(ids.size()) + 1);
        if (added)
            texts.emplace(it->second, it->first);
        return it->second;
    }
    labelsetcodec::StringLookup lookup() const
    {
        return [this](std::int64_t id) -> std::optional<std::string_view> {
            auto it = texts.find(id);
            if (it == texts.end())
                return std::nullopt;
            return it->second;
        };
    }
};

ledgercodec::LabelSetValue sample()
{
    ledgercodec::LabelSetValue v;
    v.labels = LabelMap({{"team", "search"}, {"project", "proj-1"}, {"end_user", "cust-49092"}});
    v.raw = {{"team_id", "search"},
             {"project", "proj-1"},
             {"project_id", "p-9"},
             {"end_user", "cust-49092"}};
    v.collisions = {{"project", {"project", "project_id"}, "project", "proj-1"}};
    return v;
}

std::string encode(const ledgercodec::LabelSetValue &v, Dict &d)
{
    auto body = labelsetcodec::encode(v.labels, v.raw, v.collisions,
                                      [&d](std::string_view s) { return d.intern(s); });
    return body ? *body : std::string();
}

} // namespace

Q_DECLARE_METATYPE(unalloc::core::ledgercodec::LabelSetValue)

class TestLabelSetCodec final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrips_data();
    void roundTrips();
    void equalSetsHaveEqualBodies();
    void partsLeaveTheRestEmpty();
    void corruptBodiesAreErrors_data();
    void corruptBodiesAreErrors();
    void varints_data();
    void varints();
    void rawValuesReferToLabels();
    void hashesSeparateFields_data();
    void hashesSeparateFields();
    void v4HashIsFnv();
};

void TestLabelSetCodec::roundTrips_data()
{
    QTest::addColumn<int>("which");
    QTest::newRow("empty set") << 0;
    QTest::newRow("labels, raw labels and a collision") << 1;
    QTest::newRow("unicode and empty-looking values") << 2;
}

void TestLabelSetCodec::roundTrips()
{
    QFETCH(int, which);
    ledgercodec::LabelSetValue v;
    if (which == 1)
        v = sample();
    if (which == 2) {
        v.labels = LabelMap({{"team", "Ünicode – équipe"}, {"x", "0"}, {"y", "true"}});
        v.raw = {{"Team", "Ünicode – équipe"}, {"x", "0"}, {"y", "true"}};
    }
    Dict d;
    const std::string body = encode(v, d);
    QVERIFY(!body.empty());
    auto back = labelsetcodec::decode(body, d.lookup());
    QVERIFY2(back.has_value(), back ? "" : back.error().message().c_str());
    QVERIFY(*back == v);
    auto ids = labelsetcodec::labelIds(body);
    QVERIFY(ids.has_value());
    QCOMPARE(ids->size(), v.labels.size());
    for (size_t i = 0; i < ids->size(); ++i) {
        QCOMPARE(d.texts.at((*ids)[i].first), v.labels.entries()[i].first);
        QCOMPARE(d.texts.at((*ids)[i].second), v.labels.entries()[i].second);
    }
}

void TestLabelSetCodec::equalSetsHaveEqualBodies()
{
    Dict d;
    const std::string a = encode(sample(), d);
    ledgercodec::LabelSetValue other = sample();
    QCOMPARE(encode(other, d), a);
    other.raw[0].key = "owner"; // same labels, another raw spelling: another set
    QVERIFY(encode(other, d) != a);
    other = sample();
    other.collisions.clear();
    QVERIFY(encode(other, d) != a);
}

void TestLabelSetCodec::partsLeaveTheRestEmpty()
{
    Dict d;
    const std::string body = encode(sample(), d);
    auto labels = labelsetcodec::decode(body, d.lookup(), labelsetcodec::Parts::Labels);
    QVERIFY(labels.has_value());
    QVERIFY(labels->labels == sample().labels);
    QVERIFY(labels->raw.empty() && labels->collisions.empty());
    auto noRaw = labelsetcodec::decode(body, d.lookup(), labelsetcodec::Parts::LabelsAndCollisions);
    QVERIFY(noRaw.has_value());
    QVERIFY(noRaw->raw.empty());
    QVERIFY(noRaw->collisions == sample().collisions);
}

void TestLabelSetCodec::corruptBodiesAreErrors_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("why");
    Dict d;
    const std::string good = encode(sample(), d);
    const QByteArray g(good.data(), qsizetype(good.size()));
    QTest::newRow("empty") << QByteArray() << QStringLiteral("ends early");
    QTest::newRow("cut in the labels") << g.left(3) << QStringLiteral("ends early");
    QTest::newRow("cut in the collisions") << g.left(g.size() - 1) << QStringLiteral("ends early");
    QTest::newRow("trailing bytes")
        << (g + QByteArray(1, '\0')) << QStringLiteral("bytes after its end");
    QTest::newRow("unknown string")
        << QByteArray::fromHex("01630100000000") << QStringLiteral("does not hold");
    QTest::newRow("huge count") << QByteArray::fromHex("ffffffff0f")
                                << QStringLiteral("larger than its body");
    QTest::newRow("keys out of order")
        << QByteArray::fromHex("0201010202000000") << QStringLiteral("out of key order");
    // One label (team=alpha), one raw label whose value refers to label 1, which is not there.
    QTest::newRow("raw value refers to a missing label")
        << QByteArray::fromHex("0101020101020000") << QStringLiteral("referring to label 1");
}

void TestLabelSetCodec::corruptBodiesAreErrors()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, why);
    Dict d;
    (void)d.intern("team");  // 1
    (void)d.intern("alpha"); // 2
    auto v =
        labelsetcodec::decode(std::string_view(body.constData(), size_t(body.size())), d.lookup());
    if (QTest::currentDataTag() == QByteArray("keys out of order") ||
        QTest::currentDataTag() == QByteArray("raw value refers to a missing label")) {
        QVERIFY(!v.has_value());
    } else {
        // The dictionary of the good body is another one: rebuild it for the cut cases.
        Dict full;
        (void)encode(sample(), full);
        v = labelsetcodec::decode(std::string_view(body.constData(), size_t(body.size())),
                                  full.lookup());
        QVERIFY(!v.has_value());
    }
    QCOMPARE(v.error().code, std::string("ledger-corrupt"));
    QVERIFY2(v.error().detail.find(why.toStdString()) != std::string::npos,
             v.error().detail.c_str());
}

void TestLabelSetCodec::varints_data()
{
    QTest::addColumn<quint64>("value");
    QTest::addColumn<int>("bytes");
    QTest::newRow("0") << quint64(0) << 1;
    QTest::newRow("127") << quint64(127) << 1;
    QTest::newRow("128") << quint64(128) << 2;
    QTest::newRow("1") << quint64(1) << 1;
    QTest::newRow("2^40") << (quint64(1) << 40) << 6;
    QTest::newRow("max") << ~quint64(0) << 10;
}

void TestLabelSetCodec::varints()
{
    QFETCH(quint64, value);
    QFETCH(int, bytes);
    std::string s;
    labelsetcodec::putVarint(s, value);
    QCOMPARE(int(s.size()), bytes);
    size_t pos = 0;
    std::uint64_t back = 0;
    QVERIFY(labelsetcodec::getVarint(s, pos, back));
    QCOMPARE(quint64(back), value);
    QCOMPARE(pos, s.size());
    pos = 0;
    QVERIFY(!labelsetcodec::getVarint(std::string_view(s).substr(0, s.size() - 1), pos, back));
}

void TestLabelSetCodec::rawValuesReferToLabels()
{
    Dict d;
    for (int i = 0; i < 300; ++i) // ids past 127 take two bytes, as in any real ledger
        (void)d.intern("filler-" + std::to_string(i));
    const ledgercodec::LabelSetValue v = sample();
    const std::string v5 = encode(v, d);
    // The same set as a v4 build wrote it: a string id for every raw value.
    std::string v4;
    const auto put = [&](std::string_view text) {
        labelsetcodec::putVarint(v4, std::uint64_t(d.ids.at(std::string(text))));
    };
    labelsetcodec::putVarint(v4, v.labels.size());
    for (const auto &[k, val] : v.labels.entries()) {
        put(k);
        put(val);
    }
    labelsetcodec::putVarint(v4, v.raw.size());
    for (const RawLabel &l : v.raw) {
        put(l.key);
        put(l.value);
    }
    labelsetcodec::putVarint(v4, v.collisions.size());
    for (const Collision &c : v.collisions) {
        put(c.canonicalKey);
        put(c.winnerRawKey);
        put(c.winnerValue);
        labelsetcodec::putVarint(v4, c.rawKeys.size());
        for (const std::string &k : c.rawKeys)
            put(k);
    }
    auto rewritten = labelsetcodec::rewriteRawValuesV4(v4);
    QVERIFY(rewritten.has_value());
    QCOMPARE(*rewritten, v5); // the migration gives the body a v5 build writes
    // Three of the four raw values are labels' values: a one-byte reference each; the fourth
    // (project_id=p-9) keeps its string id.
    QCOMPARE(v4.size() - v5.size(), size_t(3));
    auto back = labelsetcodec::decode(v5, d.lookup());
    QVERIFY(back.has_value());
    QVERIFY(back->raw == v.raw);
}

QTEST_GUILESS_MAIN(TestLabelSetCodec)
#include "tst_labelsetcodec.moc"

namespace {

std::uint64_t hashOf(const ledgercodec::LabelSetValue &v)
{
    return ledgercodec::hashLabelSet(v.labels, v.raw, v.collisions);
}

std::uint64_t v4HashOf(const ledgercodec::LabelSetValue &v)
{
    return ledgercodec::hashLabelSetV4(v.labels, v.raw, v.collisions);
}

ledgercodec::LabelSetValue labelsOnly(std::vector<std::pair<std::string, std::string>> entries)
{
    ledgercodec::LabelSetValue v;
    v.labels = LabelMap(std::move(entries));
    return v;
}

} // namespace

void TestLabelSetCodec::hashesSeparateFields_data()
{
    QTest::addColumn<ledgercodec::LabelSetValue>("a");
    QTest::addColumn<ledgercodec::LabelSetValue>("b");
    ledgercodec::LabelSetValue inRaw;
    inRaw.raw = {{"team", "search"}};
    ledgercodec::LabelSetValue noCollision = sample();
    noCollision.collisions.clear();
    ledgercodec::LabelSetValue otherWinner = sample();
    otherWinner.collisions[0].winnerRawKey = "project_id";
    QTest::newRow("key/value boundary") << labelsOnly({{"ab", "c"}}) << labelsOnly({{"a", "bc"}});
    QTest::newRow("a zero byte past seven")
        << labelsOnly({{"k", "abcdefg"}}) << labelsOnly({{"k", std::string("abcdefg\0", 8)}});
    QTest::newRow("a word and one byte")
        << labelsOnly({{"k", "abcdefgh"}}) << labelsOnly({{"k", "abcdefghi"}});
    QTest::newRow("across a word") << labelsOnly({{"key-0001", "v"}, {"x", "y"}})
                                   << labelsOnly({{"key-0001v", ""}, {"x", "y"}});
    QTest::newRow("label or raw label") << labelsOnly({{"team", "search"}}) << inRaw;
    QTest::newRow("a collision or none") << sample() << noCollision;
    QTest::newRow("the collision's winner") << sample() << otherWinner;
    QTest::newRow("key and value swapped")
        << labelsOnly({{"search", "team"}}) << labelsOnly({{"team", "search"}});
}

void TestLabelSetCodec::hashesSeparateFields()
{
    QFETCH(ledgercodec::LabelSetValue, a);
    QFETCH(ledgercodec::LabelSetValue, b);
    QVERIFY(hashOf(a) != hashOf(b));
    QVERIFY(v4HashOf(a) != v4HashOf(b));
    // A copy hashes alike: the hash reads the fields, not where they are stored.
    const ledgercodec::LabelSetValue copy = a;
    QCOMPARE(hashOf(copy), hashOf(a));
    QCOMPARE(v4HashOf(copy), v4HashOf(a));
}

void TestLabelSetCodec::v4HashIsFnv()
{
    // Schema v4 stored this hash in label_sets.h: the v3 -> v4 migration must still write it.
    // FNV-1a 64 over team FF search FF 01 "raw" FF 1C "ol" FF: the fields and separators as v4
    // wrote them (the source's "\x01col" is the byte 1C, then "ol": a hex escape takes the c).
    QCOMPARE(v4HashOf(labelsOnly({{"team", "search"}})), std::uint64_t{0x3e2545f469ba8132ULL});
}
