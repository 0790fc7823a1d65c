#pragma once

#include "core/ledger/ledgerstore.h"

#include <QCoreApplication>
#include <QStringList>
#include <QUndoCommand>

#include <cstdint>
#include <functional>
#include <vector>

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;

/// @brief "Replace batch…": swaps one import batch for new files with the core replace that
/// `unalloc batches replace` runs (adapters::ImportOptions::replaceBatch: delete and import in
/// one transaction — a failed replace keeps the batch). Undo puts the old batch back and takes
/// the new ones out in one transaction (LedgerStore::swapBatches); redo swaps again.
class BatchReplaceCommand final : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(BatchReplaceCommand)
public:
    BatchReplaceCommand(LedgerDocument *document,
                        AnalysisController *analysis,
                        std::int64_t batchId,
                        QStringList files,
                        const QString &text,
                        std::function<void(const QString &)> onError);

    void redo() override;
    void undo() override;
    /// The batches the replace wrote (empty before the first redo and after an undo).
    const std::vector<std::int64_t> &newBatches() const { return m_newIds; }
    /// The id the replaced batch has now (it changes when undo restores it).
    std::int64_t oldBatch() const { return m_oldId; }

private:
    void report(const QString &error);
    void reload();

    LedgerDocument *m_document;
    AnalysisController *m_analysis;
    std::int64_t m_oldId;
    QStringList m_files;
    std::vector<std::int64_t> m_newIds;
    std::vector<core::RemovedBatch> m_old; ///< the replaced batch, while replaced
    std::vector<core::RemovedBatch> m_new; ///< the new batches, while undone
    bool m_first = true;
    std::function<void(const QString &)> m_onError;
};

} // namespace unalloc::ui
