// Issue 18 driven through real widgets offscreen: the owner field's own text is no key, every
// key can be a fallback, a batch can be deleted (and undone), the import dialog shows a file's
// error in full and lets a bad file go, and the Ledger view's filter syntax with its total.
#include "uitestsupport.h"

#include "ui/analysisbar.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/fallbackchips.h"
#include "ui/format.h"
#include "ui/import/importdialog.h"
#include "ui/import/importpreviewmodel.h"
#include "ui/mainwindow.h"
#include "ui/models/batchstatemodel.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/models/roles.h"
#include "ui/views/ledgerview.h"
#include "ui/views/reconciliationview.h"
#include "ui/widgets/figurecard.h"

#include <QAbstractBarSeries>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace unalloc::ui;

class TstUsability final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void ownerDisplayTextIsNotAKey();
    void everyKeyCanBeAFallback();
    void deleteBatchIsUndoable();
    void importDialogShowsErrorsAndDropsBadFiles();
    void ledgerFilterSyntaxAndTotal();
    void emptyLedgerPointsToImport();
    void percentNeverOverclaims_data();
    void keyboardStaysWhereTheUserIs();
    void percentNeverOverclaims();

private:
    void openDemo();
    int demoRows() const { return int(m_window->document()->catalog().rows); }

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstUsability::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
}

void TstUsability::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

void TstUsability::openDemo()
{
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
}

void TstUsability::ownerDisplayTextIsNotAKey()
{
    openDemo();
    QComboBox *owner = m_window->analysisBar()->ownerCombo();
    // The box is as wide as its longest entry (the demo's keys: a long one is
    // "user_api_key_alias · … of … rows") and shows the key first.
    qsizetype longest = 0;
    for (int i = 0; i < owner->count(); ++i)
        longest = std::max(longest, owner->itemText(i).size());
    QVERIFY(longest > 22);
    QVERIFY(owner->minimumContentsLength() >= longest);
    QCOMPARE(owner->lineEdit()->cursorPosition(), 0);
    owner->setFocus();
    owner->lineEdit()->selectAll();
    QTest::keyClicks(owner->lineEdit(), QStringLiteral("zzz"));
    QTest::keyClick(owner->lineEdit(), Qt::Key_Return);
    QTRY_COMPARE(m_window->analysis()->request().ownerKey, std::string("zzz"));
    // The field now reads "zzz · 0 of N rows"; leaving it must not make that a key.
    QVERIFY2(owner->currentText().contains(QStringLiteral(" of ")),
             qPrintable(owner->currentText()));
    const int steps = m_window->analysis()->undoStack()->count();
    UI_FIND(command, QLineEdit, m_window, "commandLine");
    QTest::mouseClick(command, Qt::LeftButton);
    m_window->analysisBar()->periodCombo()->setFocus();
    QTest::keyClick(owner->lineEdit(), Qt::Key_Return); // Enter on the shown text as well
    QCOMPARE(m_window->analysis()->request().ownerKey, std::string("zzz"));
    QCOMPARE(m_window->analysis()->undoStack()->count(), steps);
    QVERIFY2(!command->text().contains(QStringLiteral("0_of")), qPrintable(command->text()));
}

void TstUsability::everyKeyCanBeAFallback()
{
    openDemo();
    FallbackChips *chips = m_window->analysisBar()->chips();
    const auto &catalog = m_window->document()->catalog();
    // Every key but the owner and the internal ones is a chip or in the "more…" list.
    QStringList offered = chips->keys() + chips->moreKeys();
    QStringList expected;
    for (const auto &k : catalog.keys)
        if (k.key != m_window->analysis()->request().ownerKey && !k.key.starts_with("unalloc_"))
            expected << QString::fromStdString(k.key);
    offered.sort();
    expected.sort();
    QCOMPARE(offered, expected);
    QVERIFY(catalog.rowsWithKey("unalloc_layer") > 0); // the demo has one: it must stay hidden
    QVERIFY(!offered.contains(QStringLiteral("unalloc_layer")));
    QCOMPARE(chips->keys().size(), FallbackChips::kMaxChips);

    // The README's example key sits past the chips: find it through the searchable list.
    QVERIFY2(chips->moreKeys().contains(QStringLiteral("workspace")),
             qPrintable(chips->moreKeys().join(QLatin1Char(' '))));
    QToolButton *more = chips->moreButton();
    UI_REQUIRE(more, "the more… button");
    QTest::mouseClick(more, Qt::LeftButton);
    UI_FIND(filter, QLineEdit, chips, "moreKeysFilter");
    UI_FIND(list, QListView, chips, "moreKeysList");
    QTRY_VERIFY(list->isVisible());
    QTest::keyClicks(filter, QStringLiteral("worksp"));
    QCOMPARE(list->model()->rowCount(), 1);
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    const QRect cell = list->visualRect(list->model()->index(0, 0));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, cell.center());
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks, std::vector<std::string>{"workspace"});
    // Chosen, it becomes chip 1.
    QTRY_VERIFY(chips->chip(QStringLiteral("workspace")) &&
                chips->chip(QStringLiteral("workspace"))->isChecked());
}

