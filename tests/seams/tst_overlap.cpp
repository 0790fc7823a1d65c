// Double counting between a gateway log and provider bills (issue 5 item 2), to the cent.
#include "demorows.h"

#include "core/attribution.h"
#include "core/seams/overlap.h"

#include <algorithm>

using namespace unalloc::core;

Q_DECLARE_METATYPE(std::vector<unalloc::core::CostRow>)
using unalloc::test::bytes;
using unalloc::test::dec;
using unalloc::test::makeRow;

namespace {

constexpr int kDay1 = 20'301; // 2025-08-01, the upstream fixtures' first day

CostRow gateway(const char *id,
                const char *amount,
                const char *model,
                const char *team,
                const char *provider,
                int day = kDay1)
{
    CostRow r = makeRow("litellm", id, amount, {{"team_id", team}, {"model", model}}, day);
    if (provider) {
        r.usage = Usage{};
        r.usage->provider = provider;
        r.usage->model = model;
    }
    return r;
}

/// Upstream-shaped ledger: LiteLLM requests routed to OpenAI and Anthropic, the providers'
/// cost rows for the same days, and rows that cannot overlap (Azure, OpenCost).
std::vector<CostRow> ledger()
{
    return {
        gateway("req-a", "30.00", "gpt-4o-2024-08-06", "search", "openai"),
        gateway("req-b", "10.125", "openai/gpt-4o", "support", nullptr), // provider from prefix
        gateway("req-c", "0.50", "text-embedding-3-small", "search", "openai"),
        gateway("req-d", "100.00", "claude-sonnet-4-20250514", "research", "anthropic"),
        gateway("req-e", "5.00", "gpt-4o", "support", "openai", kDay1 + 1),
        gateway("req-f", "7.00", "claude-sonnet-4-20250514", "research", "anthropic", kDay1 + 2),
        gateway("req-g", "3.00", "azure/gpt-4o", "search", nullptr),
        makeRow("openai", "gpt-4o-2024-08-06, input", "18.4725",
                {{"project_id", "proj_9X"},
                 {"line_item", "gpt-4o-2024-08-06, input"},
                 {"provider", "openai"}},
                kDay1),
        makeRow("openai", "gpt-4o-2024-08-06, output", "21.183",
                {{"project_id", "proj_9X"},
                 {"line_item", "gpt-4o-2024-08-06, output"},
                 {"provider", "openai"}},
                kDay1),
        makeRow("openai", "gpt-4o-2024-08-06, cached input", "1.2037125",
                {{"project_id", "proj_9X"},
                 {"line_item", "gpt-4o-2024-08-06, cached input"},
                 {"provider", "openai"}},
                kDay1),
        makeRow("openai", "gpt-4o-mini, input", "2.00",
                {{"line_item", "gpt-4o-mini, input"}, {"provider", "openai"}}, kDay1),
        makeRow("openai", "web search", "8.00", {{"provider", "openai"}}, kDay1 + 1),
        makeRow("anthropic", "Claude Sonnet 4 Usage - Input Tokens", "60.00",
                {{"model", "claude-sonnet-4-20250514"}, {"provider", "anthropic"}}, kDay1),
        makeRow("anthropic", "Claude Sonnet 4 Usage - Output Tokens", "30.00",
                {{"model", "claude-sonnet-4-20250514"}, {"provider", "anthropic"}}, kDay1),
        makeRow("opencost", "inference/vllm", "50.00", {{"team", "platform"}}, kDay1),
    };
}

QStringList describe(const OverlapReport &r)
{
    QStringList out;
    for (const OverlapGroup &g : r.groups)
        out << QString::fromStdString(g.provider + " " + formatDate(g.day * kUsPerDay) + " " +
                                      (g.model.empty() ? "*" : g.model) + " gateway " +
                                      g.gateway.toString() + " bill " + g.bill.toString() +
                                      " overlap " + g.overlap.toString() + " residual " +
                                      g.residual.toString() + " excess " + g.excess.toString());
    for (const ProviderOverlap &p : r.providers)
        out << QString::fromStdString(
            p.provider + " total gateway " + p.gateway.toString() + " bill " + p.bill.toString() +
            " overlap " + p.overlap.toString() + " residual " + p.residual.toString() + " excess " +
            p.excess.toString() + " coverage " + (p.coveragePct ? p.coveragePct->toFixed(1) : "-"));
    return out;
}

Decimal totalOf(const CostCube &cube)
{
    AttributionOptions o;
    return attribute(cube, o).value().total;
}

} // namespace

