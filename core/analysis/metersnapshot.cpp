#include "metersnapshot.h"

#include "core/meters/trafficmix.h"

#include <algorithm>
#include <map>

namespace unalloc::core {

namespace {

/// The label set of a pod: a `model` label (OpenCost's modelName) names the model it serves;
/// unalloc_layer=inference without one serves any model.
struct PodSet
{
    bool anyModel = false;
    std::string model;
};

std::optional<PodSet> podSet(const LabelMap &labels)
{
    if (!isClusterWorkload(labels))
        return std::nullopt; // a provider's bill line names a model too, but is no pod
    if (const std::string *model = labels.find("model"))
        return PodSet{false, *model};
    const std::string *layer = labels.find("unalloc_layer");
    return layer && *layer == "inference" ? std::optional(PodSet{true, {}}) : std::nullopt;
}

std::string_view baseModel(std::string_view model)
{
    const size_t slash = model.rfind('/');
    return slash == std::string_view::npos ? model : model.substr(slash + 1);
}

/// True when a usage row belongs to `pod` (its window, its model).
bool servedBy(const CostRow &usageRow, const CostRow &pod)
{
    if (usageRow.start < pod.start || usageRow.start >= pod.end)
        return false;
    const std::string *model = pod.labels.find("model");
    return !model || baseModel(usageRow.usage->model) == *model;
}

/// Request start times by served model (after any "provider/" prefix), each list sorted.
struct RequestStarts
{
    std::map<std::string, std::vector<TimeUs>, std::less<>> byModel;

