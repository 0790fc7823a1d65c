// Meters from request telemetry on hand-computable traces (studies.md §7.3, DESIGN §8).
#include "core/meters/metercompare.h"
#include "core/meters/telemetrymeters.h"

#include <QTest>

using namespace unalloc::core;

namespace {

constexpr TimeUs kMs = 1000;

RequestRecord req(const char *tenant,
                  TimeUs send,
                  TimeUs first,
                  TimeUs done,
                  std::int64_t p,
                  std::int64_t c,
                  std::int64_t cached)
{
    return RequestRecord{tenant, send * kMs, first * kMs, done * kMs, p, c, cached};
}

/// Two tenants: a [0, 300) ms; b [100, 200) and [500, 600) ms; idle 300–500 ms.
std::vector<RequestRecord> twoTenants()
{
    return {req("a", 0, 100, 300, 100, 20, 40), req("b", 100, 150, 200, 50, 10, 0),
            req("b", 500, 550, 600, 10, 30, 10)};
}

Decimal dec(const QString &s)
{
    return *Decimal::parse(s.toStdString());
}

Money usd(const char *s)
{
    return Money{*Decimal::parse(s), Currency::usd()};
}

} // namespace

class TstTelemetryMeters final : public QObject
{
    Q_OBJECT

private slots:
    void handTrace_data();
    void handTrace();
    void tickRule_data();
    void tickRule();
    void conservation_data();
    void conservation();
    void kvCapacity();
    void sharesSumToOne();
    void badRecords();
    void fromCostRows();
    void splitRowsFollowPolicy();
    void comparison();
};

void TstTelemetryMeters::handTrace_data()
{
    QTest::addColumn<QString>("meter");
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("qa"); // quantity of a, b, overhead
    QTest::addColumn<QString>("qb");
    QTest::addColumn<QString>("qo");
    QTest::addColumn<QString>("da"); // dollars of a, b, overhead (cost 100.00)
    QTest::addColumn<QString>("db");
    QTest::addColumn<QString>("dov");
    // tokens: a 100+20 = 120, b 60+40 = 100; 6/11 and 5/11 of $100 → 54.545…, 45.454…
    QTest::newRow("tokens") << "tokens"
                            << "keep"
                            << "120"
                            << "100"
                            << "0"
                            << "54.55"
                            << "45.45"
                            << "0.00";
    // list price: a 60 + 4 + 80 = 144; b (50 + 40) + (0 + 1 + 120) = 211; of 355
    QTest::newRow("list price") << "list_price"
                                << "keep"
                                << "144"
                                << "211"
                                << "0"
                                << "40.56"
                                << "59.44"
                                << "0.00";
    // 13 ticks (0…600 ms): a 1+1+½+½+1+1 = 5, b ½+½+1+1 = 3, idle 300–450 and 600 = 5
    QTest::newRow("time share keep") << "time_share"
                                     << "keep"
                                     << "5"
                                     << "3"
                                     << "5"
                                     << "38.46"
                                     << "23.08"
                                     << "38.46";
    QTest::newRow("time share redistribute") << "time_share"
                                             << "redistribute"
                                             << "5"
                                             << "3"
                                             << "5"
                                             << "62.50"
                                             << "37.50"
                                             << "0.00";
    // KV: a 100×0.1 + 110×0.2 = 32; b 50×0.05 + 55×0.05 + 10×0.05 + 25×0.05 = 7
    QTest::newRow("kv memory") << "kv_memory"
                               << "keep"
                               << "32"
                               << "7"
                               << "0"
                               << "82.05"
                               << "17.95"
                               << "0.00";
}

void TstTelemetryMeters::handTrace()
{
    QFETCH(QString, meter);
    QFETCH(QString, policy);
    QFETCH(QString, qa);
    QFETCH(QString, qb);
    QFETCH(QString, qo);
    QFETCH(QString, da);
    QFETCH(QString, db);
    QFETCH(QString, dov);
    const auto kind = meterFromId(meter.toStdString());
    QVERIFY(kind);
    const auto split =
        telemetryMeter(*kind, twoTenants(), usd("100.00"), *policyFromId(policy.toStdString()));
    QVERIFY2(split, split ? "" : split.error().message().c_str());
    QCOMPARE(split->rows.size(), size_t(3));
    QCOMPARE(split->rows[0].tenant, std::string("a"));
    QCOMPARE(split->rows[1].tenant, std::string("b"));
    QVERIFY(split->rows[2].overhead);
    QCOMPARE(split->rows[0].quantity, dec(qa));
    QCOMPARE(split->rows[1].quantity, dec(qb));
    QCOMPARE(split->rows[2].quantity, dec(qo));
    QCOMPARE(split->rows[0].amount.amount.toString(), da.toStdString());
    QCOMPARE(split->rows[1].amount.amount.toString(), db.toStdString());
    QCOMPARE(split->rows[2].amount.amount.toString(), dov.toStdString());
}

