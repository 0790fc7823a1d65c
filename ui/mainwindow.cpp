#include "mainwindow.h"

#include "analysisbar.h"
#include "appcontext.h"
#include "demoledger.h"
#include "format.h"
#include "icons.h"
#include "import/importdialog.h"
#include "openledger.h"
#include "settings.h"
#include "sidebar.h"
#include "themecontroller.h"
#include "views/viewregistry.h"
#include "widgets/focusring.h"

#include <QCloseEvent>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace unalloc::ui {

MainWindow::MainWindow(AppContext *app, QWidget *parent)
    : QMainWindow(parent)
    , m_app(app)
    , m_analysis(&m_document)
    , m_budget(app, &m_document)
    , m_savedViews(app->settings)
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    connect(&m_analysis, &AnalysisController::snapshotReady, this, &MainWindow::onSnapshot);
    connect(&m_analysis, &AnalysisController::busyChanged, this, &MainWindow::updateStatus);
    connect(&m_document, &LedgerDocument::loaded, this, [this] {
        m_warmViews = true;
        for (AnalysisView *v : std::as_const(m_views))
            v->documentLoaded();
        updateTitle();
        updateStatus();
        onStateLoaded();
    });
    m_analysis.setRestorer([this](const core::AnalysisRequest &defaults) {
        m_restored = m_savedViews.ledgerState(m_document.settingsKey());
        if (!m_restored)
            return defaults;
        core::AnalysisRequest r = m_restored->applyTo(defaults);
        if (checkViewState(*m_restored, m_document.catalog()).unknownCurrency)
            r.currency = defaults.currency; // the ledger lost those rows: show what it has
        return r;
    });
    connect(&m_analysis, &AnalysisController::requestChanged, this, &MainWindow::saveLedgerState);
    connect(&m_savedViews, &SavedViews::changed, this, &MainWindow::refreshSavedViews);
    connect(&m_document, &LedgerDocument::loadingStarted, this, [this] {
        m_stateKey.clear();
        for (AnalysisView *v : std::as_const(m_views))
            v->documentLoaded(); // the store is busy: views let go of it until loaded()
    });
    connect(&m_document, &LedgerDocument::loadFailed, this,
            [this](const QString &message) { showError(tr("Cannot read the ledger"), message); });
    connect(m_analysis.undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_app->theme, &ThemeController::changed, this, &MainWindow::updateSidebarIcons);
    buildUi();
    resize(1440, 900);
    new FocusRing(m_app->theme, this); // a visible focus mark in both themes, dialogs too
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi()
{
    menuBar()->clear();
    delete centralWidget();
    m_views.clear();
    m_bar = new AnalysisBar(m_app, &m_document, &m_analysis);
    m_bar->setObjectName(QStringLiteral("analysisBar"));
    m_sidebar = new Sidebar;
    m_sidebar->setObjectName(QStringLiteral("sidebar"));
    m_sidebar->setMaximumWidth(240);
    m_sidebar->setMinimumWidth(170);
    m_stack = new QStackedWidget;
    buildViews();
    auto *splitter = new QSplitter;
    splitter->addWidget(m_sidebar);
    splitter->addWidget(m_stack);
    splitter->setStretchFactor(1, 1);
    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_bar);
    layout->addWidget(splitter, 1);
    setCentralWidget(central);
    buildMenus();
    if (!m_completeness) {
        m_completeness = new QLabel;
        m_completeness->setObjectName(QStringLiteral("completenessLabel"));
        m_timing = new QLabel;
        m_timing->setObjectName(QStringLiteral("timingLabel"));
        m_timing->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        statusBar()->addWidget(m_completeness, 1);
        statusBar()->addPermanentWidget(m_timing);
    }
    setTabOrder(m_bar->lastInTabOrder(), m_sidebar);
    updateTitle();
    if (m_document.isLoaded()) { // rebuilt after a language change: show what we have
        m_bar->refresh();
        for (AnalysisView *v : std::as_const(m_views)) {
            v->documentLoaded();
            if (m_analysis.snapshot())
                v->showSnapshot(m_analysis.snapshot());
        }
    }
}