class TestOverlap final : public QObject
{
    Q_OBJECT

private slots:
    void matchModel_data();
    void matchModel();
    void gatewayIdentity_data();
    void gatewayIdentity();
    void labelsOnlyGatewayRows();
    void periodBillsMatchDailyRows_data();
    void periodBillsMatchDailyRows();
    void shortestBillPeriodWins();
    void telemetryIsNoCost();
    void overlapToTheCent();
    void mergedLedgerConserves();
    void demoSampleHasNoOverlap();
    void noBillNoOverlap();
    void billsDecideWhatGatewayRowsCount_data();
    void billsDecideWhatGatewayRowsCount();
};

void TestOverlap::matchModel_data()
{
    QTest::addColumn<QByteArray>("model");
    QTest::addColumn<QByteArray>("key");
    QTest::newRow("plain") << QByteArray("gpt-4o") << QByteArray("gpt-4o");
    QTest::newRow("provider prefix") << QByteArray("openai/gpt-4o") << QByteArray("gpt-4o");
    QTest::newRow("dashed date") << QByteArray("gpt-4o-2024-08-06") << QByteArray("gpt-4o");
    QTest::newRow("line item with token type")
        << QByteArray("gpt-4o-2024-08-06, cached input") << QByteArray("gpt-4o");
    QTest::newRow("compact date") << QByteArray("claude-sonnet-4-20250514")
                                  << QByteArray("claude-sonnet-4");
    QTest::newRow("vertex version")
        << QByteArray("vertex_ai/claude-3-5-sonnet@20240620") << QByteArray("claude-3-5-sonnet");
    QTest::newRow("case and spaces") << QByteArray("  GPT-4o-Mini ") << QByteArray("gpt-4o-mini");
    QTest::newRow("version number kept")
        << QByteArray("claude-opus-4-1") << QByteArray("claude-opus-4-1");
    QTest::newRow("short digits kept") << QByteArray("o1-2024") << QByteArray("o1-2024");
    QTest::newRow("latest alias") << QByteArray("claude-3-5-sonnet-latest")
                                  << QByteArray("claude-3-5-sonnet");
    QTest::newRow("bedrock region and version")
        << QByteArray("us.anthropic.claude-3-5-sonnet-20241022-v2:0")
        << QByteArray("claude-3-5-sonnet");
    QTest::newRow("bedrock prefix and vendor")
        << QByteArray("bedrock/anthropic.claude-3-haiku-20240307-v1:0")
        << QByteArray("claude-3-haiku");
    QTest::newRow("at version") << QByteArray("claude-sonnet-4@20250514")
                                << QByteArray("claude-sonnet-4");
    QTest::newRow("empty") << QByteArray("") << QByteArray("");
}

