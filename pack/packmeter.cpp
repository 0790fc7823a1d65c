#include "packmeter.h"

#include "core/analysis/metersnapshot.h"
#include "core/meters/metercompare.h"
#include "core/timeutil.h"

#include <algorithm>
#include <set>

namespace unalloc::pack {

namespace {

std::string meterList()
{
    std::string out;
    for (core::MeterKind k : core::telemetryMeterKinds())
        out += (out.empty() ? "" : ", ") + std::string(core::meterId(k));
    return out;
}

std::string podList(const std::vector<core::PodCandidate> &pods)
{
    std::string out;
    for (const core::PodCandidate &p : pods)
        out += (out.empty() ? "" : ", ") + p.row.name + " (#" + std::to_string(p.rowId) + ")";
    return out.empty() ? "none (no inference pod with request telemetry)" : out;
}

core::Result<core::MeterKind> meterKind(const MeterChoice &choice)
{
    const auto kind = core::meterFromId(choice.meter);
    const auto &kinds = core::telemetryMeterKinds();
    if (!kind || std::find(kinds.begin(), kinds.end(), *kind) == kinds.end())
        return core::fail("usage", "--meter " + choice.pod + "=" + choice.meter +
                                       ": unknown meter '" + choice.meter +
                                       "'; the meters: " + meterList());
    return *kind;
}

core::Result<core::PodCandidate> findPod(const std::vector<core::PodCandidate> &pods,
                                         const MeterChoice &choice)
{
    std::vector<const core::PodCandidate *> hits;
    for (const core::PodCandidate &p : pods)
        if (p.row.name == choice.pod || std::to_string(p.rowId) == choice.pod)
            hits.push_back(&p);
    if (hits.empty())
        return core::fail("usage", "--meter " + choice.pod + "=" + choice.meter +
                                       ": no shared pod '" + choice.pod +
                                       "' in the ledger; its pods: " + podList(pods));
    if (hits.size() > 1)
        return core::fail("usage", "--meter: several pods are named '" + choice.pod +
                                       "'; name one by its id: " + podList(pods));
    return *hits.front();
}

/// `cube` without the pod row's contribution, plus `parts`: the pod's group is changed in place
/// (a copy group by group looked every label up by text: seconds for each pod of a ten-million-
/// request ledger).
core::Result<core::CostCube>
replaceRow(core::CostCube cube, const core::CostRow &pod, const std::vector<core::CostRow> &parts)
{
    const auto day = static_cast<std::int32_t>(core::dayIndex(pod.start));
    const std::vector<core::CostGroup> &groups = cube.rawGroups();
    size_t at = groups.size();
    for (size_t i = 0; i < groups.size() && at == groups.size(); ++i) {
        const core::CostGroup &g = groups[i];
        const core::GroupContext &c = cube.context(g);
        if (g.day == day && c.batch == pod.batchId && c.currency == pod.amount.currency &&
            cube.sources().at(c.source) == pod.source && cube.objects().at(g.object) == pod.name &&
            cube.labelSets().at(g.labelSet) == pod.labels)
            at = i;
    }
    if (at == groups.size())
        return core::fail("internal", "the pod row '" + pod.name + "' is not in the figures");
    const core::CostGroup g = groups[at];
    if (g.rows > 1) {
        cube.setGroup(at, g.amount - pod.amount.amount, g.rows - 1);
    } else {
        std::vector<char> keep(groups.size(), 1);
        keep[at] = 0;
        cube.keepGroups(keep);
    }
    for (const core::CostRow &p : parts)
        cube.addRow(p);
    return cube;
}

PodSplitView view(const core::PodCandidate &pod, const core::MeterSnapshot &s, core::MeterKind kind)
{
    PodSplitView v;
    v.rowId = pod.rowId;
    v.pod = pod.row.name;
    v.amount = pod.row.amount;
    v.meter = kind;
    v.policy = s.policy;
    v.requests = s.requests;
    const core::MeterSplit *chosen = s.split(kind);
    for (const core::MeterRow &r : chosen->rows) {
        PodTenantLine t{r.tenant, r.owner, r.overhead, r.share, r.amount.amount, {}};
        if (!r.overhead)
            for (const core::MeterSplit &other : s.splits)
                if (other.kind != kind)
                    t.gaps.emplace_back(other.kind, core::gapPoints(*chosen, other, r.tenant));
        v.tenants.push_back(std::move(t));
    }
    return v;
}

} // namespace

core::Result<MeterChoice> parseMeterChoice(const std::string &text)
{
    const auto eq = text.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
        return core::fail("usage",
                          "--meter expects POD=METER (" + meterList() + "), got '" + text + "'");
    return MeterChoice{text.substr(0, eq), text.substr(eq + 1)};
}

core::Result<std::vector<std::string>> meterPods(const core::LedgerStore &store,
                                                 const std::string &ownerKey)
{
    auto pods = core::findPodCandidates(store, ownerKey);
    if (!pods)
        return core::fail(pods.error());
    std::vector<std::string> out;
    for (const core::PodCandidate &p : *pods)
        out.push_back(p.row.name + " (#" + std::to_string(p.rowId) + ")");
    return out;
}

core::Result<core::CostCube> splitPods(const PackSources &sources,
                                       const PackRequest &request,
                                       std::int32_t fromDay,
                                       std::int32_t toDay,
                                       std::vector<PodSplitView> &views,
                                       std::optional<std::vector<core::PodCandidate>> &found)
{
    core::CostCube cube;
    if (request.meters.empty())
        return cube;
    if (!sources.store)
        return core::fail("usage", "--meter needs a ledger file");
    const std::string &key = request.options.ownerKey;
    auto pods = core::findPodCandidates(*sources.store, key);
    if (!pods)
        return core::fail(pods.error());
    found = *pods;
    const core::CostCube *current = sources.cube;
    std::set<std::int64_t> done;
    const core::OverheadPolicy policy =
        core::policyFromId(sources.rules.overheadPolicy).value_or(core::OverheadPolicy::Keep);
    core::TelemetryOptions options;
    options.prices.cachedInput = sources.rules.cachedWeight;
    options.prices.output = sources.rules.outputWeight;
    for (const MeterChoice &choice : request.meters) {
        auto kind = meterKind(choice);
        if (!kind)
            return core::fail(kind.error());
        auto pod = findPod(*pods, choice);
        if (!pod)
            return core::fail(pod.error());
        if (!done.insert(pod->rowId).second)
            return core::fail("usage", "--meter names pod '" + pod->row.name + "' twice");
        if (pod->split)
            return core::fail("usage", "pod '" + pod->row.name + "' already carries the " +
                                           pod->split->meter +
                                           " split applied in the ledger; the pack shows it "
                                           "as applied (drop --meter for this pod)");
        const auto day = core::dayIndex(pod->row.start);
        if (day < fromDay || day >= toDay)
            return core::fail("usage", "pod '" + pod->row.name + "' is charged from " +
                                           core::formatDate(pod->row.start) +
                                           ", outside the pack's month " + request.month);
        auto meters = core::podMeters(*sources.store, *pod, key, policy, options);
        if (!meters)
            return core::fail(meters.error());
        if (meters->snapshot.requests == 0 || !meters->snapshot.split(*kind))
            return core::fail("no-telemetry", "pod '" + pod->row.name +
                                                  "' has no request with usage in its window");
        const auto parts = core::splitRows(pod->row, *meters->snapshot.split(*kind), key);
        // The ledger's cube is copied once (flat arrays); a later pod changes the copy.
        auto next = replaceRow(current == &cube ? std::move(cube) : core::CostCube(*current),
                               pod->row, parts);
        if (!next)
            return core::fail(next.error());
        cube = std::move(*next);
        current = &cube;
        views.push_back(view(*pod, meters->snapshot, *kind));
    }
    return cube;
}

} // namespace unalloc::pack
