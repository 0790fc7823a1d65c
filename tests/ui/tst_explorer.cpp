// Drives the real main window offscreen: open the demo ledger, read the figures, change the
// owner key and fallbacks (and undo), import a file into a new ledger.
#include "uitestsupport.h"

#include "ui/analysisbar.h"
#include "ui/demoledger.h"
#include "ui/fallbackchips.h"
#include "ui/import/importdialog.h"
#include "ui/import/importpreviewmodel.h"
#include "ui/mainwindow.h"
#include "ui/metercontroller.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/views/economicsview.h"
#include "ui/views/ledgerview.h"
#include "ui/views/meterview.h"
#include "ui/widgets/figurecard.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace unalloc::ui;

class TstExplorer final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void showsDemoFigures();
    void ownerKeyAndFallbacksRecompute();
    void typedOwnerKeyIsCanonicalised();
    void ledgerViewPagesRows();
    void hiddenViewsWaitUntilShown();
    void importsIntoNewLedger();
    void tabOrderFollowsTheBar();
    void commandLineReproducesTheLedger();
    void demoFilesAreNeverShared();
    void sidebarSkipsHeadersAndPlaceholders();

private:
    void openDemo();

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstExplorer::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
}

void TstExplorer::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

void TstExplorer::openDemo()
{
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
}

void TstExplorer::showsDemoFigures()
{
    openDemo();
    UI_FIND(total, FigureCard, m_window, "figureTotal");
    UI_FIND(u, FigureCard, m_window, "figureU");
    UI_FIND(f, FigureCard, m_window, "figureF");
    // The bundled sample ($66,630.38) plus the shared inference pod ($17,280.00, no team; its
    // request telemetry is no cost row) plus the gateway month routed to the billed providers
    // ($9,725.059, every row with a team; resources/demo-gateway) plus August's cluster side
    // of the gateway's features ($1,903.624, every row with a team; resources/demo-economics).
    QCOMPARE(total->value(), QStringLiteral("$95,539.06"));
    QCOMPARE(u->value(), QStringLiteral("69.4\u00a0%"));
    QCOMPARE(f->value(), QStringLiteral("0.0\u00a0%"));
    QVERIFY(u->detail().contains(QStringLiteral("$66,263.14"))); // $48,983.14 + the pod
    QVERIFY(u->detail().contains(QStringLiteral("team")));
    const QString cli = m_window->analysisBar()->commandLine()->text();
    QVERIFY2(cli.contains(QStringLiteral("--dimension team")), qPrintable(cli));
}

void TstExplorer::ownerKeyAndFallbacksRecompute()
{
    openDemo();
    UI_FIND(u, FigureCard, m_window, "figureU");
    UI_FIND(f, FigureCard, m_window, "figureF");
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    FallbackChips *chips = m_window->analysisBar()->chips();
    QToolButton *chip = chips->chip(QStringLiteral("namespace"));
    UI_REQUIRE(chip, "the namespace fallback chip");
    QTest::mouseClick(chip, Qt::LeftButton);
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks, std::vector<std::string>{"namespace"});
    QVERIFY(f->value() != QStringLiteral("0.0\u00a0%"));
    QTRY_VERIFY(chips->chip(QStringLiteral("namespace")) &&
                chips->chip(QStringLiteral("namespace"))->text().startsWith(QLatin1Char('1')));
    QVERIFY(m_window->analysisBar()->commandLine()->text().contains(
        QStringLiteral("--fallback namespace")));

    // A second fallback is numbered 2; undo removes it again. (The demo's gateway keys push
    // the two-row `project` out of the chips: `cluster` is offered.)
    ready.clear();
    QToolButton *cluster = chips->chip(QStringLiteral("cluster"));
    UI_REQUIRE(cluster, "the cluster fallback chip");
    QTest::mouseClick(cluster, Qt::LeftButton);
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks,
             (std::vector<std::string>{"namespace", "cluster"}));
    ready.clear();
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks, std::vector<std::string>{"namespace"});
    m_window->analysis()->undoStack()->undo();
    QTRY_COMPARE(u->value(), QStringLiteral("69.4\u00a0%"));
}

void TstExplorer::typedOwnerKeyIsCanonicalised()
{
    openDemo();
    UI_FIND(u, FigureCard, m_window, "figureU");
    QComboBox *owner = m_window->analysisBar()->ownerCombo();
    owner->setFocus();
    owner->lineEdit()->selectAll();
    QTest::keyClicks(owner->lineEdit(), QStringLiteral("Environment"));
    QTest::keyClick(owner->lineEdit(), Qt::Key_Return);
    QTRY_COMPARE(m_window->analysis()->request().ownerKey, std::string("environment"));
    QTRY_VERIFY(m_window->analysis()->snapshot()->request.ownerKey == "environment");
    QVERIFY(u->value() != QStringLiteral("69.4\u00a0%"));
}

