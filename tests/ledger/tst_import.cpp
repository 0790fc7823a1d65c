// The import pipeline: one transaction per call, idempotent, complete or partial, atomic.
#include "fakeadapter.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"
#include "core/attribution.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

std::string line(const std::string &key,
                 const std::string &amount,
                 int day = 1,
                 const std::string &team = "search")
{
    const std::string d = (day < 10 ? "2026-08-0" : "2026-08-") + std::to_string(day);
    return key + "," + amount + ",USD," + d + "T00:00:00Z," + d + "T01:00:00Z," + team;
}

adapters::ImportOptions fakeOptions()
{
    adapters::ImportOptions o;
    o.detect = &detectWithFake;
    o.chunkRows = 2; // many hand-offs even for small files
    return o;
}

class Fixture
{
public:
    Fixture()
    {
        m_ledger = std::move(*core::LedgerStore::create(path("l.unalloc")));
        m_ledger->setClock([] { return core::TimeUs(1'800'000'000'000'000); });
    }
    std::string path(const std::string &name) const
    {
        return m_dir.filePath(QString::fromStdString(name)).toStdString();
    }
    std::string write(const std::string &name, const std::string &content) const
    {
        QFile f(QString::fromStdString(path(name)));
        f.open(QIODevice::WriteOnly);
        f.write(content.data(), static_cast<qint64>(content.size()));
        return path(name);
    }
    core::Result<adapters::ImportReport> import(const std::vector<std::string> &files,
                                                adapters::ImportOptions o = fakeOptions())
    {
        return adapters::importFiles(*m_ledger, files, o);
    }
    core::LedgerStore &ledger() { return *m_ledger; }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<core::LedgerStore> m_ledger;
};

std::string demo(const char *file)
{
    return std::string(UNALLOC_SOURCE_DIR) + "/resources/demo/" + file;
}

} // namespace

class TestImport final : public QObject
{
    Q_OBJECT

private slots:
    void demoFilesImportExactly();
    void reimportAddsNothing();
    void overlappingPullsKeepOneRowPerKey();
    void badFileImportsNothing_data();
    void badFileImportsNothing();
    void completeness_data();
    void completeness();
    void sourceOverride();
    void cancelImportsNothing();
    void fileOrderDoesNotChangeTheReport();
};

void TestImport::demoFilesImportExactly()
{
    Fixture fx;
    const std::vector<std::string> files = {
        demo("opencost_allocation.json"), demo("litellm_spend.json"), demo("openai_costs.json"),
        demo("anthropic_cost_report.json"), demo("invoices.json")};
    auto report = fx.import(files, {});
    QVERIFY2(report.has_value(), report ? "" : report.error().message().c_str());
    QCOMPARE(report->batches.size(), size_t(5));
    for (const auto &b : report->batches) {
        QVERIFY(b.batch.id > 0);
        QCOMPARE(b.batch.sha256.size(), size_t(64));
        QCOMPARE(b.counts.duplicates, 0);
    }
    QVERIFY(report->batches[4].invoices > 0);
    auto cube = fx.ledger().loadCube();
    QVERIFY(cube.has_value());
    core::AttributionOptions ao;
    auto att = core::attribute(*cube, ao);
    QVERIFY(att.has_value());
    // The sample's well-known total (issue 2, point 6).
    QCOMPARE(att->total.toString(), std::string("66630.38"));
    QCOMPARE(att->unallocated.toString(), std::string("48983.14"));
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(fx.ledger())));
    QCOMPARE(fx.ledger().invoices()->size(), size_t(report->batches[4].invoices));
    QVERIFY(fx.ledger().checkIntegrity().has_value());
}

void TestImport::reimportAddsNothing()
{
    Fixture fx;
    const std::string f =
        fx.write("a.fake", fakeFile({line("a1", "1.10"), line("a2", "2.20"), line("a3", "-0.30")}));
    QVERIFY(fx.import({f}).has_value());
    const auto rows = fx.ledger().rowCount({}).value();
    const auto cube = dumpCube(fx.ledger().loadCube().value(), false);
    auto again = fx.import({f});
    QVERIFY(again.has_value());
    QCOMPARE(again->batches[0].counts.rowsRead, 3);
    QCOMPARE(again->batches[0].counts.rowsAdded, 0);
    QCOMPARE(again->batches[0].counts.duplicates, 3);
    QCOMPARE(fx.ledger().rowCount({}).value(), rows);
    QCOMPARE(dumpCube(fx.ledger().loadCube().value(), false), cube);
    auto records = fx.ledger().batchRecords().value();
    QCOMPARE(records.size(), size_t(2));
    QCOMPARE(records[1].duplicates, 3);
    QCOMPARE(records[1].batch.totals.front().toString(), std::string("3.00 USD"));
    QCOMPARE(records[1].addedTotals.front().toString(), std::string("0.00 USD"));
    // The credit is a warning with its location.
    QCOMPARE(records[0].batch.warnings.size(), size_t(1));
    QCOMPARE(records[0].batch.warnings[0].record, std::string("line 4"));
    QCOMPARE(records[0].batch.warnings[0].file, f);
}

void TestImport::overlappingPullsKeepOneRowPerKey()
{
    Fixture fx;
    const std::string a = fx.write(
        "aug1-3.fake", fakeFile({line("k1", "1", 1), line("k2", "2", 2), line("k3", "3", 3)}));
    const std::string b =
        fx.write("aug3-4.fake", fakeFile({line("k3", "3", 3), line("k4", "4", 4)}));
    auto r = fx.import({a, b});
    QVERIFY(r.has_value());
    QCOMPARE(r->batches[1].counts.duplicates, 1);
    QCOMPARE(fx.ledger().rowCount({}).value(), 4);
    auto att = core::attribute(fx.ledger().loadCube().value(), {});
    QCOMPARE(att->total.toString(), std::string("10.00"));
}

