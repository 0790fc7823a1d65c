#include "metersplitcommand.h"

#include "ui/analysiscontroller.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

namespace unalloc::ui {

MeterSplitCommand::MeterSplitCommand(LedgerDocument *document,
                                     AnalysisController *analysis,
                                     std::int64_t podRowId,
                                     std::string meter,
                                     std::vector<core::CostRow> parts,
                                     const QString &text,
                                     std::function<void(const QString &)> onError)
    : m_document(document)
    , m_analysis(analysis)
    , m_podRowId(podRowId)
    , m_meter(std::move(meter))
    , m_parts(std::move(parts))
    , m_onError(std::move(onError))
{
    setText(text);
}

void MeterSplitCommand::failed(const QString &message)
{
    if (m_onError)
        m_onError(message);
}

void MeterSplitCommand::redo()
{
    core::LedgerStore *store = m_document->store();
    auto id = store ? store->applySplit(m_podRowId, m_meter, m_parts)
                    : core::Result<std::int64_t>(core::fail("busy", "the ledger is loading"));
    if (!id) {
        setObsolete(true);
        failed(store ? fmt::q(id.error().message())
                     : tr("The ledger is still loading; try again in a moment."));
        return;
    }
    m_splitId = *id;
    m_analysis->keepHistoryOnNextLoad();
    m_document->reload();
}

void MeterSplitCommand::undo()
{
    core::LedgerStore *store = m_document->store();
    if (m_splitId == 0)
        return;
    if (!store)
        return failed(tr("The ledger is still loading; try again in a moment."));
    if (auto ok = store->removeSplit(m_splitId); !ok)
        return failed(fmt::q(ok.error().message()));
    m_splitId = 0;
    m_analysis->keepHistoryOnNextLoad();
    m_document->reload();
}

} // namespace unalloc::ui