void TstTelemetryMeters::tickRule_data()
{
    QTest::addColumn<qint64>("bSend"); // ms; a is [0, 100)
    QTest::addColumn<QString>("shareA");
    QTest::addColumn<QString>("shareB");
    QTest::addColumn<QString>("shareIdle");
    // b starts exactly when a ends: at the 100 ms tick only b is in flight (ends first), so
    // ticks 0, 50 → a; 100, 150 → b; 200 idle. Were starts processed first, a would get 2.5.
    QTest::newRow("end and start at one tick") << qint64(100) << "0.4"
                                               << "0.4"
                                               << "0.2";
    // b starts 1 ms later: the 100 ms tick is idle
    QTest::newRow("gap of 1 ms") << qint64(101) << "0.4"
                                 << "0.4"
                                 << "0.2";
    // b [50, 150): the 50 ms tick is shared, 150 and 200 are idle
    QTest::newRow("overlap") << qint64(50) << "0.3"
                             << "0.3"
                             << "0.4";
}

void TstTelemetryMeters::tickRule()
{
    QFETCH(qint64, bSend);
    QFETCH(QString, shareA);
    QFETCH(QString, shareB);
    QFETCH(QString, shareIdle);
    const std::vector<RequestRecord> recs{req("a", 0, 10, 100, 1, 1, 0),
                                          req("b", bSend, bSend + 10, bSend + 100, 1, 1, 0)};
    TelemetryOptions opt;
    opt.endUs = 200 * kMs; // 5 ticks: 0, 50, 100, 150, 200
    const auto s =
        telemetryMeter(MeterKind::TimeShare, recs, usd("1.00"), OverheadPolicy::Keep, opt);
    QVERIFY(s);
    QCOMPARE(s->rows[0].share, dec(shareA));
    QCOMPARE(s->rows[1].share, dec(shareB));
    QCOMPARE(s->rows[2].share, dec(shareIdle));
}

void TstTelemetryMeters::conservation_data()
{
    QTest::addColumn<QString>("cost");
    QTest::newRow("one cent") << "0.01";
    QTest::newRow("seven cents") << "0.07";
    QTest::newRow("round") << "17280";
    QTest::newRow("six decimals") << "1703.948106";
    QTest::newRow("thirds") << "1000.00";
    QTest::newRow("large") << "123456789012.34";
}

void TstTelemetryMeters::conservation()
{
    QFETCH(QString, cost);
    const Money total{dec(cost), Currency::usd()};
    for (MeterKind kind : telemetryMeterKinds()) {
        for (OverheadPolicy p : {OverheadPolicy::Keep, OverheadPolicy::Redistribute}) {
            const auto s = telemetryMeter(kind, twoTenants(), total, p);
            QVERIFY(s);
            Decimal sum;
            for (const MeterRow &r : s->rows)
                sum += r.amount.amount;
            QCOMPARE(sum, total.amount);
        }
    }
}

void TstTelemetryMeters::kvCapacity()
{
    TelemetryOptions opt;
    opt.kvCapacityTokens = 100; // 100 tokens × 0.6 s = 60 token-s; used 39 → 21 unheld
    auto s = telemetryMeter(MeterKind::KvTokenSeconds, twoTenants(), usd("100.00"),
                            OverheadPolicy::Keep, opt);
    QVERIFY(s);
    QCOMPARE(s->rows[2].quantity, Decimal::fromInt(21));
    QCOMPARE(s->rows[0].amount.amount.toString(), std::string("53.33"));
    QCOMPARE(s->rows[1].amount.amount.toString(), std::string("11.67"));
    QCOMPARE(s->rows[2].amount.amount.toString(), std::string("35.00"));
    opt = {};
    opt.kvMeanOccupancy = dec(QStringLiteral("0.25")); // tenants share a quarter of the pool
    s = telemetryMeter(MeterKind::KvTokenSeconds, twoTenants(), usd("100.00"), OverheadPolicy::Keep,
                       opt);
    QVERIFY(s);
    QCOMPARE(s->overheadShare(), dec(QStringLiteral("0.75")));
    QCOMPARE(s->rows[0].redistributedShare + s->rows[1].redistributedShare, Decimal::fromInt(1));
}

void TstTelemetryMeters::sharesSumToOne()
{
    for (MeterKind kind : telemetryMeterKinds()) {
        const auto s = telemetryMeter(kind, twoTenants(), usd("100"), OverheadPolicy::Keep);
        QVERIFY(s);
        Decimal shares, redistributed;
        for (const MeterRow &r : s->rows) {
            shares += r.share;
            redistributed += r.redistributedShare;
        }
        QCOMPARE(shares, Decimal::fromInt(1));
        QCOMPARE(redistributed, Decimal::fromInt(1));
    }
}

