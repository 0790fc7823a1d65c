#include "batchreplacecommand.h"

#include "adapters/import/importer.h"
#include "ui/analysiscontroller.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

namespace unalloc::ui {

void runBatchReplace(QPromise<ReplaceOutcome> &promise,
                     const QString &ledgerPath,
                     std::int64_t batchId,
                     const QStringList &files,
                     const std::shared_ptr<const std::atomic_bool> &stop)
{
    ReplaceOutcome outcome;
    promise.setProgressRange(0, 1000);
    // Its own connection: the GUI keeps reading the ledger as it was until the commit.
    auto store = core::LedgerStore::open(fmt::s(ledgerPath));
    if (!store) {
        outcome.error = fmt::q(store.error().message());
        promise.addResult(std::move(outcome));
        return;
    }
    // What undo needs, read before the replace deletes it.
    auto old = (*store)->readBatch(batchId);
    if (!old) {
        outcome.error = fmt::q(old.error().message());
        promise.addResult(std::move(outcome));
        return;
    }
    std::vector<std::string> paths;
    for (const QString &f : files)
        paths.push_back(fmt::s(f));
    adapters::ImportOptions options;
    options.replaceBatch = batchId;
    auto replaced = adapters::importFiles(
        **store, paths, options, [&promise, &stop](const adapters::ImportProgress &p) {
            if (p.bytesTotal > 0)
                promise.setProgressValue(int(1000 * p.bytesDone / p.bytesTotal));
            return !stop->load();
        });
    if (!replaced) {
        outcome.cancelled = replaced.error().code == "cancelled";
        outcome.error = fmt::q(replaced.error().message());
        promise.addResult(std::move(outcome));
        return;
    }
    outcome.old = {std::move(*old)};
    for (const adapters::BatchOutcome &b : replaced->batches) {
        outcome.newBatches.push_back(b.batch.id);
        outcome.duplicates += b.counts.duplicates;
    }
    outcome.rowsAdded = replaced->rowsAdded();
    promise.setProgressValue(1000);
    promise.addResult(std::move(outcome));
}

BatchReplaceCommand::BatchReplaceCommand(LedgerDocument *document,
                                         AnalysisController *analysis,
                                         ReplaceOutcome done,
                                         const QString &text,
                                         std::function<void(const QString &)> onError)
    : m_document(document)
    , m_analysis(analysis)
    , m_newIds(std::move(done.newBatches))
    , m_old(std::move(done.old))
    , m_onError(std::move(onError))
{
    if (!m_old.empty())
        m_oldId = m_old.front().record.batch.id;
    setText(text);
}

void BatchReplaceCommand::report(const QString &error)
{
    if (m_onError)
        m_onError(error);
}

void BatchReplaceCommand::reload()
{
    m_analysis->keepHistoryOnNextLoad();
    m_document->reload();
}

void BatchReplaceCommand::redo()
{
    if (std::exchange(m_first, false)) {
        reload(); // the job has replaced the batch already
        return;
    }
    core::LedgerStore *store = m_document->store();
    if (!store) {
        report(tr("The ledger is still loading; try again in a moment."));
        return;
    }
    auto swapped = store->swapBatches({m_oldId}, m_new);
    if (!swapped) {
        report(fmt::q(swapped.error().message()));
        return;
    }
    m_old = std::move(swapped->removed);
    m_newIds = std::move(swapped->added);
    m_new.clear();
    reload();
}

void BatchReplaceCommand::undo()
{
    core::LedgerStore *store = m_document->store();
    if (!store) {
        report(tr("The ledger is still loading; try again in a moment."));
        return;
    }
    auto swapped = store->swapBatches(m_newIds, m_old);
    if (!swapped) {
        report(fmt::q(swapped.error().message()));
        return;
    }
    m_new = std::move(swapped->removed);
    m_oldId = swapped->added.empty() ? 0 : swapped->added.front();
    m_newIds.clear();
    m_old.clear();
    reload();
}

} // namespace unalloc::ui
