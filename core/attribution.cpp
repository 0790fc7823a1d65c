#include "attribution.h"

#include "slice.h"

#include <algorithm>
#include <map>

namespace unalloc::core {

std::string Bucket::sourceList() const
{
    std::string out;
    for (const auto &s : bySource) {
        if (!out.empty())
            out += ", ";
        out += s.source;
    }
    return out;
}

bool AttributionReport::exceedsBudget(Decimal budgetPct) const
{
    if (total.isZero())
        return false;
    return Decimal::comparePercent(unallocated, total, budgetPct) > 0;
}

size_t AttributionReport::ownerCount() const
{
    size_t n = 0;
    for (const auto &b : buckets)
        n += b.unallocated ? 0 : 1;
    return n;
}

Result<AttributionReport> attribute(const CostCube &cube, const AttributionOptions &options)
{
    // The owner rule per label set, then the slice's groups summed per owner: no per-set sums
    // (the explorer keeps those, attributeSums; a report needs them once).
    return attributeGroups(cube, options, resolveSets(cube, options));
}

Result<std::vector<BacklogItem>>
backlog(const CostCube &cube, const AttributionOptions &options, size_t limit)
{
    auto objects = std::make_shared<SliceObjects>(sliceObjects(cube, options));
    if (objects->error)
        return fail(*objects->error);
    const Backlog list(objects, options, Decimal{});
    const size_t n = limit > 0 ? std::min(limit, list.size()) : list.size();
    std::vector<BacklogItem> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i)
        out.push_back(list.item(i));
    return out;
}

std::vector<FixStep> fixPlan(const AttributionReport &report, const std::vector<BacklogItem> &items)
{
    std::vector<FixStep> steps;
    steps.reserve(items.size());
    Decimal remaining = report.unallocated;
    for (const BacklogItem &item : items) {
        remaining -= item.amount;
        steps.push_back({item, remaining, Decimal::percent(remaining, report.total, 1)});
    }
    return steps;
}

std::vector<std::pair<std::string, std::int64_t>> availableKeys(const CostCube &cube)
{
    const LabelSetPool &pool = cube.labelSets();
    // Rows per shape first: a shape's keys are the same for every set of it. Summed straight
    // from the groups: a per-set array was 80 MB of fresh memory at ten million sets.
    std::vector<std::int64_t> rowsPerShape(pool.shapeCount(), 0);
    for (const CostGroup &g : cube.rawGroups())
        rowsPerShape[pool.shapeOf(g.labelSet)] += g.rows;
    std::vector<std::int64_t> rowsPerKey(pool.keyCount(), 0);
    for (std::uint32_t shape = 0; shape < rowsPerShape.size(); ++shape) {
        if (rowsPerShape[shape] == 0)
            continue;
        for (const std::uint32_t key : pool.shapeKeys(shape))
            rowsPerKey[key] += rowsPerShape[shape];
    }
    std::map<std::string, std::int64_t> counts;
    for (size_t k = 0; k < rowsPerKey.size(); ++k)
        if (rowsPerKey[k] > 0)
            counts[std::string(pool.keyText(static_cast<std::uint32_t>(k)))] += rowsPerKey[k];
    std::vector<std::pair<std::string, std::int64_t>> out(counts.begin(), counts.end());
    std::stable_sort(out.begin(), out.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    return out;
}

} // namespace unalloc::core
