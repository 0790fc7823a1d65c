#pragma once

#include "core/ledger/ledgerstore.h"

#include <QCoreApplication>
#include <QPromise>
#include <QString>
#include <QStringList>
#include <QUndoCommand>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;

/// What a replace did in the ledger, computed off the GUI thread (BatchReplaceJob).
struct ReplaceOutcome
{
    QString error;                        ///< why nothing changed; empty on success
    bool cancelled = false;               ///< the user cancelled: nothing changed
    std::vector<core::RemovedBatch> old;  ///< the replaced batch as it was (for undo)
    std::vector<std::int64_t> newBatches; ///< the batches the new files became
    std::int64_t rowsAdded = 0;
    std::int64_t duplicates = 0;
};

/// The worker of a replace: on its own connection to `ledgerPath`, reads batch `batchId` (what
/// undo restores), then runs the core replace `unalloc batches replace` runs
/// (adapters::ImportOptions::replaceBatch: delete and import in one transaction — a failed or
/// cancelled replace keeps the batch). Progress in per mille. `stop` cancels; it is a flag
/// of its own rather than the future's cancel, so the result of a replace that committed
/// always arrives (a cancelled QFuture drops it, and with it what undo needs).
void runBatchReplace(QPromise<ReplaceOutcome> &promise,
                     const QString &ledgerPath,
                     std::int64_t batchId,
                     const QStringList &files,
                     const std::shared_ptr<const std::atomic_bool> &stop);

/// @brief "Replace batch…" on the undo stack, pushed once BatchReplaceJob has done the replace
/// off the GUI thread. Its first redo only reloads; undo puts the old batch back and takes the
/// new ones out in one transaction (LedgerStore::swapBatches); redo swaps again.
class BatchReplaceCommand final : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(BatchReplaceCommand)
public:
    BatchReplaceCommand(LedgerDocument *document,
                        AnalysisController *analysis,
                        ReplaceOutcome done,
                        const QString &text,
                        std::function<void(const QString &)> onError);

    void redo() override;
    void undo() override;
    /// The batches the replace wrote (empty after an undo).
    const std::vector<std::int64_t> &newBatches() const { return m_newIds; }
    /// The id the replaced batch has now (it changes when undo restores it).
    std::int64_t oldBatch() const { return m_oldId; }

private:
    void report(const QString &error);
    void reload();

    LedgerDocument *m_document;
    AnalysisController *m_analysis;
    std::int64_t m_oldId = 0;
    std::vector<std::int64_t> m_newIds;
    std::vector<core::RemovedBatch> m_old; ///< the replaced batch, while replaced
    std::vector<core::RemovedBatch> m_new; ///< the new batches, while undone
    bool m_first = true;
    std::function<void(const QString &)> m_onError;
};

} // namespace unalloc::ui