void TestOverlap::gatewayIdentity_data()
{
    QTest::addColumn<QByteArray>("customLlmProvider");
    QTest::addColumn<QByteArray>("model");
    QTest::addColumn<QByteArray>("modelGroup");
    QTest::addColumn<QByteArray>("apiBase");
    QTest::addColumn<QByteArray>("provider");
    QTest::addColumn<QByteArray>("storedModel");
    // The upstream sample's rows: bare model names, the provider only in custom_llm_provider.
    QTest::newRow("custom_llm_provider")
        << QByteArray("openai") << QByteArray("gpt-4o-2024-08-06") << QByteArray("gpt-4o")
        << QByteArray() << QByteArray("openai") << QByteArray("gpt-4o-2024-08-06");
    QTest::newRow("custom_llm_provider wins over prefix")
        << QByteArray("Anthropic") << QByteArray("vertex_ai/claude-sonnet-4") << QByteArray()
        << QByteArray() << QByteArray("anthropic") << QByteArray("vertex_ai/claude-sonnet-4");
    QTest::newRow("model prefix") << QByteArray() << QByteArray("openai/gpt-4o") << QByteArray()
                                  << QByteArray() << QByteArray("openai")
                                  << QByteArray("openai/gpt-4o");
    QTest::newRow("model group prefix")
        << QByteArray() << QByteArray("gpt-4o") << QByteArray("azure/gpt-4o") << QByteArray()
        << QByteArray("azure") << QByteArray("azure/gpt-4o");
    QTest::newRow("api base host") << QByteArray() << QByteArray("prod-gpt") << QByteArray()
                                   << QByteArray("https://api.openai.com/v1/")
                                   << QByteArray("openai") << QByteArray("prod-gpt");
    QTest::newRow("azure deployment: the group is the model")
        << QByteArray("azure") << QByteArray("team-a-gpt4o-eu") << QByteArray("gpt-4o")
        << QByteArray("https://team-a.openai.azure.com/") << QByteArray("azure")
        << QByteArray("gpt-4o");
    QTest::newRow("azure host") << QByteArray() << QByteArray("team-a-gpt4o-eu")
                                << QByteArray("gpt-4o")
                                << QByteArray("https://team-a.openai.azure.com/")
                                << QByteArray("azure") << QByteArray("gpt-4o");
    QTest::newRow("bedrock region id")
        << QByteArray() << QByteArray("us.anthropic.claude-3-haiku") << QByteArray() << QByteArray()
        << QByteArray("bedrock") << QByteArray("us.anthropic.claude-3-haiku");
    QTest::newRow("bare claude") << QByteArray() << QByteArray("claude-sonnet-4-20250514")
                                 << QByteArray() << QByteArray() << QByteArray("anthropic")
                                 << QByteArray("claude-sonnet-4-20250514");
    QTest::newRow("bare gpt") << QByteArray() << QByteArray("gpt-4o-mini") << QByteArray()
                              << QByteArray() << QByteArray("openai") << QByteArray("gpt-4o-mini");
    QTest::newRow("bare o3") << QByteArray() << QByteArray("o3-mini") << QByteArray()
                             << QByteArray() << QByteArray("openai") << QByteArray("o3-mini");
    QTest::newRow("model only in the group")
        << QByteArray("openai") << QByteArray() << QByteArray("gpt-4o") << QByteArray()
        << QByteArray("openai") << QByteArray("gpt-4o");
    QTest::newRow("nothing to go on") << QByteArray() << QByteArray("llama-3.1-8b") << QByteArray()
                                      << QByteArray() << QByteArray() << QByteArray("llama-3.1-8b");
}

void TestOverlap::gatewayIdentity()
{
    QFETCH(QByteArray, customLlmProvider);
    QFETCH(QByteArray, model);
    QFETCH(QByteArray, modelGroup);
    QFETCH(QByteArray, apiBase);
    QFETCH(QByteArray, provider);
    QFETCH(QByteArray, storedModel);
    const GatewayIdentity id = identifyGatewayRow(
        {std::string_view(customLlmProvider.constData(), size_t(customLlmProvider.size())),
         std::string_view(model.constData(), size_t(model.size())),
         std::string_view(modelGroup.constData(), size_t(modelGroup.size())),
         std::string_view(apiBase.constData(), size_t(apiBase.size()))});
    QCOMPARE(bytes(id.provider), provider);
    QCOMPARE(bytes(id.model), storedModel);
}

void TestOverlap::labelsOnlyGatewayRows()
{
    // A cube that kept no usage (labels only): the same rule reads custom_llm_provider, model
    // and model_group from the labels, so bare names still match.
    std::vector<CostRow> rows{
        makeRow("litellm", "req-1", "30.00",
                {{"model", "gpt-4o-2024-08-06"}, {"custom_llm_provider", "openai"}}, kDay1),
        makeRow("litellm", "req-2", "100.00", {{"model", "claude-sonnet-4-20250514"}}, kDay1),
        makeRow("openai", "gpt-4o", "50.00", {{"line_item", "gpt-4o"}, {"provider", "openai"}},
                kDay1),
        makeRow("anthropic", "Sonnet", "90.00",
                {{"model", "claude-sonnet-4-20250514"}, {"provider", "anthropic"}}, kDay1),
    };
    const OverlapReport r = findOverlap(unalloc::test::cubeOf(rows));
    QCOMPARE(r.providers.size(), size_t(2));
    QCOMPARE(r.providers[0].overlap, dec("90.00"));
    QCOMPARE(r.providers[1].overlap, dec("30.00"));
}

