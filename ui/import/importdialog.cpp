#include "importdialog.h"

#include "adapters/import/importer.h"
#include "importpreviewmodel.h"
#include "ui/appcontext.h"
#include "ui/format.h"
#include "ui/widgets/tablepanel.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace unalloc::ui {

namespace {

void runPreview(QPromise<std::vector<FilePreview>> &promise,
                const QStringList &files,
                const QString &ledgerPath)
{
    promise.setProgressRange(0, 1000);
    auto progress = [&promise](int file, int count, qint64 done, qint64 total) {
        const double part = total > 0 ? double(done) / double(total) : 0.0;
        promise.setProgressValue(int(1000.0 * (file + part) / std::max(count, 1)));
        return !promise.isCanceled();
    };
    auto result = previewFiles(files, progress, ledgerPath);
    promise.addResult(std::move(result));
}

void runImport(QPromise<ImportOutcome> &promise,
               const QString &ledgerPath,
               const QStringList &files)
{
    ImportOutcome outcome;
    promise.setProgressRange(0, 1000);
    // The import uses its own connection: the GUI keeps reading the previous content.
    auto store = core::LedgerStore::open(fmt::s(ledgerPath));
    if (!store) {
        outcome.error = fmt::q(store.error().message());
        promise.addResult(outcome);
        return;
    }
    std::vector<std::string> paths;
    for (const QString &f : files)
        paths.push_back(fmt::s(f));
    auto report =
        adapters::importFiles(**store, paths, {}, [&promise](const adapters::ImportProgress &p) {
            if (p.bytesTotal > 0)
                promise.setProgressValue(int(1000 * p.bytesDone / p.bytesTotal));
            return !promise.isCanceled();
        });
    if (!report) {
        outcome.cancelled = report.error().code == "cancelled";
        outcome.error = fmt::q(report.error().message());
    } else {
        outcome.rowsRead = report->rowsRead();
        outcome.rowsAdded = report->rowsAdded();
        outcome.batches = int(report->batches.size());
        for (const adapters::BatchOutcome &b : report->batches) {
            outcome.duplicates += b.counts.duplicates;
            outcome.invoices += b.invoices;
        }
    }
    promise.addResult(outcome);
}

QTableView *makeTable(QAbstractItemModel *model, const QString &name)
{
    auto *view = new QTableView;
    view->setModel(model);
    view->setObjectName(name);
    setUpTableView(view);
    view->setSortingEnabled(false);
    return view;
}

} // namespace

ImportDialog::ImportDialog(AppContext *app,
                           const QString &ledgerPath,
                           const QStringList &files,
                           QWidget *parent)
    : QDialog(parent)
    , m_ledgerPath(ledgerPath)
    , m_previewModel(new ImportPreviewModel(app->locale, this))
    , m_warningModel(new WarningModel(app->locale, this))
    , m_status(new QLabel)
    , m_filesLabel(new QLabel)
    , m_warningsLabel(new QLabel)
    , m_remove(new QPushButton)
    , m_progress(new QProgressBar)
    , m_import(new QPushButton)
    , m_cancel(new QPushButton)
{
    setObjectName(QStringLiteral("importDialog"));
    m_import->setObjectName(QStringLiteral("importButton"));
    m_import->setEnabled(false);
    m_import->setDefault(true);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_status->setObjectName(QStringLiteral("importStatus"));
    m_status->setWordWrap(true);
    m_progress->setRange(0, 1000);
    m_progress->setObjectName(QStringLiteral("importProgress"));
    auto *buttons = new QDialogButtonBox;
    buttons->addButton(m_import, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_cancel, QDialogButtonBox::RejectRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filesLabel);
    auto *preview = makeTable(m_previewModel, QStringLiteral("previewTable"));
    preview->setSelectionBehavior(QAbstractItemView::SelectRows);
    preview->setSelectionMode(QAbstractItemView::SingleSelection);
    layout->addWidget(preview, 2);
    auto *remove = m_remove;
    remove->setObjectName(QStringLiteral("removeFileButton"));
    remove->setEnabled(false);
    connect(remove, &QPushButton::clicked, this, &ImportDialog::removeSelectedFile);
    connect(preview->selectionModel(), &QItemSelectionModel::selectionChanged, remove,
            [remove, preview] { remove->setEnabled(preview->selectionModel()->hasSelection()); });
    auto *removeRow = new QHBoxLayout;
    removeRow->addWidget(remove);
    removeRow->addStretch(1);
    layout->addLayout(removeRow);
    m_previewTable = preview;
    layout->addWidget(m_warningsLabel);
    auto *warnings = makeTable(m_warningModel, QStringLiteral("warningTable"));
    warnings->setWordWrap(true);
    warnings->horizontalHeader()->setStretchLastSection(true);
    warnings->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(warnings, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);
    resize(900, 520);
    retranslate();

    connect(m_import, &QPushButton::clicked, this, &ImportDialog::startImport);
    connect(m_cancel, &QPushButton::clicked, this, &ImportDialog::cancelRunning);
    // The bar measures the import only: reading the preview is the status line's job, so
    // the bar stays at 0 % until Import is pressed.
    m_progress->setValue(0);
    connect(&m_importWatcher, &QFutureWatcherBase::progressValueChanged, m_progress,
            &QProgressBar::setValue);
    connect(&m_previewWatcher, &QFutureWatcherBase::finished, this, &ImportDialog::onPreviewDone);
    connect(&m_importWatcher, &QFutureWatcherBase::finished, this, &ImportDialog::onImportDone);
    startPreview(files);
}

