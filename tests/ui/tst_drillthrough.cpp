// Issue 17 item 2, the main window's side of a chart click: a view's drillRequested opens the
// Ledger view filtered to what was clicked (owner:/via: terms resolved with the current rules)
// or another view focused on it, as one step of the analysis undo stack.
#include "uitestsupport.h"

#include "ui/mainwindow.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/views/ledgerview.h"

#include <QLineEdit>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

using namespace unalloc;
using namespace unalloc::ui;

class TstDrillThrough final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void ownerRowsMatchTheReport_data();
    void ownerRowsMatchTheReport();
    void undoReturnsToTheViewAndFilter();
    void ownerTermsFollowTheRules();
    void unknownTargets();

private:
    bool open(MainWindow &w);
    /// The ledger view's row count once it has counted the current filter.
    static int ledgerRows(MainWindow &w);
    static QString filterText(MainWindow &w);
    /// The filtered rows' total (one currency), once counted.
    static std::string ledgerTotal(MainWindow &w);

    std::unique_ptr<test::TestContext> m_ctx;
};

void TstDrillThrough::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_ctx->demoStore() != nullptr);
}

void TstDrillThrough::cleanup()
{
    m_ctx.reset();
}

bool TstDrillThrough::open(MainWindow &w)
{
    return w.openLedger(m_ctx->path(QStringLiteral("demo.unalloc"))) && QTest::qWaitFor([&] {
               return w.document()->isLoaded() && w.analysis()->snapshot() &&
                      !w.analysis()->isBusy();
           });
}

int TstDrillThrough::ledgerRows(MainWindow &w)
{
    auto *view = qobject_cast<LedgerView *>(w.view(QStringLiteral("ledger")));
    if (!view)
        return -1;
    LedgerTableModel *model = view->model();
    // The filter line applies after its debounce; then the rows are counted on a worker.
    const QString want = filterText(w).trimmed();
    if (!QTest::qWaitFor([&] { return model->textFilter() == want && !model->isCounting(); }))
        return -2;
    return model->rowCount();
}

std::string TstDrillThrough::ledgerTotal(MainWindow &w)
{
    if (ledgerRows(w) < 0)
        return "not counted";
    const auto &totals =
        qobject_cast<LedgerView *>(w.view(QStringLiteral("ledger")))->model()->totals();
    if (totals.size() != 1)
        return std::to_string(totals.size()) + " currencies";
    return totals.front().amount.toString();
}

QString TstDrillThrough::filterText(MainWindow &w)
{
    auto *filter = w.findChild<QLineEdit *>(QStringLiteral("ledgerFilter"));
    return filter ? filter->text() : QStringLiteral("<no filter line>");
}

void TstDrillThrough::ownerRowsMatchTheReport_data()
{
    QTest::addColumn<int>("bucket"); // index into the report's buckets; -1 = <unallocated>
    QTest::newRow("largest owner") << 0;
    QTest::newRow("second owner") << 1;
    QTest::newRow("unallocated") << -1;
}

void TstDrillThrough::ownerRowsMatchTheReport()
{
    QFETCH(int, bucket);
    MainWindow w(&m_ctx->app);
    QVERIFY(open(w));
    const auto &buckets = w.analysis()->snapshot()->report.buckets;
    QVERIFY(buckets.size() > 2);
    const core::Bucket &b = bucket < 0 ? buckets.back() : buckets[size_t(bucket)];
    QCOMPARE(b.unallocated, bucket < 0);
    QVERIFY(b.rows > 0);
    const QString owner = QString::fromStdString(b.unallocated ? core::kUnallocated : b.key);
    emit w.view(QStringLiteral("overview"))
        ->drillRequested(
            DrillTarget::ledgerRows(filterTerm(QStringLiteral("owner"), owner), owner));
    QCOMPARE(w.currentViewId(), QStringLiteral("ledger"));
    QCOMPARE(filterText(w), QStringLiteral("owner:") + owner);
    // The rows the filter shows are exactly the rows the report gives that owner (plus
    // request telemetry, which costs nothing: the same total).
    QVERIFY(ledgerRows(w) >= int(b.rows));
    QCOMPARE(ledgerTotal(w), b.amount.toString());
}

