#pragma once

#include "core/costrow.h"

#include <QCoreApplication>
#include <QUndoCommand>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;

/// @brief "Apply meter": writes a meter split into the ledger in place of the pod row
/// (LedgerStore::applySplit) and reloads; undo removes the split again (removeSplit).
///
/// A failure is reported through the callback; a first redo that fails leaves nothing on the
/// stack. The reload keeps the undo history (AnalysisController::keepHistoryOnNextLoad), so the
/// command stays on the window's undo stack next to the analysis bar's changes.
class MeterSplitCommand final : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(MeterSplitCommand)
public:
    MeterSplitCommand(LedgerDocument *document,
                      AnalysisController *analysis,
                      std::int64_t podRowId,
                      std::string meter,
                      std::vector<core::CostRow> parts,
                      const QString &text,
                      std::function<void(const QString &)> onError);

    void redo() override;
    void undo() override;
    /// The split written by the last redo (0 before it, or when it failed).
    std::int64_t splitId() const { return m_splitId; }

private:
    /// Reports why the ledger could not be written; a failed first redo makes the command
    /// obsolete, so the stack drops it.
    void failed(const QString &message);

    LedgerDocument *m_document;
    AnalysisController *m_analysis;
    std::int64_t m_podRowId;
    std::string m_meter;
    std::vector<core::CostRow> m_parts;
    std::int64_t m_splitId = 0;
    std::function<void(const QString &)> m_onError;
};

} // namespace unalloc::ui
