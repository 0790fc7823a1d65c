// The simulator streams: outcomes handed to a sink as requests leave equal, request by
// request, what the engine produced when it held every request (goldens in
// tests/data/meters/simstream, written by the in-memory engine before it streamed), and the
// request slots it needs stay bounded however long the run.
#include "core/meters/latencysamples.h"
#include "core/meters/simulator.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <string>

using namespace unalloc::core;

Q_DECLARE_METATYPE(unalloc::core::SimConfig)

namespace {

SimConfig config(double rate, double duration, int blocks = 12'000)
{
    SimConfig c = SimConfig::headline();
    c.ratePerS = rate;
    c.durationS = duration;
    c.engine.numBlocks = blocks;
    return c;
}

std::string line(const char *format, auto... args)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, format, args...);
    return buf;
}

using ll = long long;

std::string outcomeLine(const SimRequestOutcome &o)
{
    return line("%d %lld %lld %lld %d %d %lld %lld %lld %d\n", o.tenant, ll(o.arrivalNs),
                ll(o.firstNs), ll(o.doneNs), o.promptLen, o.outputLen, ll(o.cachedTokens),
                ll(o.computeNs), ll(o.kvBlockNs), int(o.dropped));
}

/// The golden text: run counters, per-tenant totals and latencies, then each outcome.
std::string describe(const SimResult &r, const std::vector<SimRequestOutcome> &outcomes)
{
    std::string s =
        line("wall %lld idle %lld steps %lld requests %lld dropped %lld unfinished "
             "%lld evictions %lld preemptions %lld reserve %lld\n",
             ll(r.wallNs), ll(r.idleNs), ll(r.steps), ll(r.requests), ll(r.dropped),
             ll(r.unfinished), ll(r.evictions), ll(r.preemptions), ll(r.reserveBlockNs));
    for (const SimTenantResult &t : r.tenants)
        s += line("tenant %s %lld %lld %lld %lld %lld %lld %lld %lld %.17g %.17g %.17g %.17g\n",
                  t.name.c_str(), ll(t.requests), ll(t.promptTokens), ll(t.cachedPromptTokens),
                  ll(t.completionTokens), ll(t.computeNs), ll(t.kvBlockNs), ll(t.preemptions),
                  ll(t.recomputedTokens), t.ttftP50S, t.ttftP95S, t.tpotP50S, t.e2eP50S);
    for (const SimRequestOutcome &o : outcomes)
        s += outcomeLine(o);
    return s;
}

} // namespace

class TstSimStream final : public QObject
{
    Q_OBJECT

private slots:
    void streamedEqualsInMemory_data();
    void streamedEqualsInMemory();
    void liveSlotsStayBounded_data();
    void liveSlotsStayBounded();
    void latencyQuantilesPastTheExactLimit();
};

void TstSimStream::streamedEqualsInMemory_data()
{
    QTest::addColumn<QString>("golden");
    QTest::addColumn<SimConfig>("config");
    QTest::addColumn<uint>("mask");
    SimConfig noCaching = config(3, 45);
    noCaching.engine.prefixCaching = false;
    SimConfig preemption = config(4, 60, 400);
    preemption.engine.watermarkBlocks = 0;
    SimConfig coalition = config(2, 60);
    coalition.seed = 11;
    SimConfig drops = config(2, 40, 160); // long sessions outgrow the pool: dropped on arrival
    drops.engine.watermarkBlocks = 10;
    QTest::newRow("headline, 60 s") << "headline_60s" << config(3, 60) << ~0u;
    QTest::newRow("no prefix caching") << "no_caching" << noCaching << ~0u;
    QTest::newRow("tight pool, evictions") << "tight_pool" << config(4, 60, 700) << ~0u;
    QTest::newRow("preemption") << "preemption" << preemption << ~0u;
    QTest::newRow("coalition agents+platform") << "coalition_agents_platform" << coalition << 6u;
    QTest::newRow("overload, queue builds") << "overload" << config(50, 10) << ~0u;
    QTest::newRow("drops and preemptions") << "drops" << drops << ~0u;
}

