#include "pullrun.h"

#include <algorithm>

namespace unalloc::ui {

namespace pull = adapters::pull;

namespace {

void addTotals(std::vector<core::Money> &into, const std::vector<core::Money> &more)
{
    for (const core::Money &m : more) {
        auto it = std::find_if(into.begin(), into.end(),
                               [&](const core::Money &t) { return t.currency == m.currency; });
        if (it == into.end())
            into.push_back(m);
        else if (auto sum = core::add(*it, m))
            *it = *sum;
    }
    std::sort(into.begin(), into.end(),
              [](const core::Money &a, const core::Money &b) { return a.currency < b.currency; });
}

} // namespace

PullResult summarisePull(const std::vector<pull::SourcePull> &pulls,
                         const core::Result<adapters::ImportReport> *report,
                         bool cancelled)
{
    PullResult out;
    cancelled = cancelled || (report && !*report && report->error().code == "cancelled");
    out.cancelled = cancelled;
    out.imported = !cancelled && report && report->has_value();
    out.incomplete = !cancelled && report && !*report && report->error().code == "pull-incomplete";
    if (out.incomplete) {
        // Each source's own reason: the CLI's message names its --allow-partial flag.
        for (const pull::SourcePull &p : pulls)
            if (p.outcome != pull::SourcePull::Outcome::Complete)
                out.error += (out.error.empty() ? "" : "; ") + p.reason;
    } else if (!out.imported) {
        out.error = cancelled ? std::string("the pull was cancelled; nothing was imported")
                    : report  ? report->error().message()
                              : std::string("nothing was imported");
    }
    for (const pull::SourcePull &p : pulls) {
        PullSourceResult r;
        r.source = p.source;
        r.rowsRead = p.progress.rows;
        r.reason = p.reason;
        const bool read = p.outcome == pull::SourcePull::Outcome::Complete;
        if (cancelled) {
            r.state = PullSourceResult::State::Cancelled;
            r.reason = out.error;
        } else if (!out.imported) {
            r.state = read ? PullSourceResult::State::NotImported : PullSourceResult::State::Failed;
            // Incomplete elsewhere: the dialog says why in its own words (translated).
            if (read)
                r.reason = out.incomplete ? std::string() : out.error;
        } else {
            const adapters::BatchOutcome *batch = nullptr;
            for (const adapters::BatchOutcome &b : (*report)->batches)
                if (b.batch.source == p.source)
                    batch = &b;
            if (!batch) {
                r.state = PullSourceResult::State::Failed;
            } else {
                r.state = batch->batch.status == core::BatchStatus::Complete
                              ? PullSourceResult::State::Complete
                              : PullSourceResult::State::Partial;
                r.rowsAdded = batch->counts.rowsAdded;
                r.duplicates = batch->counts.duplicates;
                out.rowsRead += batch->counts.rowsRead;
                out.rowsAdded += batch->counts.rowsAdded;
                out.duplicates += batch->counts.duplicates;
                addTotals(out.totals, batch->batch.totals);
                ++out.batches;
            }
        }
        out.sources.push_back(std::move(r));
    }
    return out;
}

void runPullJob(QPromise<PullEvent> &promise,
                const PullRequest &request,
                const std::shared_ptr<std::atomic<bool>> &cancel)
{
    auto cancelled = [cancel] {
        return cancel->load();
    };
    pull::PullOptions options;
    options.policy = request.policy;
    options.cancel = cancelled;
    options.progress = [&promise](const pull::PullProgress &p) {
        promise.addResult(PullEvent{PullEvent::Kind::Progress, p, {}, {}});
    };
    std::vector<pull::SourcePull> pulls;
    for (const pull::SourceConfig &c : request.sources) {
        if (cancelled())
            break;
        pull::PullProgress start;
        start.source = c.spec->name;
        promise.addResult(PullEvent{PullEvent::Kind::Started, start, {}, {}});
        pulls.push_back(pull::pullSource(c, request.window, options));
        promise.addResult(PullEvent{
            PullEvent::Kind::SourceRead, pulls.back().progress, pulls.back().outcome, {}});
    }
    std::shared_ptr<PullResult> result;
    if (cancelled()) {
        result = std::make_shared<PullResult>(summarisePull(pulls, nullptr, true));
    } else {
        promise.addResult(PullEvent{PullEvent::Kind::Importing, {}, {}, {}});
        const core::Result<adapters::ImportReport> report = pull::importPulls(
            request.ledgerPath, pulls, request.allowPartial,
            [cancelled](const adapters::ImportProgress &) { return !cancelled(); });
        result = std::make_shared<PullResult>(summarisePull(pulls, &report, false));
    }
    // Sources the pull never reached (a cancel stopped it first).
    for (const pull::SourceConfig &c : request.sources) {
        const bool listed =
            std::any_of(result->sources.begin(), result->sources.end(),
                        [&](const PullSourceResult &r) { return r.source == c.spec->name; });
        if (!listed)
            result->sources.push_back(
                {c.spec->name, PullSourceResult::State::Cancelled, result->error, 0, 0, 0});
    }
    promise.addResult(PullEvent{PullEvent::Kind::Finished, {}, {}, std::move(result)});
}

} // namespace unalloc::ui
