// Every explorer model under QAbstractItemModelTester, fed a snapshot of the demo ledger.
#include "uitestsupport.h"

#include "core/analysis/analysissnapshot.h"
#include "ui/exporting/exporter.h"
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
#include <QCollator>
#include <QSignalSpy>
#include <QTableView>
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
    void treeProxyHasChildren();
    void ledgerModel();
    void ledgerModelReadsPagesOffTheGuiThread_data();
    void ledgerModelReadsPagesOffTheGuiThread();
    void sortsExactly();
    void tableModelSortsItsOwnRows_data();
    void tableModelSortsItsOwnRows();
    void pagedTableHandsRowsAsTheViewScrolls_data();
    void pagedTableHandsRowsAsTheViewScrolls();

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
    model->sort(1, Qt::DescendingOrder); // the model's own sort, under both testers
    model->setSnapshot(m_snapshot);
    model->sort(-1);
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

void TstUiModels::treeProxyHasChildren()
{
    // Without a needle the proxy answers hasChildren from the source (no mapping of a group's
    // objects); with one, from what the needle leaves.
    UnallocatedTreeModel model(m_ctx.app.locale);
    model.setSnapshot(m_snapshot);
    RawSortProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(1, Qt::DescendingOrder);
    QVERIFY(proxy.rowCount() > 0);
    int groups = 0;
    for (int s = 0; s < proxy.rowCount(); ++s) {
        const QModelIndex source = proxy.index(s, 0);
        QCOMPARE(proxy.hasChildren(source), model.hasChildren(proxy.mapToSource(source)));
        for (int g = 0; g < proxy.rowCount(source); ++g, ++groups) {
            const QModelIndex group = proxy.index(g, 0, source);
            QVERIFY(proxy.hasChildren(group));
            QCOMPARE(proxy.rowCount(group), model.rowCount(proxy.mapToSource(group)));
            QVERIFY(!proxy.hasChildren(proxy.index(0, 0, group))); // an object is a leaf
        }
    }
    QVERIFY(groups > 0);
    proxy.setNeedle(QStringLiteral("no row says this"));
    QCOMPARE(proxy.rowCount(), 0);
    QVERIFY(!proxy.hasChildren());
    proxy.setNeedle({});
    QVERIFY(proxy.hasChildren());
}

void TstUiModels::ledgerModel()
{
    LedgerTableModel model(m_ctx.app.locale);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(m_store.get());
    // The sample's 15 rows, the shared inference pod, its 3,374 zero-dollar request rows and
    // the 248 gateway rows routed to the billed providers and the 4 cluster allocations of the
    // gateway's features (resources/demo-economics): the ledger table shows every row.
    QCOMPARE(model.rowCount(), 3642);
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

void TstUiModels::ledgerModelReadsPagesOffTheGuiThread_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<bool>("ascending");
    QTest::addColumn<QString>("filter");
    const std::pair<int, const char *> columns[] = {{LedgerTableModel::Start, "start"},
                                                    {LedgerTableModel::Source, "source"},
                                                    {LedgerTableModel::CostObject, "object"},
                                                    {LedgerTableModel::Amount, "amount"},
                                                    {LedgerTableModel::Batch, "batch"}};
    for (const auto &[column, name] : columns) {
        for (bool asc : {true, false}) {
            const std::string row = std::string(name) + (asc ? " asc" : " desc");
            QTest::newRow(row.c_str()) << column << asc << QString();
            QTest::newRow((row + ", filtered").c_str()) << column << asc << QStringLiteral("llm");
        }
    }
}