void MainWindow::buildViews()
{
    const ViewContext context{m_app, &m_document, &m_analysis, &m_budget};
    QString section;
    for (const ViewInfo &info : registeredViews()) {
        if (Sidebar::sectionOf(info.id) != section) {
            section = Sidebar::sectionOf(info.id);
            m_sidebar->addSection(section);
        }
        m_sidebar->addView(info.id, info.translatedTitle(), info.translatedHint(), QIcon(),
                           static_cast<bool>(info.create));
        if (!info.create)
            continue;
        AnalysisView *view = info.create(context, m_stack);
        view->setObjectName(QStringLiteral("view_") + info.id);
        m_stack->addWidget(view);
        m_views.insert(info.id, view);
        connect(view, &AnalysisView::drillRequested, this, &MainWindow::drillThrough);
    }
    updateSidebarIcons();
    refreshSavedViews();
    connect(m_sidebar, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item && !item->data(Sidebar::SavedViewRole).isValid())
            showView(item->data(Sidebar::IdRole).toString());
    });
    const auto applyItem = [this](QListWidgetItem *item) {
        if (item && item->data(Sidebar::SavedViewRole).isValid())
            applySavedView(item->data(Sidebar::SavedViewRole).toString());
    };
    connect(m_sidebar, &QListWidget::itemClicked, this, applyItem);
    connect(m_sidebar, &QListWidget::itemActivated, this, applyItem);
    m_sidebar->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_sidebar, &QWidget::customContextMenuRequested, this, &MainWindow::showSavedViewMenu);
    if (auto *filter = findChild<QLineEdit *>(QStringLiteral("ledgerFilter")))
        connect(filter, &QLineEdit::textChanged, this, &MainWindow::saveLedgerState);
    if (!showView(m_app->settings->value(keys::lastView)))
        showView(QStringLiteral("overview"));
}

void MainWindow::updateSidebarIcons()
{
    if (!m_sidebar)
        return;
    const QPalette pal = m_app->theme->theme().palette();
    for (int i = 0; i < m_sidebar->count(); ++i) {
        QListWidgetItem *item = m_sidebar->item(i);
        const QString id = item->data(Sidebar::IdRole).toString();
        if (!id.isEmpty())
            item->setIcon(
                icons::themed(id, pal.color(QPalette::Text), pal.color(QPalette::HighlightedText)));
    }
}

QString MainWindow::currentViewId() const
{
    return m_views.key(qobject_cast<AnalysisView *>(m_stack->currentWidget()));
}

bool MainWindow::showView(const QString &id)
{
    AnalysisView *view = m_views.value(id);
    if (!view)
        return false;
    m_stack->setCurrentWidget(view);
    if (const int row = m_sidebar->rowOf(id); row >= 0 && m_sidebar->currentRow() != row)
        m_sidebar->setCurrentRow(row);
    m_app->settings->setValue(keys::lastView, id);
    saveLedgerState();
    return true;
}

void MainWindow::onSnapshot(const SnapshotPtr &snapshot)
{
    for (AnalysisView *v : std::as_const(m_views))
        v->showSnapshot(snapshot);
    updateStatus();
    // The view on screen shows the loaded ledger first; then the others compute what they
    // left for when they are shown (the ledger table's count, the pod search, the economics),
    // so that switching to them later rarely waits.
    if (std::exchange(m_warmViews, false))
        QTimer::singleShot(0, this, [this] {
            for (AnalysisView *v : std::as_const(m_views))
                if (v->warmsInBackground())
                    v->startWaitingWork();
        });
}

void MainWindow::setStore(core::Result<std::unique_ptr<core::LedgerStore>> store,
                          const QString &path,
                          bool demo)
{
    if (!store) {
        showError(tr("Cannot open the ledger"), fmt::q(store.error().message()));
        return;
    }
    m_document.setStore(std::move(*store), demo ? tr("demo") : QFileInfo(path).fileName(), demo);
    m_app->settings->setValue(keys::lastLedger,
                              demo ? QStringLiteral("demo") : QFileInfo(path).absoluteFilePath());
    if (!demo) {
        m_app->settings->addRecentFile(QFileInfo(path).absoluteFilePath());
        updateRecentMenu();
    }
}

bool MainWindow::openLedger(const QString &path)
{
    auto store = openLedgerOffThread(this, path);
    const bool ok = store.has_value();
    setStore(std::move(store), path, false);
    return ok;
}

bool MainWindow::newLedger(const QString &path)
{
    auto store = core::LedgerStore::create(fmt::s(path));
    const bool ok = store.has_value();
    setStore(std::move(store), path, false);
    return ok;
}

bool MainWindow::openDemo(const QString &sampleDir)
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath();
    QDir().mkpath(dir);
    m_demoDir = sampleDir;
    std::unique_ptr<DemoLedgerFile> file = DemoLedgerFile::claim(dir);
    if (!file) {
        setStore(
            core::fail("unwritable", "cannot lock a demo ledger file in this folder", fmt::s(dir)),
            {}, true);
        return false;
    }
    auto store = createDemoLedger(file->path(), sampleDir);
    const bool ok = store.has_value();
    setStore(std::move(store), {}, true);
    if (!ok) {
        file->remove(); // whatever the failed build left; the open ledger stays as it was
        return false;
    }
    // The previous demo's store is closed now: its files can go.
    if (m_demoFile)
        m_demoFile->remove();
    m_demoFile = std::move(file);
    return true;
}

