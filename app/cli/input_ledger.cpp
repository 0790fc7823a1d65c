#include "input.h"

#include "core/ledger/ledgerstore.h"
#include "core/valuealiases.h"

#include <algorithm>
#include <map>
#include <set>

namespace unalloc::cli {

namespace {

/// The groups of `cube` whose source is in `sources` (collisions need every source) and, when
/// `batches` is not empty, whose batch is in it; filtered in place (a copy re-interned every
/// label set: 17 s for a 10M-request ledger's gateway alone).
core::CostCube onlySources(core::CostCube &&cube,
                           const std::set<std::string> &sources,
                           const std::set<std::int64_t> &batches)
{
    std::vector<char> wanted(cube.sources().size(), 1); // by source id
    if (!sources.empty())
        for (std::uint32_t s = 0; s < wanted.size(); ++s)
            wanted[s] = sources.contains(std::string(cube.sources().at(s)));
    std::vector<char> contextWanted(cube.contexts().size()); // by context id: a few
    for (size_t i = 0; i < contextWanted.size(); ++i) {
        const core::GroupContext &c = cube.contexts()[i];
        contextWanted[i] = wanted[c.source] && (batches.empty() || batches.contains(c.batch));
    }
    std::vector<char> keep(cube.rawGroups().size());
    for (size_t i = 0; i < keep.size(); ++i)
        keep[i] = contextWanted[cube.rawGroups()[i].context];
    cube.keepGroups(keep);
    return std::move(cube);
}

} // namespace

// Reading a .unalloc ledger: the aggregate cube (not the rows), its invoices, batches and rules.
core::Result<LoadedInput> loadLedger(const InputOptions &options, Io &)
{
    auto ledger = core::LedgerStore::open(options.ledger, true);
    if (!ledger)
        return core::fail(ledger.error());
    auto rules = (*ledger)->rules();
    if (!rules)
        return core::fail(rules.error());
    // Value aliases apply here, before any filter: every command attributes what they map to.
    auto aliased = core::loadAnalysisCube(**ledger, rules->valueAliases);
    if (!aliased)
        return core::fail(aliased.error());
    auto *cube = &aliased->cube;
    auto invoices = (*ledger)->invoices();
    auto batches = (*ledger)->batches();
    if (!invoices || !batches)
        return core::fail(!invoices ? invoices.error() : batches.error());
    LoadedInput in;
    in.mode = "ledger";
    in.rules = std::move(*rules);
    const std::set<std::string> wanted(options.sources.begin(), options.sources.end());
    const std::set<std::int64_t> onlyBatches(options.batches.begin(), options.batches.end());
    for (std::int64_t id : onlyBatches) {
        if (std::none_of(batches->begin(), batches->end(),
                         [id](const core::ImportBatch &b) { return b.id == id; }))
            return core::fail("batch-missing", "the ledger has no batch " + std::to_string(id),
                              options.ledger);
    }
    in.cube = wanted.empty() && onlyBatches.empty()
                  ? std::move(*cube)
                  : onlySources(std::move(*cube), wanted, onlyBatches);
    for (core::Invoice &inv : *invoices)
        if (wanted.empty() || wanted.contains(inv.source))
            in.invoices.push_back(std::move(inv));
    in.haveInvoiceFile = !in.invoices.empty();
    std::set<std::string> held;
    for (const core::ImportBatch &b : *batches)
        held.insert(b.source);
    std::map<std::string, SourceInput> bySource;
    for (core::ImportBatch &b : *batches) {
        if ((!wanted.empty() && !wanted.contains(b.source)) ||
            (!onlyBatches.empty() && !onlyBatches.contains(b.id)))
            continue;
        SourceInput &si = bySource[b.source];
        si.name = b.source;
        si.status = "loaded";
        si.sha256 = b.sha256; // the latest batch of the source
        si.rows += b.rowCount;
        in.batches.push_back(std::move(b));
    }
    // A source the ledger does not hold would filter every row away: say so (a usage error)
    // instead of reporting an empty ledger.
    for (const std::string &s : options.sources) {
        if (bySource.contains(s))
            continue;
        std::string list;
        for (const std::string &h : held)
            list += (list.empty() ? "" : ", ") + h;
        return core::fail("usage", "the ledger " + options.ledger + " has no source '" + s +
                                       "'; its sources: " + (list.empty() ? "none" : list));
    }
    for (auto &[name, si] : bySource) {
        si.detail = options.ledger;
        in.inputs.push_back(std::move(si));
    }
    auto splits = core::appliedSplits(**ledger);
    if (!splits)
        return core::fail(splits.error());
    for (core::AppliedSplit &s : *splits)
        if (wanted.empty() || wanted.contains(s.source))
            in.meterSplits.push_back(std::move(s));
    return in;
}

} // namespace unalloc::cli
