#include "batchreplacecommand.h"

#include "adapters/import/importer.h"
#include "ui/analysiscontroller.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

namespace unalloc::ui {

BatchReplaceCommand::BatchReplaceCommand(LedgerDocument *document,
                                         AnalysisController *analysis,
                                         std::int64_t batchId,
                                         QStringList files,
                                         const QString &text,
                                         std::function<void(const QString &)> onError)
    : m_document(document)
    , m_analysis(analysis)
    , m_oldId(batchId)
    , m_files(std::move(files))
    , m_onError(std::move(onError))
{
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
    core::LedgerStore *store = m_document->store();
    if (!store) {
        report(tr("The ledger is still loading; try again in a moment."));
        if (std::exchange(m_first, false))
            setObsolete(true);
        return;
    }
    if (std::exchange(m_first, false)) {
        // What undo needs, read before the replace deletes it.
        auto old = store->readBatch(m_oldId);
        if (!old) {
            report(fmt::q(old.error().message()));
            setObsolete(true);
            return;
        }
        std::vector<std::string> paths;
        for (const QString &f : m_files)
            paths.push_back(fmt::s(f));
        adapters::ImportOptions options;
        options.replaceBatch = m_oldId;
        auto replaced = adapters::importFiles(*store, paths, options);
        if (!replaced) {
            report(tr("%1 — the batch is unchanged").arg(fmt::q(replaced.error().message())));
            setObsolete(true);
            return;
        }
        m_old = {std::move(*old)};
        m_newIds.clear();
        for (const adapters::BatchOutcome &b : replaced->batches)
            m_newIds.push_back(b.batch.id);
        reload();
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