ImportDialog *MainWindow::importFiles(const QStringList &files)
{
    const QString ledger = m_document.store() ? fmt::q(m_document.store()->path()) : QString();
    if (ledger.isEmpty() || files.isEmpty())
        return nullptr;
    auto *dialog = new ImportDialog(m_app, ledger, files, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ImportDialog::imported, this, [this](const ImportOutcome &o) {
        QString text = tr("Imported %1 in %2", "new rows, batches")
                           .arg(tr("%1 new row(s)", nullptr, fmt::plural(o.rowsAdded))
                                    .arg(fmt::count(o.rowsAdded, m_app->locale)),
                                tr("%n batch(es)", nullptr, o.batches));
        if (o.duplicates > 0)
            text += tr("; %n duplicate row(s) already in the ledger were skipped", nullptr,
                       int(o.duplicates));
        if (o.invoices > 0)
            text += tr("; %n invoice(s)", nullptr, int(o.invoices));
        statusBar()->showMessage(text, 8000);
        m_document.reload();
    });
    dialog->show();
    return dialog;
}

void MainWindow::updateStatus()
{
    const core::LedgerCatalog &catalog = m_document.catalog();
    QStringList partial;
    for (const core::SourceInfo &s : catalog.sources) {
        if (!s.complete())
            partial << fmt::q(s.source);
    }
    int costBatches = 0;
    for (const core::SourceInfo &s : catalog.sources)
        costBatches += s.batches;
    QString rows = tr("%1 row(s)", nullptr, fmt::plural(catalog.rows))
                       .arg(fmt::count(catalog.rows, m_app->locale)) +
                   QStringLiteral(" · ") + tr("%n cost batch(es)", nullptr, costBatches);
    if (catalog.invoices.batches > 0)
        rows +=
            QStringLiteral(" · ") + tr("%n invoice batch(es)", nullptr, catalog.invoices.batches);
    if (!catalog.invoices.complete())
        partial << tr("invoices");
    if (partial.isEmpty()) {
        m_completeness->setText(rows + QStringLiteral(" · ") + tr("every batch complete"));
        m_completeness->setStyleSheet(QString());
    } else {
        m_completeness->setText(rows + QStringLiteral(" · ⚠ ") +
                                tr("partial data from %1").arg(partial.join(QStringLiteral(", "))));
        m_completeness->setStyleSheet(
            QStringLiteral("color: %1").arg(m_app->theme->theme().partial.name()));
    }
    const SnapshotPtr s = m_analysis.snapshot();
    // Wide enough for any time, so the permanent label never truncates or jumps.
    m_timing->setMinimumWidth(
        m_timing->fontMetrics().horizontalAdvance(
            tr("computed in %1 ms").arg(m_app->locale.toString(9999.9, 'f', 1))) +
        12);
    m_timing->setText(
        m_analysis.isBusy() ? tr("computing…")
        : s ? tr("computed in %1 ms").arg(m_app->locale.toString(s->computeMs, 'f', 1))
            : QString());
}

void MainWindow::updateTitle()
{
    const QString name =
        m_document.displayName().isEmpty() ? tr("no ledger") : m_document.displayName();
    setWindowTitle(tr("%1 — unalloc explorer").arg(name));
}

void MainWindow::showError(const QString &title, const QString &message)
{
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
        statusBar()->showMessage(title + QStringLiteral(": ") + message);
        return; // no modal boxes in headless runs (grab, tests)
    }
    QMessageBox::warning(this, title, message);
}

void MainWindow::restoreWindowState()
{
    restoreGeometry(m_app->settings->value(keys::windowGeometry));
    restoreState(m_app->settings->value(keys::windowState));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_app->settings->setValue(keys::windowGeometry, saveGeometry());
    m_app->settings->setValue(keys::windowState, saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList files;
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            files << url.toLocalFile();
    }
    if (files.size() == 1 && files[0].endsWith(QLatin1String(".unalloc")))
        openLedger(files[0]);
    else
        importFiles(files);
    event->acceptProposedAction();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_bar && !m_retranslating) {
        // Installing or removing each translator sends one event: rebuild once for all.
        m_retranslating = true;
        QTimer::singleShot(0, this, [this] {
            m_retranslating = false;
            const QString current = currentViewId();
            buildUi(); // every string is built with tr(): rebuilding retranslates everything
            showView(current);
            updateStatus();
        });
    }
    QMainWindow::changeEvent(event);
}

} // namespace unalloc::ui
