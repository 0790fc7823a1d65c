// The demo pod's committed telemetry (resources/demo-pod/) is what the simulator writes for
// its fixed setting (tests/tools/demopodconfig.h): regenerate it with `gendemopod` when the
// simulator changes. Also: it imports as zero-dollar rows with a tenant label.
#include "../tools/demopodconfig.h"

#include "adapters/adapter.h"
#include "core/meters/requestrecord.h"
#include "core/meters/simmeters.h"
#include "core/meters/telemetrymeters.h"

#include <QFile>
#include <QTest>

#include <set>

using namespace unalloc;

class TstDemoPod final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rowsAreZeroDollarTelemetryWithTeams();
    void matchesTheSimulator();
    void metersConserveThePodCost();

private:
    std::vector<core::CostRow> m_rows;
};

void TstDemoPod::initTestCase()
{
    QFile file(QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo-pod/litellm_vllm_pod.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = "litellm_vllm_pod.json";
    options.normaliser = &normaliser;
    auto loaded =
        adapters::readBytes(std::string_view(bytes.constData(), size_t(bytes.size())), options);
    QVERIFY2(loaded, loaded ? "" : loaded.error().message().c_str());
    m_rows = std::move(loaded->rows);
}

void TstDemoPod::rowsAreZeroDollarTelemetryWithTeams()
{
    QVERIFY(m_rows.size() > 2000 && m_rows.size() < 5000);
    std::set<std::string> teams;
    for (const core::CostRow &row : m_rows) {
        QVERIFY(row.amount.amount.isZero());
        QCOMPARE(row.source, std::string("litellm"));
        QVERIFY(row.usage && row.usage->firstTokenTime);
        if (const std::string *team = row.labels.find("team"))
            teams.insert(*team);
    }
    QCOMPARE(teams, (std::set<std::string>{"agents", "platform", "search"}));
}

void TstDemoPod::matchesTheSimulator()
{
    core::SimOptions keep;
    keep.keepOutcomes = true;
    const core::SimResult sim = core::simulate(demopod::config(), keep);
    const auto expected = core::simulationTelemetry(sim, demopod::originUs());
    const core::TelemetryRecords got = core::requestsFromRows(m_rows, "team");
    QCOMPARE(got.skipped, std::int64_t(0));
    QCOMPARE(got.records.size(), expected.size());
    QVERIFY(got.records == expected);
}

void TstDemoPod::metersConserveThePodCost()
{
    const core::TelemetryRecords t = core::requestsFromRows(m_rows, "team");
    const core::Money cost{*core::Decimal::parse("17280"), core::Currency::usd()};
    auto splits = core::telemetryMeters(t.records, cost, core::OverheadPolicy::Keep);
    QVERIFY(splits);
    for (const core::MeterSplit &s : *splits) {
        core::Decimal shares, amounts;
        for (const core::MeterRow &r : s.rows) {
            shares += r.share;
            amounts += r.amount.amount;
        }
        QCOMPARE(shares, core::Decimal::fromInt(1));
        QCOMPARE(amounts, cost.amount);
    }
    // The studies' shape: search pays clearly more by tokens than by time share.
    const core::Decimal tokens = (*splits)[0].find("search")->redistributedShare;
    const core::Decimal time = (*splits)[2].find("search")->redistributedShare;
    QVERIFY(tokens > time);
}

QTEST_GUILESS_MAIN(TstDemoPod)
#include "tst_demopod.moc"
