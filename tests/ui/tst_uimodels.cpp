// Every explorer model under QAbstractItemModelTester, fed a snapshot of the demo ledger.
#include "uitestsupport.h"

#include "core/analysis/analysissnapshot.h"
#include "ui/models/backlogmodel.h"
#include "ui/models/collisionmodel.h"
#include "ui/models/fallbackkeymodel.h"
#include "ui/models/fallbackvaluemodel.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/models/ownerbucketmodel.h"
#include "ui/models/ownerexposuremodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/models/resolutionmodel.h"
#include "ui/models/unallocatedtreemodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstUiModels final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void snapshotModels_data();
    void snapshotModels();
    void treeModel();
    void ledgerModel();
    void sortsExactly();

private:
    test::TestContext m_ctx;
    std::unique_ptr<core::LedgerStore> m_store;
    SnapshotPtr m_snapshot;
};

void TstUiModels::initTestCase()
{
    m_store = m_ctx.demoStore();
    QVERIFY(m_store);
    auto cube = m_store->loadCube();
    QVERIFY(cube.has_value());
    core::AnalysisInput input;
    input.cube = std::make_shared<core::CostCube>(std::move(*cube));
    input.catalog =
        std::make_shared<core::LedgerCatalog>(core::buildCatalog(*input.cube, *m_store->batches()));
    core::AnalysisRequest request;
    request.fallbacks = {"namespace", "project"};
    m_snapshot = std::make_shared<const core::AnalysisSnapshot>(*core::analyse(input, request));
}

void TstUiModels::snapshotModels_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("owners") << 0;
    QTest::newRow("resolution") << 1;
    QTest::newRow("backlog") << 2;
    QTest::newRow("fallback keys") << 3;
    QTest::newRow("fallback values") << 4;
    QTest::newRow("owner exposure") << 5;
    QTest::newRow("collisions") << 6;
}

void TstUiModels::snapshotModels()
{
    QFETCH(int, kind);
    const QLocale locale = m_ctx.app.locale;
    std::unique_ptr<SnapshotTableModel> model;
    switch (kind) {
    case 0:
        model = std::make_unique<OwnerBucketModel>(locale);
        break;
    case 1:
        model = std::make_unique<ResolutionModel>(locale);
        break;
    case 2:
        model = std::make_unique<BacklogModel>(locale);
        break;
    case 3:
        model = std::make_unique<FallbackKeyModel>(locale);
        break;
    case 4:
        model = std::make_unique<FallbackValueModel>(locale);
        break;
    case 5:
        model = std::make_unique<OwnerExposureModel>(locale);
        break;
    default:
        model = std::make_unique<CollisionModel>(locale);
        break;
    }
    QAbstractItemModelTester tester(model.get(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    RawSortProxy proxy;
    proxy.setSourceModel(model.get());
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    model->setSnapshot(m_snapshot);
    QVERIFY(model->rowCount() > 0);
    proxy.sort(1, Qt::DescendingOrder);
    model->setSnapshot(m_snapshot);
}

void TstUiModels::treeModel()
{
    UnallocatedTreeModel model(m_ctx.app.locale);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(m_snapshot);
    QVERIFY(model.rowCount() > 0);
    const QModelIndex first = model.index(0, 0);
    QVERIFY(model.rowCount(first) > 0);
    const QModelIndex group = model.index(0, 0, first);
    QCOMPARE(model.parent(group), first);
}

void TstUiModels::ledgerModel()
{
    LedgerTableModel model(m_ctx.app.locale);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(m_store.get());
    // The sample's 15 rows, the shared inference pod and its 3,374 zero-dollar request rows.
    QCOMPARE(model.rowCount(), 3390);
    // Sorted by amount, descending, by default: the largest row first, exact in ExportRole.
    QCOMPARE(model.index(0, LedgerTableModel::Amount).data(ExportRole).toString(),
             QStringLiteral("19147.10"));
    model.sort(LedgerTableModel::Amount, Qt::AscendingOrder);
    QCOMPARE(model.index(0, LedgerTableModel::Amount).data(ExportRole).toString(),
             QStringLiteral("0.00")); // request telemetry carries no dollars
    model.setTextFilter(QStringLiteral("anthropic"));
    QCOMPARE(model.rowCount(), 3);
    core::AnalysisRequest request;
    request.fallbacks = {"workspace"};
    model.setRequest(request);
    QVERIFY(model.pagesFetched() >= 1);
}

void TstUiModels::sortsExactly()
{
    OwnerBucketModel model(m_ctx.app.locale);
    model.setSnapshot(m_snapshot);
    RawSortProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(OwnerBucketModel::Amount, Qt::DescendingOrder);
    core::Decimal previous =
        proxy.index(0, OwnerBucketModel::Amount).data(RawRole).value<core::Decimal>();
    for (int r = 1; r < proxy.rowCount(); ++r) {
        const auto d =
            proxy.index(r, OwnerBucketModel::Amount).data(RawRole).value<core::Decimal>();
        QVERIFY(d <= previous);
        previous = d;
    }
}

QTEST_MAIN(TstUiModels)
#include "tst_uimodels.moc"
