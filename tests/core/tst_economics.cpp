// Feature economics (issue 16): requests, API and infrastructure dollars per feature, cost per
// 1,000 requests, driver-based sharing. Every expectation is computed by hand in the comments.
#include "coretest.h"
#include "rowbuilder.h"

#include "core/analysis/economics.h"

#include <algorithm>

using namespace unalloc::core;
using unalloc::test::cubeOf;
using unalloc::test::makeRow;

namespace {

/// Three gateway requests and a vector DB for `answer`; one request for `chat`; an embedder
/// for `index` with no requests; one request and the platform namespace with no feature.
std::vector<CostRow> hybridRows()
{
    return {
        makeRow("litellm", "gpt-a", "1.00", {{"feature", "answer"}}),
        makeRow("litellm", "gpt-a", "2.00", {{"feature", "answer"}}),
        makeRow("litellm", "gpt-b", "1.00", {{"feature", "answer"}}),
        makeRow("litellm", "gpt-a", "0.50", {{"feature", "chat"}}),
        makeRow("litellm", "gpt-a", "0.25", {{"team", "x"}}),
        makeRow("opencost", "search/vector-db", "6.00", {{"feature", "answer"}}),
        makeRow("opencost", "batch/embedder", "9.00", {{"feature", "index"}}),
        makeRow("opencost", "platform/ingress", "10.00", {{"namespace", "platform"}}),
    };
}

/// "feature|requests|api|infra|per1k|apiPer1k|invisible|shared"; "-" for an absent figure.
QByteArray dump(const EconomicsLine &l)
{
    const auto opt = [](const std::optional<Decimal> &d) {
        return d ? d->toString() : std::string("-");
    };
    const std::string s = l.feature + "|" + std::to_string(l.requests) + "|" + l.api.toString() +
                          "|" + l.infra.toString() + "|" + opt(l.perThousand()) + "|" +
                          opt(l.apiPerThousand()) + "|" +
                          (l.invisiblePct() ? l.invisiblePct()->toFixed(1) : std::string("-")) +
                          "|" + l.sharedIn.toString();
    return QByteArray::fromStdString(s);
}

QList<QByteArray> dumpAll(const EconomicsReport &r)
{
    QList<QByteArray> out;
    for (const EconomicsLine &l : r.features)
        out << dump(l);
    out << dump(r.unattributed);
    return out;
}

} // namespace

class TestEconomics final : public QObject
{
    Q_OBJECT

private slots:
    void lines_data();
    void lines();
    void paperAnswerLine();
    void sharingTiesAreExactAndDeterministic();
    void noRequestsGivesNoPerThousand();
    void monthsAndSources();
    void mixedCurrenciesAreAnError();
    void parseShare_data();
    void parseShare();
};

void TestEconomics::lines_data()
{
    QTest::addColumn<QList<QByteArray>>("shares");
    QTest::addColumn<QList<QByteArray>>("expected");
    // answer: 4.00 API + 6.00 infra over 3 requests = 3333.3333 per 1k (10 000/3, half-even),
    // API only 1333.3333, infra 60%. index: infra only, no requests. chat: 0.50/1 = 500.
    // Unattributed: the featureless request (0.25) and the platform namespace (10.00).
    QTest::newRow("no sharing") << QList<QByteArray>()
                                << QList<QByteArray>{
                                       "answer|3|4.00|6.00|3333.3333|1333.3333|60.0|0.00",
                                       "index|0|0.00|9.00|-|-|100.0|0.00",
                                       "chat|1|0.50|0.00|500.00|500.00|0.0|0.00",
                                       "unattributed|1|0.25|10.00|10250.00|250.00|97.6|0.00",
                                   };
    // The platform's 10.00 spread 3:1 over answer and chat (index has no requests; the
    // featureless request is not a feature): 7.50 and 2.50. answer 17.50/3 → 5833.3333.
    QTest::newRow("platform shared by requests")
        << QList<QByteArray>{"namespace=platform"}
        << QList<QByteArray>{
               "answer|3|4.00|13.50|5833.3333|1333.3333|77.1|7.50",
               "index|0|0.00|9.00|-|-|100.0|0.00",
               "chat|1|0.50|2.50|3000.00|500.00|83.3|2.50",
               "unattributed|1|0.25|0.00|250.00|250.00|0.0|0.00",
           };
    // A label nothing carries moves nothing.
    QTest::newRow("share matching nothing")
        << QList<QByteArray>{"namespace=nowhere"}
        << QList<QByteArray>{
               "answer|3|4.00|6.00|3333.3333|1333.3333|60.0|0.00",
               "index|0|0.00|9.00|-|-|100.0|0.00",
               "chat|1|0.50|0.00|500.00|500.00|0.0|0.00",
               "unattributed|1|0.25|10.00|10250.00|250.00|97.6|0.00",
           };
}

