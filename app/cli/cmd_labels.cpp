// `unalloc labels`: the labelling backlog, the keys available, and key collisions.
#include "command.h"
#include "input.h"
#include "ownerargs.h"
#include "provenance.h"
#include "textformat.h"

#include "core/attribution.h"
#include "core/currencyselect.h"
#include "core/seams/collisionreport.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <iomanip>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

int printAvailable(const LoadedInput &in,
                   bool json,
                   const std::function<void(Json &)> &stamp,
                   Io &io)
{
    const auto keys = core::availableKeys(in.cube);
    if (json) {
        Json arr = Json::array();
        for (const auto &[k, n] : keys)
            arr.push_back(Json{{"key", k}, {"rows", n}});
        Json out{{"rows", in.cube.rowCount()}, {"keys", arr}};
        stamp(out);
        io.out << out.dump(2) << '\n';
        return kExitOk;
    }
    for (const auto &[k, n] : keys)
        io.out << std::setw(6) << n << "  " << k << '\n';
    return kExitOk;
}

int printCollisions(const LoadedInput &in, const InputOptions &options, bool json, Io &io)
{
    const auto collisions = core::collisionReport(in.cube, options.fromDay, options.toDay);
    if (json) {
        Json arr = Json::array();
        for (const auto &c : collisions)
            arr.push_back(Json{{"key", c.canonicalKey},
                               {"raw_keys", c.rawKeys},
                               {"winner", c.winnerRawKey},
                               {"currency", c.currency.code()},
                               {"amount", c.amount.toString()},
                               {"rows", c.rows}});
        io.out << arr.dump(2) << '\n';
        return kExitOk;
    }
    if (collisions.empty()) {
        const bool selected = !options.sources.empty() || !options.batches.empty() ||
                              options.fromDay || options.toDay;
        io.out << (selected ? "No label-key collisions in the selection"
                            : "No label-key collisions")
               << ": every canonical key came from one raw key per row.\n";
        return kExitOk;
    }
    TextTable t("Label-key collisions — raw keys merged into one canonical key");
    t.addColumn("Key");
    t.addColumn("Raw keys (winner first)");
    t.addColumn("Winner");
    t.addColumn("Cost affected", TextTable::Align::Right);
    t.addColumn("Rows", TextTable::Align::Right);
    for (const auto &c : collisions)
        t.addRow({c.canonicalKey, c.rawKeys, c.winnerRawKey, money(c.amount, c.currency),
                  std::to_string(c.rows)});
    t.print(io.out);
    return kExitOk;
}

} // namespace

int runLabels(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("labels",
                     "Show the labelling backlog: what nobody owns, most expensive first.");
    addInputOptions(parser);
    addOwnerOptions(parser);
    parser.option("limit", 0, "N", "Rows in the backlog (default 20; 0 = all)")
        .flag("available", 0, "List every label key with the number of rows that carry it")
        .flag("collisions", 0, "List raw keys merged into one canonical key, with dollars")
        .flag("json", 0, "Machine-readable output");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    const auto limit = args->count("limit", 20);
    if (!limit)
        return reportError(limit.error(), io);
    auto in = readInput(*args, io);
    if (!in)
        return reportError(in.error(), io);
    const InputOptions *const inOpts = &in->options;
    LoadedInput *const input = &in->input;
    // Rows outside the --from/--to period are no backlog: an empty period is not "nothing
    // unallocated" but a selection that left nothing to look at.
    std::int64_t inPeriod = 0;
    for (const core::CurrencyRows &c :
         core::currencyRows(input->cube, inOpts->fromDay, inOpts->toDay))
        inPeriod += c.rows;
    if (input->cube.rowCount() == 0 || inPeriod == 0) {
        io.out << noRowsMessage(*inOpts, *input);
        return kExitError;
    }
    const bool json = args->has("json");
    const auto stamp = [&](Json &out, const std::string &ownerKey,
                           const std::vector<std::string> &fallbacks) {
        core::Rules rules = input->rules;
        if (!ownerKey.empty()) {
            rules.ownerKey = ownerKey;
            rules.fallbacks = fallbacks;
        }
        stampLedgerResult(out,
                          {"labels", recordedArguments(argv), ownerKey, fallbacks, rules.digest()},
                          *inOpts, *input);
    };
    if (args->has("available"))
        return printAvailable(
            *input, json, [&](Json &out) { stamp(out, {}, {}); }, io);
    if (args->has("collisions"))
        return printCollisions(*input, *inOpts, json, io);
    auto options = ownerOptions(*args, *inOpts, input->rules);
    if (!options)
        return reportError(options.error(), io);
    auto items = core::backlog(input->cube, *options, *limit);
    if (!items)
        return reportError(items.error(), io);
    if (json) {
        Json arr = Json::array();
        for (const auto &it : *items) {
            Json keys = Json::array();
            for (const auto &[k, v] : it.labels.entries())
                keys.push_back(k);
            arr.push_back(Json{{"source", it.source},
                               {"name", it.name},
                               {"amount_usd", it.amount.toString()},
                               {"rows", it.rows},
                               {"labels", keys}});
        }
        Json out{{"dimension", options->ownerKey},
                 {"fallback_dimensions", options->fallbacks},
                 {"backlog", arr}};
        stamp(out, options->ownerKey, options->fallbacks);
        io.out << out.dump(2) << '\n';
        return kExitOk;
    }
    if (items->empty()) {
        io.out << "Nothing unallocated. Ship it.\n";
        return kExitOk;
    }
    TextTable t("Labeling backlog \u2014 rows missing '" + options->ownerKey + "', by cost");
    t.addColumn("#", TextTable::Align::Right);
    t.addColumn("Source");
    t.addColumn("Cost object");
    t.addColumn("Cost", TextTable::Align::Right);
    t.addColumn("Labels it does have");
    size_t n = 0;
    for (const auto &it : *items) {
        const std::string keys = it.labels.keyList();
        t.addRow({std::to_string(++n), it.source, it.name, money(it.amount),
                  keys.empty() ? "none" : keys});
    }
    t.print(io.out);
    return kExitOk;
}

} // namespace unalloc::cli