void TstExplorer::ledgerViewPagesRows()
{
    openDemo();
    QVERIFY(m_window->showView(QStringLiteral("ledger")));
    auto *view = qobject_cast<LedgerView *>(m_window->view(QStringLiteral("ledger")));
    UI_REQUIRE(view, "the ledger view");
    UI_FIND(filter, QLineEdit, view, "ledgerFilter");
    UI_FIND(count, QLabel, view, "ledgerCount");
    UI_FIND(table, QTableView, view, "ledgerTableView");
    QTRY_VERIFY(view->model()->rowCount() > 0);
    const int all = view->model()->rowCount();
    QTest::keyClicks(filter, QStringLiteral("opencost"));
    QTRY_VERIFY(view->model()->rowCount() < all);
    // The sample's 5 allocations, the pod and the 4 allocations of the gateway's features.
    QTRY_COMPARE(view->model()->rowCount(), 10);
    QTRY_VERIFY2(count->text().startsWith(QStringLiteral("10 row")), qPrintable(count->text()));

    // Unfiltered, the table reads its pages on a worker: scrolling to the end shows the last
    // row once its page arrives (sorted by amount, descending: zero-dollar telemetry last).
    filter->clear();
    QTRY_COMPARE(view->model()->rowCount(), all);
    table->scrollToBottom();
    const QModelIndex last = view->model()->index(all - 1, LedgerTableModel::Amount);
    QTRY_VERIFY(view->model()->isRowLoaded(all - 1));
    QCOMPARE(last.data(ExportRole).toString(), QStringLiteral("0.00"));
    QVERIFY(!view->model()->index(all - 1, LedgerTableModel::Source).data().toString().isEmpty());
    QVERIFY(table->rowAt(table->viewport()->height() - 1) >= all - 2);
}

// Opening a ledger computes the view on screen first; the hidden views' own work (the Meter
// view's pod search, the feature economics) starts once that view shows the ledger. The Ledger
// table's count (every row read) waits until the table is shown, and a hidden table takes a
// new slice when it is shown again.
void TstExplorer::hiddenViewsWaitUntilShown()
{
    auto *ledger = qobject_cast<LedgerView *>(m_window->view(QStringLiteral("ledger")));
    auto *meter = qobject_cast<MeterView *>(m_window->view(QStringLiteral("meters")));
    auto *economics = qobject_cast<EconomicsView *>(m_window->view(QStringLiteral("economics")));
    UI_REQUIRE(ledger, "the ledger view");
    UI_REQUIRE(meter, "the meter view");
    UI_REQUIRE(economics, "the economics view");
    UI_FIND(features, QComboBox, economics, "featureCombo"); // filled by the economics report
    // Until the first snapshot is on screen, nothing hidden has started.
    bool startedEarly = false;
    const auto early = connect(m_window->analysis(), &AnalysisController::snapshotReady, this, [&] {
        startedEarly = startedEarly || ledger->model()->isCounting() ||
                       ledger->model()->rowCount() > 0 ||
                       !meter->controller()->pods()->pods.empty();
    });
    openDemo();
    disconnect(early);
    QVERIFY(!startedEarly);
    QCOMPARE(m_window->currentViewId(), QStringLiteral("overview"));
    QTRY_VERIFY(!meter->controller()->pods()->pods.empty()); // the demo has pods
    QTRY_VERIFY(features->count() > 0);
    QVERIFY(!ledger->isVisible() && !meter->isVisible() && !economics->isVisible());
    QCOMPARE(ledger->model()->rowCount(), 0);
    QVERIFY(!ledger->model()->isCounting());

    QVERIFY(m_window->showView(QStringLiteral("ledger")));
    QTRY_VERIFY(ledger->model()->rowCount() > 0);
    const int all = ledger->model()->rowCount();
    QVERIFY(m_window->showView(QStringLiteral("overview")));
    unalloc::core::AnalysisRequest r = m_window->analysis()->request();
    r.sources = {"opencost"};
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    m_window->analysis()->change(r, QStringLiteral("OpenCost only"));
    QTRY_VERIFY(ready.count() >= 1);
    QTest::qWait(300);
    QCOMPARE(ledger->model()->rowCount(), all); // hidden: not recounted
    QVERIFY(!ledger->model()->isCounting());
    QVERIFY(m_window->showView(QStringLiteral("ledger")));
    QTRY_VERIFY(ledger->model()->rowCount() > 0 && ledger->model()->rowCount() < all);
}