void TstSimStream::streamedEqualsInMemory()
{
    QFETCH(QString, golden);
    QFETCH(SimConfig, config);
    QFETCH(uint, mask);
    QFile f(QStringLiteral(UNALLOC_TEST_DATA "/meters/simstream/") + golden +
            QStringLiteral(".txt"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string expected = f.readAll().toStdString();

    std::vector<SimRequestOutcome> streamed;
    SimOptions options;
    options.tenantMask = mask;
    options.sink = [&streamed](const SimRequestOutcome &o) {
        streamed.push_back(o);
    };
    const SimResult r = simulate(config, options);
    QVERIFY(r.outcomes.empty()); // nothing is kept unless asked
    QVERIFY(r.latencyExact);
    // the sink sees requests as they leave; in request order they are the golden's
    std::vector<SimRequestOutcome> ordered = streamed;
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto &a, const auto &b) { return a.order < b.order; });
    QCOMPARE(describe(r, ordered), expected);
    std::int64_t lastDone = 0; // finished requests leave as they finish
    for (const SimRequestOutcome &o : streamed) {
        if (o.dropped)
            continue;
        QVERIFY(o.doneNs >= lastDone);
        lastDone = o.doneNs;
    }

    options.sink = {};
    options.keepOutcomes = true;
    const SimResult kept = simulate(config, options);
    QCOMPARE(describe(kept, kept.outcomes), expected);
}

void TstSimStream::liveSlotsStayBounded_data()
{
    QTest::addColumn<double>("rate");
    QTest::addColumn<double>("duration");
    QTest::addColumn<qlonglong>("maxSlots");
    // steady load for an hour: in flight are the running batch, sessions thinking between
    // turns and the odd queued request, never the hour's 20,000 requests
    QTest::newRow("3 req/s for 3,600 s") << 3.0 << 3600.0 << 400LL;
    // overload: the queue is thousands deep, but it stays in the generator
    QTest::newRow("400 req/s for 30 s, overloaded") << 400.0 << 30.0 << 400LL;
}

void TstSimStream::liveSlotsStayBounded()
{
    QFETCH(double, rate);
    QFETCH(double, duration);
    QFETCH(qlonglong, maxSlots);
    const SimResult r = simulate(config(rate, duration));
    QVERIFY(r.requests > 10 * maxSlots);
    QCOMPARE(r.unfinished, std::int64_t(0));
    QVERIFY2(
        r.peakLiveRequests > 0 && r.peakLiveRequests <= maxSlots,
        qPrintable(
            QStringLiteral("%1 slots for %2 requests").arg(r.peakLiveRequests).arg(r.requests)));
}

void TstSimStream::latencyQuantilesPastTheExactLimit()
{
    // past the exact limit the quantiles come from a histogram, within 0.05 % of the truth
    LatencySamples s;
    const auto n = std::int64_t(LatencySamples::kExactLatencySamples) * 2 + 1;
    for (std::int64_t k = n - 1; k >= 0; --k)
        s.add(0.001 * double(k + 1)); // 1 ms … n ms, descending
    QVERIFY(!s.exact());
    QCOMPARE(s.count(), n);
    const double median = 0.001 * double(n / 2 + 1);
    QVERIFY(std::abs(s.median() - median) <= 0.0005 * median);
    const double p95 = 0.001 * double(std::int64_t(0.95 * double(n)) + 1);
    QVERIFY(std::abs(s.quantile(0.95) - p95) <= 0.0005 * p95);
    LatencySamples small;
    for (double v : {0.4, 0.1, 0.3, 0.2})
        small.add(v);
    QVERIFY(small.exact());
    QCOMPARE(small.median(), 0.25);
    QCOMPARE(small.quantile(0.95), 0.4);
}

QTEST_GUILESS_MAIN(TstSimStream)
#include "tst_simstream.moc"
