// Stored amounts (schema v8, ledgercodec.h): every amount comes back exactly, SQLite's memcmp
// order of the blobs is the numeric order, equal amounts are equal blobs, a blob the encoder
// never writes is refused, and the v7 encoding still reads.
#include "core/ledger/ledgercodec.h"

#include <QTest>

#include <algorithm>
#include <cstring>
#include <random>

using namespace unalloc;
using namespace unalloc::core;
namespace codec = unalloc::core::ledgercodec;

namespace {

Decimal dec(const char *text)
{
    return Decimal::parse(text).value();
}

// The order SQLite gives BLOBs: memcmp over the common length, then the shorter first.
int blobOrder(const codec::AmountBlob &a, const codec::AmountBlob &b)
{
    const int n = std::min(a.size(), b.size());
    if (const int c = std::memcmp(a.data(), b.data(), static_cast<size_t>(n)); c != 0)
        return c < 0 ? -1 : 1;
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

int numericOrder(Decimal a, Decimal b)
{
    return a.units() == b.units() ? 0 : (a.units() < b.units() ? -1 : 1);
}

__int128 extreme(bool negative)
{
    const auto max = static_cast<__int128>((static_cast<unsigned __int128>(1) << 127) - 1);
    return negative ? -max - 1 : max;
}

} // namespace

class TestAmountCodec final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrips_data();
    void roundTrips();
    void ordersAsNumbers();
    void refusesWhatItNeverWrites_data();
    void refusesWhatItNeverWrites();
    void readsTheV7Encoding();
};

void TestAmountCodec::roundTrips_data()
{
    QTest::addColumn<QString>("amount");
    QTest::addColumn<int>("bytes");
    QTest::addColumn<QByteArray>("hex");
    QTest::newRow("zero") << u"0"_qs << 1 << QByteArray("80");
    QTest::newRow("one unit") << u"0.000000000000000001"_qs << 2 << QByteArray("8101");
    QTest::newRow("minus one unit") << u"-0.000000000000000001"_qs << 2 << QByteArray("7ffe");
    // 1 = 10^18 units = 0x0DE0B6B3A7640000: eight bytes, the last two zero and dropped.
    QTest::newRow("one") << u"1"_qs << 7 << QByteArray("880de0b6b3a764");
    QTest::newRow("minus one") << u"-1"_qs << 9 << QByteArray("78f21f494c589bffff");
    QTest::newRow("cents") << u"0.25"_qs << 7 << QByteArray("8803782dace9d9");
    QTest::newRow("a gateway row") << u"0.0187775"_qs << 7 << QByteArray("8742b609694518");
    QTest::newRow("a month") << u"84000.18"_qs << 9 << QByteArray("8a11c9a8ac81f8e812");
    QTest::newRow("credit") << u"-1234.5"_qs << 10 << QByteArray("77bd13def6a94c45ffff");
}

void TestAmountCodec::roundTrips()
{
    QFETCH(QString, amount);
    QFETCH(int, bytes);
    QFETCH(QByteArray, hex);
    const Decimal d = dec(amount.toLatin1().constData());
    const codec::AmountBlob blob = codec::encodeAmount(d);
    const QByteArray got =
        QByteArray(reinterpret_cast<const char *>(blob.data()), blob.size()).toHex();
    if (!hex.isEmpty())
        QCOMPARE(got, hex);
    QCOMPARE(blob.size(), bytes);
    const auto back = codec::decodeAmount(blob.view());
    QVERIFY(back.has_value());
    QCOMPARE(back->toString(), d.toString());
}

void TestAmountCodec::ordersAsNumbers()
{
    std::vector<Decimal> values = {Decimal{},
                                   Decimal::fromUnits(1),
                                   Decimal::fromUnits(-1),
                                   Decimal::fromUnits(255),
                                   Decimal::fromUnits(256),
                                   Decimal::fromUnits(-255),
                                   Decimal::fromUnits(-256),
                                   Decimal::fromUnits(extreme(false)),
                                   Decimal::fromUnits(extreme(true)),
                                   dec("1"),
                                   dec("-1"),
                                   dec("1.000000000000000001"),
                                   dec("0.999999999999999999")};
    // Amounts of every size, with and without trailing zero bytes, and their negations.
    std::mt19937_64 rng(20261205);
    for (int i = 0; i < 4000; ++i) {
        const int bits = 1 + static_cast<int>(rng() % 120);
        __int128 u = static_cast<__int128>(rng()) << 64 | static_cast<__int128>(rng());
        u &= (static_cast<__int128>(1) << bits) - 1;
        if (rng() % 3 == 0)
            u &= ~static_cast<__int128>(0xFFFF); // whole amounts end in zero bytes
        values.push_back(Decimal::fromUnits(rng() % 2 ? u : -u));
    }
    for (const Decimal &v : values) {
        const auto blob = codec::encodeAmount(v);
        const auto back = codec::decodeAmount(blob.view());
        QVERIFY2(back && back->units() == v.units(), v.toString().c_str());
    }
    for (size_t i = 0; i < values.size(); ++i) {
        const auto a = codec::encodeAmount(values[i]);
        const size_t j = (i * 7919 + 13) % values.size();
        const auto b = codec::encodeAmount(values[j]);
        QVERIFY2(blobOrder(a, b) == numericOrder(values[i], values[j]),
                 (values[i].toString() + " vs " + values[j].toString()).c_str());
    }
}

void TestAmountCodec::refusesWhatItNeverWrites_data()
{
    QTest::addColumn<QByteArray>("hex");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("zero with a byte") << QByteArray("8000");
    QTest::newRow("positive without bytes") << QByteArray("81");
    QTest::newRow("trailing zero byte") << QByteArray("82ff00");
    QTest::newRow("leading zero byte") << QByteArray("8200ff");
    QTest::newRow("more bytes than said") << QByteArray("81ffff");
    QTest::newRow("negative short") << QByteArray("7eff");
    QTest::newRow("negative leading zero") << QByteArray("7fff");
    QTest::newRow("length byte out of range") << QByteArray("91ff");
    QTest::newRow("v7 blob") << QByteArray("800000000000000AD78EBC5AC6200000");
}

void TestAmountCodec::refusesWhatItNeverWrites()
{
    QFETCH(QByteArray, hex);
    const QByteArray bytes = QByteArray::fromHex(hex);
    const auto d = codec::decodeAmount(std::string_view(bytes.constData(), bytes.size()));
    QVERIFY(!d.has_value());
    QCOMPARE(d.error().code, std::string("ledger-corrupt"));
}

void TestAmountCodec::readsTheV7Encoding()
{
    // 200 = 0xAD78EBC5AC6200000 units with the sign bit flipped, as v1 to v7 wrote it.
    const QByteArray bytes = QByteArray::fromHex("800000000000000AD78EBC5AC6200000");
    const auto d = codec::decodeLegacyAmount(std::string_view(bytes.constData(), 16));
    QVERIFY(d.has_value());
    QCOMPARE(d->toString(), dec("200").toString());
    QCOMPARE(d->units(), dec("200").units());
    const auto again = codec::encodeLegacyAmount(dec("-3.5"));
    const auto back = codec::decodeLegacyAmount(
        std::string_view(reinterpret_cast<const char *>(again.data()), again.size()));
    QCOMPARE(back->units(), dec("-3.5").units());
    QVERIFY(!codec::decodeLegacyAmount(std::string_view(bytes.constData(), 15)).has_value());
}

QTEST_GUILESS_MAIN(TestAmountCodec)
#include "tst_amountcodec.moc"
