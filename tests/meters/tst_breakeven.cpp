// Self-hosting break-even (issue 16, studies.md U3): exact API pricing of token totals, the
// log-ratio interpolation, and the simulator's traffic against the paper's two rates.
#include "core/meters/breakeven.h"

#include <QTest>

#include <cmath>

using namespace unalloc::core;

namespace {

Decimal dec(const char *text)
{
    return *Decimal::parse(text);
}

BreakevenPoint point(double rate, double ratio)
{
    BreakevenPoint p;
    p.ratePerS = rate;
    p.ratio = ratio;
    return p;
}

} // namespace

class TestBreakeven final : public QObject
{
    Q_OBJECT

private slots:
    void pricesAreExact();
    void interpolation_data();
    void interpolation();
    void parseTier_data();
    void parseTier();
    void measuredTrafficAtOtherRates();
    void reproducesThePaper();
};

void TestBreakeven::pricesAreExact()
{
    // 1,000,000 prompt tokens of which 400,000 cached, 250,000 output, one hour of wall time.
    TrafficTotals t{1.0, 1'000'000, 400'000, 250'000, 3'600'000'000'000};
    const auto tiers = ApiTier::defaults();
    // small: 0.6 × 0.15 + 0.4 × 0.075 + 0.25 × 0.60 = 0.09 + 0.03 + 0.15 = 0.27
    QCOMPARE(apiCost(tiers[0], t).toString(), std::string("0.27"));
    // mid: 0.6 × 1.00 + 0.4 × 0.10 + 0.25 × 5.00 = 0.60 + 0.04 + 1.25 = 1.89
    QCOMPARE(apiCost(tiers[1], t).toString(), std::string("1.89"));
    QCOMPARE(selfHostedCost(dec("3"), t).toString(), std::string("3.00"));
    t.wallNs = 1'200'000'000'000; // 20 minutes
    QCOMPARE(selfHostedCost(dec("3"), t).toString(), std::string("1.00"));
    const auto b = breakeven({t}, {tiers[1]}, dec("3"));
    QCOMPARE(b.size(), size_t(1));
    QCOMPARE(b[0].points[0].apiUsd.toString(), std::string("1.89"));
    QVERIFY(std::abs(b[0].points[0].ratio - 1.0 / 1.89) < 1e-12);
}

void TestBreakeven::interpolation_data()
{
    QTest::addColumn<QList<double>>("rates");
    QTest::addColumn<QList<double>>("ratios");
    QTest::addColumn<double>("expected"); // < 0: none
    // The study's published points (use_cases/metrics.json, U3): interpolating log(ratio)
    // gives 0.2315 (mid) and 1.6731 (small) req/s, where plain linear interpolation would give
    // 0.236 and 1.745.
    const QList<double> rates{0.1, 0.25, 0.5, 1, 2, 3, 4, 5, 6};
    QTest::newRow("paper mid") << rates << QList<double>{1.7681190307532944,  0.9230350761688796,
                                                         0.5055358105083838,  0.2846210846341999,
                                                         0.14334979241697918, 0.09740764323930619,
                                                         0.07973298174792955, 0.07357940238882917,
                                                         0.07092244225470559}
                               << 0.2315;
    QTest::newRow("paper small") << rates << QList<double>{9.993113028834179,  5.09860110142418,
                                                           2.770093040197263,  1.5863777582715528,
                                                           0.7991930499137683, 0.5458510427821857,
                                                           0.4540752929820453, 0.440461776227452,
                                                           0.43775402696991994}
                                 << 1.6731;
    QTest::newRow("exactly one") << QList<double>{1, 2, 3} << QList<double>{2, 1, 0.5} << 2.0;
    QTest::newRow("never below one") << QList<double>{1, 2} << QList<double>{3, 2} << -1.0;
    QTest::newRow("always below one") << QList<double>{1, 2} << QList<double>{0.9, 0.5} << -1.0;
}

void TestBreakeven::interpolation()
{
    QFETCH(QList<double>, rates);
    QFETCH(QList<double>, ratios);
    QFETCH(double, expected);
    std::vector<BreakevenPoint> points;
    for (qsizetype i = 0; i < rates.size(); ++i)
        points.push_back(point(rates[i], ratios[i]));
    const auto r = breakevenRate(points);
    QCOMPARE(r.has_value(), expected >= 0);
    if (r)
        QVERIFY2(std::abs(*r - expected) < 1e-4, QByteArray::number(*r, 'f', 5).constData());
}

