// Aggregate segments (schema v6): exact round trips of every field, malformed bodies refused
// (never read past their end), and the merge of a ledger's segments with the agg table's
// adjustments in key order.
#include "core/ledger/aggsegment.h"
#include "core/ledger/ledgercodec.h"

#include <QTest>

#include <vector>

using namespace unalloc;
using namespace unalloc::core;
using aggsegment::Group;

namespace {

Group group(std::int64_t labelSet,
            const char *amount,
            std::int64_t rows = 1,
            std::int32_t day = 20666)
{
    Group g;
    g.labelSet = labelSet;
    g.source = 1;
    g.object = 2;
    g.day = day;
    g.currency = 3;
    g.batch = 7;
    g.provider = 4;
    g.model = 5;
    g.days = 1;
    g.amount = Decimal::parse(amount).value();
    g.rows = rows;
    return g;
}

bool same(const Group &a, const Group &b)
{
    return aggsegment::compareKey(a, b) == 0 && a.amount == b.amount && a.rows == b.rows;
}

std::vector<Group>
readAll(const std::string &body, std::int64_t batch, std::string *error = nullptr)
{
    std::vector<Group> out;
    aggsegment::Reader r(body, batch);
    for (Group g;;) {
        auto got = r.next(g);
        if (!got) {
            if (error)
                *error = got.error().detail;
            return out;
        }
        if (!*got)
            return out;
        out.push_back(g);
    }
}

} // namespace

class TestAggSegment final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void typicalGatewayGroupIsSmall();
    void malformedBodiesAreRefused_data();
    void malformedBodiesAreRefused();
    void everyTruncationIsRefused();
    void mergesSegmentsWithAdjustments();
};

void TestAggSegment::roundTrip_data()
{
    QTest::addColumn<QString>("amount");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<int>("day");
    QTest::addColumn<int>("days");
    QTest::addColumn<qint64>("id");
    QTest::newRow("zero") << "0" << qint64(1) << 20666 << 1 << qint64(1);
    QTest::newRow("gateway request") << "0.000123" << qint64(1) << 20666 << 1 << qint64(5);
    QTest::newRow("every decimal place")
        << "0.123456789012345678" << qint64(3) << 20000 << 1 << qint64(9);
    QTest::newRow("negative credit") << "-12.5" << qint64(2) << 20666 << 7 << qint64(12);
    QTest::newRow("beyond 64 bits")
        << "123456789012.000000000000000001" << qint64(40) << 19000 << 31 << qint64(1);
    QTest::newRow("largest magnitude")
        << "-99999999999999999999.999999999999999999" << qint64(1) << 20666 << 1 << qint64(2);
    // The amount's varint at the edge of 64 bits (read in 64-bit arithmetic up to there):
    // 2^63 - 1 and -2^63 units of 10^18 take ten bytes, 2^63 needs the 128-bit path.
    QTest::newRow("2^63 - 1 after 18 zeros")
        << "9223372036854775807" << qint64(1) << 20666 << 1 << qint64(4);
    QTest::newRow("-2^63 after 18 zeros")
        << "-9223372036854775808" << qint64(1) << 20666 << 1 << qint64(4);
    QTest::newRow("2^63 after 18 zeros")
        << "9223372036854775808" << qint64(1) << 20666 << 1 << qint64(4);
    QTest::newRow("2^63 - 1 units")
        << "9.223372036854775807" << qint64(1) << 20666 << 1 << qint64(4);
    QTest::newRow("before 1970") << "1.00" << qint64(1) << -400 << 28 << qint64(3);
    QTest::newRow("large ids") << "5" << qint64(1) << 20666 << 1 << (qint64(1) << 40);
}