void TstUiModels::ledgerModelReadsPagesOffTheGuiThread()
{
    QFETCH(int, column);
    QFETCH(bool, ascending);
    QFETCH(QString, filter);
    const Qt::SortOrder order = ascending ? Qt::AscendingOrder : Qt::DescendingOrder;
    // The reference reads on this thread (no file given); the model under test on a worker.
    LedgerTableModel reference(m_ctx.app.locale);
    reference.setStore(m_store.get());
    reference.sort(column, order);
    reference.setTextFilter(filter);
    LedgerTableModel model(m_ctx.app.locale);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.sort(column, order);
    model.setTextFilter(filter);
    QSignalSpy counted(&model, &LedgerTableModel::counted);
    model.setStore(m_store.get(), QString::fromStdString(m_store->path()));
    QVERIFY(model.isCounting());
    QTRY_COMPARE(counted.count(), 1);
    QVERIFY(!model.isCounting());
    QVERIFY(model.lastError().isEmpty());
    QCOMPARE(model.rowCount(), reference.rowCount());
    QVERIFY(model.rowCount() > LedgerTableModel::kPageRows);
    auto row = [](const LedgerTableModel &m, int r) {
        QStringList cells;
        for (int c = 0; c < LedgerTableModel::ColumnCount; ++c)
            cells << m.index(r, c).data().toString();
        return cells.join(QLatin1Char('|'));
    };
    // The first rows arrive after the fetch; until then a row is a "loading" placeholder.
    QTRY_VERIFY(model.isRowLoaded(0));
    QCOMPARE(row(model, 0), row(reference, 0));
    // A jump to the last page: placeholder first, then the last row.
    const int last = model.rowCount() - 1;
    QVERIFY(!model.isRowLoaded(last));
    QCOMPARE(model.index(last, LedgerTableModel::Source).data(Qt::ToolTipRole).toString(),
             QStringLiteral("Loading…"));
    QVERIFY(model.index(last, LedgerTableModel::Source).data().toString().isEmpty());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QTRY_VERIFY(model.isRowLoaded(last));
    QVERIFY(!changed.isEmpty());
    QCOMPARE(row(model, last), row(reference, last));
    (void)model.index(last - LedgerTableModel::kPageRows, 0).data();
    QTRY_VERIFY(model.isRowLoaded(last - LedgerTableModel::kPageRows));
    QCOMPARE(row(model, last - LedgerTableModel::kPageRows),
             row(reference, last - LedgerTableModel::kPageRows));
    // Exports read at once: exact and complete without waiting.
    const int middle = model.rowCount() / 2;
    QVERIFY(!model.isRowLoaded(middle));
    QCOMPARE(model.index(middle, LedgerTableModel::Amount).data(ExportRole),
             reference.index(middle, LedgerTableModel::Amount).data(ExportRole));
    // So does "Copy table": every row's text, none blank for pages not fetched yet.
    const int unseen = middle + LedgerTableModel::kPageRows;
    QVERIFY(unseen < model.rowCount() && !model.isRowLoaded(unseen));
    const QStringList copied = Exporter::tableText(model).split(QLatin1Char('\n'));
    QCOMPARE(copied.size(), model.rowCount() + 2); // header, rows, final newline
    QVERIFY(!copied.at(unseen + 1).split(QLatin1Char('\t')).at(LedgerTableModel::Source).isEmpty());
    QCOMPARE(copied.at(unseen + 1).split(QLatin1Char('\t')).at(LedgerTableModel::Source),
             reference.index(unseen, LedgerTableModel::Source).data().toString());
    // Another order starts over: counted again, nothing stale arrives.
    model.sort(column, ascending ? Qt::DescendingOrder : Qt::AscendingOrder);
    QCOMPARE(model.rowCount(), 0);
    QTRY_COMPARE(model.rowCount(), reference.rowCount());
    QTRY_COMPARE(counted.count(), 2);
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

void TstUiModels::tableModelSortsItsOwnRows_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<bool>("descending");
    QTest::newRow("amount, descending") << int(BacklogModel::Amount) << true;
    QTest::newRow("amount, ascending") << int(BacklogModel::Amount) << false;
    QTest::newRow("rows, descending") << int(BacklogModel::Rows) << true;
    QTest::newRow("cost object, ascending") << int(BacklogModel::CostObject) << false;
    QTest::newRow("source, descending") << int(BacklogModel::Source) << true;
}

