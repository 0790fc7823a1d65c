#include "batchreplacejob.h"

#include "ui/analysiscontroller.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

namespace unalloc::ui {

BatchReplaceJob::BatchReplaceJob(LedgerDocument *document,
                                 AnalysisController *analysis,
                                 std::int64_t batchId,
                                 QStringList files,
                                 QString commandText,
                                 std::function<void(const QString &)> onCommandError)
    : QObject(document)
    , m_document(document)
    , m_analysis(analysis)
    , m_batchId(batchId)
    , m_files(std::move(files))
    , m_text(std::move(commandText))
    , m_onCommandError(std::move(onCommandError))
{
    setObjectName(QStringLiteral("batchReplaceJob"));
    connect(&m_watcher, &QFutureWatcherBase::progressValueChanged, this,
            &BatchReplaceJob::progress);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &BatchReplaceJob::onFinished);
    // Another ledger opened: its undo stack is not this job's.
    connect(m_document, &LedgerDocument::loadingStarted, this, [this] {
        if (m_document->settingsKey() != m_ledgerKey)
            cancel();
    });
}

BatchReplaceJob::~BatchReplaceJob()
{
    m_stop->store(true);
    m_watcher.waitForFinished();
}

BatchReplaceJob *BatchReplaceJob::running(const LedgerDocument *document)
{
    for (BatchReplaceJob *job :
         document->findChildren<BatchReplaceJob *>(QString(), Qt::FindDirectChildrenOnly))
        if (job->m_watcher.isRunning())
            return job;
    return nullptr;
}

bool BatchReplaceJob::start()
{
    const core::LedgerStore *store = m_document->store();
    if (!store) {
        emit failed(tr("The ledger is still loading; try again in a moment."));
        return false;
    }
    m_ledgerKey = m_document->settingsKey();
    m_ledgerPath = fmt::q(store->path());
    m_watcher.setFuture(QtConcurrent::run(runBatchReplace, m_ledgerPath, m_batchId, m_files,
                                          std::shared_ptr<const std::atomic_bool>(m_stop)));
    return true;
}

void BatchReplaceJob::cancel()
{
    m_stop->store(true);
}

void BatchReplaceJob::onFinished()
{
    deleteLater();
    ReplaceOutcome outcome =
        m_watcher.future().resultCount() > 0 ? m_watcher.result() : ReplaceOutcome{};
    if (m_watcher.future().resultCount() == 0 || outcome.cancelled) {
        emit failed(tr("Cancelled; the batch is unchanged."));
        return;
    }
    if (!outcome.error.isEmpty()) {
        emit failed(tr("%1 — the batch is unchanged").arg(outcome.error));
        return;
    }
    if (m_document->settingsKey() != m_ledgerKey || !m_analysis) {
        // Committed in a ledger that is no longer open: say so, and leave this one's history.
        emit failed(tr("Batch %1 was replaced in %2, which is no longer open (no undo).")
                        .arg(m_batchId)
                        .arg(m_ledgerPath));
        return;
    }
    const qint64 added = outcome.rowsAdded;
    const qint64 duplicates = outcome.duplicates;
    m_analysis->undoStack()->push(new BatchReplaceCommand(
        m_document, m_analysis, std::move(outcome), m_text, m_onCommandError));
    emit replaced(added, duplicates);
}

} // namespace unalloc::ui
