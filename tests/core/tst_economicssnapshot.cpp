// What the Feature economics view asks of core: the slice of an analysis request (period and
// sources, never the owner key), the infrastructure per 1,000 requests, the attributed sum,
// a feature's months over every date, the feature-key choices and the aggregate batches.
#include "coretest.h"
#include "rowbuilder.h"

#include "core/analysis/economicssnapshot.h"

using namespace unalloc::core;
using unalloc::test::cubeOf;
using unalloc::test::dec;
using unalloc::test::makeRow;

namespace {

constexpr int kJun1 = 20605; // 2026-06-01
constexpr int kAug1 = 20666;
constexpr int kSep1 = 20697;

/// June: one `answer` request ($1) and its vector DB ($3). August: three `answer` requests
/// ($1 + $2 + $0.5), its vector DB ($7), one `chat` request ($0.25) and $4 of cluster cost
/// without a feature.
CostCube cube()
{
    return cubeOf({
        makeRow("litellm", "a1", "1.00", {{"feature", "answer"}, {"team", "web"}}, kJun1 + 3),
        makeRow("opencost", "vdb-jun", "3.00", {{"feature", "answer"}}, kJun1),
        makeRow("litellm", "a2", "1.00", {{"feature", "answer"}, {"team", "web"}}, kAug1 + 1),
        makeRow("litellm", "a3", "2.00", {{"feature", "answer"}, {"team", "web"}}, kAug1 + 2),
        makeRow("litellm", "a4", "0.50", {{"feature", "answer"}, {"team", "ops"}}, kAug1 + 3),
        makeRow("opencost", "vdb-aug", "7.00", {{"feature", "answer"}}, kAug1),
        makeRow("litellm", "c1", "0.25", {{"feature", "chat"}}, kAug1 + 4),
        makeRow("opencost", "ingress", "4.00", {{"namespace", "platform"}}, kAug1),
    });
}

AnalysisRequest august()
{
    AnalysisRequest r;
    r.ownerKey = "team";
    r.fromDay = kAug1;
    r.toDay = kSep1;
    return r;
}

} // namespace

class TestEconomicsSnapshot final : public QObject
{
    Q_OBJECT

private slots:
    void sliceFollowsPeriodAndSourcesNotOwnerKey();
    void infraPerThousand_data();
    void infraPerThousand();
    void attributedSumAndMonthsOverEveryDate();
    void featureKeyChoices();
    void aggregateBatches();
};

void TestEconomicsSnapshot::sliceFollowsPeriodAndSourcesNotOwnerKey()
{
    AnalysisRequest r = august();
    r.sources = {"litellm"};
    const EconomicsOptions o = economicsOptions(r, "feature", {});
    QCOMPARE(o.featureKey, std::string("feature"));
    QCOMPARE(o.fromDay, std::optional<std::int32_t>(kAug1));
    QCOMPARE(o.toDay, std::optional<std::int32_t>(kSep1));
    QCOMPARE(o.sources, std::set<std::string>{"litellm"});
    // Another owner key is the same slice.
    AnalysisRequest other = r.withOwnerKey("project");
    const EconomicsOptions p = economicsOptions(other, "feature", {});
    QCOMPARE(p.fromDay, o.fromDay);
    QCOMPARE(p.sources, o.sources);
    QCOMPARE(p.featureKey, o.featureKey);
}

void TestEconomicsSnapshot::infraPerThousand_data()
{
    QTest::addColumn<QString>("infra");
    QTest::addColumn<qint64>("requests");
    QTest::addColumn<QString>("expected"); // "-" for none
    QTest::newRow("7 over 3 requests: 2333.33…, half-even") << "7" << qint64(3) << "2333.3333";
    QTest::newRow("half-even at the 4th place: 0.00005 × 1000 / 1")
        << "0.0000005" << qint64(1) << "0.0005";
    QTest::newRow("1 over 8: 125") << "1" << qint64(8) << "125.0000";
    QTest::newRow("zero requests: none") << "7" << qint64(0) << "-";
}

