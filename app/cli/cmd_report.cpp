// `unalloc report`: who owns the spend, what belongs to no one, and the budget gate.
#include "command.h"
#include "input.h"
#include "ownerargs.h"
#include "provenance.h"
#include "reportperiods.h"
#include "textformat.h"

#include "core/analysis/spendchart.h"
#include "core/attribution.h"
#include "core/seams/fallbackillusion.h"
#include "core/seams/overlap.h"
#include "core/slice.h"

#include <nlohmann/json.hpp>

#include <future>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

/// From this many label sets the double counting is found beside the attribution.
constexpr size_t kOverlapBesideFrom = size_t{1} << 16;

Json sourceMap(const std::vector<core::SourceAmount> &amounts)
{
    Json j = Json::object();
    for (const auto &s : amounts)
        j[s.source] = s.amount.toString();
    return j;
}

/// The result body whose digest is recorded: everything but provenance.
Json resultBody(const core::AttributionReport &r)
{
    Json j;
    j["dimension"] = r.dimension;
    j["currency"] = r.currency.code();
    j["total_usd"] = r.total.toString();
    j["unallocated_usd"] = r.unallocated.toString();
    j["unallocated_pct"] = r.unallocatedPct().toFixed(1);
    j["fallback_dimensions"] = r.fallbacks;
    j["fallback_usd"] = r.fallbackTotal.toString();
    Json byKey = Json::object();
    for (const auto &f : r.fallbackByKey)
        byKey[f.key] = f.amount.toString();
    j["fallback_by_key"] = byKey;
    j["by_source"] = sourceMap(r.bySource);
    Json buckets = Json::array();
    for (const auto &b : r.buckets) {
        Json bj;
        bj["key"] = b.key;
        bj["amount_usd"] = b.amount.toString();
        bj["by_source"] = sourceMap(b.bySource);
        bj["row_count"] = b.rows;
        buckets.push_back(bj);
    }
    j["buckets"] = buckets;
    return j;
}

Json provenance(const LoadedInput &in,
                const InputOptions &options,
                const std::vector<std::string> &argv,
                const Json &body,
                const core::Rules &rules)
{
    Json p = provenanceBase(
        {"report", recordedArguments(argv), rules.ownerKey, rules.fallbacks, rules.digest()},
        options, in);
    Json inputs = Json::array();
    for (const auto &s : in.inputs) {
        Json ij;
        ij["source"] = s.name;
        ij["status"] = s.status;
        ij["sha256"] = s.sha256.empty() ? Json() : Json("sha256:" + s.sha256);
        ij["bytes"] = s.status == "loaded" ? Json(s.bytes) : Json();
        ij["rows"] = s.rows;
        ij["detail"] = s.detail;
        inputs.push_back(ij);
    }
    p["inputs"] = inputs;
    Json batches = Json::array();
    for (const auto &b : in.batches) {
        Json bj;
        bj["id"] = b.id;
        bj["source"] = b.source;
        bj["status"] = core::toString(b.status);
        bj["reason"] = b.evidence.reason;
        bj["sha256"] = b.sha256;
        bj["rows"] = b.rowCount;
        batches.push_back(bj);
    }
    p["batches"] = batches;
    p["result_sha256"] = "sha256:" + core::sha256Hex(body.dump());
    return p;
}

/// What the seams say about this report: double counting and fallbacks onto non-owners.
struct SeamNotes
{
    core::OverlapReport overlap;
    bool deduplicated = false;
    core::Decimal removed;
    std::optional<core::FallbackIllusion> illusion;
};