// The backlog table has no proxy (it can hold a million rows): the model sorts itself, keeps
// selections on their rows, keeps the order across snapshots and goes back to model order.
void TstUiModels::tableModelSortsItsOwnRows()
{
    QFETCH(int, column);
    QFETCH(bool, descending);
    BacklogModel model(m_ctx.app.locale);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(m_snapshot);
    const int n = model.rowCount();
    QVERIFY(n > 3);
    const auto text = [&model](int row, int col) {
        return model.index(row, col).data(ExportRole).toString();
    };
    QStringList modelOrder;
    for (int r = 0; r < n; ++r)
        modelOrder << text(r, BacklogModel::CostObject) + text(r, BacklogModel::Source);
    const QString lastObject = modelOrder.last();
    QPersistentModelIndex last(model.index(n - 1, BacklogModel::CostObject));

    model.sort(column, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    QCollator collator(m_ctx.app.locale);
    collator.setNumericMode(true);
    const auto inOrder = [&](int a, int b) { // row a may come before row b
        const QVariant x = model.index(a, column).data(RawRole);
        const QVariant y = model.index(b, column).data(RawRole);
        int c = 0;
        if (x.metaType() == QMetaType::fromType<core::Decimal>())
            c = x.value<core::Decimal>() < y.value<core::Decimal>()
                    ? -1
                    : (y.value<core::Decimal>() < x.value<core::Decimal>() ? 1 : 0);
        else if (x.metaType().id() == QMetaType::LongLong || x.metaType().id() == QMetaType::Int)
            c = x.toLongLong() < y.toLongLong() ? -1 : (y.toLongLong() < x.toLongLong() ? 1 : 0);
        else
            c = collator.compare(x.toString(), y.toString());
        return descending ? c >= 0 : c <= 0;
    };
    for (int r = 1; r < n; ++r)
        QVERIFY2(inOrder(r - 1, r), qPrintable(QStringLiteral("row %1").arg(r)));
    QVERIFY(last.isValid());
    QCOMPARE(last.data(ExportRole).toString() + text(last.row(), BacklogModel::Source), lastObject);

    // A new snapshot keeps the sort.
    model.setSnapshot(m_snapshot);
    for (int r = 1; r < n; ++r)
        QVERIFY(inOrder(r - 1, r));
    // Column -1: the model's own order (costliest first) again.
    model.sort(-1);
    QStringList restored;
    for (int r = 0; r < n; ++r)
        restored << text(r, BacklogModel::CostObject) + text(r, BacklogModel::Source);
    QCOMPARE(restored, modelOrder);
}

void TstUiModels::pagedTableHandsRowsAsTheViewScrolls_data()
{
    QTest::addColumn<int>("page");
    QTest::newRow("a row per page") << 1;
    QTest::newRow("two rows per page") << 2;
    QTest::newRow("three rows per page") << 3;
}

// A paged table (the backlog of millions of objects) hands its view a page of rows, and a
// page more at each scroll to the end; sorting orders every row and starts again from the
// first page; exports and the fix plan's jumps reach every row, handed over or not.
void TstUiModels::pagedTableHandsRowsAsTheViewScrolls()
{
    QFETCH(int, page);
    // No QAbstractItemModelTester here: it calls fetchMore() itself, from its handler of the
    // reset, and would hand rows over where this test counts them.
    BacklogModel whole(m_ctx.app.locale), paged(m_ctx.app.locale);
    whole.setSnapshot(m_snapshot);
    paged.setPageRows(page);
    paged.setSnapshot(m_snapshot);
    const int n = whole.rowCount();
    QVERIFY(n > page + 1);
    QCOMPARE(paged.allRows(), n);
    QCOMPARE(paged.rowCount(), page);
    QVERIFY(paged.canFetchMore({}));
    QCOMPARE(Exporter::tableText(paged), Exporter::tableText(whole));
    QCOMPARE(Exporter::tableCsv(paged), Exporter::tableCsv(whole));
    QCOMPARE(paged.rowCount(), page); // exporting hands the view nothing

    // The view asks for more as it is scrolled to its end (and while its rows do not fill it),
    // a page at a time.
    QTableView view;
    view.setModel(&paged);
    view.resize(400, 120);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QList<int> counts{paged.rowCount()};
    for (int i = 0; i < n && paged.canFetchMore({}); ++i) {
        view.scrollToBottom();
        QTRY_VERIFY(paged.rowCount() > counts.last());
        counts << paged.rowCount();
    }
    QCOMPARE(paged.rowCount(), n);
    for (qsizetype i = 1; i < counts.size(); ++i)
        QVERIFY2(counts[i] == n || (counts[i] - counts[i - 1]) % page == 0,
                 qPrintable(QStringLiteral("%1 rows after %2").arg(counts[i]).arg(counts[i - 1])));
    view.setModel(nullptr); // the counts below are the model's own
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < paged.columnCount(); ++c)
            QCOMPARE(paged.index(r, c).data(), whole.index(r, c).data());

    // Sorted with every row handed: they stay handed (a layout change, selections kept).
    paged.sort(BacklogModel::Rows, Qt::AscendingOrder);
    QCOMPARE(paged.rowCount(), n);
    paged.sort(-1);
    // A new snapshot hands the first page again; sorted then, every row is in the new order
    // and the view is given the first page of it.
    paged.setSnapshot(m_snapshot);
    QCOMPARE(paged.rowCount(), page);
    whole.sort(BacklogModel::Amount, Qt::AscendingOrder);
    paged.sort(BacklogModel::Amount, Qt::AscendingOrder);
    QCOMPARE(paged.rowCount(), page);
    QCOMPARE(Exporter::tableCsv(paged), Exporter::tableCsv(whole));
    for (int r = 0; r < page; ++r)
        QCOMPARE(paged.index(r, BacklogModel::CostObject).data(),
                 whole.index(r, BacklogModel::CostObject).data());
    // A jump to a row past those handed (the fix plan's) hands the pages through it.
    paged.handThrough(n - 1);
    QCOMPARE(paged.rowCount(), n);
    QCOMPARE(paged.index(n - 1, BacklogModel::CostObject).data(),
             whole.index(n - 1, BacklogModel::CostObject).data());
    paged.setSnapshot({});
    QCOMPARE(paged.rowCount(), 0);
    QVERIFY(!paged.canFetchMore({}));
    paged.setSnapshot(m_snapshot);
    QCOMPARE(paged.rowCount(), page);
    QVERIFY(!paged.index(page, 0).isValid());
}

QTEST_MAIN(TstUiModels)
#include "tst_uimodels.moc"
