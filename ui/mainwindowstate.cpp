// MainWindow's remembered state: the last ledger, each ledger's analysis state, saved views.
#include "mainwindow.h"

#include "appcontext.h"
#include "format.h"
#include "settings.h"
#include "sidebar.h"
#include "views/analysisview.h"
#include "views/viewregistry.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoCommand>

namespace unalloc::ui {

/// One drill-through: redo opens the target, undo the view and Ledger filter it left.
class DrillCommand final : public QUndoCommand
{
public:
    DrillCommand(MainWindow *window, DrillTarget before, DrillTarget after)
        : QUndoCommand(after.description)
        , m_window(window)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {}
    void undo() override { m_window->openTarget(m_before); }
    void redo() override { m_window->openTarget(m_after); }

private:
    MainWindow *m_window;
    DrillTarget m_before, m_after;
};

bool MainWindow::drillThrough(const DrillTarget &target)
{
    if (!m_views.contains(target.view))
        return false;
    DrillTarget before{currentViewId(), ledgerFilterText(), {}, {}};
    DrillTarget after = target;
    if (after.view != QLatin1String("ledger"))
        after.ledgerFilter = before.ledgerFilter; // the Ledger filter stays as it was
    m_analysis.undoStack()->push(new DrillCommand(this, std::move(before), std::move(after)));
    return true;
}

void MainWindow::openTarget(const DrillTarget &target)
{
    setLedgerFilterText(target.ledgerFilter);
    showView(target.view);
    if (!target.focus.isEmpty())
        if (AnalysisView *v = m_views.value(target.view); v && !v->focusOn(target.focus))
            statusBar()->showMessage(tr("%1 shows nothing named “%2” for this analysis")
                                         .arg(findView(target.view)
                                                  ? findView(target.view)->translatedTitle()
                                                  : target.view,
                                              target.focus),
                                     8000);
}

bool MainWindow::openLastLedger(const QString &sampleDir)
{
    const QString last = m_app->settings->value(keys::lastLedger);
    if (last.isEmpty() || last == QLatin1String("demo"))
        return openDemo(sampleDir);
    if (QFileInfo::exists(last) && openLedger(last))
        return true;
    openDemo(sampleDir);
    statusBar()->showMessage(
        tr("The last ledger %1 no longer exists or cannot be opened: showing the demo instead")
            .arg(QDir::toNativeSeparators(last)));
    return false;
}

void MainWindow::pinView(const QString &id)
{
    m_viewPinned = showView(id);
}

void MainWindow::onStateLoaded()
{
    m_stateKey.clear(); // nothing is saved while the remembered state is put back
    if (const std::optional<core::ViewState> state = std::exchange(m_restored, std::nullopt)) {
        if (!state->view.empty() && !std::exchange(m_viewPinned, false))
            showView(fmt::q(state->view));
        setLedgerFilterText(fmt::q(state->ledgerFilter));
        const core::ViewStateCheck check = checkViewState(*state, m_document.catalog());
        if (!check.ok())
            statusBar()->showMessage(
                tr("Restored the last analysis of this ledger; %1").arg(describeCheck(check)),
                10000);
    }
    m_stateKey = m_document.settingsKey();
    saveLedgerState();
}

void MainWindow::saveLedgerState()
{
    if (m_stateKey.isEmpty() || !m_document.isLoaded())
        return;
    m_savedViews.setLedgerState(m_stateKey,
                                core::ViewState::of(m_analysis.request(), fmt::s(currentViewId()),
                                                    fmt::s(ledgerFilterText())));
}

QString MainWindow::ledgerFilterText() const
{
    const auto *filter = findChild<QLineEdit *>(QStringLiteral("ledgerFilter"));
    return filter ? filter->text() : QString();
}

void MainWindow::setLedgerFilterText(const QString &text)
{
    if (auto *filter = findChild<QLineEdit *>(QStringLiteral("ledgerFilter")))
        filter->setText(text);
}

QString MainWindow::describeCheck(const core::ViewStateCheck &check) const
{
    QStringList parts;
    if (!check.unknownKeys.empty()) {
        QStringList keysText;
        for (const std::string &k : check.unknownKeys)
            keysText << fmt::q(k);
        parts << tr("no row of this ledger carries %1").arg(keysText.join(QStringLiteral(", ")));
    }
    if (check.unknownCurrency)
        parts << tr("the ledger has no rows in its currency");
    if (check.emptyPeriod)
        parts << tr("its period holds none of the ledger's days");
    return parts.join(QStringLiteral("; "));
}

void MainWindow::refreshSavedViews()
{
    if (!m_sidebar)
        return;
    QStringList names, tips;
    for (const core::ViewState &v : m_savedViews.views()) {
        names << fmt::q(v.name);
        QString tip = fmt::q(core::commandLine(v.applyTo({}), {}));
        if (!v.ledgerFilter.empty())
            tip += QLatin1Char('\n') + tr("Ledger filter: %1").arg(fmt::q(v.ledgerFilter));
        tips << tip;
    }
    m_sidebar->setSavedViews(names, tips);
}

void MainWindow::saveCurrentView(const QString &name)
{
    core::ViewState state = core::ViewState::of(m_analysis.request(), fmt::s(currentViewId()),
                                                fmt::s(ledgerFilterText()));
    state.name = fmt::s(name);
    m_savedViews.save(state);
    statusBar()->showMessage(tr("Saved the view “%1”").arg(name), 5000);
}

bool MainWindow::applySavedView(const QString &name)
{
    const int index = m_savedViews.indexOf(name);
    if (index < 0 || !m_document.isLoaded())
        return false;
    const core::ViewState state = m_savedViews.views()[size_t(index)];
    m_analysis.change(state.applyTo(m_analysis.request()),
                      tr("Apply view “%1”").arg(fmt::q(state.name)));
    if (!state.view.empty())
        showView(fmt::q(state.view));
    setLedgerFilterText(fmt::q(state.ledgerFilter));
    if (const core::ViewStateCheck check = checkViewState(state, m_document.catalog()); !check.ok())
        statusBar()->showMessage(tr("View “%1”: %2").arg(fmt::q(state.name), describeCheck(check)),
                                 10000);
    return true;
}

core::Result<QString> MainWindow::importViewFile(const QString &path)
{
    auto state = SavedViews::readFile(path);
    if (!state)
        return core::fail(state.error());
    if (state->name.empty())
        state->name = fmt::s(QFileInfo(path).completeBaseName());
    const bool replaced = m_savedViews.indexOf(fmt::q(state->name)) >= 0;
    m_savedViews.save(*state);
    QString text = replaced ? tr("Imported the view “%1” (it replaces the one of that name)")
                            : tr("Imported the view “%1”");
    text = text.arg(fmt::q(state->name));
    if (const core::ViewStateCheck check = checkViewState(*state, m_document.catalog());
        !check.ok())
        text += QStringLiteral("; ⚠ ") + describeCheck(check);
    return text;
}

void MainWindow::askSaveView()
{
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Save View"),
                              tr("Name of the view (owner key, fallbacks, de-duplication, "
                                 "currency, period, view and ledger filter):"),
                              QLineEdit::Normal, fmt::q(m_analysis.request().ownerKey), &ok)
            .simplified();
    if (!ok || name.isEmpty())
        return;
    if (m_savedViews.indexOf(name) >= 0 &&
        QMessageBox::question(this, tr("Save View"),
                              tr("A view named “%1” exists. Replace it?").arg(name)) !=
            QMessageBox::Yes)
        return;
    saveCurrentView(name);
}