void TestOverlap::periodBillsMatchDailyRows_data()
{
    QTest::addColumn<int>("billDays");
    QTest::addColumn<QByteArray>("granularity");
    QTest::addColumn<QByteArray>("overlap");
    QTest::addColumn<QByteArray>("residual");
    QTest::addColumn<QByteArray>("excess");
    // 31 daily gateway rows of $10 (gpt-4o) from the bill's first day; the bill is $280.
    QTest::newRow("monthly") << 31 << QByteArray("monthly") << QByteArray("280.00")
                             << QByteArray("0.00") << QByteArray("30.00");
    QTest::newRow("weekly") << 7 << QByteArray("weekly") << QByteArray("70.00")
                            << QByteArray("210.00") << QByteArray("240.00");
    QTest::newRow("daily") << 1 << QByteArray("daily") << QByteArray("10.00")
                           << QByteArray("270.00") << QByteArray("300.00");
}

void TestOverlap::periodBillsMatchDailyRows()
{
    QFETCH(int, billDays);
    QFETCH(QByteArray, granularity);
    QFETCH(QByteArray, overlap);
    QFETCH(QByteArray, residual);
    QFETCH(QByteArray, excess);
    std::vector<CostRow> rows;
    for (int d = 0; d < 31; ++d) {
        CostRow g = gateway(("req-" + std::to_string(d)).c_str(), "10.00", "gpt-4o-2024-08-06",
                            "search", "openai", kDay1 + d);
        g.end = g.start + 3'000'000; // a three-second request
        rows.push_back(std::move(g));
    }
    CostRow bill = makeRow("openai", "gpt-4o", "280.00",
                           {{"line_item", "gpt-4o"}, {"provider", "openai"}}, kDay1);
    bill.end = bill.start + billDays * kUsPerDay;
    rows.push_back(bill);
    const OverlapReport r = findOverlap(unalloc::test::cubeOf(rows));
    QCOMPARE(r.providers.size(), size_t(1));
    const ProviderOverlap &p = r.providers.front();
    QCOMPARE(bytes(p.granularity), granularity);
    QCOMPARE(p.overlap, dec(overlap.constData()));
    QCOMPARE(p.residual, dec(residual.constData()));
    QCOMPARE(p.excess, dec(excess.constData()));
    // The bill's group spans its whole period and holds the gateway rows of every day in it.
    const auto billGroup = std::find_if(r.groups.begin(), r.groups.end(),
                                        [](const OverlapGroup &g) { return !g.bill.isZero(); });
    QVERIFY(billGroup != r.groups.end());
    QCOMPARE(billGroup->days, billDays);
    QCOMPARE(billGroup->gatewayRows, std::int64_t(billDays));
}

void TestOverlap::shortestBillPeriodWins()
{
    // A daily line beside a monthly one: the day's gateway rows go to the daily line only.
    std::vector<CostRow> rows{
        gateway("req-1", "10.00", "gpt-4o", "search", "openai", kDay1),
        gateway("req-2", "10.00", "gpt-4o", "search", "openai", kDay1 + 5),
    };
    CostRow month = makeRow("openai", "gpt-4o month", "100.00",
                            {{"line_item", "gpt-4o"}, {"provider", "openai"}}, kDay1);
    month.end = month.start + 31 * kUsPerDay;
    rows.push_back(month);
    rows.push_back(makeRow("openai", "gpt-4o day", "4.00",
                           {{"line_item", "gpt-4o"}, {"provider", "openai"}}, kDay1 + 5));
    const OverlapReport r = findOverlap(unalloc::test::cubeOf(rows));
    QCOMPARE(r.groups.size(), size_t(2));
    QCOMPARE(r.groups[0].days, 31);
    QCOMPARE(r.groups[0].overlap, dec("10.00"));
    QCOMPARE(r.groups[1].days, 1);
    QCOMPARE(r.groups[1].overlap, dec("4.00"));
    QCOMPARE(bytes(r.providers.front().granularity), QByteArray("daily, monthly"));
}

void TestOverlap::telemetryIsNoCost()
{
    CostRow t = gateway("vllm-1", "0", "hosted_vllm/llama-3.1-8b", "agents", "hosted_vllm");
    CostRow paid = gateway("req-1", "0", "gpt-4o", "agents", "openai"); // a failed paid call
    const CostCube cube = unalloc::test::cubeOf({t, paid});
    QCOMPARE(cube.rowCount(), std::int64_t(1));
    QVERIFY(isTelemetryOnly("hosted_vllm", true));
    QVERIFY(!isTelemetryOnly("hosted_vllm", false));
    QVERIFY(!isTelemetryOnly("openai", true));
}