void TstExplorer::importsIntoNewLedger()
{
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QVERIFY(m_window->newLedger(m_ctx->path(QStringLiteral("new.unalloc"))));
    QTRY_COMPARE(loaded.count(), 1);
    ImportDialog *dialog =
        m_window->importFiles({test::demoDir() + QStringLiteral("/litellm_spend.json")});
    UI_REQUIRE(dialog, "the import dialog");
    QSignalSpy preview(dialog, &ImportDialog::previewReady);
    QTRY_COMPARE(preview.count(), 1);
    QCOMPARE(dialog->previewModel()->rowCount(), 1);
    const QModelIndex format = dialog->previewModel()->index(0, ImportPreviewModel::Format);
    QCOMPARE(format.data().toString(), QStringLiteral("litellm-spend-logs-json"));
    QVERIFY(dialog->importButton()->isEnabled());
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
    QTRY_VERIFY(loaded.count() >= 2);
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(m_window->document()->catalog().rows > 0);
    QCOMPARE(m_window->document()->catalog().sources.size(), size_t(1));
}

void TstExplorer::tabOrderFollowsTheBar()
{
    openDemo();
    // Tab walks the bar left to right, top to bottom, then the sidebar, then the view.
    const QStringList expected{QStringLiteral("periodCombo"),      QStringLiteral("sourcesButton"),
                               QStringLiteral("ownerCombo"),       QStringLiteral("dedupeCheck"),
                               QStringLiteral("chip_environment"), QStringLiteral("commandLine"),
                               QStringLiteral("copyCommand"),      QStringLiteral("sidebar")};
    QStringList seen;
    QWidget *w = m_window->analysisBar()->periodCombo();
    for (int i = 0; i < 400 && seen.size() < expected.size(); ++i, w = w->nextInFocusChain()) {
        const bool tabbable =
            (w->focusPolicy() & Qt::TabFocus) && w->isEnabled() && w->isVisibleTo(m_window.get());
        // An editable combo box's line edit stands for the combo box.
        const QString name = qobject_cast<QComboBox *>(w->parentWidget())
                                 ? w->parentWidget()->objectName()
                                 : w->objectName();
        if (tabbable && expected.contains(name) && !seen.contains(name))
            seen << name;
    }
    QCOMPARE(seen, expected);
}

void TstExplorer::demoFilesAreNeverShared()
{
    // Two explorers (or two tests) opening the demo at once once shared one file: one deleted
    // and rebuilt it under the other's open store.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto a = DemoLedgerFile::claim(dir.path());
    auto b = DemoLedgerFile::claim(dir.path());
    QVERIFY(a && b);
    QVERIFY(a->path() != b->path());
    for (const auto *f : {a.get(), b.get()}) {
        QFile ledger(f->path());
        QVERIFY(ledger.open(QIODevice::WriteOnly));
        ledger.write("x");
    }
    auto c = DemoLedgerFile::claim(dir.path()); // a and b are alive: their files stay
    QVERIFY(c && QFile::exists(a->path()) && QFile::exists(b->path()));
    const QString gone = a->path();
    a.reset(); // its process ended: the next claim clears what it left
    auto d = DemoLedgerFile::claim(dir.path());
    QVERIFY(d);
    QVERIFY(!QFile::exists(gone));
    QVERIFY(QFile::exists(b->path()));
}

void TstExplorer::commandLineReproducesTheLedger()
{
    openDemo();
    const QString cli = m_window->analysisBar()->commandLine()->text();
    // The demo lives in a file too: the line names it, so pasting it gives the same numbers.
    QVERIFY2(cli.startsWith(QStringLiteral("unalloc report --ledger /")), qPrintable(cli));
    // Each process builds its demo in a file of its own (DemoLedgerFile).
    QVERIFY2(cli.contains(QRegularExpression(QStringLiteral(
                 "/demo-[0-9]+-[0-9]+\\.unalloc --from 2026-08-01 --to 2026-09-01"))),
             qPrintable(cli));
    // Invoices are not a cost source: four sources, the invoice batch listed apart.
    QCOMPARE(m_window->document()->catalog().sources.size(), size_t(4));
    QCOMPARE(m_window->document()->catalog().invoices.batches, 1);
}

void TstExplorer::sidebarSkipsHeadersAndPlaceholders()
{
    openDemo();
    UI_FIND(sidebar, QListWidget, m_window, "sidebar");
    QVERIFY(m_window->showView(QStringLiteral("overview")));
    sidebar->setFocus();
    QTest::keyClick(sidebar, Qt::Key_Up); // a header above: stays on Overview
    QCOMPARE(m_window->currentViewId(), QStringLiteral("overview"));
    QTest::keyClick(sidebar, Qt::Key_End);
    QCOMPARE(m_window->currentViewId(), QStringLiteral("ledger"));
    QTest::keyClick(sidebar, Qt::Key_Up); // the "Data" header and the placeholders are skipped
    QVERIFY(m_window->view(m_window->currentViewId()) != nullptr);
    QVERIFY(m_window->currentViewId() != QStringLiteral("ledger"));
    QVERIFY(sidebar->count() > 1);
    QVERIFY(!sidebar->item(0)->flags().testFlag(Qt::ItemIsSelectable)); // "ANALYSIS"
    QVERIFY(!sidebar->item(1)->icon().isNull());
}

QTEST_MAIN(TstExplorer)
#include "tst_explorer.moc"