void TstTelemetryMeters::badRecords()
{
    const std::vector<RequestRecord> recs{req("a", 0, 10, 100, 1, 1, 0),
                                          req("b", 50, 40, 100, 1, 1, 0)};
    const auto s = telemetryMeter(MeterKind::Tokens, recs, usd("1"), OverheadPolicy::Keep);
    QVERIFY(!s);
    QCOMPARE(s.error().code, std::string("bad-request-times"));
    QCOMPARE(s.error().record, std::string("requests[1]"));
    QVERIFY(!telemetryMeter(MeterKind::StepTime, recs, usd("1"), OverheadPolicy::Keep));
}

void TstTelemetryMeters::fromCostRows()
{
    CostRow row;
    row.labels = LabelMap(std::vector<LabelMap::Entry>{{"team", "search"}});
    Usage u;
    u.promptTokens = 700;
    u.completionTokens = 20;
    u.cachedTokens = 512;
    u.sendTime = 1'000'000;
    u.firstTokenTime = 1'090'000;
    u.doneTime = 1'400'000;
    row.usage = u;
    CostRow failed = row;
    failed.usage->firstTokenTime.reset(); // an errored request: no first token
    CostRow unlabeled = row;
    unlabeled.labels = LabelMap();
    const TelemetryRecords t = requestsFromRows({row, failed, unlabeled}, "team");
    QCOMPARE(t.skipped, std::int64_t(1));
    QCOMPARE(t.records.size(), size_t(2));
    const RequestRecord expected{"search", 1'000'000, 1'090'000, 1'400'000, 700, 20, 512};
    QCOMPARE(t.records[0], expected);
    QCOMPARE(t.records[1].tenant, std::string());
}

void TstTelemetryMeters::splitRowsFollowPolicy()
{
    // moved in, not assigned from a literal: g++ 12 warns falsely (-Wrestrict) on that
    CostRow pod;
    pod.source = std::string("opencost");
    pod.recordKey = std::string("k");
    pod.name = std::string("inference/vllm");
    pod.amount = usd("100.00");
    pod.labels =
        LabelMap(std::vector<LabelMap::Entry>{{"environment", "prod"}, {"namespace", "inference"}});
    auto keep =
        telemetryMeter(MeterKind::TimeShare, twoTenants(), pod.amount, OverheadPolicy::Keep);
    QVERIFY(keep);
    const std::vector<CostRow> rows = splitRows(pod, *keep, "team");
    QCOMPARE(rows.size(), size_t(3));
    QCOMPARE(rows[0].name, std::string("inference/vllm/a"));
    QCOMPARE(rows[0].recordKey, std::string("k/time_share/a"));
    QCOMPARE(*rows[0].labels.find("team"), std::string("a"));
    QCOMPARE(*rows[0].labels.find("environment"), std::string("prod"));
    QCOMPARE(rows[2].name, std::string("inference/vllm/__overhead__"));
    QVERIFY(!rows[2].labels.find("team"));
    auto redistributed = telemetryMeter(MeterKind::TimeShare, twoTenants(), pod.amount,
                                        OverheadPolicy::Redistribute);
    QVERIFY(redistributed);
    QCOMPARE(splitRows(pod, *redistributed, "team").size(), size_t(2));
    auto tokens = telemetryMeter(MeterKind::Tokens, twoTenants(), pod.amount, OverheadPolicy::Keep);
    QCOMPARE(splitRows(pod, *tokens, "team").size(), size_t(2)); // no overhead to keep
}

void TstTelemetryMeters::comparison()
{
    const auto splits = telemetryMeters(twoTenants(), usd("100.00"), OverheadPolicy::Keep);
    QVERIFY(splits);
    const PodCost august{usd("100.00"), *parseTimestamp("2026-08-01"),
                         *parseTimestamp("2026-09-01")};
    QCOMPARE(august.monthly().amount, dec(QStringLiteral("100")));
    const PodCost day{usd("10.00"), *parseTimestamp("2026-08-01"), *parseTimestamp("2026-08-02")};
    QCOMPARE(day.monthly().amount, dec(QStringLiteral("304.375")));
    // tokens vs time share (redistributed): a 6/11 vs 5/8 → 7.9545… points
    QCOMPARE(gapPoints((*splits)[2], (*splits)[0], "a"),
             dec(QStringLiteral("7.954545454545454500")));
    const MeterComparison c = compareMeters(*splits, august);
    QVERIFY(c.largest);
    QCOMPARE(c.perTenant.size(), size_t(2));
    // a: KV 32/39 = 82.05% vs list price 144/355 = 40.56% → 41.49 points, $41.49 a month
    QCOMPARE(c.largest->tenant, std::string("a"));
    QCOMPARE(c.largest->high, MeterKind::KvTokenSeconds);
    QCOMPARE(c.largest->low, MeterKind::ListPrice);
    QCOMPARE(c.largest->perMonth.amount.toString(), std::string("41.49"));
}

QTEST_GUILESS_MAIN(TstTelemetryMeters)
#include "tst_telemetrymeters.moc"