void TestOverlap::matchModel()
{
    QFETCH(QByteArray, model);
    QFETCH(QByteArray, key);
    QCOMPARE(bytes(unalloc::core::matchModel(model.toStdString())), key);
}

void TestOverlap::overlapToTheCent()
{
    const OverlapReport r = findOverlap(unalloc::test::cubeOf(ledger()));
    QCOMPARE(describe(r),
             (QStringList{QStringLiteral("anthropic 2025-08-01 claude-sonnet-4 gateway 100.00 bill "
                                         "90.00 overlap 90.00 residual 0.00 excess 10.00"),
                          QStringLiteral("anthropic 2025-08-03 * gateway 7.00 bill 0.00 overlap "
                                         "0.00 residual 0.00 excess 7.00"),
                          QStringLiteral("openai 2025-08-01 gpt-4o gateway 40.125 bill 40.8592125 "
                                         "overlap 40.125 residual 0.7342125 excess 0.00"),
                          QStringLiteral("openai 2025-08-01 gpt-4o-mini gateway 0.00 bill 2.00 "
                                         "overlap 0.00 residual 2.00 excess 0.00"),
                          QStringLiteral("openai 2025-08-01 text-embedding-3-small gateway 0.50 "
                                         "bill 0.00 overlap 0.00 residual 0.00 excess 0.50"),
                          QStringLiteral("openai 2025-08-02 * gateway 5.00 bill 8.00 overlap 5.00 "
                                         "residual 3.00 excess 0.00"),
                          QStringLiteral("anthropic total gateway 107.00 bill 90.00 overlap 90.00 "
                                         "residual 0.00 excess 17.00 coverage 118.9"),
                          QStringLiteral("openai total gateway 45.625 bill 50.8592125 overlap "
                                         "45.125 residual 5.7342125 excess 0.50 coverage 89.7")}));
    QCOMPARE(r.any(), true);
}

void TestOverlap::mergedLedgerConserves()
{
    const CostCube cube = unalloc::test::cubeOf(ledger());
    const MergedLedger m = deduplicate(cube);
    QCOMPARE(m.removed, dec("135.125"));
    QCOMPARE(m.excess, dec("17.50"));
    QCOMPARE(totalOf(cube), dec("346.4842125"));
    QCOMPARE(totalOf(m.cube), dec("211.3592125"));
    QCOMPARE(totalOf(m.cube), totalOf(cube) - m.removed);
    QCOMPARE(m.cube.rowCount(), cube.rowCount());

    // Bill rows of a group now sum to the group's residual; gateway rows are unchanged.
    std::map<std::string, Decimal> byObject;
    for (const CostGroup &g : m.cube.rawGroups())
        byObject[std::string(m.cube.sources().at(m.cube.context(g).source)) + "/" +
                 std::string(m.cube.objects().at(g.object))] += g.amount;
    const Decimal gpt4o = byObject["openai/gpt-4o-2024-08-06, input"] +
                          byObject["openai/gpt-4o-2024-08-06, output"] +
                          byObject["openai/gpt-4o-2024-08-06, cached input"];
    QCOMPARE(gpt4o, dec("0.7342125"));
    QVERIFY(byObject["openai/gpt-4o-2024-08-06, output"] >
            byObject["openai/gpt-4o-2024-08-06, input"]);
    QCOMPARE(byObject["openai/web search"], dec("3.00"));
    QCOMPARE(byObject["openai/gpt-4o-mini, input"], dec("2.00"));
    QCOMPARE(byObject["anthropic/Claude Sonnet 4 Usage - Input Tokens"], Decimal());
    QCOMPARE(byObject["litellm/req-a"], dec("30.00"));
    QCOMPARE(byObject["litellm/req-g"], dec("3.00"));

    // Teams keep the gateway's dollars; what the gateway never saw stays unallocated.
    AttributionOptions o;
    o.ownerKey = "team";
    const auto merged = attribute(m.cube, o).value();
    QCOMPARE(merged.total, dec("211.3592125"));
    QCOMPARE(merged.unallocated, dec("5.7342125"));
    // The merged view of the merged view changes nothing more.
    QCOMPARE(findOverlap(m.cube).providers.front().overlap, dec("0"));

    // Moved in, the plain cube becomes the merged one: the same groups in the same order.
    CostCube plain = unalloc::test::cubeOf(ledger());
    const MergedLedger moved = deduplicate(std::move(plain));
    QCOMPARE(moved.removed, m.removed);
    QCOMPARE(moved.cube.groupCount(), m.cube.groupCount());
    for (size_t i = 0; i < m.cube.groupCount(); ++i) {
        const CostGroup &a = moved.cube.rawGroups()[i], &b = m.cube.rawGroups()[i];
        QCOMPARE(a.amount, b.amount);
        QCOMPARE(moved.cube.labelSets().pairs(a.labelSet).size(),
                 m.cube.labelSets().pairs(b.labelSet).size());
        QCOMPARE(a.object, b.object);
        QCOMPARE(a.day, b.day);
    }
}

