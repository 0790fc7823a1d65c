// A row the ledger holds already (a re-import, an export that overlaps the last one) stores no
// label set: the set of a skipped row is interned only when a row of it is added. Before, a
// re-import of a month of per-request gateway rows stored every row's set a second time (a
// million sets without rows, 16 % more file, read again by every load).
#include "ledgertestutil.h"

#include "core/ledger/labelsetwriter.h"
#include "core/ledger/ledgerstore.h"
#include "core/ledger/sqliteledger.h"

#include "ledgerstorefixtures.h"

#include <QTemporaryDir>
#include <QTest>

#include <span>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

/// Each row with a set of its own (a per-request value), as a gateway's rows are; a reader's
/// memo id per set when `memo` (ids from 1000 on, so that they never meet a test's others).
std::vector<core::CostRow> ownSetRows(const std::string &prefix, int first, int count, bool memo)
{
    std::vector<core::CostRow> rows;
    for (int i = first; i < first + count; ++i) {
        core::CostRow r = makeRow(prefix + std::to_string(i), "0.0" + std::to_string(i % 10 + 1),
                                  i % 3, i % 2 ? "search" : "ads");
        r.labels = core::LabelMap(
            {{"team", i % 2 ? "search" : "ads"}, {"session", "s-" + std::to_string(i)}});
        r.rawLabels = {{"team", i % 2 ? "search" : "ads"}, {"session", "s-" + std::to_string(i)}};
        if (memo)
            r.labelSetMemo = static_cast<std::uint32_t>(1000 + i);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::int64_t setsStored(const QTemporaryDir &dir)
{
    return sqlCount(dir.filePath(QStringLiteral("l.unalloc")).toStdString(),
                    "SELECT coalesce(sum(sets), 0) FROM label_chunks");
}

core::ImportBatch meta()
{
    core::ImportBatch m;
    m.source = "fake";
    m.format = "direct";
    return m;
}

/// One batch of `rows`, numbered 0, 1, 2, … in order (each its own set), added in chunks of
/// `chunk` rows (addNumberedRows), or one by one (addNumberedRow) when `chunk` is 0.
core::Result<void>
importNumbered(core::LedgerStore &ledger, std::span<const core::CostRow> rows, size_t chunk)
{
    auto txn = ledger.beginImport();
    if (!txn)
        return std::unexpected(txn.error());
    if (auto b = (*txn)->beginBatch(meta()); !b)
        return std::unexpected(b.error());
    std::vector<std::uint64_t> hashes(rows.size(), 0);
    std::vector<std::uint32_t> ordinals(rows.size());
    for (size_t i = 0; i < rows.size(); ++i)
        ordinals[i] = static_cast<std::uint32_t>(i);
    for (size_t at = 0; at < rows.size(); at += chunk ? chunk : 1) {
        if (chunk == 0) {
            if (auto r = (*txn)->addNumberedRow(rows[at], 0, ordinals[at]); !r)
                return std::unexpected(r.error());
            continue;
        }
        const size_t n = std::min(chunk, rows.size() - at);
        if (auto r = (*txn)->addNumberedRows(rows.subspan(at, n), hashes.data() + at,
                                             ordinals.data() + at);
            !r)
            return std::unexpected(r.error());
    }
    if (auto e = (*txn)->endBatch(meta()); !e)
        return std::unexpected(e.error());
    return (*txn)->commit();
}

} // namespace

class TestDuplicateSets final : public QObject
{
    Q_OBJECT

private slots:
    void reimportStoresNoSet_data();
    void reimportStoresNoSet();
    void overlapStoresOnlyTheNewRowsSets();
    void elidedRowGetsTheSetItsDuplicateCarried();
    void forgottenMemoSetsAreNotKept();
    void unusedSetsAreRemoved();
    void forgottenOrdinalsKeepTheLaterOnes();
};

void TestDuplicateSets::reimportStoresNoSet_data()
{
    QTest::addColumn<int>("chunk"); // 0: addNumberedRow, row by row
    QTest::addColumn<bool>("memo");
    // The writer finds a set among the last 65,536 it stored (LabelSetWriter::kWindow) before
    // it stores it again: only sets older than that were stored twice, so the larger runs
    // re-import sets that have gone out of that window.
    QTest::addColumn<int>("count");
    QTest::newRow("row by row") << 0 << false << 300;
    QTest::newRow("chunks of 64") << 64 << false << 300;
    QTest::newRow("chunks of 64, reader memo") << 64 << true << 300;
    QTest::newRow("row by row, past the window") << 0 << false << 70000;
    QTest::newRow("chunks of 1024, reader memo, past the window") << 1024 << true << 70000;
}

void TestDuplicateSets::reimportStoresNoSet()
{
    QFETCH(int, chunk);
    QFETCH(bool, memo);
    QFETCH(int, count);
    QTemporaryDir dir;
    auto l = createLedger(dir);
    const auto rows = ownSetRows("r", 0, count, memo);
    QVERIFY(importNumbered(*l, rows, size_t(chunk)).has_value());
    QCOMPARE(setsStored(dir), std::int64_t(count));
    const auto before = dumpCube(l->loadCube().value(), false);
    // Twice more: every row a duplicate, in exact mode (the ledger is not empty).
    QVERIFY(importNumbered(*l, rows, size_t(chunk)).has_value());
    QVERIFY(importNumbered(*l, rows, size_t(chunk)).has_value());
    QCOMPARE(setsStored(dir), std::int64_t(count));
    QCOMPARE(l->rowCount({}).value(), std::int64_t(count));
    QCOMPARE(dumpCube(l->loadCube().value(), false), before);
    QVERIFY(l->checkIntegrity().has_value());
}

// The second export repeats the first one's rows and adds as many: only the new rows' sets
// are stored, and the ledger holds what one import of the second export gives.
void TestDuplicateSets::overlapStoresOnlyTheNewRowsSets()
{
    QTemporaryDir dir, once;
    auto l = createLedger(dir);
    auto single = createLedger(once);
    const auto first = ownSetRows("r", 0, 200, true);
    const auto second = ownSetRows("r", 0, 400, true);
    QVERIFY(importNumbered(*l, first, 50).has_value());
    QVERIFY(importNumbered(*l, second, 50).has_value());
    QVERIFY(importNumbered(*single, second, 50).has_value());
    QCOMPARE(setsStored(dir), std::int64_t(400));
    QCOMPARE(dumpCube(l->loadCube().value(), false), dumpCube(single->loadCube().value(), false));
    QCOMPARE(dumpCube(l->loadCube().value(), false), dumpCube(cubeFromRows(*l), false));
}

// A reader's memo hands a set out in full once, then elides it. When its first row is a
// duplicate and a later one is new, the new row is stored with the set the duplicate carried.
void TestDuplicateSets::elidedRowGetsTheSetItsDuplicateCarried()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    auto rows = ownSetRows("r", 0, 3, true);
    QVERIFY(importNumbered(*l, std::span(rows).first(1), 0).has_value());
    QCOMPARE(setsStored(dir), std::int64_t(1));
    // r0 again (a duplicate: its set is not stored), then a new row of r0's set without its
    // labels (the memo's repeat; the labels it holds are stale), then r2.
    core::CostRow repeat = makeRow("new", "0.5", 1, "stale");
    repeat.labelSetMemo = rows[0].labelSetMemo;
    repeat.labelsElided = true;
    const std::vector<core::CostRow> second = {rows[0], repeat, rows[2]};
    auto txn = l->beginImport().value();
    QVERIFY(txn->beginBatch(meta()).has_value());
    const std::uint64_t hashes[3] = {0, 0, 0};
    const std::uint32_t ordinals[3] = {0, 0, 1};
    QVERIFY(txn->addNumberedRows(second, hashes, ordinals).has_value());
    QVERIFY(txn->endBatch(meta()).has_value());
    QVERIFY(txn->commit().has_value());
    txn.reset();
    QCOMPARE(l->rowCount({}).value(), std::int64_t(3));
    const auto stored = l->rows({}, core::LedgerSort::Source, true, 0, 10).value();
    bool found = false;
    for (const core::LedgerRow &r : stored) {
        if (r.row.recordKey != "new")
            continue;
        found = true;
        QCOMPARE(r.row.labels, rows[0].labels);
        QCOMPARE(r.row.rawLabels, rows[0].rawLabels);
    }
    QVERIFY(found);
    // r0's set once (found again among the sets stored before), r2's.
    QCOMPARE(setsStored(dir), std::int64_t(2));
    QCOMPARE(dumpCube(l->loadCube().value(), false), dumpCube(cubeFromRows(*l), false));
}

