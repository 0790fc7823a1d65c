// tenantsFromRequests: the simulated tenants that replay a pod's measured traffic (weights by
// request count, prompt/output spans from the 10th to the 90th percentile, cache hits as the
// shared prefix, ordered by requests, beyond eight pooled) — the Meter comparison's sweep.
#include "core/meters/trafficmix.h"

#include <QTest>

#include <algorithm>

Q_DECLARE_METATYPE(std::vector<unalloc::core::RequestRecord>)

using namespace unalloc::core;

namespace {

RequestRecord
request(const char *tenant, std::int64_t prompt, std::int64_t output, std::int64_t cached = 0)
{
    RequestRecord r;
    r.tenant = tenant;
    r.promptTokens = prompt;
    r.completionTokens = output;
    r.cachedTokens = cached;
    return r;
}

QString describe(const std::vector<SimTenant> &tenants)
{
    QStringList out;
    for (const SimTenant &t : tenants)
        out << QStringLiteral("%1/%2 w%3 m%4-%5 o%6-%7 p%8")
                   .arg(QString::fromStdString(t.name), QString::fromStdString(t.team))
                   .arg(t.weight)
                   .arg(t.messageMin)
                   .arg(t.messageMax)
                   .arg(t.outputMin)
                   .arg(t.outputMax)
                   .arg(t.systemPrefix);
    return out.join(QStringLiteral("; "));
}

} // namespace

class TstTrafficMix final : public QObject
{
    Q_OBJECT

private slots:
    void tenants_data();
    void tenants();
};

void TstTrafficMix::tenants_data()
{
    QTest::addColumn<std::vector<RequestRecord>>("records");
    QTest::addColumn<QString>("expected");
    QTest::newRow("none") << std::vector<RequestRecord>() << QString();
    QTest::newRow("one request") << std::vector<RequestRecord>{request("search", 1200, 40, 200)}
                                 << QStringLiteral("search/search w1 m1000-1000 o40-40 p200");
    std::vector<RequestRecord> ten;
    for (int i = 1; i <= 10; ++i)
        ten.push_back(request("agents", i * 100, i * 10));
    QTest::newRow("percentiles of ten")
        << ten << QStringLiteral("agents/agents w10 m100-900 o10-90 p0");
    QTest::newRow("order by requests, then name; unlabeled kept")
        << std::vector<RequestRecord>{request("b", 10, 1), request("", 20, 2), request("a", 30, 3),
                                      request("b", 10, 1)}
        << QStringLiteral(
               "b/b w2 m10-10 o1-1 p0; <unlabeled>/ w1 m20-20 o2-2 p0; a/a w1 m30-30 o3-3 p0");
    QTest::newRow("cache hits above the prompt are capped")
        << std::vector<RequestRecord>{request("x", 100, 5, 500)}
        << QStringLiteral("x/x w1 m1-1 o5-5 p100");
    std::vector<RequestRecord> many;
    for (int t = 0; t < 10; ++t)
        for (int i = 0; i <= t; ++i)
            many.push_back(request(std::string(1, char('a' + t)).c_str(), 50, 5));
    QTest::newRow("beyond eight pooled")
        << many
        << QStringLiteral("j/j w10 m50-50 o5-5 p0; i/i w9 m50-50 o5-5 p0; h/h w8 m50-50 o5-5 p0; "
                          "g/g w7 m50-50 o5-5 p0; f/f w6 m50-50 o5-5 p0; e/e w5 m50-50 o5-5 p0; "
                          "d/d w4 m50-50 o5-5 p0; <other tenants>/ w6 m50-50 o5-5 p0");
}

void TstTrafficMix::tenants()
{
    QFETCH(std::vector<RequestRecord>, records);
    QFETCH(QString, expected);
    QCOMPARE(describe(tenantsFromRequests(records)), expected);
    // The order of the records does not matter.
    std::reverse(records.begin(), records.end());
    QCOMPARE(describe(tenantsFromRequests(records)), expected);
}

QTEST_GUILESS_MAIN(TstTrafficMix)
#include "tst_trafficmix.moc"
