#include "packbuild.h"

#include "packmeter.h"

#include "core/analysis/economics.h"
#include "core/analysis/metersnapshot.h"
#include "core/export/batchdigest.h"
#include "core/seams/periodrecon.h"
#include "core/timeutil.h"

#include <algorithm>

namespace unalloc::pack {

namespace {

/// The groups of `cube` whose charge starts in [from, to): `cube` itself when it holds no other
/// (a ledger of one month), else a copy of it that keeps only those (keepGroups: no text is
/// looked up again; group by group, a 10M-request month took the pack a minute).
const core::CostCube &
days(const core::CostCube &cube, std::int32_t from, std::int32_t to, core::CostCube &storage)
{
    std::vector<char> keep(cube.rawGroups().size());
    bool all = true;
    for (size_t i = 0; i < keep.size(); ++i) {
        const std::int32_t day = cube.rawGroups()[i].day;
        keep[i] = day >= from && day < to;
        all = all && keep[i];
    }
    if (all)
        return cube;
    storage = cube;
    storage.keepGroups(keep);
    return storage;
}

} // namespace

core::Result<PackContent> buildPack(const PackSources &sources, const PackRequest &request)
{
    auto month = core::chargebackMonth(request.month);
    if (!month)
        return core::fail(month.error());
    PackContent c;
    c.letter = request.letter;
    c.ledger = sources.ledgerName;
    std::optional<std::vector<core::PodCandidate>> pods; // found once (every request's brief)
    auto split = splitPods(sources, request, month->fromDay, month->toDay, c.meterSplits, pods);
    if (!split)
        return core::fail(split.error());
    const core::CostCube &all = request.meters.empty() ? *sources.cube : *split;

    core::OverlapOptions overlapOptions;
    overlapOptions.sources = request.options.sources;
    core::CostCube monthStorage;
    const core::CostCube &monthCube = days(all, month->fromDay, month->toDay, monthStorage);
    const core::CostCube *cube = &all;
    std::optional<core::MergedLedger> merged;
    c.overlap = core::findOverlap(monthCube, overlapOptions);
    if (request.dedupe) {
        merged = core::deduplicate(all, overlapOptions);
        cube = &merged->cube;
        c.deduplicated = true;
        // What de-duplicating the month removes: the sum of its overlaps (deduplicate's
        // `removed`), without building its merged cube.
        for (const core::OverlapGroup &g : c.overlap.groups)
            c.removed += g.overlap;
    }
    auto cb = core::buildChargeback(*cube, request.options, *month);
    if (!cb)
        return core::fail(cb.error());
    if (cb->current.rowCount == 0)
        return core::fail("empty", "no cost rows in " + month->month);
    c.chargeback = std::move(*cb);
    core::Rules rules = sources.rules;
    rules.ownerKey = request.options.ownerKey;
    rules.fallbacks = request.options.fallbacks;
    c.rulesDigest = rules.digest();
    c.ledgerDigest = core::batchesDigest(sources.batches);
    c.batches = sources.batches;
    c.splits = sources.splits;
    auto rec = core::reconcileByPeriod(monthCube, sources.invoices, {});
    if (!rec)
        return core::fail(rec.error());
    for (const core::PeriodReconLine &l : rec->lines)
        if (!l.periodStart || (*l.periodStart >= core::TimeUs(month->fromDay) * core::kUsPerDay &&
                               *l.periodStart < core::TimeUs(month->toDay) * core::kUsPerDay))
            c.reconciliation.push_back(l);
    if (sources.store) {
        if (!pods) {
            auto found = core::findPodCandidates(*sources.store, request.options.ownerKey);
            if (!found)
                return core::fail(found.error());
            pods = std::move(*found);
        }
        for (const core::PodCandidate &p : *pods) {
            const auto day = core::dayIndex(p.row.start);
            const bool split =
                p.split || std::any_of(c.meterSplits.begin(), c.meterSplits.end(),
                                       [&p](const PodSplitView &v) { return v.rowId == p.rowId; });
            if (!split && day >= month->fromDay && day < month->toDay)
                c.unsplitPods.push_back({p.rowId, p.row.name, p.row.amount, p.requests});
        }
    }
    core::EconomicsOptions eo;
    eo.featureKey = "feature";
    eo.fromDay = month->fromDay;
    eo.toDay = month->toDay;
    eo.sources = request.options.sources;
    for (const core::ImportBatch &b : sources.batches)
        if (b.format.find("report") != std::string::npos && core::isGatewaySource(b.source))
            eo.aggregateBatches.insert(b.id);
    if (auto econ = core::featureEconomics(*cube, eo); econ && econ->requests > 0)
        c.economics = std::move(*econ);
    return c;
}

} // namespace unalloc::pack