void TestAggSegment::roundTrip()
{
    QFETCH(QString, amount);
    QFETCH(qint64, rows);
    QFETCH(int, day);
    QFETCH(int, days);
    QFETCH(qint64, id);
    // The case's group between two neighbours, so deltas and "same as before" flags both run.
    std::vector<Group> groups{group(1, "0.01"), group(id + 1, "0"), group(id + 2, "3", 2)};
    Group &g = groups[1];
    g.amount = Decimal::parse(amount.toStdString()).value();
    g.rows = rows;
    g.day = day;
    g.days = days;
    g.object = id; // an id as large as the label set's
    const std::string body = aggsegment::encode(groups);
    std::string error;
    const std::vector<Group> back = readAll(body, 7, &error);
    QVERIFY2(error.empty(), error.c_str());
    QCOMPARE(back.size(), groups.size());
    for (size_t i = 0; i < groups.size(); ++i)
        QVERIFY2(same(back[i], groups[i]), qPrintable(QString::number(i)));
    QCOMPARE(back[1].amount.toString(), g.amount.toString());
}

void TestAggSegment::typicalGatewayGroupIsSmall()
{
    // A request's group: its own label set, the batch's source and currency, a cent amount
    // with six decimals. The agg table took ~44 bytes for it.
    std::vector<Group> groups;
    for (int i = 1; i <= 1000; ++i)
        groups.push_back(group(i, i % 2 ? "0.002315" : "0.0179", 1, 20666 + i % 30));
    const std::string body = aggsegment::encode(groups);
    QVERIFY2(body.size() < 8 * groups.size(), qPrintable(QString::number(body.size())));
    QCOMPARE(readAll(body, 7).size(), groups.size());
}

void TestAggSegment::malformedBodiesAreRefused_data()
{
    QTest::addColumn<QByteArray>("body");
    const std::string good = aggsegment::encode(std::vector<Group>{group(1, "1"), group(2, "2")});
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("unknown format") << QByteArray("\x02\x01", 2);
    QTest::newRow("count beyond the body") << QByteArray("\x01\x7f", 2);
    QTest::newRow("trailing byte") << (QByteArray::fromStdString(good) + QByteArray(1, '\0'));
    // Keys out of order: a label set delta that wraps around.
    QTest::newRow("keys out of order") << QByteArray::fromStdString(
        aggsegment::encode(std::vector<Group>{group(5, "1"), group(3, "2")}));
    QTest::newRow("equal keys") << QByteArray::fromStdString(
        aggsegment::encode(std::vector<Group>{group(5, "1"), group(5, "2")}));
    std::string badScale = aggsegment::encode(std::vector<Group>{group(1, "1")});
    badScale[badScale.size() - 2] = 19; // k beyond 18 decimal places
    QTest::newRow("scale beyond 18") << QByteArray::fromStdString(badScale);
    // 2^124 (zigzag 2^125: seventeen 0x80 bytes, then 0x40) times 10^18 overflows 128 bits.
    std::string huge = aggsegment::encode(std::vector<Group>{group(1, "1")});
    huge.resize(huge.size() - 2);
    huge += static_cast<char>(18);
    huge += std::string(17, '\x80');
    huge += '\x40';
    QTest::newRow("amount beyond 128 bits") << QByteArray::fromStdString(huge);
}

void TestAggSegment::malformedBodiesAreRefused()
{
    QFETCH(QByteArray, body);
    std::string error;
    readAll(body.toStdString(), 7, &error);
    QVERIFY(!error.empty());
    QVERIFY2(error.find("aggregate segment") != std::string::npos, error.c_str());
}

void TestAggSegment::everyTruncationIsRefused()
{
    std::vector<Group> groups;
    for (int i = 1; i <= 20; ++i)
        groups.push_back(group(i * 3, i % 3 ? "12345.678" : "-0.5", i, 20000 + i));
    const std::string body = aggsegment::encode(groups);
    for (size_t n = 0; n < body.size(); ++n) {
        std::string error;
        readAll(body.substr(0, n), 7, &error);
        QVERIFY2(!error.empty(), qPrintable(QString::number(n)));
    }
}