void TestOverlap::demoSampleHasNoOverlap()
{
    // The demo's gateway routes to azure, vertex_ai and bedrock: none of them bill here.
    const CostCube cube = unalloc::test::cubeOf(unalloc::test::demoRows());
    const OverlapReport r = findOverlap(cube);
    QCOMPARE(r.any(), false);
    const MergedLedger m = deduplicate(cube);
    QCOMPARE(totalOf(m.cube), dec("66630.38"));
    QCOMPARE(m.removed, Decimal());
}

void TestOverlap::noBillNoOverlap()
{
    // Without the provider's bill in the slice, gateway rows are not double counted.
    OverlapOptions o;
    o.sources = {"litellm", "opencost"};
    QCOMPARE(findOverlap(unalloc::test::cubeOf(ledger()), o).any(), false);
    o.sources = {"litellm", "anthropic"};
    const OverlapReport onlyAnthropic = findOverlap(unalloc::test::cubeOf(ledger()), o);
    QCOMPARE(onlyAnthropic.providers.size(), size_t(1));
    QCOMPARE(bytes(onlyAnthropic.providers.front().provider), QByteArray("anthropic"));
}

void TestOverlap::billsDecideWhatGatewayRowsCount_data()
{
    // Beside two gateway rows (one to OpenAI, one whose provider nothing tells), the rows of
    // other sources decide what is matched and whether the unknown one is reported.
    QTest::addColumn<std::vector<CostRow>>("others");
    QTest::addColumn<QStringList>("providers");
    QTest::addColumn<qint64>("unknownRows");
    const CostRow cluster = makeRow("opencost", "inference/vllm", "50.00", {{"team", "ml"}}, kDay1);
    const CostRow named = makeRow("openai", "gpt-4o, input", "12.00",
                                  {{"line_item", "gpt-4o, input"}, {"provider", "openai"}}, kDay1);
    const CostRow bySource =
        makeRow("openai", "gpt-4o, output", "9.00", {{"line_item", "gpt-4o, output"}}, kDay1);
    const CostRow elsewhere =
        makeRow("mistral-bill", "mistral-large", "4.00",
                {{"line_item", "mistral-large"}, {"provider", "mistral"}}, kDay1);
    QTest::newRow("gateway alone") << std::vector<CostRow>{} << QStringList{} << qint64(0);
    QTest::newRow("a cluster beside")
        << std::vector<CostRow>{cluster} << QStringList{} << qint64(0);
    QTest::newRow("a bill naming its provider")
        << std::vector<CostRow>{cluster, named} << QStringList{QStringLiteral("openai 10.00")}
        << qint64(1);
    QTest::newRow("a bill known by its source")
        << std::vector<CostRow>{bySource} << QStringList{QStringLiteral("openai 9.00")}
        << qint64(0);
    QTest::newRow("another provider's bill")
        << std::vector<CostRow>{elsewhere} << QStringList{} << qint64(1);
}

void TestOverlap::billsDecideWhatGatewayRowsCount()
{
    QFETCH(std::vector<CostRow>, others);
    QFETCH(QStringList, providers);
    QFETCH(qint64, unknownRows);
    std::vector<CostRow> rows = {gateway("req-a", "10.00", "gpt-4o", "search", "openai"),
                                 gateway("req-b", "2.00", "my-deployment", "support", nullptr)};
    rows.insert(rows.end(), others.begin(), others.end());
    const OverlapReport r = findOverlap(unalloc::test::cubeOf(rows));
    QStringList got;
    for (const ProviderOverlap &p : r.providers)
        got << QString::fromStdString(p.provider + " " + p.overlap.toString());
    QCOMPARE(got, providers);
    QCOMPARE(qint64(r.unknownProviderRows), unknownRows);
}

QTEST_APPLESS_MAIN(TestOverlap)
#include "tst_overlap.moc"