// Once the reader says it forgot its sets, no row may name one of them without its labels:
// the set a duplicate carried is not kept past that, and such a row is refused as before.
void TestDuplicateSets::forgottenMemoSetsAreNotKept()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    auto rows = ownSetRows("r", 0, 2, true);
    QVERIFY(importNumbered(*l, std::span(rows).first(1), 0).has_value());
    core::CostRow restarted = rows[1];
    restarted.labelSetMemoRestarted = true;
    core::CostRow repeat = makeRow("new", "0.5", 1, "stale");
    repeat.labelSetMemo = rows[0].labelSetMemo;
    repeat.labelsElided = true;
    auto txn = l->beginImport().value();
    QVERIFY(txn->beginBatch(meta()).has_value());
    QVERIFY(txn->addNumberedRow(rows[0], 0, 0).has_value()); // a duplicate
    QVERIFY(txn->addNumberedRow(restarted, 0, 1).has_value());
    auto added = txn->addNumberedRow(repeat, 0, 0);
    QVERIFY(!added.has_value());
    QCOMPARE(added.error().code, std::string("internal"));
}

// What earlier builds left in a re-imported ledger: sets no row names, among and after the
// rows' own. They go; every set a row names stays, and so does what the ledger reports.
void TestDuplicateSets::unusedSetsAreRemoved()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    const auto rows = ownSetRows("r", 0, 40, false);
    QVERIFY(importNumbered(*l, std::span(rows).first(20), 8).has_value());
    {
        // Sets without rows, stored straight through a writer, as a re-import stored them.
        auto &db = dynamic_cast<core::SqliteLedger &>(*l).db();
        QVERIFY(db.exec("BEGIN IMMEDIATE").has_value());
        core::LabelSetWriter writer(db);
        QVERIFY(writer.prepare().has_value());
        for (const core::CostRow &r : ownSetRows("orphan", 100, 30, false))
            QVERIFY(writer.intern(r.labels, r.rawLabels, r.collisions).has_value());
        QVERIFY(writer.flush().has_value());
        QVERIFY(db.exec("COMMIT").has_value());
    }
    QVERIFY(importNumbered(*l, std::span(rows).subspan(20), 8).has_value());
    QCOMPARE(setsStored(dir), std::int64_t(70));
    const auto cube = dumpCube(l->loadCube().value());
    const auto content = l->rows({}, core::LedgerSort::Source, true, 0, 100).value();
    QCOMPARE(l->removeUnusedLabelSets().value(), std::int64_t(30));
    QCOMPARE(setsStored(dir), std::int64_t(40));
    QVERIFY(l->checkIntegrity().has_value());
    QCOMPARE(dumpCube(l->loadCube().value()), cube);
    const auto after = l->rows({}, core::LedgerSort::Source, true, 0, 100).value();
    QCOMPARE(after.size(), content.size());
    for (size_t i = 0; i < after.size(); ++i) {
        QCOMPARE(after[i].row.recordKey, content[i].row.recordKey);
        QCOMPARE(after[i].row.labels, content[i].row.labels);
    }
    QCOMPARE(l->removeUnusedLabelSets().value(), std::int64_t(0));
    // A later import finds its sets as before.
    QVERIFY(importNumbered(*l, ownSetRows("s", 200, 10, false), 8).has_value());
    QCOMPARE(setsStored(dir), std::int64_t(50));
    QCOMPARE(dumpCube(l->loadCube().value(), false), dumpCube(cubeFromRows(*l), false));
}