void MainWindow::askImportView()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Saved View"),
                                                      m_app->settings->value(keys::lastDirectory),
                                                      tr("Saved views (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    auto text = importViewFile(path);
    if (!text)
        showError(tr("Cannot import the view"), fmt::q(text.error().message()));
    else
        statusBar()->showMessage(*text, 10000);
}

void MainWindow::showSavedViewMenu(const QPoint &pos)
{
    QListWidgetItem *item = m_sidebar->itemAt(pos);
    if (!item || !item->data(Sidebar::SavedViewRole).isValid())
        return;
    const QString name = item->data(Sidebar::SavedViewRole).toString();
    QMenu menu(this);
    menu.addAction(tr("&Apply"), this, [this, name] { applySavedView(name); });
    menu.addAction(tr("&Rename…"), this, [this, name] {
        bool ok = false;
        const QString to = QInputDialog::getText(this, tr("Rename View"), tr("New name:"),
                                                 QLineEdit::Normal, name, &ok);
        if (ok && !m_savedViews.rename(m_savedViews.indexOf(name), to))
            showError(tr("Cannot rename the view"),
                      tr("The name is empty or another view has it."));
    });
    menu.addAction(tr("&Export…"), this, [this, name] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export Saved View"),
                                         QDir(m_app->settings->value(keys::lastDirectory))
                                             .filePath(name + QStringLiteral(".json")),
                                         tr("Saved views (*.json)"));
        if (path.isEmpty())
            return;
        if (auto r = m_savedViews.exportTo(m_savedViews.indexOf(name), path); !r)
            showError(tr("Cannot export the view"), fmt::q(r.error().message()));
        else
            statusBar()->showMessage(tr("Exported the view to %1").arg(path), 5000);
    });
    menu.addSeparator();
    menu.addAction(tr("&Delete"), this,
                   [this, name] { m_savedViews.remove(m_savedViews.indexOf(name)); });
    menu.exec(m_sidebar->viewport()->mapToGlobal(pos));
}

} // namespace unalloc::ui
