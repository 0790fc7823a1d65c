#pragma once

#include "adapters/pull/pull.h"

#include <QPromise>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace unalloc::ui {

/// What the Pull dialog hands its worker. The keys are secrets: they go into request headers
/// only (through the adapters' pull code) and are never copied into a result.
struct PullRequest
{
    std::string ledgerPath;
    std::vector<adapters::pull::SourceConfig> sources;
    adapters::pull::PullWindow window;
    adapters::pull::RetryPolicy policy;
    bool allowPartial = false;
};

/// The end of one source's pull as the dialog shows it.
struct PullSourceResult
{
    enum class State { Complete, Partial, Failed, NotImported, Cancelled };
    std::string source;
    State state = State::Failed;
    std::string reason; ///< from the pull code: names source, page and what happened
    std::int64_t rowsRead = 0, rowsAdded = 0, duplicates = 0;
};

/// What a whole pull did: imported in one transaction, or nothing (with why).
struct PullResult
{
    std::vector<PullSourceResult> sources;
    bool imported = false;
    bool cancelled = false;
    std::string error;       ///< why nothing was imported
    bool incomplete = false; ///< nothing imported because a source was not read completely
    std::int64_t rowsRead = 0, rowsAdded = 0, duplicates = 0;
    std::vector<core::Money> totals; ///< of the imported batches, per currency
    int batches = 0;
};

/// One message from the worker: a source started or moved on, the import began, or the end.
struct PullEvent
{
    enum class Kind { Started, Progress, SourceRead, Importing, Finished };
    Kind kind = Kind::Progress;
    adapters::pull::PullProgress progress;
    adapters::pull::SourcePull::Outcome outcome = adapters::pull::SourcePull::Outcome::Complete;
    std::shared_ptr<const PullResult> result; ///< Finished only
};

/// The worker: pulls each source with adapters::pull::pullSource (the code `unalloc pull`
/// runs), then imports them with importPulls in one transaction unless cancelled. Events go
/// out through the promise; `cancel` stops the HTTP exchange, the waits and the import.
void runPullJob(QPromise<PullEvent> &promise,
                const PullRequest &request,
                const std::shared_ptr<std::atomic<bool>> &cancel);

/// How the pulls and the import's answer read per source (pure: the tests call it too).
PullResult summarisePull(const std::vector<adapters::pull::SourcePull> &pulls,
                         const core::Result<adapters::ImportReport> *report,
                         bool cancelled);

} // namespace unalloc::ui
