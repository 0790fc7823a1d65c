#include "completeness.h"

#include "core/slicefilter.h"

#include <algorithm>

namespace unalloc::core {

namespace {

void add(std::string &out, const std::string &part)
{
    if (!out.empty())
        out += "; ";
    out += part;
}

void addShortfall(std::string &out,
                  const std::optional<std::int64_t> &read,
                  const std::optional<std::int64_t> &declared,
                  const char *what)
{
    if (read && declared && *read < *declared)
        add(out, "read " + std::to_string(*read) + " of " + std::to_string(*declared) + " " + what);
}

} // namespace

std::string incompleteReason(const ImportBatch &batch)
{
    std::string out;
    if (batch.status == BatchStatus::Failed)
        add(out, "the import failed");
    const Completeness &e = batch.evidence;
    if (!e.reason.empty()) {
        add(out, e.reason);
        return out;
    }
    if (e.lastPageHasMore.value_or(false))
        add(out, "the last page read says has_more: true");
    addShortfall(out, e.recordsRead, e.recordsDeclared, "records");
    addShortfall(out, e.pagesRead, e.pagesDeclared, "pages");
    addShortfall(out, e.stepsRead, e.stepsExpected, "steps");
    if (!e.gaps.empty()) {
        std::string gaps = "missing ";
        for (size_t i = 0; i < e.gaps.size(); ++i)
            gaps += (i ? ", " : "") + e.gaps[i];
        add(out, gaps);
    }
    if (out.empty() && batch.status == BatchStatus::Partial)
        add(out, "marked partial");
    return out;
}

SliceCompleteness assessCompleteness(const std::vector<ImportBatch> &batches,
                                     const std::set<std::int64_t> &batchIds)
{
    SliceCompleteness out;
    for (const ImportBatch &b : batches) {
        if (!batchIds.empty() && !batchIds.contains(b.id))
            continue;
        std::string reason = incompleteReason(b);
        if (reason.empty())
            continue;
        const BatchStatus status =
            b.status == BatchStatus::Complete ? BatchStatus::Partial : b.status;
        out.partial.push_back({b.id, b.source, b.origin, status, std::move(reason)});
    }
    std::sort(out.partial.begin(), out.partial.end(),
              [](const PartialBatch &a, const PartialBatch &b) { return a.id < b.id; });
    return out;
}

std::set<std::int64_t> batchesInSlice(const CostCube &cube, const AttributionOptions &options)
{
    std::set<std::int64_t> out;
    const SliceFilter inSlice(cube, options);
    for (const CostGroup &g : cube.rawGroups())
        if (inSlice(g))
            out.insert(cube.context(g).batch);
    return out;
}

} // namespace unalloc::core
