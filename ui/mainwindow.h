#pragma once

#include "analysiscontroller.h"
#include "demoledger.h"
#include "drilltarget.h"
#include "ledgerbudget.h"
#include "ledgerdocument.h"
#include "savedviews.h"

#include <QMainWindow>
#include <QMap>

class QLabel;
class QMenu;
class QStackedWidget;

namespace unalloc::ui {

class AnalysisBar;
class AnalysisView;
class Sidebar;
struct AppContext;

/// @brief The document window: sidebar of views, the shared analysis bar, menus, status bar
/// with completeness. It composes; documents, analysis and views do the work.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(AppContext *app, QWidget *parent = nullptr);
    ~MainWindow() override;

    LedgerDocument *document() { return &m_document; }
    AnalysisController *analysis() { return &m_analysis; }
    LedgerBudget *budget() { return &m_budget; }
    AnalysisBar *analysisBar() const { return m_bar; }
    /// The view with `id`, or null (placeholders have none).
    AnalysisView *view(const QString &id) const { return m_views.value(id); }
    QString currentViewId() const;
    bool showView(const QString &id);

    bool openLedger(const QString &path);
    bool newLedger(const QString &path);
    /// Builds the demo ledger from `sampleDir` in a temporary file and opens it.
    bool openDemo(const QString &sampleDir);
    /// Opens the import dialog for `files` (non-modal); returns it for tests.
    class ImportDialog *importFiles(const QStringList &files);
    /// Opens File → Pull from APIs… (non-modal) for the open ledger; returns it for tests.
    class PullDialog *pullFromApis();
    void restoreWindowState();

    /// Opens the ledger open at the last exit; the demo on a first start, or when that ledger
    /// is gone (the status line says so). False when the last ledger could not be opened.
    bool openLastLedger(const QString &sampleDir);
    /// Shows `id` now and keeps it over the view the ledger's remembered state names (--view).
    void pinView(const QString &id);
    SavedViews *savedViews() { return &m_savedViews; }
    /// Saves the current analysis state as the saved view `name` (replacing one so named).
    void saveCurrentView(const QString &name);
    /// Applies the saved view `name` as one undoable change, then shows its view.
    bool applySavedView(const QString &name);
    /// Opens `target` (a chart's drill-through) as one undoable step: undo returns to the view
    /// and Ledger filter shown before. False when no view has the target's id.
    bool drillThrough(const DrillTarget &target);
    /// Adds the view in `path` to the saved views; returns the status text (flags included).
    core::Result<QString> importViewFile(const QString &path);
    /// Ledger → Value aliases… (non-modal; one per window). Returns it for tests.
    class ValueAliasDialog *showValueAliases();
    /// Ledger → Add invoice… (non-modal). Returns it for tests.
    class InvoiceDialog *showAddInvoice();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildUi();
    void buildMenus();
    void buildViews();
    void updateSidebarIcons();
    void updateRecentMenu();
    void updateStatus();
    void updateTitle();
    void showError(const QString &title, const QString &message);
    void onSnapshot(const SnapshotPtr &snapshot);
    void setStore(core::Result<std::unique_ptr<core::LedgerStore>> store,
                  const QString &path,
                  bool demo);
    void askOpen();
    void askNew();
    void askImport();
    void askSaveView();
    void askImportView();
    void showSavedViewMenu(const QPoint &pos);
    void refreshSavedViews();
    void saveLedgerState();
    void onStateLoaded();
    QString ledgerFilterText() const;
    void setLedgerFilterText(const QString &text);
    /// Shows `target`'s view with its Ledger filter (when it names the ledger) or focus.
    void openTarget(const DrillTarget &target);
    friend class DrillCommand;
    QString describeCheck(const core::ViewStateCheck &check) const;

    AppContext *m_app;
    LedgerDocument m_document;
    AnalysisController m_analysis;
    LedgerBudget m_budget;
    AnalysisBar *m_bar = nullptr;
    Sidebar *m_sidebar = nullptr;
    QStackedWidget *m_stack = nullptr;
    QMap<QString, AnalysisView *> m_views;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_completeness = nullptr;
    QLabel *m_timing = nullptr;
    QString m_demoDir;
    std::unique_ptr<DemoLedgerFile> m_demoFile; ///< the demo ledger this window has open
    bool m_retranslating = false;
    SavedViews m_savedViews;
    QString m_stateKey; ///< settingsKey() of the loaded ledger; empty while one loads
    std::optional<core::ViewState> m_restored; ///< what the restorer applied for this load
    bool m_viewPinned = false;
    bool m_warmViews = false; ///< a load happened: start hidden views' work after its snapshot
};

} // namespace unalloc::ui
