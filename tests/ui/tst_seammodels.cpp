// The Reconciliation view's models under QAbstractItemModelTester, on the demo ledger and on
// the gateway + bill ledger, plus the analysis facade's de-duplication, period and tolerance.
#include "seamstestsupport.h"

#include "core/analysis/analysissnapshot.h"
#include "ui/models/batchstatemodel.h"
#include "ui/models/overlapmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/models/reconlinemodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstSeamModels final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void models_data();
    void models();
    void dedupeRemovesExactlyTheOverlap();
    void periodLeavesOtherInvoicesOut();
    void commandLines();

private:
    SnapshotPtr analyse(const std::unique_ptr<core::LedgerStore> &store,
                        const core::AnalysisRequest &request) const;

    test::TestContext m_ctx;
    std::unique_ptr<core::LedgerStore> m_demo;
    std::unique_ptr<core::LedgerStore> m_overlap;
};

void TstSeamModels::initTestCase()
{
    m_demo = m_ctx.demoStore();
    QVERIFY(m_demo);
    const QString path = m_ctx.path(QStringLiteral("overlap.unalloc"));
    QVERIFY(test::buildLedger(path, test::overlapFiles()));
    auto store = core::LedgerStore::open(fmt::s(path));
    QVERIFY(store.has_value());
    m_overlap = std::move(*store);
}

SnapshotPtr TstSeamModels::analyse(const std::unique_ptr<core::LedgerStore> &store,
                                   const core::AnalysisRequest &request) const
{
    core::AnalysisInput input;
    input.cube = std::make_shared<core::CostCube>(*store->loadCube());
    input.catalog =
        std::make_shared<core::LedgerCatalog>(core::buildCatalog(*input.cube, *store->batches()));
    input.invoices = std::make_shared<std::vector<core::Invoice>>(*store->invoices());
    input.ledgerPath = "/tmp/l.unalloc";
    return std::make_shared<const core::AnalysisSnapshot>(*core::analyse(input, request));
}

void TstSeamModels::models_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("overlapLedger");
    QTest::addColumn<int>("rows");
    QTest::newRow("recon lines, demo") << 0 << false << 4;
    QTest::newRow("recon lines, gateway + bill") << 0 << true << 2;
    QTest::newRow("overlap, demo (monthly bills)") << 1 << false << 4;
    QTest::newRow("overlap, gateway + bill") << 1 << true << 4;
    QTest::newRow("batches, demo") << 2 << false << -1; // every batch of the demo
    QTest::newRow("batches, gateway + bill") << 2 << true << 3;
}

void TstSeamModels::models()
{
    QFETCH(int, kind);
    QFETCH(bool, overlapLedger);
    QFETCH(int, rows);
    const QLocale locale = m_ctx.app.locale;
    std::unique_ptr<SnapshotTableModel> model;
    switch (kind) {
    case 0:
        model = std::make_unique<ReconLineModel>(locale);
        break;
    case 1:
        model = std::make_unique<OverlapModel>(locale);
        break;
    default:
        model = std::make_unique<BatchStateModel>(locale);
        break;
    }
    QAbstractItemModelTester tester(model.get(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const SnapshotPtr snapshot = analyse(overlapLedger ? m_overlap : m_demo, {});
    model->setSnapshot(snapshot);
    QCOMPARE(model->rowCount(), rows >= 0 ? rows : int(snapshot->seams.batches.size()));
    QVERIFY(rows >= 0 || model->rowCount() >= 5);
    for (int c = 0; c < model->columnCount(); ++c) {
        QVERIFY(!model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().isEmpty());
        for (int r = 0; r < model->rowCount(); ++r)
            QVERIFY(model->index(r, c).data(ExportRole).isValid());
    }
    RawSortProxy proxy;
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(model.get());
    for (int c = 0; c < model->columnCount(); ++c)
        proxy.sort(c, Qt::DescendingOrder);
    model->setSnapshot(analyse(overlapLedger ? m_demo : m_overlap, {}));
}

void TstSeamModels::dedupeRemovesExactlyTheOverlap()
{
    core::AnalysisRequest request;
    const SnapshotPtr plain = analyse(m_overlap, request);
    request.dedupe = true;
    const SnapshotPtr merged = analyse(m_overlap, request);
    QCOMPARE(plain->report.total.toString(), std::string("105.60"));
    QCOMPARE(merged->report.total.toString(), std::string("59.35"));
    QCOMPARE(plain->seams.overlapTotal->toString(), std::string("46.25"));
    QVERIFY(plain->seams.doubleCounted());
    QVERIFY(!merged->seams.doubleCounted());
    QCOMPARE(merged->seams.overlapTotal, plain->seams.overlapTotal);
    QCOMPARE(plain->report.total - merged->report.total, *plain->seams.overlapTotal);
    QVERIFY(plain->caption.doubleCounted.has_value());
    QVERIFY(merged->caption.deduplicated);
    // Reconciliation compares each source with its own bill either way.
    QCOMPARE(merged->seams.recon.lines.size(), plain->seams.recon.lines.size());
    QCOMPARE(merged->seams.summary->matched, 1);
    // Without the OpenAI bill in the slice nothing is counted twice, and nothing is removed.
    request.sources = {"litellm"};
    const SnapshotPtr gatewayOnly = analyse(m_overlap, request);
    QCOMPARE(gatewayOnly->report.total.toString(), std::string("56.00"));
    QVERIFY(gatewayOnly->seams.overlap.groups.empty());
}

void TstSeamModels::periodLeavesOtherInvoicesOut()
{
    core::AnalysisRequest request;
    request.fromDay = 20'635; // 2026-07-01
    request.toDay = 20'666;   // 2026-08-01: the August invoices are out, so are the rows
    const SnapshotPtr july = analyse(m_demo, request);
    QVERIFY(july->seams.recon.lines.empty());
    QVERIFY(july->seams.completeness.complete());
    request.fromDay = 20'666;
    request.toDay = 20'697; // August
    const SnapshotPtr august = analyse(m_demo, request);
    QCOMPARE(august->seams.recon.lines.size(), size_t(4));
}

void TstSeamModels::commandLines()
{
    core::AnalysisRequest request;
    request.dedupe = true;
    request.tolerancePct = *core::Decimal::parse("2.50");
    const SnapshotPtr s = analyse(m_demo, request);
    QCOMPARE(s->commandLine, std::string("unalloc report --ledger /tmp/l.unalloc --dimension team "
                                         "--dedupe"));
    QCOMPARE(s->seams.reconcileCommand,
             std::string("unalloc reconcile --ledger /tmp/l.unalloc --tolerance 2.5"));
}

QTEST_MAIN(TstSeamModels)
#include "tst_seammodels.moc"
