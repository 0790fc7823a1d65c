#include "analysiscontroller.h"

#include "format.h"
#include "ledgerdocument.h"

#include <QUndoCommand>

#include <utility>

namespace unalloc::ui {

namespace {

/// One change of the analysis bar; undo puts the previous request back.
class RequestCommand final : public QUndoCommand
{
public:
    RequestCommand(AnalysisController *controller,
                   core::AnalysisRequest before,
                   core::AnalysisRequest after,
                   const QString &text)
        : QUndoCommand(text)
        , m_controller(controller)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {}
    void undo() override { m_controller->apply(m_before); }
    void redo() override { m_controller->apply(m_after); }

private:
    AnalysisController *m_controller;
    core::AnalysisRequest m_before, m_after;
};

core::AnalysisRequest initialRequest(const core::AnalysisInput &input)
{
    core::AnalysisRequest r;
    r.ownerKey = input.rules.ownerKey.empty() ? std::string("team") : input.rules.ownerKey;
    r.fallbacks = input.rules.fallbacks;
    if (input.catalog) {
        r.currency = input.catalog->defaultCurrency();
        if (auto month = input.catalog->latestMonth()) {
            r.fromDay = month->fromDay;
            r.toDay = month->toDay;
        }
    }
    return r;
}

} // namespace

AnalysisController::AnalysisController(LedgerDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_job(this)
{
    m_job.onBusyChanged([this](bool busy) { emit busyChanged(busy); });
    connect(document, &LedgerDocument::loaded, this, &AnalysisController::onDocumentLoaded);
}

AnalysisController::~AnalysisController()
{
    m_job.onBusyChanged({}); // running workers see they are stale and stop early (~LatestJob)
}

void AnalysisController::change(const core::AnalysisRequest &request, const QString &description)
{
    if (request == m_request)
        return;
    m_undo.push(new RequestCommand(this, m_request, request, description));
}

void AnalysisController::apply(const core::AnalysisRequest &request)
{
    m_request = request;
    emit requestChanged(m_request);
    recompute();
}

void AnalysisController::setPreset(const QString &ownerKey, const QStringList &fallbacks)
{
    m_preset = std::pair(ownerKey, fallbacks);
}

void AnalysisController::onDocumentLoaded()
{
    if (!std::exchange(m_keepHistory, false))
        m_undo.clear();
    core::AnalysisRequest next = initialRequest(m_document->input());
    const bool sameLedger =
        m_snapshot && m_snapshot->caption.ledger == m_document->input().ledgerName;
    if (m_preset) {
        std::vector<std::string> keys =
            m_preset->second.isEmpty() ? next.fallbacks : std::vector<std::string>();
        for (const QString &f : m_preset->second)
            keys.push_back(fmt::s(f));
        next = next.withKeys(fmt::s(m_preset->first), keys, m_document->input().rules.extraAliases);
        m_preset.reset();
        m_snapshot.reset(); // the preset wins over choices kept across a reload
    } else if (m_restorer && !sameLedger) {
        next = m_restorer(next);
    }
    // Keep the analyst's choices across a reload of the same ledger (after an import).
    apply(m_snapshot && m_snapshot->caption.ledger == m_document->input().ledgerName ? m_request
                                                                                     : next);
}

void AnalysisController::recompute()
{
    if (!m_document->isLoaded())
        return;
    const core::AnalysisInput input = m_document->input();
    const core::AnalysisRequest request = m_request;
    // A large slice's first analysis comes in two steps: everything but the backlog and the
    // drill-down tree first (ordering ten million objects is most of it), then those. A newer
    // request drops either step.
    m_job.start(
        [input, request](const Superseded &superseded) -> SnapshotPtr {
            auto s = core::analyse(input, request, superseded, core::BacklogTiming::DeferLarge);
            if (!s)
                return {};
            return std::make_shared<const core::AnalysisSnapshot>(std::move(*s));
        },
        [this](SnapshotPtr result) { show(std::move(result)); });
}

void AnalysisController::show(SnapshotPtr result)
{
    if (!result)
        return;
    m_snapshot = std::move(result);
    if (m_snapshot->backlogPending()) {
        m_job.start(
            [first = m_snapshot](const Superseded &superseded) -> SnapshotPtr {
                auto s = core::completeBacklog(*first, superseded);
                if (!s)
                    return {};
                return std::make_shared<const core::AnalysisSnapshot>(std::move(*s));
            },
            [this](SnapshotPtr complete) { show(std::move(complete)); });
    }
    emit snapshotReady(m_snapshot);
}

} // namespace unalloc::ui