// The importer tells the transaction which ordinals its numbering forgot (per-request sets:
// nearly one per row). What the transaction kept for them goes; later ordinals, among them
// ones given before the call, still name their sets, a duplicate's kept set included, and a
// forgotten ordinal that came back would be refused rather than misread.
void TestDuplicateSets::forgottenOrdinalsKeepTheLaterOnes()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    const auto stored = ownSetRows("old", 0, 1, true); // r4's set, stored before the import
    QVERIFY(importNumbered(*l, stored, 0).has_value());
    auto rows = ownSetRows("r", 0, 8, true);
    rows[4].labels = stored[0].labels;
    rows[4].rawLabels = stored[0].rawLabels;
    rows[4].recordKey = stored[0].recordKey; // a duplicate: its set is kept, not stored
    auto txn = l->beginImport().value();
    QVERIFY(txn->beginBatch(meta()).has_value());
    for (std::uint32_t i = 0; i < 5; ++i)
        QVERIFY(txn->addNumberedRow(rows[i], 0, i).has_value());
    txn->forgetOrdinalsBelow(3);
    txn->forgetOrdinalsBelow(2); // never backwards
    for (std::uint32_t i = 5; i < 8; ++i)
        QVERIFY(txn->addNumberedRow(rows[i], 0, i).has_value());
    // Rows elided as repeats of sets 3 (stored) and 4 (only its duplicate carried it).
    std::vector<core::CostRow> repeats;
    for (const std::uint32_t of : {3U, 4U}) {
        core::CostRow r = makeRow("again" + std::to_string(of), "0.5", 1, "stale");
        r.labelSetMemo = rows[of].labelSetMemo;
        r.labelsElided = true;
        QVERIFY(txn->addNumberedRow(r, 0, of).has_value());
    }
    core::CostRow late = makeRow("late", "0.5", 1, "stale");
    late.labelSetMemo = rows[1].labelSetMemo;
    late.labelsElided = true;
    auto refused = txn->addNumberedRow(late, 0, 1);
    QVERIFY(!refused.has_value());
    QCOMPARE(refused.error().code, std::string("internal"));
    QVERIFY(txn->endBatch(meta()).has_value());
    QVERIFY(txn->commit().has_value());
    const auto content = l->rows({}, core::LedgerSort::Source, true, 0, 100).value();
    QCOMPARE(content.size(), size_t(10));
    for (const auto &r : content) {
        const std::string &key = r.row.recordKey;
        const core::CostRow &want = key == "again3"   ? rows[3]
                                    : key == "again4" ? rows[4]
                                    : key == "old0"   ? stored[0]
                                                      : rows[std::stoul(key.substr(1))];
        QCOMPARE(r.row.labels, want.labels);
        QCOMPARE(r.row.rawLabels, want.rawLabels);
    }
    QCOMPARE(dumpCube(l->loadCube().value(), false), dumpCube(cubeFromRows(*l), false));
}

QTEST_GUILESS_MAIN(TestDuplicateSets)
#include "tst_duplicatesets.moc"
