// Issue 18 items 4 and 7 through real widgets: the import preview counts the records the
// ledger already holds, "Replace batch…" swaps a batch for new files (a failed replace keeps
// it; undo and redo swap back), and an invoice typed in by hand reaches Reconciliation.
#include "grabifasked.h"
#include "uitestsupport.h"

#include "ui/dialogs/invoicedialog.h"
#include "ui/import/importdialog.h"
#include "ui/import/importpreviewmodel.h"
#include "ui/mainwindow.h"
#include "ui/models/batchstatemodel.h"
#include "ui/models/roles.h"
#include "ui/views/batchreplacejob.h"
#include "ui/views/reconciliationview.h"

#include <QAction>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstLedgerEdits final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void previewCountsDuplicates();
    void replaceBatchIsAtomicAndUndoable();
    void replaceRunsOffTheGuiThreadAndCancels();
    void manualInvoiceReachesReconciliation();

private:
    bool waitSnapshot();
    std::int64_t batchOf(const std::string &origin) const;
    qint64 rows() const { return m_window->document()->catalog().rows; }

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstLedgerEdits::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_ctx->demoStore() != nullptr);
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
    QVERIFY(m_window->openLedger(m_ctx->path(QStringLiteral("demo.unalloc"))));
    QVERIFY(waitSnapshot());
}

void TstLedgerEdits::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

bool TstLedgerEdits::waitSnapshot()
{
    return QTest::qWaitFor([this] {
        return m_window->document()->isLoaded() && m_window->analysis()->snapshot() &&
               !m_window->analysis()->isBusy();
    });
}

std::int64_t TstLedgerEdits::batchOf(const std::string &origin) const
{
    for (const core::ImportBatch &b : m_window->document()->catalog().batches)
        if (b.origin == origin)
            return b.id;
    return 0;
}

void TstLedgerEdits::previewCountsDuplicates()
{
    const QString file = test::demoDir() + QStringLiteral("/litellm_spend.json");
    ImportDialog *dialog = m_window->importFiles({file});
    UI_REQUIRE(dialog, "the import dialog");
    QSignalSpy ready(dialog, &ImportDialog::previewReady);
    QTRY_VERIFY(ready.count() >= 1);
    const QModelIndex rowsCell = dialog->previewModel()->index(0, ImportPreviewModel::Rows);
    const QModelIndex dupCell = dialog->previewModel()->index(0, ImportPreviewModel::Duplicates);
    const qint64 fileRows = rowsCell.data(RawRole).toLongLong();
    QVERIFY(fileRows > 0);
    // The demo imported this very file: every record is already there.
    QCOMPARE(dupCell.data(RawRole).toLongLong(), fileRows);
    UI_FIND(status, QLabel, dialog, "importStatus");
    QVERIFY2(status->text().contains(QStringLiteral("already in the ledger")),
             qPrintable(status->text()));
    test::grabIfAsked(dialog, QStringLiteral("import-preview-duplicates"));
    dialog->close();
    // A file the ledger has not seen: none.
    const QString fresh =
        test::demoDir() + QStringLiteral("/../../tests/data/litellm/duplicate_keys/input.json");
    if (QFile::exists(fresh)) {
        ImportDialog *other = m_window->importFiles({fresh});
        QSignalSpy ready2(other, &ImportDialog::previewReady);
        QTRY_VERIFY(ready2.count() >= 1);
        const qint64 n =
            other->previewModel()->index(0, ImportPreviewModel::Rows).data(RawRole).toLongLong();
        const qint64 d = other->previewModel()
                             ->index(0, ImportPreviewModel::Duplicates)
                             .data(RawRole)
                             .toLongLong();
        QVERIFY(d < n || n == 0);
        other->close();
    }
}