void TstUsability::deleteBatchIsUndoable()
{
    openDemo();
    QVERIFY(m_window->showView(QStringLiteral("reconciliation")));
    auto *view =
        qobject_cast<ReconciliationView *>(m_window->view(QStringLiteral("reconciliation")));
    UI_REQUIRE(view, "the reconciliation view");
    UI_FIND(table, QTableView, view, "batchTableView");
    const qint64 before = demoRows();
    const auto batches = m_window->document()->catalog().batches;
    UI_REQUIRE(m_window->document()->catalog().source("litellm"), "the demo's litellm source");
    const int litellmBatches = m_window->document()->catalog().source("litellm")->batches;
    // The LiteLLM batch: its rows leave the ledger.
    int row = -1;
    for (int r = 0; r < table->model()->rowCount(); ++r)
        if (table->model()->index(r, BatchStateModel::Source).data().toString() ==
            QStringLiteral("litellm"))
            row = r;
    QVERIFY(row >= 0);
    const qint64 rows =
        table->model()->index(row, BatchStateModel::Rows).data(RawRole).toLongLong();
    QVERIFY(rows > 0);
    QMenu *menu = view->batchMenu(table->model()->index(row, 0));
    UI_FIND(del, QAction, menu, "deleteBatch");
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    del->trigger();
    QTRY_VERIFY(loaded.count() >= 1);
    QTRY_COMPARE(qint64(demoRows()), before - rows);
    QCOMPARE(m_window->document()->catalog().batches.size(), batches.size() - 1);
    QCOMPARE(m_window->document()->catalog().source("litellm")->batches, litellmBatches - 1);
    QVERIFY(m_window->analysis()->undoStack()->canUndo());
    QVERIFY(m_window->analysis()->undoStack()->undoText().contains(QStringLiteral("Delete batch")));
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(loaded.count() >= 2);
    QTRY_COMPARE(qint64(demoRows()), before);
    QCOMPARE(m_window->document()->catalog().batches.size(), batches.size());
    QVERIFY(m_window->document()->store()->checkIntegrity());
    delete menu;
}

void TstUsability::importDialogShowsErrorsAndDropsBadFiles()
{
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QVERIFY(m_window->newLedger(m_ctx->path(QStringLiteral("new.unalloc"))));
    QTRY_COMPARE(loaded.count(), 1);
    const QString bad = m_ctx->path(QStringLiteral("notes.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"hello\": \"this is no export of any known source, and the reason says so in "
            "full rather than cut into a column\"}");
    f.close();
    ImportDialog *dialog =
        m_window->importFiles({test::demoDir() + QStringLiteral("/litellm_spend.json"), bad});
    UI_REQUIRE(dialog, "the import dialog");
    QSignalSpy preview(dialog, &ImportDialog::previewReady);
    QTRY_COMPARE(preview.count(), 1);
    UI_FIND(progress, QProgressBar, dialog, "importProgress");
    QCOMPARE(progress->value(), 0); // nothing imported yet
    UI_FIND(warnings, QTableView, dialog, "warningTable");
    UI_FIND(previewTable, QTableView, dialog, "previewTable");
    UI_FIND(remove, QPushButton, dialog, "removeFileButton");
    // The bad file's error is a row of its own in the Warnings pane, in full.
    QString errorRow;
    for (int r = 0; r < warnings->model()->rowCount(); ++r)
        if (warnings->model()->index(r, WarningModel::File).data().toString() == bad)
            errorRow = warnings->model()->index(r, WarningModel::Detail).data().toString();
    QVERIFY2(!errorRow.isEmpty(), "no warning row names the bad file");
    const QModelIndex status = dialog->previewModel()->index(1, ImportPreviewModel::Status);
    QVERIFY(errorRow.size() > status.data().toString().size());
    QVERIFY(!dialog->importButton()->isEnabled());
    // Remove it: the good file imports alone.
    QVERIFY(!remove->isEnabled());
    previewTable->selectRow(1);
    QVERIFY(remove->isEnabled());
    QTest::mouseClick(remove, Qt::LeftButton);
    QCOMPARE(dialog->previewModel()->rowCount(), 1);
    QCOMPARE(warnings->model()->rowCount(), 0);
    QVERIFY(dialog->importButton()->isEnabled());
    QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
    QTRY_VERIFY(loaded.count() >= 2);
    QVERIFY(m_window->document()->catalog().rows > 0);
}

void TstUsability::ledgerFilterSyntaxAndTotal()
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
    QTest::keyClicks(filter, QStringLiteral("source:opencost amount>1000"));
    QTRY_COMPARE(view->model()->textFilter(), QStringLiteral("source:opencost amount>1000"));
    QTRY_VERIFY(view->model()->rowCount() < all && !view->model()->isCounting());
    const int n = view->model()->rowCount();
    QVERIFY(n > 0);
    for (int r = 0; r < n; ++r) {
        QTRY_VERIFY(view->model()->isRowLoaded(r));
        QCOMPARE(view->model()->index(r, LedgerTableModel::Source).data().toString(),
                 QStringLiteral("opencost"));
        QVERIFY(view->model()->index(r, LedgerTableModel::Amount).data(RawRole).isValid());
    }
    QTRY_VERIFY2(count->text().contains(QStringLiteral("total $")), qPrintable(count->text()));
    // A label term narrows further; labels export as JSON.
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("team=search"));
    QTRY_COMPARE(view->model()->textFilter(), QStringLiteral("team=search"));
    QTRY_VERIFY(!view->model()->isCounting() && view->model()->rowCount() > 0 &&
                view->model()->rowCount() < all);
    QTRY_VERIFY(view->model()->isRowLoaded(0));
    const QString labels =
        view->model()->index(0, LedgerTableModel::Labels).data(ExportRole).toString();
    QVERIFY2(labels.startsWith(QLatin1Char('{')) &&
                 labels.contains(QStringLiteral("\"team\":\"search\"")),
             qPrintable(labels));
    // A malformed term says why and leaves the rows as they were.
    const int before = view->model()->rowCount();
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("amount>lots"));
    QTRY_VERIFY2(count->text().contains(QStringLiteral("amount>lots")), qPrintable(count->text()));
    QCOMPARE(view->model()->rowCount(), before);
    // The column chooser hides and shows columns.
    UI_FIND(chooser, QToolButton, view, "columnChooser");
    UI_FIND(batchColumn, QAction, chooser->menu(), "column_8");
    QVERIFY(!table->isColumnHidden(LedgerTableModel::Batch));
    batchColumn->trigger();
    QVERIFY(table->isColumnHidden(LedgerTableModel::Batch));
    batchColumn->trigger();
    QVERIFY(!table->isColumnHidden(LedgerTableModel::Batch));
}

