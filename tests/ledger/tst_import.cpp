// The import pipeline: one transaction per call, idempotent, complete or partial, atomic.
#include "fakeadapter.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"
#include "core/attribution.h"
#include "core/ledger/ledgerschema.h"
#include "core/ledger/sqliteledger.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <set>

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

/// Lines for keys prefix+first … prefix+(first+count-1).
std::vector<std::string> keyed(const std::string &prefix, int first, int count)
{
    std::vector<std::string> out;
    for (int i = first; i < first + count; ++i)
        out.push_back(line(prefix + std::to_string(i), "0." + std::to_string(i + 1), 1 + i % 9,
                           i % 4 ? "search" : "ads"));
    return out;
}

std::vector<std::string> concat(std::initializer_list<std::vector<std::string>> parts)
{
    std::vector<std::string> out;
    for (const auto &p : parts)
        out.insert(out.end(), p.begin(), p.end());
    return out;
}

/// A fingerprint with forced collisions: every key starting with "c" maps to 42, with "z" to 0.
std::uint64_t collidingFingerprint(std::string_view source, std::string_view key)
{
    if (key.starts_with("c"))
        return 42;
    if (key.starts_with("z"))
        return 0;
    return core::ledgerschema::keyFingerprint(source, key);
}

void tune(Fixture &fx,
          std::int64_t bulkRows,
          std::uint64_t (*fingerprint)(std::string_view, std::string_view) = nullptr)
{
    core::SqliteLedger::ImportTuning t;
    t.bulkRows = bulkRows;
    t.fingerprint = fingerprint;
    dynamic_cast<core::SqliteLedger &>(fx.ledger()).setImportTuning(t);
}

/// Every stored row as "source/key amount batch", in the Source order.
std::vector<std::string> storedKeys(core::LedgerStore &ledger)
{
    std::vector<std::string> out;
    const auto rows = ledger.rows({}, core::LedgerSort::Source, true, 0, 100000);
    for (const auto &r : rows.value())
        out.push_back(r.row.source + "/" + r.row.recordKey + " " + r.row.amount.toString() + " " +
                      std::to_string(r.row.batchId));
    return out;
}

/// The batches of two ledgers that took the same imports: same counts and totals.
void compareBatchRecords(core::LedgerStore &x, core::LedgerStore &y)
{
    const auto a = x.batchRecords().value();
    const auto b = y.batchRecords().value();
    QCOMPARE(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].rowsAdded, b[i].rowsAdded);
        QCOMPARE(a[i].duplicates, b[i].duplicates);
        QCOMPARE(a[i].addedTotals, b[i].addedTotals);
        QCOMPARE(a[i].batch.totals, b[i].batch.totals);
    }
}

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
    void bulkImportsMatchExactImports();
    void settlingMatchesCommitting();
    void fingerprintCollisionsKeepBothRows();
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

void TestImport::bulkImportsMatchExactImports()
{
    // The same imports into a ledger that goes bulk early (bulkRows 8) and one that never does:
    // same counts, rows and aggregate. In the bulk ledger: A is bulk from its first row (empty
    // ledger) and falls back at its in-file duplicate b5; B turns bulk after 20 added rows and
    // commits in bulk; C turns bulk after 35 and falls back at b0; E turns bulk after 60.
    struct Step
    {
        const char *name;
        std::vector<std::string> lines;
        std::int64_t added, duplicates;
    };
    const std::vector<Step> steps = {
        {"a.fake", concat({keyed("b", 0, 40), keyed("b", 5, 1)}), 40, 1},
        {"a2.fake", concat({keyed("b", 0, 40), keyed("b", 5, 1)}), 0, 41},
        {"b.fake", concat({keyed("b", 30, 10), keyed("n", 0, 30)}), 30, 10},
        {"c.fake", concat({keyed("m", 0, 50), keyed("b", 0, 10), keyed("m", 3, 1)}), 50, 11},
        {"e.fake", keyed("e", 0, 300), 300, 0},
    };
    Fixture bulk, exact;
    tune(bulk, 8);
    tune(exact, 0);
    for (const Step &step : steps) {
        for (Fixture *fx : {&bulk, &exact}) {
            auto r = fx->import({fx->write(step.name, fakeFile(step.lines))});
            QVERIFY2(r.has_value(), r ? "" : r.error().message().c_str());
            QCOMPARE(r->batches[0].counts.rowsRead, std::int64_t(step.lines.size()));
            QCOMPARE(r->batches[0].counts.rowsAdded, step.added);
            QCOMPARE(r->batches[0].counts.duplicates, step.duplicates);
        }
    }
    QCOMPARE(bulk.ledger().rowCount({}).value(), 420);
    QCOMPARE(storedKeys(bulk.ledger()), storedKeys(exact.ledger()));
    QCOMPARE(dumpCube(bulk.ledger().loadCube().value()),
             dumpCube(exact.ledger().loadCube().value()));
    QCOMPARE(dumpCube(bulk.ledger().loadCube().value()), dumpCube(cubeFromRows(bulk.ledger())));
    compareBatchRecords(bulk.ledger(), exact.ledger());
    QVERIFY(bulk.ledger().checkIntegrity().has_value());
    // And a bulk import fails as a whole like any other.
    const auto before = dumpContent(bulk.ledger().path());
    QVERIFY(!bulk.import({bulk.write("bad.fake",
                                     fakeFile(concat({keyed("x", 0, 600), {"FAIL late"}})))})
                 .has_value());
    QCOMPARE(dumpContent(bulk.ledger().path()), before);
}

