#pragma once

#include "core/analysis/analysissnapshot.h"
#include "latestjob.h"

#include <QObject>
#include <QUndoStack>

#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace unalloc::ui {

class LedgerDocument;

using SnapshotPtr = std::shared_ptr<const core::AnalysisSnapshot>;

/// @brief Holds the analysis request every view shares, makes each change an undoable
/// command, and recomputes off the GUI thread (QtConcurrent). Results arrive as values; a
/// result computed for a request that has since changed is discarded.
class AnalysisController final : public QObject
{
    Q_OBJECT
public:
    explicit AnalysisController(LedgerDocument *document, QObject *parent = nullptr);
    ~AnalysisController() override;

    QUndoStack *undoStack() { return &m_undo; }
    const core::AnalysisRequest &request() const { return m_request; }
    SnapshotPtr snapshot() const { return m_snapshot; }
    bool isBusy() const { return m_job.busy(); }

    /// Records `request` as one undoable step named `description` (no-op when unchanged).
    void change(const core::AnalysisRequest &request, const QString &description);
    /// Sets the request without recording it (used by undo/redo and on load).
    void apply(const core::AnalysisRequest &request);
    /// Owner key and fallbacks, as typed on the command line (`--dimension`, `--fallback`),
    /// for the next ledger that loads; an empty owner key keeps the ledger's own. Used once.
    void setPreset(const QString &ownerKey, const QStringList &fallbacks);
    /// The next load re-reads the same ledger after an undoable command changed it (a meter
    /// split): keep the undo history instead of clearing it. Used once.
    void keepHistoryOnNextLoad() { m_keepHistory = true; }
    /// Gives the request a newly opened ledger starts with, from the defaults (stored rules,
    /// latest month): e.g. the state the analyst left that ledger in. Not asked when a preset
    /// is pending or the same ledger is read again.
    using Restorer = std::function<core::AnalysisRequest(const core::AnalysisRequest &defaults)>;
    void setRestorer(Restorer restorer) { m_restorer = std::move(restorer); }

signals:
    void requestChanged(const core::AnalysisRequest &request);
    void snapshotReady(unalloc::ui::SnapshotPtr snapshot);
    void busyChanged(bool busy);

private:
    void onDocumentLoaded();
    void recompute();

    LedgerDocument *m_document;
    QUndoStack m_undo;
    core::AnalysisRequest m_request;
    /// Takes a computed snapshot; one whose backlog is pending starts its completion.
    void show(SnapshotPtr result);
    SnapshotPtr m_snapshot;
    LatestJob m_job; ///< the snapshot being computed; a newer request drops an older one
    std::optional<std::pair<QString, QStringList>> m_preset;
    bool m_keepHistory = false;
    Restorer m_restorer;
};

} // namespace unalloc::ui