void TstUsability::emptyLedgerPointsToImport()
{
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->newLedger(m_ctx->path(QStringLiteral("empty.unalloc"))));
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(m_window->showView(QStringLiteral("overview")));
    UI_FIND(spend, QtChartCanvas, m_window, "spendBars");
    for (QAbstractSeries *series : spend->chart()->series())
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series))
            for (QBarSet *set : bars->barSets())
                QCOMPARE(set->count(), 0);
    QVERIFY2(spend->chart()->title().contains(QStringLiteral("Import")),
             qPrintable(spend->chart()->title()));
    // No figure claims an amount or a share of nothing (no "$0.00", no "0.0 %").
    for (const char *name : {"figureU", "figureTotal", "figureF", "figureOwners"}) {
        UI_FIND(card, FigureCard, m_window, name);
        QCOMPARE(card->value(), QStringLiteral("—"));
        QVERIFY2(card->detail().contains(QStringLiteral("Import")), qPrintable(card->detail()));
    }
}

void TstUsability::percentNeverOverclaims_data()
{
    QTest::addColumn<QString>("part");
    QTest::addColumn<QString>("whole");
    QTest::addColumn<QString>("shown");
    QTest::newRow("an owner holds $0.06 of $1,000") << "999.94"
                                                    << "1000"
                                                    << "> 99.9\u00a0%";
    QTest::newRow("all of it") << "1000"
                               << "1000"
                               << "100.0\u00a0%";
    QTest::newRow("a sliver") << "0.04"
                              << "1000"
                              << "< 0.1\u00a0%";
    QTest::newRow("none") << "0"
                          << "1000"
                          << "0.0\u00a0%";
    QTest::newRow("ordinary") << "250"
                              << "1000"
                              << "25.0\u00a0%";
}

void TstUsability::percentNeverOverclaims()
{
    QFETCH(QString, part);
    QFETCH(QString, whole);
    QFETCH(QString, shown);
    using unalloc::core::Decimal;
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    QCOMPARE(fmt::sharePercent(*Decimal::parse(part.toStdString()),
                               *Decimal::parse(whole.toStdString()), en),
             shown);
}

void TstUsability::keyboardStaysWhereTheUserIs()
{
    openDemo();
    // Space on a chip toggles it and the focus stays on that chip (the chips are rebuilt).
    FallbackChips *chips = m_window->analysisBar()->chips();
    QToolButton *chip = chips->chip(QStringLiteral("namespace"));
    UI_REQUIRE(chip, "the namespace chip");
    m_window->activateWindow();
    chip->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(chip->hasFocus());
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QTest::keyClick(chip, Qt::Key_Space);
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks, std::vector<std::string>{"namespace"});
    QWidget *focus = QApplication::focusWidget();
    QVERIFY2(focus && focus->objectName() == QStringLiteral("chip_namespace"),
             qPrintable(focus ? focus->objectName() : QStringLiteral("nothing")));
    // Tab leaves a table instead of walking its cells.
    QVERIFY(m_window->showView(QStringLiteral("reconciliation")));
    auto *view = m_window->view(QStringLiteral("reconciliation"));
    UI_FIND(table, QTableView, view, "batchTableView");
    table->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_Tab);
    QTRY_VERIFY(!table->hasFocus());
}

QTEST_MAIN(TstUsability)
#include "tst_usability.moc"
