// Menus and file actions of MainWindow (kept apart from the window's layout code).
#include "mainwindow.h"

#include "analysisbar.h"
#include "appcontext.h"
#include "dialogs/packdialog.h"
#include "exporting/focusfile.h"
#include "format.h"
#include "preferencesdialog.h"
#include "pull/pulldialog.h"
#include "settings.h"
#include "views/viewregistry.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace unalloc::ui {

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Ledger…"), QKeySequence::New, this, &MainWindow::askNew);
    file->addAction(tr("&Open Ledger…"), QKeySequence::Open, this, &MainWindow::askOpen);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open &Demo Ledger"), this, [this] {
        openDemo(m_demoDir.isEmpty() ? QStringLiteral(":/demo") : m_demoDir);
    });
    file->addSeparator();
    QAction *import = file->addAction(tr("&Import Files…"), QKeySequence(tr("Ctrl+I")), this,
                                      &MainWindow::askImport);
    import->setObjectName(QStringLiteral("actionImport"));
    QAction *pullAction = file->addAction(tr("&Pull from APIs…"), this, [this] { pullFromApis(); });
    pullAction->setObjectName(QStringLiteral("actionPull"));
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setObjectName(QStringLiteral("menuExport"));
    QAction *focus = exportMenu->addAction(
        tr("&FOCUS 1.2 CSV…"), this, [this] { askExportFocus(this, m_document, m_analysis); });
    focus->setObjectName(QStringLiteral("actionExportFocus"));
    QAction *pack = file->addAction(tr("Export &Chargeback Pack…"), this, [this] {
        PackDialog dialog(m_document, m_analysis, this);
        dialog.exec();
    });
    pack->setObjectName(QStringLiteral("actionExportPack"));
    QAction *importView =
        file->addAction(tr("Import Saved &View…"), this, &MainWindow::askImportView);
    importView->setObjectName(QStringLiteral("actionImportView"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_analysis.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_analysis.undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Copy &Command Line"), QKeySequence(tr("Ctrl+Shift+C")), this, [this] {
        m_bar->commandLine()->selectAll();
        m_bar->commandLine()->copy();
    });
    edit->addAction(tr("Choose &Owner Key"), QKeySequence(tr("Ctrl+K")), this,
                    [this] { m_bar->ownerCombo()->setFocus(Qt::ShortcutFocusReason); });
    edit->addSeparator();
    QAction *prefs = edit->addAction(tr("&Preferences…"), QKeySequence::Preferences, this, [this] {
        PreferencesDialog dialog(m_app, &m_budget, this);
        dialog.exec();
    });
    prefs->setMenuRole(QAction::PreferencesRole);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    int n = 1;
    for (const ViewInfo &info : registeredViews()) {
        QAction *a =
            view->addAction(info.translatedTitle(), this, [this, id = info.id] { showView(id); });
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(n++)));
        a->setEnabled(static_cast<bool>(info.create));
    }
    view->addSeparator();
    QAction *saveView = view->addAction(tr("&Save View…"), QKeySequence(tr("Ctrl+Shift+S")), this,
                                        &MainWindow::askSaveView);
    saveView->setObjectName(QStringLiteral("actionSaveView"));

    QMenu *ledger = menuBar()->addMenu(tr("&Ledger"));
    ledger->setObjectName(QStringLiteral("menuLedger"));
    QAction *aliases =
        ledger->addAction(tr("&Value Aliases…"), this, [this] { showValueAliases(); });
    aliases->setObjectName(QStringLiteral("actionValueAliases"));
    QAction *invoice = ledger->addAction(tr("Add &Invoice…"), this, [this] { showAddInvoice(); });
    invoice->setObjectName(QStringLiteral("actionAddInvoice"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("What are &U and F?"), QKeySequence::HelpContents, this, [this] {
        QMessageBox::information(
            this, tr("U and F"),
            tr("<p><b>U (unallocated)</b> is the share of spend whose rows carry neither the owner "
               "key nor any fallback key: money nobody will be charged for.</p>"
               "<p><b>F (via fallback)</b> is the spend that found an owner only through a "
               "fallback key. A fallback makes U smaller without making it more correct: check "
               "that the values it finds really are owners (the Fallback exposure view flags the "
               "ones that never occur as owner values).</p>"));
    });
    help->addAction(tr("&About unalloc explorer"), this, [this] {
        QMessageBox::about(this, tr("About unalloc explorer"),
                           tr("<b>unalloc explorer</b> %1<p>Who owns this month's AI spend?</p>")
                               .arg(QStringLiteral(UNALLOC_VERSION)));
    });
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = m_app->settings->value(keys::recentFiles);
    for (const QString &path : files) {
        QAction *a = m_recentMenu->addAction(QFileInfo(path).fileName(), this,
                                             [this, path] { openLedger(path); });
        a->setToolTip(path);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::askOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Ledger"),
                                                      m_app->settings->value(keys::lastDirectory),
                                                      tr("unalloc ledgers (*.unalloc)"));
    if (path.isEmpty())
        return;
    m_app->settings->setValue(keys::lastDirectory, QFileInfo(path).absolutePath());
    openLedger(path);
}

void MainWindow::askNew()
{
    QString path = QFileDialog::getSaveFileName(this, tr("New Ledger"),
                                                m_app->settings->value(keys::lastDirectory),
                                                tr("unalloc ledgers (*.unalloc)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".unalloc")))
        path += QStringLiteral(".unalloc");
    m_app->settings->setValue(keys::lastDirectory, QFileInfo(path).absolutePath());
    newLedger(path);
}

void MainWindow::askImport()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import Files"), m_app->settings->value(keys::lastDirectory),
        tr("Cost exports (*.json *.csv);;All files (*)"));
    if (files.isEmpty())
        return;
    m_app->settings->setValue(keys::lastDirectory, QFileInfo(files[0]).absolutePath());
    importFiles(files);
}

PullDialog *MainWindow::pullFromApis()
{
    // Like an import: into the open ledger, the demo's temporary file included.
    const QString ledger = m_document.store() ? fmt::q(m_document.store()->path()) : QString();
    auto *dialog = new PullDialog(m_app, ledger, m_document.isDemo(), {}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PullDialog::imported, this, [this](const PullResult &r) {
        QStringList money;
        for (const core::Money &m : r.totals)
            money << fmt::moneyExact(m.amount, m.currency, m_app->locale);
        QString text =
            tr("Pulled %1 (%2) from %3", "new rows, amounts, sources")
                .arg(tr("%1 new row(s)", nullptr, fmt::plural(r.rowsAdded))
                         .arg(fmt::count(r.rowsAdded, m_app->locale)),
                     money.join(QStringLiteral(", ")), tr("%n source(s)", nullptr, r.batches));
        if (r.duplicates > 0)
            text += tr("; %n duplicate row(s) already in the ledger were skipped", nullptr,
                       int(r.duplicates));
        statusBar()->showMessage(text, 8000);
        m_document.reload();
    });
    dialog->show();
    return dialog;
}

} // namespace unalloc::ui