ImportDialog::~ImportDialog()
{
    m_previewWatcher.cancel();
    m_importWatcher.cancel();
    m_previewWatcher.waitForFinished();
    m_importWatcher.waitForFinished();
}

void ImportDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ImportDialog::retranslate()
{
    setWindowTitle(tr("Import into ledger"));
    m_import->setText(tr("&Import"));
    m_cancel->setText(tr("Cancel"));
    m_filesLabel->setText(tr("Files to import (nothing is written until you press Import):"));
    m_warningsLabel->setText(tr("Warnings, with their location:"));
    m_remove->setText(tr("&Remove file"));
    m_remove->setToolTip(tr("Take the selected file off the list; the others import without it"));
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_previewModel),
                                      static_cast<QAbstractItemModel *>(m_warningModel)})
        if (model->columnCount() > 0)
            emit model->headerDataChanged(Qt::Horizontal, 0, model->columnCount() - 1);
    if (m_statusText)
        m_status->setText(m_statusText());
}

void ImportDialog::setStatus(std::function<QString()> text)
{
    m_statusText = std::move(text);
    m_status->setText(m_statusText());
}

void ImportDialog::startPreview(const QStringList &files)
{
    const int count = int(files.size());
    setStatus([count] { return tr("Reading %n file(s)…", nullptr, count); });
    m_previewWatcher.setFuture(QtConcurrent::run(runPreview, files, m_ledgerPath));
}

void ImportDialog::onPreviewDone()
{
    if (m_previewWatcher.isCanceled() || m_previewWatcher.future().resultCount() == 0) {
        setStatus([] { return tr("Preview cancelled."); });
        return;
    }
    m_previewModel->setPreviews(m_previewWatcher.result());
    showPreviewState();
    emit previewReady();
}

void ImportDialog::showPreviewState()
{
    std::vector<core::Warning> warnings;
    int ok = 0;
    for (const FilePreview &p : m_previewModel->previews()) {
        if (!p.ok())
            warnings.push_back({"error", fmt::s(p.path), {}, {}, fmt::s(p.error)});
        warnings.insert(warnings.end(), p.warnings.begin(), p.warnings.end());
        ok += p.ok() ? 1 : 0;
    }
    m_warningModel->setWarnings(std::move(warnings));
    const int files = m_previewModel->rowCount();
    std::int64_t rows = 0, duplicates = 0;
    for (const FilePreview &p : m_previewModel->previews()) {
        rows += p.rows;
        duplicates += std::max<std::int64_t>(p.duplicates, 0);
    }
    const QLocale locale = m_previewModel->locale();
    setStatus([files, ok, rows, duplicates, locale] {
        QString ready = tr("Ready to import %n file(s).", nullptr, files);
        if (duplicates > 0)
            ready += QLatin1Char(' ') +
                     tr("%1 of %2 row(s) already in the ledger will be skipped as duplicates.",
                        nullptr, fmt::plural(rows))
                         .arg(fmt::count(duplicates, locale), fmt::count(rows, locale));
        return files == 0 ? tr("No files left to import.")
               : ok == files
                   ? ready
                   : tr("%1 of %2 file(s) cannot be imported; fix or remove them.", nullptr, files)
                         .arg(files - ok)
                         .arg(files);
    });
    m_import->setEnabled(ok == files && files > 0);
}

void ImportDialog::removeSelectedFile()
{
    if (m_importWatcher.isRunning())
        return;
    const QModelIndexList rows = m_previewTable->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    m_previewModel->removeFile(rows.first().row());
    showPreviewState();
}

void ImportDialog::startImport()
{
    QStringList files;
    for (const FilePreview &p : m_previewModel->previews())
        files << p.path;
    m_import->setEnabled(false);
    setStatus([] { return tr("Importing… (Cancel leaves the ledger unchanged)"); });
    m_progress->setValue(0);
    m_importWatcher.setFuture(QtConcurrent::run(runImport, m_ledgerPath, files));
}

void ImportDialog::onImportDone()
{
    m_outcome =
        m_importWatcher.future().resultCount() > 0 ? m_importWatcher.result() : ImportOutcome{};
    if (m_importWatcher.isCanceled() || m_outcome.cancelled) {
        setStatus([] { return tr("Import cancelled; the ledger is unchanged."); });
        m_import->setEnabled(true);
        return;
    }
    if (!m_outcome.error.isEmpty()) {
        setStatus([error = m_outcome.error] {
            return tr("Import failed; the ledger is unchanged.\n%1").arg(error);
        });
        m_import->setEnabled(true);
        return;
    }
    emit imported(m_outcome);
    accept();
}

void ImportDialog::cancelRunning()
{
    if (m_importWatcher.isRunning()) {
        m_importWatcher.cancel();
        return;
    }
    m_previewWatcher.cancel();
    reject();
}

} // namespace unalloc::ui
