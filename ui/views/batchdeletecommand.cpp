#include "batchdeletecommand.h"

#include "ui/analysiscontroller.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

namespace unalloc::ui {

BatchDeleteCommand::BatchDeleteCommand(LedgerDocument *document,
                                       AnalysisController *analysis,
                                       std::int64_t batchId,
                                       const QString &text,
                                       std::function<void(const QString &)> onError)
    : m_document(document)
    , m_analysis(analysis)
    , m_batchId(batchId)
    , m_onError(std::move(onError))
{
    setText(text);
}

void BatchDeleteCommand::redo()
{
    core::LedgerStore *store = m_document->store();
    auto removed =
        store ? store->deleteBatch(m_batchId)
              : core::Result<core::RemovedBatch>(core::fail("busy", "the ledger is loading"));
    if (!removed) {
        setObsolete(true);
        if (m_onError)
            m_onError(store ? fmt::q(removed.error().message())
                            : tr("The ledger is still loading; try again in a moment."));
        return;
    }
    m_removed = std::move(*removed);
    m_rowsRemoved = static_cast<std::int64_t>(m_removed.rows.size());
    m_done = true;
    m_analysis->keepHistoryOnNextLoad();
    m_document->reload();
}

void BatchDeleteCommand::undo()
{
    if (!m_done)
        return;
    core::LedgerStore *store = m_document->store();
    auto id = store ? store->restoreBatch(m_removed)
                    : core::Result<std::int64_t>(core::fail("busy", "the ledger is loading"));
    if (!id) {
        if (m_onError)
            m_onError(store ? fmt::q(id.error().message())
                            : tr("The ledger is still loading; try again in a moment."));
        return;
    }
    m_batchId = *id;
    m_done = false;
    m_analysis->keepHistoryOnNextLoad();
    m_document->reload();
}

} // namespace unalloc::ui