void printSeams(const core::AttributionReport &r, const SeamNotes &notes, Io &io)
{
    const auto m = [&r](core::Decimal d) {
        return money(d, r.currency);
    };
    if (notes.deduplicated) {
        io.out << "  de-duplicated: " << m(notes.removed)
               << " of provider bills already counted in gateway rows was removed\n";
    } else if (notes.overlap.any()) {
        core::Decimal twice;
        std::string providers;
        for (const auto &p : notes.overlap.providers) {
            twice += p.overlap;
            providers += (providers.empty() ? "" : ", ") + p.provider;
        }
        io.out << "  warning: overlapping sources are summed: " << m(twice)
               << " is counted twice (gateway rows and the " << providers
               << " bill); use --dedupe\n";
    }
    if (notes.overlap.unknownProviderRows > 0)
        io.out << "  provider unknown for " << notes.overlap.unknownProviderRows
               << " gateway rows \u2014 re-import to match them\n";
    if (notes.illusion && notes.illusion->any()) {
        for (const auto &k : notes.illusion->keys) {
            if (!k.flagged())
                continue;
            io.out << "  fallback '" << k.key << "' allocated " << m(k.nonOwner)
                   << " to values that are never a '" << r.dimension << "' (";
            size_t shown = 0;
            for (const auto &v : k.values) {
                if (v.ownerValue)
                    continue;
                if (shown == 3) {
                    io.out << ", …";
                    break;
                }
                io.out << (shown++ ? ", " : "") << v.value;
            }
            io.out << ")\n";
        }
        io.out << "  without those fallbacks U would be "
               << percent(notes.illusion->uWithoutIllusionPct()) << '\n';
    }
}

void printText(const core::AttributionReport &r, const SeamNotes &notes, size_t top, Io &io)
{
    const auto m = [&r](core::Decimal d) {
        return money(d, r.currency);
    };
    io.out << "unalloc\n";
    io.out << "  " << percent(r.unallocatedPct()) << " of " << m(r.total)
           << " AI spend is unattributed\n";
    io.out << "  " << m(r.unallocated) << " has no '" << r.dimension << "' label";
    if (!r.fallbacks.empty())
        io.out << " (nor any fallback)";
    io.out << '\n';
    if (!r.fallbackTotal.isZero()) {
        std::string keys;
        for (const auto &f : r.fallbacks)
            keys += (keys.empty() ? "" : ", ") + f;
        io.out << "  " << m(r.fallbackTotal) << " (" << percent(r.fallbackPct())
               << ") attributed only via fallback (" << keys << ")\n";
    }
    printSeams(r, notes, io);
    io.out << '\n';

    TextTable owners("Spend by " + r.dimension);
    owners.addColumn(r.dimension);
    owners.addColumn("Cost", TextTable::Align::Right);
    owners.addColumn("Share", TextTable::Align::Right);
    owners.addColumn("Sources");
    owners.addColumn("Rows", TextTable::Align::Right);
    // The same folding as the explorer's "Spend by owner": the top owners, one line for the
    // rest, <unallocated> always shown and last.
    const core::SpendChart chart = core::spendByOwner(r, top);
    auto bucket = r.buckets.begin();
    for (const core::OwnerBar &bar : chart.bars) {
        if (bar.kind == core::OwnerBar::Kind::Others) {
            owners.addRow({"+ " + std::to_string(bar.folded) + " more", m(bar.amount),
                           percent(bar.sharePct), "", ""});
            continue;
        }
        const bool unallocated = bar.kind == core::OwnerBar::Kind::Unallocated;
        while (bucket != r.buckets.end() &&
               (bucket->unallocated != unallocated || bucket->key != bar.key))
            ++bucket;
        if (bucket == r.buckets.end())
            break; // cannot happen: every bar is a bucket of this report
        owners.addRow({bucket->key, m(bucket->amount), percent(r.sharePct(*bucket)),
                       bucket->sourceList(), std::to_string(bucket->rows)});
    }
    owners.print(io.out);
    io.out << '\n';

    TextTable sources("By source");
    sources.addColumn("Source");
    sources.addColumn("Cost", TextTable::Align::Right);
    sources.addColumn("Rows", TextTable::Align::Right);
    for (const auto &s : r.bySource)
        sources.addRow({s.source, m(s.amount), std::to_string(s.rows)});
    sources.addSeparator();
    sources.addRow({"total", m(r.total), std::to_string(r.rowCount)});
    sources.print(io.out);
    if (!notes.overlap.any())
        return;
    io.out << '\n';
    TextTable overlap(notes.deduplicated ? "Gateway vs provider bills (de-duplicated)"
                                         : "Gateway vs provider bills (counted twice above)");
    overlap.addColumn("Provider");
    overlap.addColumn("Gateway", TextTable::Align::Right);
    overlap.addColumn("Bill", TextTable::Align::Right);
    overlap.addColumn("Overlap", TextTable::Align::Right);
    overlap.addColumn("Bypass", TextTable::Align::Right);
    overlap.addColumn("Excess", TextTable::Align::Right);
    overlap.addColumn("Coverage", TextTable::Align::Right);
    overlap.addColumn("Bills");
    for (const auto &p : notes.overlap.providers)
        overlap.addRow({p.provider, money(p.gateway, p.currency), money(p.bill, p.currency),
                        money(p.overlap, p.currency), money(p.residual, p.currency),
                        money(p.excess, p.currency),
                        p.coveragePct ? percent(*p.coveragePct) : "\u2014",
                        p.granularity.empty() ? "\u2014" : p.granularity});
    overlap.print(io.out);
}