void TestImport::badFileImportsNothing_data()
{
    QTest::addColumn<QByteArray>("bad");
    QTest::addColumn<QByteArray>("record");
    QTest::addColumn<QByteArray>("field");
    QTest::newRow("bad record") << QByteArray(fakeFile({line("x1", "1"), "FAIL broken"}).c_str())
                                << QByteArray("line 3") << QByteArray("amount");
    QTest::newRow("non-numeric amount")
        << QByteArray(fakeFile({line("x1", "1"), line("x2", "12x5")}).c_str())
        << QByteArray("line 3") << QByteArray("amount");
    QTest::newRow("unknown format") << QByteArray("hello, world\n") << QByteArray() << QByteArray();
    QTest::newRow("truncated json")
        << QByteArray("{\"data\": [ {\"request_id\": ") << QByteArray() << QByteArray();
}

void TestImport::badFileImportsNothing()
{
    QFETCH(QByteArray, bad);
    QFETCH(QByteArray, record);
    QFETCH(QByteArray, field);
    Fixture fx;
    QVERIFY(fx.import({fx.write("before.fake", fakeFile({line("b1", "5")}))}).has_value());
    const auto before = dumpContent(fx.ledger().path());
    const std::string good = fx.write("good.fake", fakeFile({line("g1", "1"), line("g2", "2")}));
    const std::string badPath = fx.write("bad.json", bad.toStdString());
    auto r = fx.import({good, badPath});
    QVERIFY(!r.has_value());
    QCOMPARE(r.error().file, badPath);
    if (!record.isEmpty()) {
        QCOMPARE(r.error().record, record.toStdString());
        QCOMPARE(r.error().field, field.toStdString());
    }
    QCOMPARE(dumpContent(fx.ledger().path()), before);
    // The same store keeps working after the rollback.
    QVERIFY(fx.import({good}).has_value());
    QCOMPARE(fx.ledger().rowCount({}).value(), 3);
}

void TestImport::completeness_data()
{
    QTest::addColumn<int>("declared");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no envelope") << -1 << QStringLiteral("complete") << QString();
    QTest::newRow("all declared rows") << 2 << QStringLiteral("complete") << QString();
    QTest::newRow("fewer rows than declared")
        << 5 << QStringLiteral("partial") << QStringLiteral("read 2 of 5 declared records");
}

void TestImport::completeness()
{
    QFETCH(int, declared);
    QFETCH(QString, status);
    QFETCH(QString, reason);
    Fixture fx;
    auto r =
        fx.import({fx.write("p.fake", fakeFile({line("p1", "1"), line("p2", "2")}, declared))});
    QVERIFY(r.has_value());
    const core::ImportBatch &b = r->batches[0].batch;
    QCOMPARE(QString::fromLatin1(core::toString(b.status)), status);
    QCOMPARE(QString::fromStdString(b.evidence.reason), reason);
    const auto stored = fx.ledger().batches().value().front();
    QCOMPARE(QString::fromLatin1(core::toString(stored.status)), status);
    QCOMPARE(stored.evidence.recordsRead, std::optional<std::int64_t>(2));
    QCOMPARE(stored.windowStart.has_value(), true);
}

void TestImport::sourceOverride()
{
    Fixture fx;
    auto o = fakeOptions();
    o.sourceOverride = "gateway-eu";
    auto r = fx.import({fx.write("s.fake", fakeFile({line("s1", "1")}))}, o);
    QVERIFY(r.has_value());
    QCOMPARE(r->batches[0].batch.source, std::string("gateway-eu"));
    QCOMPARE(fx.ledger().rows({}, core::LedgerSort::Start, true, 0, 1)->front().row.source,
             std::string("gateway-eu"));
}

void TestImport::cancelImportsNothing()
{
    Fixture fx;
    std::vector<std::string> lines;
    for (int i = 0; i < 100; ++i)
        lines.push_back(line("c" + std::to_string(i), "1"));
    const auto before = dumpContent(fx.ledger().path());
    int calls = 0;
    auto r =
        adapters::importFiles(fx.ledger(), {fx.write("c.fake", fakeFile(lines))}, fakeOptions(),
                              [&calls](const adapters::ImportProgress &) { return ++calls < 5; });
    QVERIFY(!r.has_value());
    QCOMPARE(r.error().code, std::string("cancelled"));
    QCOMPARE(dumpContent(fx.ledger().path()), before);
}

void TestImport::fileOrderDoesNotChangeTheReport()
{
    Fixture one, two;
    const std::vector<std::string> a = {
        demo("litellm_spend.json"), demo("opencost_allocation.json"), demo("openai_costs.json")};
    const std::vector<std::string> b = {a[2], a[0], a[1]};
    QVERIFY(one.import(a, {}).has_value());
    QVERIFY(two.import(b, {}).has_value());
    core::AttributionOptions ao;
    ao.fallbacks = {"namespace", "project"};
    auto ra = core::attribute(one.ledger().loadCube().value(), ao).value();
    auto rb = core::attribute(two.ledger().loadCube().value(), ao).value();
    QCOMPARE(ra.total, rb.total);
    QCOMPARE(ra.buckets.size(), rb.buckets.size());
    for (size_t i = 0; i < ra.buckets.size(); ++i) {
        QCOMPARE(ra.buckets[i].key, rb.buckets[i].key);
        QCOMPARE(ra.buckets[i].amount, rb.buckets[i].amount);
        QCOMPARE(ra.buckets[i].bySource, rb.buckets[i].bySource);
    }
    QCOMPARE(dumpCube(one.ledger().loadCube().value(), false),
             dumpCube(two.ledger().loadCube().value(), false));
}

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