    void add(TimeUs start, std::string_view model)
    {
        // Requests come in id order, mostly a few models in turn: the last list is tried first.
        if (m_last == nullptr || m_lastModel != model) {
            auto it = byModel.find(model);
            if (it == byModel.end())
                it = byModel.emplace(std::string(model), std::vector<TimeUs>()).first;
            m_last = &it->second;
            m_lastModel = it->first;
        }
        m_last->push_back(start);
    }
    void sort()
    {
        for (auto &[model, times] : byModel)
            std::sort(times.begin(), times.end());
    }
    /// Requests starting in the pod's window [start, end) for its model (any model: all).
    std::int64_t count(const LedgerRowBrief &pod, const PodSet &set) const
    {
        if (pod.end <= pod.start)
            return 0;
        const auto in = [&pod](const std::vector<TimeUs> &starts) {
            return std::lower_bound(starts.begin(), starts.end(), pod.end) -
                   std::lower_bound(starts.begin(), starts.end(), pod.start);
        };
        if (!set.anyModel) {
            const auto it = byModel.find(set.model);
            return it == byModel.end() ? 0 : in(it->second);
        }
        std::int64_t n = 0;
        for (const auto &[model, starts] : byModel)
            n += in(starts);
        return n;
    }

private:
    std::vector<TimeUs> *m_last = nullptr;
    std::string_view m_lastModel; ///< a key of byModel (node-based: it stays)
};

} // namespace

bool isClusterWorkload(const LabelMap &labels)
{
    for (const char *key : {"namespace", "controller", "pod"}) {
        const std::string *value = labels.find(key);
        if (value && !value->empty())
            return true;
    }
    return false;
}

Result<std::vector<PodCandidate>> findPodCandidates(const LedgerStore &store,
                                                    std::string_view /*tenantKey*/)
{
    // Which label sets are pods' is decided on the (few) label sets; the rows are read in brief
    // (no labels decoded): the request telemetry first — without any there is no pod — then
    // the rows of the pod label sets. Only the pods found are read whole.
    // One set at a time: with per-request metadata there are about as many sets as rows.
    std::map<std::int64_t, PodSet> podSets;
    // Only sets with a cluster key can be a pod's (isClusterWorkload).
    auto sets = store.forEachLabelSetWithKey({"namespace", "controller", "pod"},
                                             [&podSets](std::int64_t id, const LabelMap &labels) {
                                                 if (auto set = podSet(labels))
                                                     podSets.emplace(id, std::move(*set));
                                             });
    if (!sets)
        return fail(sets.error());
    if (podSets.empty())
        return std::vector<PodCandidate>{};
    // Only the start and model of each request are kept (a brief each of ten million requests
    // held 1.5 GB, twice over when the meters and the economics looked at once).
    RequestStarts starts;
    auto requests = store.forEachRowBrief(
        {LedgerBriefFilter::Kind::Requests, {}},
        [&starts](const LedgerRowBrief &r) { starts.add(r.start, baseModel(r.model)); });
    if (!requests)
        return fail(requests.error());
    if (starts.byModel.empty())
        return std::vector<PodCandidate>{};
    starts.sort();
    LedgerBriefFilter plain{LedgerBriefFilter::Kind::Plain, {}};
    for (const auto &[id, set] : podSets)
        plain.labelSets.push_back(id);
    auto briefs = store.rowBriefs(plain);
    if (!briefs)
        return fail(briefs.error());
    std::vector<PodCandidate> pods;
    for (const LedgerRowBrief &b : *briefs) {
        if (b.amount.isZero())
            continue;
        const std::int64_t served = starts.count(b, podSets.at(b.labelSet));
        if (served == 0)
            continue;
        auto row = store.rowById(b.id);
        if (!row)
            return fail(row.error());
        if (*row)
            pods.push_back({b.id, std::move((*row)->row), served, std::nullopt});
    }
    auto splits = store.splits();
    if (!splits)
        return fail(splits.error());
    for (const SplitRecord &s : *splits) {
        for (PodCandidate &pod : pods)
            if (pod.rowId == s.originalRowId)
                pod.split = s;
    }
    std::sort(pods.begin(), pods.end(), [](const PodCandidate &a, const PodCandidate &b) {
        if (a.row.amount.amount != b.row.amount.amount)
            return a.row.amount.amount > b.row.amount.amount;
        return a.rowId < b.rowId;
    });
    return pods;
}

Result<TelemetryRecords>
podTelemetry(const LedgerStore &store, const CostRow &pod, std::string_view tenantKey)
{
    TelemetryRecords out;
    // One pass in start order over the window's rows of the pod's model (all models when the
    // pod names none). Paged, a month's window re-sorted the ledger for each 20,000 rows: a
    // pack with --meter on ten million requests ran for over twenty minutes.
    LedgerRowFilter filter;
    filter.from = pod.start;
    filter.to = pod.end;
    if (const std::string *model = pod.labels.find("model"))
        filter.models.insert(*model);
    auto read = store.forEachRowByStart(filter, [&](const LedgerRow &lr) -> Result<void> {
        if (!lr.row.usage || !servedBy(lr.row, pod))
            return {};
        if (auto r = requestFromRow(lr.row, tenantKey))
            out.records.push_back(std::move(*r));
        else
            ++out.skipped;
        return {};
    });
    if (!read)
        return fail(read.error());
    return out;
}

const MeterSplit *MeterSnapshot::split(MeterKind kind) const
{
    for (const MeterSplit &s : splits)
        if (s.kind == kind)
            return &s;
    return nullptr;
}

size_t MeterSnapshot::shownRows() const
{
    if (splits.empty())
        return 0;
    const size_t rows = splits.front().rows.size();
    return policy == OverheadPolicy::Keep ? rows : rows - 1;
}

Decimal MeterSnapshot::shownShare(MeterKind kind, size_t row) const
{
    const MeterSplit *s = split(kind);
    if (!s || row >= s->rows.size())
        return {};
    const MeterRow &r = s->rows[row];
    return policy == OverheadPolicy::Keep ? r.share : r.redistributedShare;
}

Money MeterSnapshot::monthlyAmount(MeterKind kind, size_t row) const
{
    const MeterSplit *s = split(kind);
    if (!s || row >= s->rows.size())
        return {};
    const Money &amount = s->rows[row].amount;
    const Money &monthly = comparison.monthlyCost;
    if (monthly.amount == s->cost.amount || s->cost.amount.isZero())
        return amount;
    return Money{Decimal::mulDiv(amount.amount, monthly.amount, s->cost.amount).roundedHalfEven(2),
                 amount.currency};
}

std::optional<TenantGap> MeterSnapshot::gap(MeterKind a, MeterKind b, size_t row) const
{
    const MeterSplit *sa = split(a);
    const MeterSplit *sb = split(b);
    if (!sa || !sb || row >= sa->rows.size() || sa->rows[row].overhead)
        return std::nullopt;
    TenantGap g;
    g.tenant = sa->rows[row].tenant;
    g.high = a;
    g.low = b;
    g.points = gapPoints(*sa, *sb, g.tenant);
    g.perMonth =
        Money{Decimal::mulDiv(g.points, comparison.monthlyCost.amount, Decimal::fromInt(100))
                  .roundedHalfEven(2),
              comparison.monthlyCost.currency};
    return g;
}

Result<MeterSnapshot> meterSnapshot(const TelemetryRecords &telemetry,
                                    const PodCandidate &pod,
                                    std::string_view tenantKey,
                                    OverheadPolicy policy,
                                    const TelemetryOptions &options)
{
    auto splits = telemetryMeters(telemetry.records, pod.row.amount, policy, options);
    if (!splits)
        return fail(splits.error());
    MeterSnapshot s;
    s.pod = pod;
    s.tenantKey = std::string(tenantKey);
    s.policy = policy;
    s.requests = static_cast<std::int64_t>(telemetry.records.size());
    s.skipped = telemetry.skipped;
    s.splits = std::move(*splits);
    s.comparison = compareMeters(s.splits, PodCost{pod.row.amount, pod.row.start, pod.row.end});
    return s;
}

Result<PodMeters> podMeters(const LedgerStore &store,
                            const PodCandidate &pod,
                            std::string_view tenantKey,
                            OverheadPolicy policy,
                            const TelemetryOptions &options)
{
    auto telemetry = podTelemetry(store, pod.row, tenantKey);
    if (!telemetry)
        return fail(telemetry.error());
    auto snapshot = meterSnapshot(*telemetry, pod, tenantKey, policy, options);
    if (!snapshot)
        return fail(snapshot.error());
    return PodMeters{std::move(*telemetry), std::move(*snapshot)};
}

SimConfig meterSweepConfig()
{
    SimConfig c = SimConfig::headline();
    c.durationS = 120.0; // the studies' quick mode
    return c;
}

SimConfig meterSweepConfig(const std::vector<RequestRecord> &measured)
{
    SimConfig c = meterSweepConfig();
    if (!measured.empty())
        c.tenants = tenantsFromRequests(measured);
    return c;
}

const std::vector<double> &meterSweepRates()
{
    static const std::vector<double> rates{0.25, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0};
    return rates;
}

} // namespace unalloc::core
