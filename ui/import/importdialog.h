#pragma once

#include "importpreview.h"

#include <QDialog>
#include <QFutureWatcher>

#include <functional>

class QDialogButtonBox;
class QLabel;
class QTableView;
class QProgressBar;
class QPushButton;

namespace unalloc::ui {

class ImportPreviewModel;
class WarningModel;
struct AppContext;

/// What an import did, handed back from the worker.
struct ImportOutcome
{
    QString error;
    bool cancelled = false;
    qint64 rowsRead = 0, rowsAdded = 0, duplicates = 0, invoices = 0;
    int batches = 0;
};

/// @brief Import into the open ledger: previews every file (format, rows, total,
/// completeness, warnings with locations) off the GUI thread, then imports on Import — in one
/// transaction, with progress and Cancel; the ledger is unchanged unless it all succeeds.
class ImportDialog final : public QDialog
{
    Q_OBJECT
public:
    ImportDialog(AppContext *app,
                 const QString &ledgerPath,
                 const QStringList &files,
                 QWidget *parent = nullptr);
    ~ImportDialog() override;

    ImportPreviewModel *previewModel() const { return m_previewModel; }
    QPushButton *importButton() const { return m_import; }
    const ImportOutcome &outcome() const { return m_outcome; }

signals:
    void previewReady();
    void imported(const unalloc::ui::ImportOutcome &outcome);

protected:
    /// A live language switch: every text, the ones built in code included, is rebuilt.
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    /// Shows the status line built by `text`, and keeps `text` to rebuild it in another
    /// language.
    void setStatus(std::function<QString()> text);
    void startPreview(const QStringList &files);
    void onPreviewDone();
    void startImport();
    void onImportDone();
    void cancelRunning();
    void removeSelectedFile();
    /// Warnings, status line and the Import button from the files now listed.
    void showPreviewState();

    QString m_ledgerPath;
    ImportPreviewModel *m_previewModel;
    WarningModel *m_warningModel;
    QLabel *m_status;
    std::function<QString()> m_statusText;
    QLabel *m_filesLabel;
    QLabel *m_warningsLabel;
    QPushButton *m_remove;
    QTableView *m_previewTable = nullptr;
    QProgressBar *m_progress;
    QPushButton *m_import;
    QPushButton *m_cancel;
    QFutureWatcher<std::vector<FilePreview>> m_previewWatcher;
    QFutureWatcher<ImportOutcome> m_importWatcher;
    ImportOutcome m_outcome;
};

} // namespace unalloc::ui