void TestBreakeven::parseTier_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("canonical"); // "" = a usage error
    QTest::newRow("mid") << QByteArray("mid=1/0.1/5") << QByteArray("mid 1.00 0.10 5.00");
    QTest::newRow("large") << QByteArray("large=3.00/0.30/15.00")
                           << QByteArray("large 3.00 0.30 15.00");
    QTest::newRow("two prices") << QByteArray("x=1/2") << QByteArray("");
    QTest::newRow("four prices") << QByteArray("x=1/2/3/4") << QByteArray("");
    QTest::newRow("no name") << QByteArray("=1/2/3") << QByteArray("");
    QTest::newRow("negative") << QByteArray("x=1/-2/3") << QByteArray("");
    QTest::newRow("not a number") << QByteArray("x=1/two/3") << QByteArray("");
}

void TestBreakeven::parseTier()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, canonical);
    const auto t = parseApiTier(text.toStdString());
    QCOMPARE(bool(t), !canonical.isEmpty());
    if (t)
        QCOMPARE(QByteArray::fromStdString(t->name + " " + t->input.toString() + " " +
                                           t->cached.toString() + " " + t->output.toString()),
                 canonical);
    else
        QCOMPARE(t.error().code, std::string("usage"));
}

void TestBreakeven::measuredTrafficAtOtherRates()
{
    // Two requests in a one-hour window; a cached count above the prompt counts as the prompt.
    std::vector<RequestRecord> records{{"a", 0, 1, 2, 1000, 100, 400},
                                       {"b", 5, 6, 7, 500, 50, 600}};
    const TimeUs hour = 3'600'000'000;
    const auto m = measuredTraffic(records, 0, hour);
    QVERIFY(m);
    QCOMPARE(m->requests, std::int64_t(2));
    QCOMPARE(m->totals.promptTokens, std::int64_t(1500));
    QCOMPARE(m->totals.cachedTokens, std::int64_t(900));
    QCOMPARE(m->totals.outputTokens, std::int64_t(150));
    QCOMPARE(m->totals.wallNs, std::int64_t(3'600'000'000'000));
    QVERIFY(std::abs(m->totals.ratePerS - 2.0 / 3600) < 1e-15);
    // At 1 req/s the same two requests take 2 s: $3/h × 2 s, rounded once at 10^-18.
    const TrafficTotals fast = atRate(*m, 1.0);
    QCOMPARE(fast.wallNs, std::int64_t(2'000'000'000));
    QCOMPARE(fast.promptTokens, std::int64_t(1500));
    QCOMPARE(selfHostedCost(dec("3"), fast).toString(), std::string("0.001666666666666667"));
    QVERIFY(!measuredTraffic({}, 0, hour));
    QCOMPARE(measuredTraffic(records, hour, hour).error().code, std::string("empty-window"));
}

void TestBreakeven::reproducesThePaper()
{
    // The study's setting: the simulator at 0.1 … 6 req/s for 300 s (seed 7), $3/h, the
    // small and mid tiers. The paper reads 1.673 (small) and 0.232 (mid) req/s off CPython's
    // random stream; this engine draws from its own generator (studies.md §11: a native
    // re-simulation does not match bit for bit), and at 0.1–0.25 req/s a 300 s run holds only
    // 30–75 arrivals, so the mid crossing moves with the sample (measured here: 1.751 and
    // 0.276; 0.280 with 3,600 s runs). Stated tolerance: ±10% for small, ±25% for mid; the
    // saturated floors (paper 0.44–0.45× and 0.07–0.08×) ±0.03. The method itself is checked
    // exactly on the paper's own points in interpolation().
    const auto traffic = simulatedTraffic(defaultBreakevenRates(), 300.0, 7);
    QCOMPARE(traffic.size(), size_t(9));
    const auto b = breakeven(traffic, ApiTier::defaults(), dec("3"));
    QCOMPARE(b.size(), size_t(2));
    QCOMPARE(b[0].tier.name, std::string("small"));
    QVERIFY(b[0].breakevenRps && b[1].breakevenRps);
    qInfo("break-even small %.4f req/s (paper 1.673), mid %.4f (paper 0.232); floors %.4f, %.4f",
          *b[0].breakevenRps, *b[1].breakevenRps, b[0].floorRatio, b[1].floorRatio);
    QVERIFY(std::abs(*b[0].breakevenRps - 1.673) <= 0.1673);
    QVERIFY(std::abs(*b[1].breakevenRps - 0.232) <= 0.058);
    QVERIFY(std::abs(b[0].floorRatio - 0.445) <= 0.03);
    QVERIFY(std::abs(b[1].floorRatio - 0.075) <= 0.03);
}

QTEST_APPLESS_MAIN(TestBreakeven)
#include "tst_breakeven.moc"
