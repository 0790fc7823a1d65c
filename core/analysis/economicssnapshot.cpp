#include "economicssnapshot.h"

#include <algorithm>

namespace unalloc::core {

std::set<std::int64_t> aggregateGatewayBatches(const std::vector<ImportBatch> &batches)
{
    std::set<std::int64_t> out;
    for (const ImportBatch &b : batches)
        if (b.format.find("report") != std::string::npos && isGatewaySource(b.source))
            out.insert(b.id);
    return out;
}

EconomicsOptions economicsOptions(const AnalysisRequest &request,
                                  const std::string &featureKey,
                                  const std::vector<ImportBatch> &batches)
{
    EconomicsOptions o;
    o.featureKey = featureKey;
    o.fromDay = request.fromDay;
    o.toDay = request.toDay;
    o.sources = request.sources;
    o.aggregateBatches = aggregateGatewayBatches(batches);
    return o;
}

Result<EconomicsSnapshot> economicsSnapshot(const CostCube &cube, const EconomicsOptions &options)
{
    auto report = featureEconomics(cube, options);
    if (!report)
        return fail(report.error());
    EconomicsSnapshot s;
    s.options = options;
    s.report = std::move(*report);
    for (const EconomicsLine &l : s.report.features) {
        s.attributed.requests += l.requests;
        s.attributed.api += l.api;
        s.attributed.infra += l.infra;
        s.attributed.sharedIn += l.sharedIn;
    }
    if (!options.fromDay && !options.toDay) {
        s.allMonths = s.report.byMonth;
        return s;
    }
    EconomicsOptions everyDate = options;
    everyDate.fromDay.reset();
    everyDate.toDay.reset();
    auto all = featureEconomics(cube, everyDate);
    if (!all)
        return fail(all.error());
    s.allMonths = std::move(all->byMonth);
    return s;
}

std::vector<EconomicsCell> featureTrend(const std::vector<EconomicsCell> &months,
                                        const std::string &feature)
{
    const bool unattributed = feature == kUnattributed;
    std::vector<EconomicsCell> out;
    for (const EconomicsCell &c : months)
        if (c.line.unattributed == unattributed && (unattributed || c.line.feature == feature))
            out.push_back(c);
    // byMonth is in month order already; keep it explicit for the chart's x axis.
    std::stable_sort(out.begin(), out.end(), [](const EconomicsCell &a, const EconomicsCell &b) {
        return a.group < b.group;
    });
    return out;
}

std::vector<std::string> featureKeyChoices(const std::vector<std::string> &catalogKeys,
                                           const std::string &current)
{
    std::vector<std::string> out;
    auto add = [&out](const std::string &k) {
        if (!k.empty() && std::find(out.begin(), out.end(), k) == out.end())
            out.push_back(k);
    };
    add(current);
    add("feature");
    for (const std::string &k : catalogKeys)
        add(k);
    return out;
}

} // namespace unalloc::core
