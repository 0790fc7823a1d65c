#pragma once

#include "batchreplacecommand.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <cstdint>
#include <functional>

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;

/// @brief One "Replace batch…" running off the GUI thread (runBatchReplace under
/// QtConcurrent), with progress and Cancel. Once the replace committed it pushes a
/// BatchReplaceCommand, so the replace is undoable; a failed or cancelled replace changes
/// nothing and pushes nothing.
///
/// Stale results: a job belongs to the ledger open when it started. Opening another ledger
/// cancels it; a result that still arrives for a ledger no longer open is not put on the
/// other ledger's undo stack (the message says where the replace went). The job is a child of
/// the document, so it outlives a view rebuilt by a language change; one runs at a time
/// (running()).
class BatchReplaceJob final : public QObject
{
    Q_OBJECT
public:
    BatchReplaceJob(LedgerDocument *document,
                    AnalysisController *analysis,
                    std::int64_t batchId,
                    QStringList files,
                    QString commandText,
                    std::function<void(const QString &)> onCommandError);
    ~BatchReplaceJob() override;

    /// The job running on `document`, if any.
    static BatchReplaceJob *running(const LedgerDocument *document);
    /// Starts the replace; false (and failed() emitted) when the ledger cannot be written.
    bool start();
    void cancel();
    std::int64_t batchId() const { return m_batchId; }

signals:
    void progress(int permille);
    /// Nothing changed: `message` says why (cancelled, or the import's error).
    void failed(const QString &message);
    /// The batch was replaced and the command is on the undo stack.
    void replaced(qint64 rowsAdded, qint64 duplicates);

private:
    void onFinished();

    LedgerDocument *m_document;
    QPointer<AnalysisController> m_analysis;
    std::int64_t m_batchId;
    QStringList m_files;
    QString m_text;
    QString m_ledgerKey; ///< LedgerDocument::settingsKey() at the start
    QString m_ledgerPath;
    std::function<void(const QString &)> m_onCommandError;
    std::shared_ptr<std::atomic_bool> m_stop = std::make_shared<std::atomic_bool>(false);
    QFutureWatcher<ReplaceOutcome> m_watcher;
};

} // namespace unalloc::ui
