#include "analysissnapshot.h"

#include <chrono>

namespace unalloc::core {

namespace {

bool isCancelled(const CancelCheck &cancelled)
{
    return cancelled && cancelled();
}

std::vector<std::string> topThree(const AttributionReport &report)
{
    std::vector<std::string> out;
    for (const Bucket &b : report.buckets) {
        if (!b.unallocated && out.size() < 3)
            out.push_back(b.key);
    }
    return out;
}

std::string digestFor(Rules rules, const AnalysisRequest &request)
{
    rules.ownerKey = request.ownerKey;
    rules.fallbacks = request.fallbacks;
    return rules.digest();
}

} // namespace

std::optional<AnalysisSnapshot>
analyse(const AnalysisInput &input, const AnalysisRequest &request, const CancelCheck &cancelled)
{
    const auto started = std::chrono::steady_clock::now();
    AnalysisSnapshot s;
    s.request = request;
    s.commandLine = commandLine(request, input.ledgerPath);
    static const LedgerCatalog emptyCatalog;
    const LedgerCatalog &catalog = input.catalog ? *input.catalog : emptyCatalog;
    s.caption = makeCaption(input.ledgerName, catalog, request, digestFor(input.rules, request));
    if (!input.cube)
        return s;
    // With request.dedupe every figure below comes from the de-duplicated merged ledger.
    const PreparedCube prepared = prepareCube(*input.cube, request);
    const CostCube &cube = prepared.cube();
    const AttributionOptions options = request.options();
    auto report = attribute(cube, options);
    if (!report) {
        s.error = report.error();
        return s;
    }
    s.report = std::move(*report);
    s.uPct = s.report.unallocatedPct(1);
    s.fPct = s.report.fallbackPct(1);
    s.topOwners = topThree(s.report);
    s.spend = spendByOwner(s.report);
    if (isCancelled(cancelled))
        return std::nullopt;
    if (auto items = backlog(cube, options); items)
        s.backlog = std::move(*items);
    s.fixPlan = fixPlan(s.report, s.backlog);
    s.unallocatedTree = unallocatedTree(s.backlog, s.report);
    if (isCancelled(cancelled))
        return std::nullopt;
    s.exposure = fallbackExposure(cube, options, s.report);
    s.collisions = cube.collisions();
    static const std::vector<Invoice> noInvoices;
    s.seams = reconciliationSnapshot(prepared, input.invoices ? *input.invoices : noInvoices,
                                     catalog, request, input.ledgerPath);
    s.caption.deduplicated = s.seams.deduplicated;
    if (s.seams.doubleCounted())
        s.caption.doubleCounted = Money{*s.seams.overlapTotal, s.seams.overlapCurrency};
    s.computeMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    return s;
}

RowOwner resolveRowOwner(const LabelMap &labels, const AnalysisRequest &request)
{
    // Same rule as attribute(): the first non-empty key decides, and an explicit
    // "<unallocated>" value stays unallocated.
    auto value = [&labels](const std::string &key) -> const std::string * {
        const std::string *v = labels.find(key);
        return (v == nullptr || trimmed(*v).empty()) ? nullptr : v;
    };
    for (size_t k = 0; k <= request.fallbacks.size(); ++k) {
        const std::string &key = k == 0 ? request.ownerKey : request.fallbacks[k - 1];
        if (const std::string *v = value(key)) {
            if (*v == kUnallocated)
                break;
            return {std::string(trimmed(*v)), static_cast<int>(k), key};
        }
    }
    return {kUnallocated, -1, {}};
}

} // namespace unalloc::core