void TestAggSegment::mergesSegmentsWithAdjustments()
{
    auto db = sql::Db::open(":memory:", false, true);
    QVERIFY(db.has_value());
    QVERIFY(db->exec("CREATE TABLE agg(label_set INTEGER NOT NULL, source INTEGER NOT NULL, "
                     "object INTEGER NOT NULL, day INTEGER NOT NULL, currency INTEGER NOT NULL, "
                     "batch INTEGER NOT NULL, provider INTEGER NOT NULL, model INTEGER NOT NULL, "
                     "days INTEGER NOT NULL, amount BLOB NOT NULL, rows INTEGER NOT NULL, "
                     "PRIMARY KEY (label_set, source, object, day, currency, batch, provider, "
                     "model, days)) WITHOUT ROWID;"
                     "CREATE TABLE agg_segments(id INTEGER PRIMARY KEY, batch INTEGER NOT NULL, "
                     "groups INTEGER NOT NULL, body BLOB NOT NULL);")
                .has_value());
    // Batch 1 spans two segments; batch 2 interleaves with it by label set.
    std::vector<Group> one, two;
    for (int i = 0; i < 5; ++i) {
        Group g = group(2 * i + 1, "1.10");
        g.batch = 1;
        one.push_back(g);
        Group h = group(2 * i + 2, "2.20");
        h.batch = 2;
        two.push_back(h);
    }
    QVERIFY(aggsegment::writeBatch(*db, 1, std::span(one).first(3)).has_value());
    QVERIFY(aggsegment::writeBatch(*db, 2, two).has_value());
    QVERIFY(aggsegment::writeBatch(*db, 1, std::span(one).subspan(3)).has_value());
    // Adjustments: group 3 (batch 1) loses its row and amount, group 4 (batch 2) gains an
    // amount without a row, and a group no segment holds appears.
    const auto adjust = [&](Group g, const char *amount, std::int64_t rows) {
        auto st =
            db->prepare("INSERT INTO agg VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
        QVERIFY(st.has_value());
        st->bind(1, g.labelSet);
        st->bind(2, g.source);
        st->bind(3, g.object);
        st->bind(4, std::int64_t{g.day});
        st->bind(5, g.currency);
        st->bind(6, g.batch);
        st->bind(7, g.provider);
        st->bind(8, g.model);
        st->bind(9, std::int64_t{g.days});
        const auto blob = ledgercodec::encodeAmount(Decimal::parse(amount).value());
        st->bindBlob(10, blob.data(), blob.size());
        st->bind(11, rows);
        QVERIFY(st->exec().has_value());
    };
    adjust(one[1], "-1.10", -1);
    adjust(two[1], "0.05", 0);
    Group extra = group(100, "9.99");
    extra.batch = 1;
    adjust(extra, "9.99", 1);

    aggsegment::Merged merged(*db);
    QVERIFY(merged.start().has_value());
    std::vector<Group> out;
    for (Group g;;) {
        auto got = merged.next(g);
        QVERIFY2(got.has_value(), got ? "" : got.error().detail.c_str());
        if (!*got)
            break;
        out.push_back(g);
    }
    QCOMPARE(out.size(), size_t(10)); // 10 groups − 1 emptied + 1 new
    for (size_t i = 1; i < out.size(); ++i)
        QVERIFY(aggsegment::compareKey(out[i - 1], out[i]) < 0);
    QVERIFY(std::none_of(out.begin(), out.end(), [](const Group &g) { return g.labelSet == 3; }));
    const auto at = [&](std::int64_t set) {
        return *std::find_if(out.begin(), out.end(),
                             [&](const Group &g) { return g.labelSet == set; });
    };
    QCOMPARE(at(4).amount.toString(), std::string("2.25"));
    QCOMPARE(at(4).rows, std::int64_t(1));
    QCOMPARE(at(100).amount.toString(), std::string("9.99"));

    // An adjustment that takes a row from a group no segment holds is a corrupt ledger.
    Group ghost = group(50, "1");
    ghost.batch = 2;
    adjust(ghost, "-1", -1);
    aggsegment::Merged again(*db);
    QVERIFY(again.start().has_value());
    bool failed = false;
    for (Group g;;) {
        auto got = again.next(g);
        if (!got) {
            failed = got.error().code == "ledger-corrupt";
            break;
        }
        if (!*got)
            break;
    }
    QVERIFY(failed);
}

QTEST_GUILESS_MAIN(TestAggSegment)
#include "tst_aggsegment.moc"
