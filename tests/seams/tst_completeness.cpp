// Truncated reads (issue 5 item 3): which batches of a slice are partial, and why.
#include "../core/rowbuilder.h"

#include "core/seams/completeness.h"

using namespace unalloc::core;
using unalloc::test::bytes;
using unalloc::test::makeRow;

namespace {

ImportBatch batch(std::int64_t id, const char *source, BatchStatus status = BatchStatus::Complete)
{
    ImportBatch b;
    b.id = id;
    b.source = source;
    b.origin = std::string(source) + ".json";
    b.status = status;
    return b;
}

} // namespace

class TestCompleteness final : public QObject
{
    Q_OBJECT

private slots:
    void reasons_data();
    void reasons();
    void sliceListsPartialBatches();
};

void TestCompleteness::reasons_data()
{
    QTest::addColumn<int>("scenario");
    QTest::addColumn<QByteArray>("reason");
    QTest::newRow("complete") << 0 << QByteArray();
    QTest::newRow("last page has_more")
        << 1 << QByteArray("the last page read says has_more: true");
    QTest::newRow("fewer records than declared") << 2 << QByteArray("read 90 of 100 records");
    QTest::newRow("pages and steps") << 3 << QByteArray("read 1 of 2 pages; read 2 of 3 steps");
    QTest::newRow("missing days") << 4 << QByteArray("missing 2026-08-14, 2026-08-15");
    QTest::newRow("adapter's own reason wins") << 5 << QByteArray("cursor expired");
    QTest::newRow("failed") << 6 << QByteArray("the import failed");
    QTest::newRow("marked partial without evidence") << 7 << QByteArray("marked partial");
    QTest::newRow("all read is complete") << 8 << QByteArray();
}

void TestCompleteness::reasons()
{
    QFETCH(int, scenario);
    QFETCH(QByteArray, reason);
    ImportBatch b = batch(1, "openai");
    Completeness &e = b.evidence;
    switch (scenario) {
    case 1:
        e.lastPageHasMore = true;
        break; // status still says complete: evidence counts
    case 2:
        e.recordsRead = 90;
        e.recordsDeclared = 100;
        break;
    case 3:
        e.pagesRead = 1;
        e.pagesDeclared = 2;
        e.stepsRead = 2;
        e.stepsExpected = 3;
        break;
    case 4:
        e.gaps = {"2026-08-14", "2026-08-15"};
        break;
    case 5:
        e.reason = "cursor expired";
        e.lastPageHasMore = true;
        b.status = BatchStatus::Partial;
        break;
    case 6:
        b.status = BatchStatus::Failed;
        break;
    case 7:
        b.status = BatchStatus::Partial;
        break;
    case 8:
        e.recordsRead = 100;
        e.recordsDeclared = 100;
        e.lastPageHasMore = false;
        break;
    }
    QCOMPARE(bytes(incompleteReason(b)), reason);
    QCOMPARE(assessCompleteness({b}).complete(), reason.isEmpty());
}

void TestCompleteness::sliceListsPartialBatches()
{
    ImportBatch openai = batch(7, "openai", BatchStatus::Partial);
    openai.evidence.lastPageHasMore = true;
    ImportBatch litellm = batch(3, "litellm");
    litellm.evidence.recordsRead = 2;
    litellm.evidence.recordsDeclared = 4;
    const ImportBatch opencost = batch(5, "opencost");
    const std::vector<ImportBatch> batches{openai, litellm, opencost};

    const SliceCompleteness all = assessCompleteness(batches);
    QCOMPARE(all.complete(), false);
    QCOMPARE(all.partial.size(), size_t(2));
    QCOMPARE(all.partial[0].id, std::int64_t(3)); // by id
    QCOMPARE(bytes(all.partial[0].reason), QByteArray("read 2 of 4 records"));
    QCOMPARE(all.partial[0].status, BatchStatus::Partial);
    QCOMPARE(bytes(all.partial[1].origin), QByteArray("openai.json"));

    const CostCube cube = unalloc::test::cubeOf(
        {makeRow("opencost", "a", "1", {}, 0, 5), makeRow("litellm", "b", "1", {}, 1, 3)});
    AttributionOptions o;
    o.sources = {"opencost"};
    const auto ids = batchesInSlice(cube, o);
    QCOMPARE(ids.size(), size_t(1));
    QCOMPARE(assessCompleteness(batches, ids).complete(), true);
    o.sources.clear();
    QCOMPARE(assessCompleteness(batches, batchesInSlice(cube, o)).partial.size(), size_t(1));
}

QTEST_APPLESS_MAIN(TestCompleteness)
#include "tst_completeness.moc"