void TestImport::settlingMatchesCommitting()
{
    // A large input then a small one: the ledger settles its bulk (builds the fingerprint
    // index) before the small one, whose rows then take the exact path, duplicates included.
    // The ledger must be the one an import that settles only at commit writes.
    const std::vector<std::string> big = keyed("s", 0, 400);
    const std::vector<std::string> small = concat({keyed("t", 0, 15), keyed("s", 100, 5)});
    Fixture settled, plain;
    adapters::ImportOptions never = fakeOptions();
    never.settleRatio = 0;
    for (Fixture *fx : {&settled, &plain}) {
        auto r = fx->import(
            {fx->write("big.fake", fakeFile(big)), fx->write("small.fake", fakeFile(small))},
            fx == &settled ? fakeOptions() : never);
        QVERIFY2(r.has_value(), r ? "" : r.error().message().c_str());
        QCOMPARE(r->batches[1].counts.rowsAdded, std::int64_t(15));
        QCOMPARE(r->batches[1].counts.duplicates, std::int64_t(5));
        QVERIFY(fx->ledger().checkIntegrity().has_value());
    }
    QCOMPARE(storedKeys(settled.ledger()), storedKeys(plain.ledger()));
    QCOMPARE(dumpCube(settled.ledger().loadCube().value()),
             dumpCube(plain.ledger().loadCube().value()));
    compareBatchRecords(settled.ledger(), plain.ledger());
    const auto a = settled.ledger().batchRecords().value();
    const auto b = plain.ledger().batchRecords().value();
    QCOMPARE(a.size(), size_t(2));
    for (size_t i = 0; i < a.size(); ++i)
        QCOMPARE(a[i].batch.sha256, b[i].batch.sha256);
}

void TestImport::fingerprintCollisionsKeepBothRows()
{
    Fixture fx;
    tune(fx, 4, &collidingFingerprint);
    // Bulk from the first row: c1's fingerprint is new, c2's is not (a collision, not a
    // duplicate), so the import falls back to the exact path, which compares the keys.
    auto r = fx.import({fx.write(
        "c.fake", fakeFile(concat({keyed("c", 1, 10), keyed("z", 1, 5), keyed("a", 1, 5)})))});
    QVERIFY(r.has_value());
    QCOMPARE(r->batches[0].counts.rowsAdded, 20);
    QCOMPARE(fx.ledger().rowCount({}).value(), 20);
    // Re-import: all duplicates, found among the colliding candidates.
    r = fx.import({fx.write("c2.fake", fakeFile(concat({keyed("z", 1, 5), keyed("c", 1, 10)})))});
    QVERIFY(r.has_value());
    QCOMPARE(r->batches[0].counts.rowsAdded, 0);
    QCOMPARE(r->batches[0].counts.duplicates, 15);
    // Exact mode (3 added against 20 stored): colliding new keys are added, old ones skipped.
    r = fx.import({fx.write(
        "c3.fake", fakeFile(concat({keyed("c", 11, 2), keyed("z", 6, 1), keyed("c", 1, 1)})))});
    QVERIFY(r.has_value());
    QCOMPARE(r->batches[0].counts.rowsAdded, 3);
    QCOMPARE(r->batches[0].counts.duplicates, 1);
    // Bulk after 11 added rows (half of the 23 stored): then the zero fingerprint and a
    // colliding key each hit the loaded set; both are new records.
    r = fx.import({fx.write("c4.fake", fakeFile(concat({keyed("a", 10, 20), keyed("z", 7, 1),
                                                        keyed("c", 13, 1), keyed("z", 1, 1)})))});
    QVERIFY(r.has_value());
    QCOMPARE(r->batches[0].counts.rowsAdded, 22);
    QCOMPARE(r->batches[0].counts.duplicates, 1);
    const auto keys = storedKeys(fx.ledger());
    QCOMPARE(keys.size(), size_t(45));
    std::set<std::string> distinct;
    for (const std::string &k : keys)
        distinct.insert(k.substr(0, k.find(' ')));
    QCOMPARE(distinct.size(), size_t(45));
    QVERIFY(fx.ledger().checkIntegrity().has_value());
}

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