/// Pod rows that meter splits replace (ledger input): reports say which meter carries them.
void printMeterSplits(const std::vector<core::AppliedSplit> &splits, Io &io)
{
    if (!splits.empty())
        io.out << '\n';
    for (const core::AppliedSplit &s : splits)
        io.out << "meter split: " << s.podName << " " << money(s.amount.amount, s.amount.currency)
               << " split by " << s.meter << " (applied " << core::formatTimestamp(s.appliedAt)
               << "; split #" << s.splitId << ", " << s.parts << " rows replace row #" << s.rowId
               << ")\n";
}

Json meterSplitsJson(const std::vector<core::AppliedSplit> &splits)
{
    Json out = Json::array();
    for (const core::AppliedSplit &s : splits)
        out.push_back(Json{{"split_id", s.splitId},
                           {"row_id", s.rowId},
                           {"source", s.source},
                           {"pod", s.podName},
                           {"amount", s.amount.amount.toString()},
                           {"currency", s.amount.currency.code()},
                           {"meter", s.meter},
                           {"applied_at", core::formatTimestamp(s.appliedAt)},
                           {"parts", s.parts}});
    return out;
}

} // namespace

int runReport(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("report", "Attribute the spend to an owner label and show what nobody owns.");
    addInputOptions(parser);
    addOwnerOptions(parser);
    parser
        .option("top", 0, "N", "Owners shown in the table (default 20; <unallocated> always shown)")
        .flag("json", 0, "Machine-readable output (money as strings)")
        .option("budget", 0, "PCT", "Exit 2 when the exact unallocated share exceeds PCT")
        .flag("dedupe", 0, "Replace provider bill rows by what the gateway did not already count")
        .option("by", 0, "day|week|month",
                "Spend, U and F per period (a row counts in the period its charge starts in)");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    const auto top = args->count("top", 20);
    if (!top)
        return reportError(top.error(), io);
    const auto budget = args->percentage("budget");
    if (!budget)
        return reportError(budget.error(), io);
    std::optional<core::TrendStep> by;
    if (args->has("by")) {
        by = core::parseTrendStep(args->value("by"));
        if (!by)
            return reportError({"usage",
                                "--by takes day, week or month, not '" + args->value("by") + "'",
                                {},
                                {},
                                {}},
                               io);
    }
    auto in = readOwnedInput(*args, io);
    if (!in)
        return reportError(in.error(), io);
    const InputOptions *const inOpts = &in->options;
    LoadedInput *const input = &in->input;
    const core::AttributionOptions *const options = &in->owner;
    SeamNotes notes;
    core::OverlapOptions overlapOptions;
    overlapOptions.sources = options->sources; // match only within the sources being reported
    const core::CostCube *cube = &input->cube;
    std::optional<core::MergedLedger> merged;
    std::future<core::OverlapReport> overlap;
    if (args->has("dedupe")) {
        // Nothing reads the plain cube after this: it becomes the merged one, not copied.
        merged = core::deduplicate(std::move(input->cube), overlapOptions);
        notes.deduplicated = true;
        notes.removed = merged->removed;
        notes.overlap = merged->overlap;
        cube = &merged->cube;
    } else if (cube->labelSets().size() >= kOverlapBesideFrom) {
        // The double counting reads the cube as the attribution does (both only read it): on
        // a large ledger it gets a thread of its own meanwhile.
        overlap = std::async(std::launch::async,
                             [&] { return core::findOverlap(input->cube, overlapOptions); });
    } else {
        notes.overlap = core::findOverlap(input->cube, overlapOptions);
    }
    // The owner rule per label set once, for the report and the fallback seam.
    const core::SetResolution resolved = core::resolveSets(*cube, *options);
    auto report = core::attributeGroups(*cube, *options, resolved);
    if (!report)
        return reportError(report.error(), io);
    if (!options->fallbacks.empty()) {
        auto illusion = core::fallbackIllusion(*cube, *options, &resolved);
        if (!illusion)
            return reportError(illusion.error(), io);
        notes.illusion = *illusion;
    }
    if (overlap.valid())
        notes.overlap = overlap.get();
    if (report->rowCount == 0) {
        io.out << noRowsMessage(*inOpts, *input);
        return kExitError;
    }
    std::vector<core::TrendPeriod> periods;
    if (by) {
        auto cut = core::spendOverTime(*cube, *options, *by);
        if (!cut)
            return reportError(cut.error(), io);
        periods = std::move(*cut);
    }
    core::Rules rules = input->rules;
    rules.ownerKey = options->ownerKey;
    rules.fallbacks = options->fallbacks;
    const auto partial = incompleteBatches(*input);
    if (args->has("json")) {
        Json body = resultBody(*report);
        if (by) {
            body["by"] = core::toString(*by);
            body["periods"] = periodsJson(periods, *by);
        }
        Json out = body;
        out["complete"] = partial.empty();
        out["deduplicated"] = notes.deduplicated;
        Json overlap = Json::array();
        for (const auto &p : notes.overlap.providers)
            overlap.push_back(
                Json{{"provider", p.provider},
                     {"gateway_usd", p.gateway.toString()},
                     {"bill_usd", p.bill.toString()},
                     {"overlap_usd", p.overlap.toString()},
                     {"residual_usd", p.residual.toString()},
                     {"excess_usd", p.excess.toString()},
                     {"coverage_pct", p.coveragePct ? Json(p.coveragePct->toFixed(1)) : Json()},
                     {"matched_bills", p.granularity}});
        out["overlap"] = overlap;
        if (notes.overlap.unknownProviderRows > 0)
            out["gateway_rows_provider_unknown"] = notes.overlap.unknownProviderRows;
        if (notes.illusion) {
            Json keys = Json::array();
            for (const auto &k : notes.illusion->keys)
                keys.push_back(Json{{"key", k.key},
                                    {"allocated_usd", k.allocated.toString()},
                                    {"non_owner_usd", k.nonOwner.toString()},
                                    {"flagged", k.flagged()}});
            out["fallback_illusion"] = Json{{"keys", keys},
                                            {"unallocated_pct_without_illusion",
                                             notes.illusion->uWithoutIllusionPct().toFixed(1)}};
        }
        if (input->mode == "ledger")
            out["meter_splits"] = meterSplitsJson(input->meterSplits);
        out["provenance"] = provenance(*input, *inOpts, argv, body, rules);
        io.out << out.dump(2) << '\n';
    } else {
        for (const auto &p : partial)
            io.out << "warning: incomplete data — " << p << '\n';
        if (by) {
            printPeriods(periods, *by, *report, io);
        } else {
            printText(*report, notes, *top, io);
            printMeterSplits(input->meterSplits, io);
        }
    }
    for (const auto &p : partial)
        io.err << "warning: numbers include an incomplete batch: " << p << '\n';
    if (*budget && report->exceedsBudget(**budget)) {
        // Show enough places that the printed U visibly exceeds the budget (73.51% > 73.5%).
        int places = 1;
        while (places < 6 && report->unallocatedPct(places) <= **budget)
            ++places;
        io.err << "unallocated " << report->unallocatedPct(places).toFixed(places)
               << "% exceeds budget " << shortNumber(**budget) << "%\n";
        return kExitBudget;
    }
    return kExitOk;
}

} // namespace unalloc::cli
