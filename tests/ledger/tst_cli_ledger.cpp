// `unalloc import` and `unalloc ledger`, and `--ledger` input, driven in-process.
#include "fakeadapter.h"
#include "ledgertestutil.h"

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "core/attribution.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sstream>

namespace unalloc::cli {
int runImport(const std::vector<std::string> &args, Io &io);
int runLedger(const std::vector<std::string> &args, Io &io);
} // namespace unalloc::cli

using namespace unalloc;

namespace {

struct Run
{
    int rc;
    std::string out, err;
};

Run run(int (*fn)(const std::vector<std::string> &, cli::Io &), std::vector<std::string> args)
{
    std::ostringstream out, err;
    cli::Io io{out, err};
    const int rc = fn(args, io);
    return {rc, out.str(), err.str()};
}

std::string demo(const char *file)
{
    return std::string(UNALLOC_SOURCE_DIR) + "/resources/demo/" + file;
}

} // namespace

class TestCliLedger final : public QObject
{
    Q_OBJECT

private slots:
    void importPrintsBatches();
    void badInputImportsNothing();
    void ledgerListsBatches();
    void compactSaysWhatItRemoved();
    void reportInputFromLedger();
    void usageErrors();

private:
    QTemporaryDir m_dir;
    std::string path(const char *name) const
    {
        return m_dir.filePath(QString::fromLatin1(name)).toStdString();
    }
};

void TestCliLedger::importPrintsBatches()
{
    const std::string ledger = path("a.unalloc");
    auto r = run(cli::runImport,
                 {"--ledger", ledger, demo("litellm_spend.json"), demo("invoices.json")});
    QCOMPARE(r.rc, 0);
    QVERIFY2(r.out.find("rows:     4 read, 4 added, 0 duplicates skipped") != std::string::npos,
             r.out.c_str());
    QVERIFY(r.out.find("status:   complete") != std::string::npos);
    QVERIFY(r.out.find("total:    ") != std::string::npos);
    auto again = run(cli::runImport, {"--ledger", ledger, "--json", demo("litellm_spend.json")});
    QCOMPARE(again.rc, 0);
    const auto j = nlohmann::json::parse(again.out);
    QCOMPARE(j["batches"][0]["duplicates"].get<int>(), 4);
    QCOMPARE(j["batches"][0]["rows_added"].get<int>(), 0);
    QVERIFY(j["batches"][0]["totals"]["USD"].is_string());
}

// Nothing to remove in a ledger this build wrote (a re-import stores no set): the count says
// 0, the rows and batches are as before, and --json carries the count.
void TestCliLedger::compactSaysWhatItRemoved()
{
    const std::string ledger = path("compact.unalloc");
    QCOMPARE(run(cli::runImport, {"--ledger", ledger, demo("litellm_spend.json")}).rc, 0);
    QCOMPARE(run(cli::runImport, {"--ledger", ledger, demo("litellm_spend.json")}).rc, 0);
    const auto before = testing::dumpContent(ledger);
    auto r = run(cli::runLedger, {"--ledger", ledger, "--compact"});
    QCOMPARE(r.rc, 0);
    QVERIFY2(r.out.find("removed 0 label sets that no row names") != std::string::npos,
             r.out.c_str());
    QVERIFY(r.out.find("(4 rows)") != std::string::npos);
    QCOMPARE(testing::dumpContent(ledger), before);
    auto j = run(cli::runLedger, {"--ledger", ledger, "--compact", "--json"});
    QCOMPARE(j.rc, 0);
    QCOMPARE(nlohmann::json::parse(j.out)["label_sets_removed"].get<int>(), 0);
    QVERIFY(nlohmann::json::parse(run(cli::runLedger, {"--ledger", ledger, "--json"}).out)
                .count("label_sets_removed") == 0);
}

void TestCliLedger::badInputImportsNothing()
{
    const std::string ledger = path("b.unalloc");
    QCOMPARE(run(cli::runImport, {"--ledger", ledger, demo("openai_costs.json")}).rc, 0);
    const auto before = testing::dumpContent(ledger);
    QFile bad(QString::fromStdString(path("bad.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"data\": [{\"request_id\": \"x\", \"spend\": \"12,5\", \"startTime\": "
              "\"2026-08-01T00:00:00Z\"}]}");
    bad.close();
    auto r =
        run(cli::runImport, {"--ledger", ledger, demo("litellm_spend.json"), path("bad.json")});
    QCOMPARE(r.rc, 1);
    QVERIFY2(r.err.find(path("bad.json")) != std::string::npos, r.err.c_str());
    QVERIFY(r.err.find("spend") != std::string::npos);
    QVERIFY(r.err.find("nothing was imported") != std::string::npos);
    QCOMPARE(testing::dumpContent(ledger), before);
}

void TestCliLedger::ledgerListsBatches()
{
    const std::string ledger = path("c.unalloc");
    QCOMPARE(run(cli::runImport, {"--ledger", ledger, demo("opencost_allocation.json"),
                                  demo("anthropic_cost_report.json")})
                 .rc,
             0);
    auto text = run(cli::runLedger, {"--ledger", ledger});
    QCOMPARE(text.rc, 0);
    QVERIFY2(text.out.find("opencost") != std::string::npos, text.out.c_str());
    QVERIFY(text.out.find("complete") != std::string::npos);
    auto json = run(cli::runLedger, {"--ledger", ledger, "--json"});
    QCOMPARE(json.rc, 0);
    const auto j = nlohmann::json::parse(json.out);
    QCOMPARE(j["batches"].size(), size_t(2));
    QCOMPARE(j["schema_version"].get<int>(), core::LedgerStore::currentSchemaVersion());
    QCOMPARE(j["batches"][1]["source"].get<std::string>(), std::string("anthropic"));
}

void TestCliLedger::reportInputFromLedger()
{
    const std::string ledger = path("d.unalloc");
    QCOMPARE(run(cli::runImport, {"--ledger", ledger, demo("opencost_allocation.json"),
                                  demo("litellm_spend.json"), demo("openai_costs.json"),
                                  demo("anthropic_cost_report.json"), demo("invoices.json")})
                 .rc,
             0);
    cli::InputOptions o;
    o.ledger = ledger;
    std::ostringstream out, err;
    cli::Io io{out, err};
    auto in = cli::loadInput(o, io);
    QVERIFY2(in.has_value(), in ? "" : in.error().message().c_str());
    QCOMPARE(core::attribute(in->cube, {})->total.toString(), std::string("66630.38"));
    QVERIFY(!in->invoices.empty());
    QCOMPARE(in->batches.size(), size_t(5));
    o.sources = {"litellm"};
    auto only = cli::loadInput(o, io);
    QVERIFY(only.has_value());
    QCOMPARE(core::attribute(only->cube, {})->bySource.size(), size_t(1));
    o.requireComplete = true;
    QVERIFY(cli::loadInput(o, io).has_value());
}

void TestCliLedger::usageErrors()
{
    QCOMPARE(run(cli::runImport, {demo("litellm_spend.json")}).rc, 64);
    QCOMPARE(run(cli::runLedger, {}).rc, 64);
    QCOMPARE(run(cli::runLedger, {"--ledger", path("missing.unalloc")}).rc, 1);
}

QTEST_GUILESS_MAIN(TestCliLedger)
#include "tst_cli_ledger.moc"