void TestEconomicsSnapshot::infraPerThousand()
{
    QFETCH(QString, infra);
    QFETCH(qint64, requests);
    QFETCH(QString, expected);
    EconomicsLine l;
    l.infra = dec(infra.toUtf8().constData());
    l.requests = requests;
    const auto got = l.infraPerThousand();
    QCOMPARE(got ? QString::fromStdString(got->toFixed(4)) : QStringLiteral("-"), expected);
}

void TestEconomicsSnapshot::attributedSumAndMonthsOverEveryDate()
{
    const CostCube c = cube();
    auto s = economicsSnapshot(c, economicsOptions(august(), "feature", {}));
    QVERIFY(s);
    // August only: answer 3 requests, $3.50 API + $7 infra; chat 1 request, $0.25.
    QCOMPARE(s->attributed.requests, std::int64_t(4));
    QCOMPARE(s->attributed.api, dec("3.75"));
    QCOMPARE(s->attributed.infra, dec("7"));
    // 7 ÷ 10.75 = 65.116…% → 65.1
    QCOMPARE(s->attributed.invisiblePct()->toFixed(1), std::string("65.1"));
    QCOMPARE(s->report.unattributed.infra, dec("4"));
    // The report is August's; the months are every date's: June and August of `answer`.
    QCOMPARE(s->report.byMonth.front().group, std::string("2026-08"));
    const auto answer = featureTrend(s->allMonths, "answer");
    QCOMPARE(answer.size(), size_t(2));
    QCOMPARE(answer[0].group, std::string("2026-06"));
    QCOMPARE(answer[0].line.perThousand()->toFixed(4), std::string("4000.0000")); // $4 / 1 request
    QCOMPARE(answer[1].group, std::string("2026-08"));
    QCOMPARE(answer[1].line.perThousand()->toFixed(4), std::string("3500.0000")); // $10.50 / 3
    QCOMPARE(featureTrend(s->allMonths, "chat").size(), size_t(1));
    const auto none = featureTrend(s->allMonths, kUnattributed);
    QCOMPARE(none.size(), size_t(1));
    QCOMPARE(none[0].line.infra, dec("4"));
    QVERIFY(!none[0].line.perThousand()); // no requests without a feature: "—"
    QVERIFY(featureTrend(s->allMonths, "nothing").empty());
    // Without a period the months are the report's own.
    AnalysisRequest all = august();
    all.fromDay.reset();
    all.toDay.reset();
    auto t = economicsSnapshot(c, economicsOptions(all, "feature", {}));
    QVERIFY(t);
    QCOMPARE(t->allMonths.size(), t->report.byMonth.size());
    QCOMPARE(t->attributed.requests, std::int64_t(5));
}

void TestEconomicsSnapshot::featureKeyChoices()
{
    const std::vector<std::string> catalog{"team", "feature", "namespace"};
    QCOMPARE(unalloc::core::featureKeyChoices(catalog, "feature"),
             (std::vector<std::string>{"feature", "team", "namespace"}));
    QCOMPARE(unalloc::core::featureKeyChoices(catalog, "team"),
             (std::vector<std::string>{"team", "feature", "namespace"}));
    QCOMPARE(unalloc::core::featureKeyChoices({}, "product"),
             (std::vector<std::string>{"product", "feature"}));
}

void TestEconomicsSnapshot::aggregateBatches()
{
    ImportBatch spendLogs, report, openCost;
    spendLogs.id = 1;
    spendLogs.source = "litellm";
    spendLogs.format = "litellm-spend-logs";
    report.id = 2;
    report.source = "litellm";
    report.format = "litellm-global-spend-report";
    openCost.id = 3;
    openCost.source = "opencost";
    openCost.format = "opencost-report-csv";
    QCOMPARE(aggregateGatewayBatches({spendLogs, report, openCost}), std::set<std::int64_t>{2});
}

QTEST_GUILESS_MAIN(TestEconomicsSnapshot)
#include "tst_economicssnapshot.moc"
