// Largest-remainder splits: parts sum exactly to the whole (DESIGN §3).
#include "coretest.h"

#include "core/split.h"

#include <random>

using namespace unalloc::core;
using unalloc::test::dec;

namespace {
using Texts = QList<QByteArray>;

std::vector<Decimal> decimals(const Texts &texts)
{
    std::vector<Decimal> out;
    for (const QByteArray &t : texts)
        out.push_back(dec(t.constData()));
    return out;
}
} // namespace

class TestSplit final : public QObject
{
    Q_OBJECT

private slots:
    void split_data();
    void split();
    void negativeTotalsMirrorPositive();
    void randomSplitsConserve();
};

void TestSplit::split_data()
{
    QTest::addColumn<QByteArray>("total");
    QTest::addColumn<Texts>("weights");
    QTest::addColumn<int>("places");
    QTest::addColumn<Texts>("parts");
    QTest::newRow("thirds of 100.00")
        << QByteArray("100.00") << Texts{"1", "1", "1"} << 2 << Texts{"33.34", "33.33", "33.33"};
    QTest::newRow("one cent, tie to the earlier index")
        << QByteArray("0.01") << Texts{"1", "1"} << 2 << Texts{"0.01", "0"};
    QTest::newRow("largest remainder wins")
        << QByteArray("0.05") << Texts{"3", "3", "4"} << 2 << Texts{"0.02", "0.01", "0.02"};
    QTest::newRow("remainder order beats index")
        << QByteArray("1.00") << Texts{"1", "2"} << 2 << Texts{"0.33", "0.67"};
    QTest::newRow("exact proportions") << QByteArray("1.00") << Texts{"1", "2", "3", "4"} << 2
                                       << Texts{"0.10", "0.20", "0.30", "0.40"};
    QTest::newRow("decimal weights")
        << QByteArray("10") << Texts{"0.5", "1.5"} << 2 << Texts{"2.50", "7.50"};
    QTest::newRow("zero weight gets nothing")
        << QByteArray("9.99") << Texts{"0", "1"} << 2 << Texts{"0", "9.99"};
    QTest::newRow("negative weight counts as zero")
        << QByteArray("3") << Texts{"-5", "1", "2"} << 0 << Texts{"0", "1", "2"};
    QTest::newRow("all-zero weights keep the whole total")
        << QByteArray("10") << Texts{"0", "0"} << 2 << Texts{"10", "0"};
    QTest::newRow("total finer than places uses 10^-18")
        << QByteArray("0.001") << Texts{"1", "1"} << 2 << Texts{"0.0005", "0.0005"};
    QTest::newRow("whole units") << QByteArray("10") << Texts{"1", "1", "1"} << 0
                                 << Texts{"4", "3", "3"};
    QTest::newRow("negative total") << QByteArray("-100.00") << Texts{"1", "1", "1"} << 2
                                    << Texts{"-33.34", "-33.33", "-33.33"};
    QTest::newRow("no weights") << QByteArray("5") << Texts{} << 2 << Texts{};
}

void TestSplit::split()
{
    QFETCH(QByteArray, total);
    QFETCH(Texts, weights);
    QFETCH(int, places);
    QFETCH(Texts, parts);
    const auto got = splitLargestRemainder(dec(total.constData()), decimals(weights), places);
    QCOMPARE(got.size(), size_t(parts.size()));
    for (size_t i = 0; i < got.size(); ++i)
        QCOMPARE(got[i], dec(parts[static_cast<qsizetype>(i)].constData()));
}

void TestSplit::negativeTotalsMirrorPositive()
{
    const std::vector<Decimal> w = decimals({"7", "3", "5", "5", "1"});
    const auto pos = splitLargestRemainder(dec("12.34"), w, 2);
    const auto neg = splitLargestRemainder(dec("-12.34"), w, 2);
    for (size_t i = 0; i < w.size(); ++i)
        QCOMPARE(neg[i], -pos[i]);
}

void TestSplit::randomSplitsConserve()
{
    std::mt19937_64 rng(20260801);
    for (int round = 0; round < 2000; ++round) {
        const auto n = 1 + rng() % 12;
        std::vector<Decimal> w;
        for (size_t i = 0; i < n; ++i)
            w.push_back(Decimal::fromUnits(static_cast<Decimal::Units>(rng() % 1'000'000'000'000)));
        const auto cents = static_cast<std::int64_t>(rng() % 100'000'000) - 10'000'000;
        const Decimal total = Decimal::fromInt(cents).dividedByPow10(2);
        const auto parts = splitLargestRemainder(total, w, 2);
        Decimal sum;
        for (const Decimal &p : parts) {
            sum += p;
            QCOMPARE(p.roundedHalfEven(2), p); // whole cents
        }
        QCOMPARE(sum, total);
    }
}

QTEST_APPLESS_MAIN(TestSplit)
#include "tst_split.moc"