void TestEconomics::lines()
{
    QFETCH(QList<QByteArray>, shares);
    QFETCH(QList<QByteArray>, expected);
    EconomicsOptions o;
    for (const QByteArray &s : shares) {
        const auto eq = s.indexOf('=');
        o.shares.push_back({s.left(eq).toStdString(), s.mid(eq + 1).toStdString()});
    }
    const auto r = featureEconomics(cubeOf(hybridRows()), o);
    QVERIFY(r);
    QCOMPARE(dumpAll(*r), expected);
    QCOMPARE(r->requests, std::int64_t(5));
    QCOMPARE(r->total, unalloc::test::dec("29.75")); // conserved whatever is shared
    Decimal sum = r->unattributed.total();
    for (const EconomicsLine &l : r->features)
        sum += l.total();
    QCOMPARE(sum, r->total);
}

void TestEconomics::paperAnswerLine()
{
    // studies.md U2: `answer` = $3,147.537051 of LiteLLM requests + a $2,100 vector DB over
    // 235,157 requests ⇒ $22.3150 per 1k vs $13.3848 API-only, 40.0% invisible.
    CostCube cube;
    const LabelMap answer(std::vector<LabelMap::Entry>{{"feature", "answer"}});
    cube.addGroup(answer, "litellm", "gpt-4o", 0, Currency::usd(), 1,
                  unalloc::test::dec("3147.537051"), 235'157);
    cube.addGroup(answer, "opencost", "search/vector-db", 0, Currency::usd(), 2,
                  unalloc::test::dec("2100.000000"), 1);
    const auto r = featureEconomics(cube, EconomicsOptions{});
    QVERIFY(r);
    QCOMPARE(r->features.size(), size_t(1));
    const EconomicsLine &l = r->features[0];
    QCOMPARE(l.requests, std::int64_t(235'157));
    QCOMPARE(l.total(), unalloc::test::dec("5247.537051"));
    QCOMPARE(l.perThousand()->toFixed(4), std::string("22.3150"));
    QCOMPARE(l.apiPerThousand()->toFixed(4), std::string("13.3848"));
    QCOMPARE(l.invisiblePct()->toFixed(1), std::string("40.0"));
}

void TestEconomics::sharingTiesAreExactAndDeterministic()
{
    // 1.00 infra and 0.10 API over three features with one request each: 0.34 + 0.33 + 0.33
    // and 0.04 + 0.03 + 0.03, each side split on its own, the extra cent to the first by name
    // whatever the row order. The shared gateway row's request stays unattributed.
    std::vector<CostRow> rows{
        makeRow("litellm", "m", "0.00", {{"feature", "c"}}),
        makeRow("litellm", "m", "0.00", {{"feature", "a"}}),
        makeRow("litellm", "m", "0.00", {{"feature", "b"}}),
        makeRow("focus", "shared-db", "1.00", {{"env", "shared"}}),
        makeRow("litellm", "shared-probe", "0.10", {{"env", "shared"}}),
    };
    EconomicsOptions o;
    o.shares = {{"environment", "shared"}};
    for (int pass = 0; pass < 2; ++pass) {
        const auto r = featureEconomics(cubeOf(rows), o);
        QVERIFY(r);
        QCOMPARE(r->features.size(), size_t(3));
        QCOMPARE(dump(r->features[0]), QByteArray("a|1|0.04|0.34|380.00|40.00|89.5|0.38"));
        QCOMPARE(dump(r->features[1]), QByteArray("b|1|0.03|0.33|360.00|30.00|91.7|0.36"));
        QCOMPARE(dump(r->features[2]), QByteArray("c|1|0.03|0.33|360.00|30.00|91.7|0.36"));
        QCOMPARE(dump(r->unattributed), QByteArray("unattributed|1|0.00|0.00|0.00|0.00|-|0.00"));
        QCOMPARE(r->shares.size(), size_t(1));
        QCOMPARE(r->shares[0].features, std::int64_t(3));
        std::reverse(rows.begin(), rows.end());
    }
}

void TestEconomics::noRequestsGivesNoPerThousand()
{
    // Only cluster cost: zero requests everywhere, no division, and a share has nothing to
    // follow so the pool stays where it was billed.
    const std::vector<CostRow> rows{
        makeRow("opencost", "db", "5.00", {{"feature", "answer"}}),
        makeRow("opencost", "ingress", "3.00", {{"namespace", "platform"}}),
    };
    EconomicsOptions o;
    o.shares = {{"namespace", "platform"}};
    const auto r = featureEconomics(cubeOf(rows), o);
    QVERIFY(r);
    QCOMPARE(r->requests, std::int64_t(0));
    QCOMPARE(dumpAll(*r), (QList<QByteArray>{"answer|0|0.00|5.00|-|-|100.0|0.00",
                                             "unattributed|0|0.00|3.00|-|-|100.0|0.00"}));
    QCOMPARE(r->shares[0].features, std::int64_t(0));
    QCOMPARE(r->shares[0].infra, unalloc::test::dec("3.00"));
}

void TestEconomics::monthsAndSources()
{
    // Day 0 is 1970-01, day 40 is 1970-02.
    const std::vector<CostRow> rows{
        makeRow("litellm", "m", "1.00", {{"feature", "answer"}}, 0),
        makeRow("litellm", "m", "3.00", {{"feature", "answer"}}, 40),
        makeRow("opencost", "db", "2.00", {{"feature", "answer"}}, 40),
    };
    EconomicsOptions o;
    const auto r = featureEconomics(cubeOf(rows), o);
    QVERIFY(r);
    QCOMPARE(r->byMonth.size(), size_t(2));
    QCOMPARE(r->byMonth[0].group, std::string("1970-01"));
    QCOMPARE(dump(r->byMonth[0].line), QByteArray("answer|1|1.00|0.00|1000.00|1000.00|0.0|0.00"));
    QCOMPARE(r->byMonth[1].group, std::string("1970-02"));
    QCOMPARE(dump(r->byMonth[1].line), QByteArray("answer|1|3.00|2.00|5000.00|3000.00|40.0|0.00"));
    QCOMPARE(r->bySource.size(), size_t(2));
    QCOMPARE(r->bySource[0].group, std::string("litellm"));
    QCOMPARE(r->bySource[1].group, std::string("opencost"));
    QCOMPARE(dump(r->bySource[1].line), QByteArray("answer|0|0.00|2.00|-|-|100.0|0.00"));
    // The period filter keeps February only.
    o.fromDay = 31;
    const auto feb = featureEconomics(cubeOf(rows), o);
    QVERIFY(feb);
    QCOMPARE(dumpAll(*feb), (QList<QByteArray>{"answer|1|3.00|2.00|5000.00|3000.00|40.0|0.00",
                                               "unattributed|0|0.00|0.00|-|-|-|0.00"}));
}

void TestEconomics::mixedCurrenciesAreAnError()
{
    const std::vector<CostRow> rows{
        makeRow("litellm", "m", "1.00", {{"feature", "a"}}),
        makeRow("focus", "db", "1.00", {{"feature", "a"}}, 0, 1, *Currency::parse("EUR")),
    };
    const auto r = featureEconomics(cubeOf(rows), EconomicsOptions{});
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("mixed-currency"));
}

void TestEconomics::parseShare_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<QByteArray>("value");
    QTest::newRow("namespace") << QByteArray("namespace=platform:requests")
                               << QByteArray("namespace") << QByteArray("platform");
    QTest::newRow("value with colon")
        << QByteArray("x=a:b:requests") << QByteArray("x") << QByteArray("a:b");
    QTest::newRow("no driver") << QByteArray("namespace=platform") << QByteArray("")
                               << QByteArray("");
    QTest::newRow("unknown driver")
        << QByteArray("namespace=platform:tokens") << QByteArray("") << QByteArray("");
    QTest::newRow("no key") << QByteArray("=platform:requests") << QByteArray("") << QByteArray("");
    QTest::newRow("empty value") << QByteArray("namespace=:requests") << QByteArray("")
                                 << QByteArray("");
}

void TestEconomics::parseShare()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, key);
    QFETCH(QByteArray, value);
    const auto s = parseEconomicsShare(text.toStdString());
    QCOMPARE(bool(s), !key.isEmpty());
    if (s) {
        QCOMPARE(QByteArray::fromStdString(s->key), key);
        QCOMPARE(QByteArray::fromStdString(s->value), value);
    } else {
        QCOMPARE(s.error().code, std::string("usage"));
    }
}

QTEST_APPLESS_MAIN(TestEconomics)
#include "tst_economics.moc"