void TstLedgerEdits::replaceBatchIsAtomicAndUndoable()
{
    QVERIFY(m_window->showView(QStringLiteral("reconciliation")));
    auto *view =
        qobject_cast<ReconciliationView *>(m_window->view(QStringLiteral("reconciliation")));
    UI_REQUIRE(view, "the reconciliation view");
    UI_FIND(table, QTableView, view, "batchTableView");
    const std::int64_t litellm = batchOf("litellm_spend.json");
    QVERIFY(litellm > 0);
    const qint64 before = rows();
    // The context menu offers it next to Delete.
    QMenu *menu = view->batchMenu(table->model()->index(0, 0));
    menu->adjustSize();
    test::grabIfAsked(menu, QStringLiteral("batch-menu"));
    UI_FIND(replaceAction, QAction, menu, "replaceBatch");
    UI_FIND(deleteAction, QAction, menu, "deleteBatch");
    delete menu;

    // A corrected export: the same file with one request less.
    QFile in(test::demoDir() + QStringLiteral("/litellm_spend.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
    QJsonArray data = doc.value(QStringLiteral("data")).toArray();
    QVERIFY(data.size() >= 2);
    data.removeLast();
    doc.insert(QStringLiteral("data"), data);
    const QString corrected = m_ctx->path(QStringLiteral("litellm_corrected.json"));
    QFile out(corrected);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(doc).toJson());
    out.close();

    // A file that cannot be imported: the batch stays, nothing goes on the undo stack.
    const QString bad = m_ctx->path(QStringLiteral("notes.json"));
    QFile b(bad);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("{\"hello\": 1}");
    b.close();
    const int undoBefore = m_window->analysis()->undoStack()->count();
    view->replaceBatch(litellm, {bad});
    UI_FIND(message, QLabel, view, "batchMessage");
    QTRY_VERIFY(message->isVisible());
    QVERIFY(message->text().contains(QStringLiteral("unchanged")));
    QCOMPARE(m_window->analysis()->undoStack()->count(), undoBefore);
    QCOMPARE(batchOf("litellm_spend.json"), litellm);

    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    view->replaceBatch(litellm, {corrected});
    QTRY_VERIFY(loaded.count() >= 1);
    QVERIFY(waitSnapshot());
    QCOMPARE(rows(), before - 1);
    QVERIFY(batchOf("litellm_spend.json") != litellm);
    QVERIFY(
        m_window->analysis()->undoStack()->undoText().contains(QStringLiteral("Replace batch")));
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(loaded.count() >= 2);
    QVERIFY(waitSnapshot());
    QCOMPARE(rows(), before);
    m_window->analysis()->undoStack()->redo();
    QTRY_VERIFY(loaded.count() >= 3);
    QVERIFY(waitSnapshot());
    QCOMPARE(rows(), before - 1);
    QVERIFY(m_window->document()->store()->checkIntegrity());
}

void TstLedgerEdits::replaceRunsOffTheGuiThreadAndCancels()
{
    QVERIFY(m_window->showView(QStringLiteral("reconciliation")));
    auto *view =
        qobject_cast<ReconciliationView *>(m_window->view(QStringLiteral("reconciliation")));
    UI_REQUIRE(view, "the reconciliation view");
    UI_FIND(row, QWidget, view, "replaceRow");
    UI_FIND(cancel, QPushButton, view, "replaceCancel");
    UI_FIND(progress, QProgressBar, view, "replaceProgress");
    QCOMPARE(progress->maximum(), 1000);
    UI_FIND(message, QLabel, view, "batchMessage");
    const std::int64_t litellm = batchOf("litellm_spend.json");
    QVERIFY(litellm > 0);
    const qint64 before = rows();
    const int undoBefore = m_window->analysis()->undoStack()->count();

    // A large export: many chunks, so the import is still running when Cancel is pressed.
    QFile in(test::demoDir() + QStringLiteral("/litellm_spend.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
    const QJsonObject first = doc.value(QStringLiteral("data")).toArray().first().toObject();
    QJsonArray data;
    for (int i = 0; i < 40000; ++i) {
        QJsonObject r = first;
        r.insert(QStringLiteral("request_id"), QStringLiteral("req_big_%1").arg(i));
        data.append(r);
    }
    doc.insert(QStringLiteral("data"), data);
    const QString big = m_ctx->path(QStringLiteral("litellm_big.json"));
    QFile out(big);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(doc).toJson(QJsonDocument::Compact));
    out.close();

    // replaceBatch returns at once: the job runs on a worker, its progress row shows, and the
    // batch menu offers no second replace (or delete) meanwhile.
    view->replaceBatch(litellm, {big});
    QVERIFY(BatchReplaceJob::running(m_window->document()) != nullptr ||
            m_window->document()->findChild<BatchReplaceJob *>() != nullptr);
    QVERIFY(row->isVisible());
    QCOMPARE(rows(), before);
    UI_FIND(table, QTableView, view, "batchTableView");
    QMenu *menu = view->batchMenu(table->model()->index(0, 0));
    UI_FIND(replaceAction, QAction, menu, "replaceBatch");
    if (BatchReplaceJob::running(m_window->document()))
        QVERIFY(!replaceAction->isEnabled());
    delete menu;
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY(m_window->document()->findChild<BatchReplaceJob *>() == nullptr);
    QTRY_VERIFY(!row->isVisible());
    QVERIFY(message->isVisible());
    QVERIFY2(message->text().contains(QStringLiteral("unchanged")), qPrintable(message->text()));
    // Cancelled: nothing changed and nothing was pushed.
    QCOMPARE(m_window->analysis()->undoStack()->count(), undoBefore);
    QCOMPARE(batchOf("litellm_spend.json"), litellm);
    QVERIFY(m_window->document()->store()->checkIntegrity());

    // Let it run: the replace commits, goes on the undo stack and reports what it added.
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    view->replaceBatch(litellm, {big});
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 1, 60000);
    QVERIFY(waitSnapshot());
    QCOMPARE(m_window->analysis()->undoStack()->count(), undoBefore + 1);
    QVERIFY(batchOf("litellm_spend.json") == 0);
    QVERIFY2(message->text().contains(QStringLiteral("new row")), qPrintable(message->text()));
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(loaded.count() >= 2);
    QVERIFY(waitSnapshot());
    QCOMPARE(rows(), before);
}

void TstLedgerEdits::manualInvoiceReachesReconciliation()
{
    const auto invoicesBefore = m_window->document()->input().invoices->size();
    const int batchesBefore = m_window->document()->catalog().invoices.batches;
    InvoiceDialog *dialog = m_window->showAddInvoice();
    UI_REQUIRE(dialog, "the invoice dialog");
    UI_FIND(provider, QComboBox, dialog, "invoiceProvider");
    UI_FIND(id, QLineEdit, dialog, "invoiceId");
    UI_FIND(amount, QLineEdit, dialog, "invoiceAmount");
    UI_FIND(start, QDateEdit, dialog, "invoiceStart");
    UI_FIND(end, QDateEdit, dialog, "invoiceEnd");
    UI_FIND(error, QLabel, dialog, "invoiceError");
    auto *buttons = dialog->findChild<QDialogButtonBox *>();
    UI_REQUIRE(buttons, "the dialog's buttons");
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    // It starts on the analysis period.
    QCOMPARE(start->date(), QDate(2026, 8, 1));
    QCOMPARE(end->date(), QDate(2026, 9, 1));
    provider->setCurrentText(QStringLiteral("opencost"));
    id->setText(QStringLiteral("INV-42"));
    amount->setText(QStringLiteral("12,5"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(!error->text().isEmpty());
    amount->setText(QStringLiteral("60000.000000000000000001"));
    QVERIFY(ok->isEnabled());
    end->setDate(QDate(2026, 7, 1)); // before the start
    QVERIFY(!ok->isEnabled());
    end->setDate(QDate(2026, 9, 1));
    test::grabIfAsked(dialog, QStringLiteral("add-invoice-dialog"));
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QTest::mouseClick(ok, Qt::LeftButton);
    QTRY_VERIFY(loaded.count() >= 1);
    QVERIFY(waitSnapshot());
    QCOMPARE(m_window->document()->catalog().invoices.batches, batchesBefore + 1);
    QCOMPARE(m_window->document()->input().invoices->size(), invoicesBefore + 1);
    bool found = false;
    for (const core::Invoice &inv : *m_window->document()->input().invoices)
        if (inv.source == "opencost") {
            found = true;
            QCOMPARE(inv.amount.amount.toString(), std::string("60000.000000000000000001"));
            QVERIFY(inv.note.find("INV-42") != std::string::npos);
        }
    QVERIFY(found);
    // Reconciliation now has an invoice for opencost.
    bool reconciled = false;
    for (const auto &l : m_window->analysis()->snapshot()->seams.recon.lines)
        if (l.line.source == "opencost" && l.line.invoice)
            reconciled = true;
    QVERIFY(reconciled);
}

QTEST_MAIN(TstLedgerEdits)
#include "tst_ledgeredits.moc"
