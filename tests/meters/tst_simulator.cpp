// The vLLM-style simulator: invariants, determinism, exact meters and the paper's shape.
#include "core/meters/shapley.h"
#include "core/meters/simmeters.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace unalloc::core;

namespace {

SimConfig config(double rate, double duration, int blocks = 12'000)
{
    SimConfig c = SimConfig::headline();
    c.ratePerS = rate;
    c.durationS = duration;
    c.engine.numBlocks = blocks;
    return c;
}

double pct(const MeterSplit &s, const char *tenant)
{
    return s.find(tenant)->share.toDouble() * 100; // only for tolerance checks
}

const Money kPool{Decimal::fromInt(17'280), Currency::usd()};

} // namespace

class TstSimulator final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void invariants_data();
    void invariants();
    void determinism();
    void metersAreExact();
    void headlineShape();
    void shapleyEfficiency();
    void sweepOverheadFalls();

private:
    QJsonObject m_reference;
    SimResult m_headline;
};

void TstSimulator::initTestCase()
{
    QFile f(QStringLiteral(UNALLOC_TEST_DATA "/meters/kv_cache_metrics.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_reference =
        QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("headline")).toObject();
    QVERIFY(!m_reference.isEmpty());
    m_headline = simulate(SimConfig::headline());
}

void TstSimulator::invariants_data()
{
    QTest::addColumn<double>("rate");
    QTest::addColumn<double>("duration");
    QTest::addColumn<int>("blocks");
    QTest::addColumn<bool>("caching");
    QTest::addColumn<int>("watermark");
    QTest::addColumn<bool>("preempts");
    QTest::newRow("headline load, 90 s") << 3.0 << 90.0 << 12'000 << true << 120 << false;
    QTest::newRow("no prefix caching") << 3.0 << 60.0 << 12'000 << false << 120 << false;
    // small pools force LRU evictions, and without a watermark recompute preemptions
    QTest::newRow("tight pool") << 4.0 << 60.0 << 700 << true << 120 << false;
    QTest::newRow("preemption") << 4.0 << 60.0 << 400 << true << 0 << true;
    QTest::newRow("light load") << 0.25 << 120.0 << 12'000 << true << 120 << false;
}

void TstSimulator::invariants()
{
    QFETCH(double, rate);
    QFETCH(double, duration);
    QFETCH(int, blocks);
    QFETCH(bool, caching);
    QFETCH(int, watermark);
    QFETCH(bool, preempts);
    SimConfig c = config(rate, duration, blocks);
    c.engine.prefixCaching = caching;
    c.engine.watermarkBlocks = watermark;
    c.checkInvariants = true; // every step: no block double-allocated, counts consistent
    SimOptions keep;
    keep.keepOutcomes = true;
    const SimResult r = simulate(c, keep);
    QVERIFY(r.requests > 0);
    QCOMPARE(r.invariantFailures, std::int64_t(0));
    QCOMPARE(r.unfinished, std::int64_t(0));
    QCOMPARE(r.dropped, std::int64_t(0));
    for (const SimRequestOutcome &o : r.outcomes) {
        QVERIFY(o.arrivalNs <= o.firstNs && o.firstNs <= o.doneNs);
        QVERIFY(o.doneNs <= r.wallNs);
    }
    std::int64_t step = 0, kv = 0;
    for (const SimTenantResult &t : r.tenants) {
        step += t.computeNs;
        kv += t.kvBlockNs;
    }
    QCOMPARE(step + r.idleNs, r.wallNs); // every nanosecond is a request's or idle
    QVERIFY(kv + r.reserveBlockNs <= std::int64_t(blocks) * r.wallNs);
    if (blocks < 1000)
        QVERIFY(r.evictions > 0);
    QCOMPARE(r.preemptions > 0, preempts);
    if (!caching)
        QCOMPARE(r.cacheHitRate(), 0.0);
}

void TstSimulator::determinism()
{
    const SimResult a = simulate(config(3, 60));
    const SimResult b = simulate(config(3, 60));
    QCOMPARE(a.wallNs, b.wallNs);
    QCOMPARE(a.steps, b.steps);
    QCOMPARE(a.evictions, b.evictions);
    for (size_t i = 0; i < a.tenants.size(); ++i) {
        QCOMPARE(a.tenants[i].computeNs, b.tenants[i].computeNs);
        QCOMPARE(a.tenants[i].kvBlockNs, b.tenants[i].kvBlockNs);
    }
    SimConfig other = config(3, 60);
    other.seed = 8;
    QVERIFY(simulate(other).wallNs != a.wallNs);
}

void TstSimulator::metersAreExact()
{
    for (OverheadPolicy p : {OverheadPolicy::Keep, OverheadPolicy::Redistribute}) {
        for (const MeterSplit &s : simulationMeters(m_headline, kPool, p)) {
            Decimal share, redistributed, dollars;
            for (const MeterRow &r : s.rows) {
                share += r.share;
                redistributed += r.redistributedShare;
                dollars += r.amount.amount;
            }
            QCOMPARE(share, Decimal::fromInt(1));
            QCOMPARE(redistributed, Decimal::fromInt(1));
            QCOMPARE(dollars, kPool.amount);
        }
    }
}

void TstSimulator::headlineShape()
{
    const SimResult &r = m_headline;
    const auto ref = [this](const char *key) {
        return m_reference.value(QLatin1String(key)).toDouble();
    };
    QVERIFY(std::abs(double(r.requests) - ref("requests")) < 0.05 * ref("requests"));
    QCOMPARE(r.preemptions, std::int64_t(0));
    QVERIFY(std::abs(r.cacheHitRate() - ref("cache_hit_rate")) < 0.03);
    QVERIFY(std::abs(r.outputTokensPerS() - ref("output_tokens_per_s")) < 100);
    const auto meters = simulationMeters(r, kPool, OverheadPolicy::Keep);
    const QJsonObject shares = m_reference.value(QStringLiteral("shares")).toObject();
    const auto refShare = [&shares](const char *meter, const char *tenant) {
        return 100 * shares.value(QLatin1String(meter))
                         .toObject()
                         .value(QLatin1String(tenant))
                         .toDouble();
    };
    QVERIFY(std::abs(pct(meters[0], "search") - refShare("tokens", "search")) < 1.5);  // 16.7
    QVERIFY(std::abs(pct(meters[2], "search") - refShare("compute", "search")) < 1.5); // 10.5
    QVERIFY(std::abs(pct(meters[0], "agents") - refShare("tokens", "agents")) < 3.0);
    const double kvOverhead = meters[3].overheadShare().toDouble() * 100;
    QVERIFY2(std::abs(kvOverhead - refShare("memory", "__overhead__")) < 5.0,
             qPrintable(QString::number(kvOverhead)));     // 82.9
    QVERIFY(meters[2].overheadShare().toDouble() < 0.005); // the pod looks 100 % busy
}

void TstSimulator::shapleyEfficiency()
{
    const auto s = shapleyByReplay(config(2, 60));
    QVERIFY(s);
    QCOMPARE(s->busyNs.size(), size_t(16));
    __int128 sum = 0;
    for (__int128 phi : s->phiTimesFactorial)
        sum += phi;
    QVERIFY(sum == __int128(s->busyNs.back()) * s->factorial); // Σφ = v(N), exactly
    const MeterSplit m = shapleyMeter(*s, kPool, OverheadPolicy::Keep);
    Decimal dollars;
    for (const MeterRow &r : m.rows)
        dollars += r.amount.amount;
    QCOMPARE(dollars, kPool.amount);
    QVERIFY(m.find("agents")->share > m.find("search")->share);
}

void TstSimulator::sweepOverheadFalls()
{
    const auto points = loadSweep(config(0, 120), {0.5, 3.0});
    QCOMPARE(points.size(), size_t(2));
    QVERIFY(points[0].stepTimeOverhead > points[1].stepTimeOverhead);
    QVERIFY(points[0].kvOverhead > points[1].kvOverhead);
    QVERIFY(points[0].timeShareOverhead > points[1].timeShareOverhead);
    QVERIFY(points[1].outputTokensPerS > points[0].outputTokensPerS);
}

QTEST_GUILESS_MAIN(TstSimulator)
#include "tst_simulator.moc"
