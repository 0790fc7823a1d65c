#pragma once

#include "core/budget.h"
#include "ui/analysiscontroller.h"
#include "ui/appcontext.h"
#include "ui/drilltarget.h"
#include "ui/widgets/panel.h"

#include <QList>
#include <QWidget>

#include <functional>

namespace unalloc::ui {

class LedgerBudget;
class LedgerDocument;

/// What every view is built with: the app context, the open ledger, the shared analysis.
struct ViewContext
{
    AppContext *app = nullptr;
    LedgerDocument *document = nullptr;
    AnalysisController *analysis = nullptr;
    LedgerBudget *budget = nullptr; ///< the open ledger's U budget; null = the defaults
};

/**
 * @brief Base of the explorer's views (the pages of the sidebar).
 *
 * The view interface, and how to add a view (e.g. Reconciliation):
 *  1. Write one class `ReconciliationView final : public AnalysisView` in ui/views/. Its
 *     constructor builds widgets from the ViewContext. Put each chart in a ChartPanel and each
 *     table in a TablePanel (with an objectName): export menus, captions and `--grab` then
 *     work with no further code.
 *  2. Override showSnapshot(): it is called on the GUI thread with every new immutable
 *     AnalysisSnapshot. Render only — figures come from core (extend core/analysis if the
 *     view needs more). Views that read the store directly (the ledger table) also override
 *     documentLoaded().
 *  3. Add one line to the table in viewregistry.cpp: id, title, factory.
 * Views never block: long work belongs in core and runs through AnalysisController.
 */
class AnalysisView : public QWidget
{
    Q_OBJECT
public:
    AnalysisView(const ViewContext &context, QWidget *parent = nullptr);

    /// Shows a new snapshot (already current: stale ones never arrive).
    virtual void showSnapshot(const SnapshotPtr &snapshot) = 0;
    /// The ledger was (re)loaded; the store is available again.
    virtual void documentLoaded() {}
    /// False while the view still computes part of what it shows off the GUI thread (a
    /// simulation, a read of its own); it emits settled() once it shows everything. `--grab`
    /// waits for it.
    virtual bool isSettled() const { return true; }
    /// Expands and selects `focus` (a DrillTarget's focus, e.g. a source in the Unallocated
    /// view); false when the view has nothing by that name. The default knows nothing.
    virtual bool focusOn(const QString &focus) { return focus.isEmpty(); }
    /// Runs the work waiting for the view to be shown (whenShown) now: the main window warms
    /// the hidden views once the one on screen shows a newly loaded ledger.
    void startWaitingWork();
    /// False for a view whose waiting work should only run when it is shown (the main window
    /// does not warm it).
    virtual bool warmsInBackground() const { return true; }
    /// Every chart and table panel of the view (for export and tests).
    QList<Panel *> panels() const;
    /// The snapshot shown last, or null.
    const SnapshotPtr &snapshot() const { return m_snapshot; }

signals:
    void settled();
    /// A click on a chart asks to open `target` (the main window switches view, applies the
    /// filter or focus, and makes it one undoable step).
    void drillRequested(const unalloc::ui::DrillTarget &target);

protected:
    /// Runs `work` now when the view is on screen (or its window is not), else the next time
    /// it is shown (a later call replaces work still waiting). For what only this view shows and
    /// costs a read of the ledger or a pass over the cube: opening a million-row ledger then
    /// computes the view on screen first instead of every view at once.
    void whenShown(std::function<void()> work);
    /// Forgets work waiting for the view to be shown.
    void dropWhenShown() { m_whenShown = nullptr; }
    bool hasWorkWhenShown() const { return static_cast<bool>(m_whenShown); }
    void showEvent(QShowEvent *event) override;
    ExportHost exportHost() const;
    /// Wraps `content` in a scroll area filling the view, so small windows scroll, not clip.
    void setContent(QWidget *content);
    const QLocale &locale() const { return m_context.app->locale; }
    /// The open ledger's U budget (the defaults without one).
    core::UBudget budget() const;

    ViewContext m_context;
    SnapshotPtr m_snapshot;

private:
    std::function<void()> m_whenShown;
};

} // namespace unalloc::ui
