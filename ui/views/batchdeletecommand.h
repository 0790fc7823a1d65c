#pragma once

#include "core/ledger/ledgerstore.h"

#include <QCoreApplication>
#include <QUndoCommand>

#include <cstdint>
#include <functional>

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;

/// @brief "Delete batch": takes one import batch out of the ledger (LedgerStore::deleteBatch,
/// one transaction) and reloads; undo imports what it held again (restoreBatch) as a new batch.
///
/// Like MeterSplitCommand it keeps the undo history across the reload; a first redo that fails
/// reports through the callback and leaves nothing on the stack.
class BatchDeleteCommand final : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(BatchDeleteCommand)
public:
    BatchDeleteCommand(LedgerDocument *document,
                       AnalysisController *analysis,
                       std::int64_t batchId,
                       const QString &text,
                       std::function<void(const QString &)> onError);

    void redo() override;
    void undo() override;
    /// The batch the next redo deletes (after an undo: the id it was restored under).
    std::int64_t batchId() const { return m_batchId; }
    /// Rows the last redo took out (0 before it).
    std::int64_t rowsRemoved() const { return m_rowsRemoved; }

private:
    LedgerDocument *m_document;
    AnalysisController *m_analysis;
    std::int64_t m_batchId;
    std::int64_t m_rowsRemoved = 0;
    core::RemovedBatch m_removed;
    bool m_done = false;
    std::function<void(const QString &)> m_onError;
};

} // namespace unalloc::ui
