#include "metersnapshot.h"

#include <algorithm>

namespace unalloc::core {

namespace {

constexpr std::int64_t kPage = 20'000;

bool isInferencePod(const LedgerRow &lr)
{
    if (lr.row.usage || !lr.derivedFrom.empty() || lr.row.amount.amount.isZero())
        return false;
    const std::string *layer = lr.row.labels.find("unalloc_layer");
    return lr.row.labels.find("model") || (layer && *layer == "inference");
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

/// Visits every stored row whose start lies in [from, to), page by page, in start order.
template<class Visit>
Result<void> forEachRow(const LedgerStore &store,
                        std::optional<TimeUs> from,
                        std::optional<TimeUs> to,
                        Visit visit)
{
    LedgerRowFilter filter;
    filter.from = from;
    filter.to = to;
    for (std::int64_t offset = 0;; offset += kPage) {
        auto page = store.rows(filter, LedgerSort::Start, true, offset, kPage);
        if (!page)
            return fail(page.error());
        for (const LedgerRow &lr : *page)
            visit(lr);
        if (static_cast<std::int64_t>(page->size()) < kPage)
            return {};
    }
}

} // namespace

Result<std::vector<PodCandidate>> findPodCandidates(const LedgerStore &store,
                                                    std::string_view tenantKey)
{
    std::vector<PodCandidate> pods;
    std::vector<CostRow> usage;
    auto read = forEachRow(store, std::nullopt, std::nullopt, [&](const LedgerRow &lr) {
        if (isInferencePod(lr))
            pods.push_back({lr.id, lr.row, 0, std::nullopt});
        else if (lr.row.usage && requestFromRow(lr.row, tenantKey))
            usage.push_back(lr.row);
    });
    if (!read)
        return fail(read.error());
    for (PodCandidate &pod : pods)
        pod.requests = std::count_if(usage.begin(), usage.end(),
                                     [&pod](const CostRow &r) { return servedBy(r, pod.row); });
    std::erase_if(pods, [](const PodCandidate &p) { return p.requests == 0; });
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
    auto read = forEachRow(store, pod.start, pod.end, [&](const LedgerRow &lr) {
        if (!lr.row.usage || !servedBy(lr.row, pod))
            return;
        if (auto r = requestFromRow(lr.row, tenantKey))
            out.records.push_back(std::move(*r));
        else
            ++out.skipped;
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

Result<MeterSnapshot> meterSnapshot(const std::vector<RequestRecord> &records,
                                    const PodCandidate &pod,
                                    std::string_view tenantKey,
                                    OverheadPolicy policy,
                                    const TelemetryOptions &options)
{
    auto splits = telemetryMeters(records, pod.row.amount, policy, options);
    if (!splits)
        return fail(splits.error());
    MeterSnapshot s;
    s.pod = pod;
    s.tenantKey = std::string(tenantKey);
    s.policy = policy;
    s.requests = static_cast<std::int64_t>(records.size());
    s.splits = std::move(*splits);
    s.comparison = compareMeters(s.splits, PodCost{pod.row.amount, pod.row.start, pod.row.end});
    return s;
}

SimConfig meterSweepConfig()
{
    SimConfig c = SimConfig::headline();
    c.durationS = 120.0; // the studies' quick mode
    return c;
}

const std::vector<double> &meterSweepRates()
{
    static const std::vector<double> rates{0.25, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0};
    return rates;
}

} // namespace unalloc::core