void TstDrillThrough::undoReturnsToTheViewAndFilter()
{
    MainWindow w(&m_ctx->app);
    QVERIFY(open(w));
    QVERIFY(w.showView(QStringLiteral("ledger")));
    auto *filter = w.findChild<QLineEdit *>(QStringLiteral("ledgerFilter"));
    QVERIFY(filter);
    filter->setText(QStringLiteral("source:openai"));
    const int openaiRows = ledgerRows(w);
    QVERIFY(openaiRows > 0);
    QVERIFY(w.showView(QStringLiteral("fallback")));
    QUndoStack *undo = w.analysis()->undoStack();
    const int steps = undo->count();

    const DrillTarget target =
        DrillTarget::ledgerRows(QStringLiteral("owner:<unallocated>"), QStringLiteral("Nobody"));
    emit w.view(QStringLiteral("fallback"))->drillRequested(target);
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Nobody"));
    QCOMPARE(w.currentViewId(), QStringLiteral("ledger"));
    const int nobodyRows = ledgerRows(w);
    QVERIFY(nobodyRows > 0);
    QVERIFY(nobodyRows != openaiRows);

    undo->undo();
    QCOMPARE(w.currentViewId(), QStringLiteral("fallback"));
    QCOMPARE(filterText(w), QStringLiteral("source:openai"));
    QCOMPARE(ledgerRows(w), openaiRows);
    undo->redo();
    QCOMPARE(w.currentViewId(), QStringLiteral("ledger"));
    QCOMPARE(filterText(w), QStringLiteral("owner:<unallocated>"));
    QCOMPARE(ledgerRows(w), nobodyRows);

    // A focus target leaves the Ledger filter as it is.
    emit w.view(QStringLiteral("ledger"))
        ->drillRequested(DrillTarget::focusIn(QStringLiteral("overview"), {}, QStringLiteral("x")));
    QCOMPARE(w.currentViewId(), QStringLiteral("overview"));
    QCOMPARE(filterText(w), QStringLiteral("owner:<unallocated>"));
    undo->undo();
    QCOMPARE(w.currentViewId(), QStringLiteral("ledger"));
}

void TstDrillThrough::ownerTermsFollowTheRules()
{
    // Adding a fallback moves rows out of <unallocated>: the same filter line shows fewer.
    MainWindow w(&m_ctx->app);
    QVERIFY(open(w));
    QVERIFY(w.drillThrough(DrillTarget::ledgerRows(QStringLiteral("owner:<unallocated>"), {})));
    const int before = ledgerRows(w);
    const core::AnalysisRequest r = w.analysis()->request();
    QVERIFY(r.fallbacks.empty());
    w.analysis()->change(r.withFallbackToggled("namespace"), QStringLiteral("fallback"));
    QVERIFY(QTest::qWaitFor([&] { return !w.analysis()->isBusy(); }));
    const auto &buckets = w.analysis()->snapshot()->report.buckets;
    QVERIFY(buckets.back().unallocated);
    const int after = ledgerRows(w);
    QVERIFY2(after < before, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(after)));
    QCOMPARE(ledgerTotal(w), buckets.back().amount.toString());

    QVERIFY(w.drillThrough(DrillTarget::ledgerRows(QStringLiteral("via:namespace"), {})));
    // Rows owned through the fallback: the report's F.
    QVERIFY(ledgerRows(w) > 0);
    QCOMPARE(ledgerTotal(w), w.analysis()->snapshot()->report.fallbackTotal.toString());
    // Rows owned by the owner key itself: the "Owner label" part of How rows resolved.
    QVERIFY(w.drillThrough(DrillTarget::ledgerRows(QStringLiteral("via:team"), {})));
    QVERIFY(ledgerRows(w) > 0);
    QCOMPARE(ledgerTotal(w), w.analysis()->snapshot()->report.resolution.ownerLabel.toString());
}

void TstDrillThrough::unknownTargets()
{
    MainWindow w(&m_ctx->app);
    QVERIFY(open(w));
    QVERIFY(w.showView(QStringLiteral("overview")));
    const int steps = w.analysis()->undoStack()->count();
    QVERIFY(!w.drillThrough(DrillTarget::focusIn(QStringLiteral("nosuchview"), {}, {})));
    QCOMPARE(w.analysis()->undoStack()->count(), steps);
    QCOMPARE(w.currentViewId(), QStringLiteral("overview"));
    // A view that does not know the focus says so on the status line.
    QVERIFY(w.drillThrough(
        DrillTarget::focusIn(QStringLiteral("ledger"), QStringLiteral("thing"), {})));
    QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("thing")));
}

QTEST_MAIN(TstDrillThrough)
#include "tst_drillthrough.moc"
