#include "fuzzentry.h"

#include "adapters/adapter.h"
#include "adapters/vllm/vllmbench.h"
#include "core/decimal.h"
#include "core/labels.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace unalloc::fuzz {

namespace {

[[noreturn]] void broken(const std::string &what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

// Which adapters a target drives: the formats of one importer family share their code.
const std::map<std::string, std::vector<std::string>, std::less<>> &adapterTargets()
{
    static const std::map<std::string, std::vector<std::string>, std::less<>> targets = {
        {"opencost-json", {"opencost-allocation-json"}},
        {"opencost-csv", {"opencost-export-csv"}},
        {"litellm", {"litellm-spend-logs-json", "litellm-global-spend-report-json"}},
        {"openai", {"openai-costs-json", "openai-usage-completions-json"}},
        {"anthropic", {"anthropic-cost-report-json", "anthropic-usage-report-json"}},
        {"focus", {"focus-csv"}},
        {"invoices", {"invoices-json", "invoices-csv"}},
    };
    return targets;
}

void readWith(const adapters::Adapter &adapter, std::string_view bytes, bool skipInvalid)
{
    core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = "fuzz-input";
    options.normaliser = &normaliser;
    options.skipInvalid = skipInvalid;
    std::int64_t rows = 0;
    std::map<std::string, core::Decimal> sums;
    const auto sink = [&](core::CostRow &&row) {
        ++rows;
        if (row.end < row.start)
            broken(adapter.id() + ": a row window ends before it starts");
        auto &sum = sums[row.amount.currency.code()];
        sum += row.amount.amount;
    };
    const auto result = adapter.read(bytes, options, sink);
    if (!result)
        return;
    const core::ImportBatch &batch = result->batch;
    if (batch.rowCount != rows)
        broken(adapter.id() + ": rowCount " + std::to_string(batch.rowCount) + " but " +
               std::to_string(rows) + " rows delivered");
    for (const core::Money &total : batch.totals) {
        const auto it = sums.find(total.currency.code());
        const core::Decimal delivered = it == sums.end() ? core::Decimal() : it->second;
        if (delivered != total.amount)
            broken(adapter.id() + ": total " + total.toString() + " but rows sum to " +
                   delivered.toString());
    }
}

void runAdapters(const std::vector<std::string> &ids, std::string_view bytes)
{
    const auto &registry = adapters::Registry::instance();
    // Detection runs on every input: it must never crash whatever it decides.
    if (!registry.detect(bytes, "fuzz-input"))
        (void)registry.unrecognised(bytes, "fuzz-input");
    // The parity of the size picks the mode, so both modes see every seed shape.
    const bool skipInvalid = bytes.size() % 2 == 1;
    for (const std::string &id : ids) {
        const adapters::Adapter *adapter = registry.byId(id);
        if (!adapter)
            broken("no adapter " + id);
        (void)adapter->canRead(bytes, "fuzz-input");
        readWith(*adapter, bytes, skipInvalid);
    }
}

void runVllm(std::string_view bytes)
{
    (void)adapters::isVllmBench(bytes);
    const auto read = adapters::readVllmBench(bytes, "fuzz-input");
    if (!read)
        return;
    for (const auto &record : read->telemetry.records) {
        if (record.firstUs < record.sendUs || record.doneUs < record.firstUs)
            broken("vllm-bench: a request's times go backwards");
    }
}

void runDecimal(std::string_view bytes)
{
    bool rounded = false;
    const auto value = core::Decimal::parse(bytes, &rounded);
    if (!value)
        return;
    const std::string text = value->toString();
    const auto again = core::Decimal::parse(text);
    if (!again || *again != *value)
        broken("decimal: \"" + text + "\" does not parse back to itself");
    for (int places = 0; places <= core::Decimal::kScale; places += 6)
        (void)value->toFixed(places);
}

// Lines "key=value" (or "key" alone) are raw labels; the reversed order must give the same
// labels and collisions, and a canonical key must be its own canonical key.
void runLabels(std::string_view bytes)
{
    core::RawLabels raw;
    while (!bytes.empty()) {
        const size_t eol = std::min(bytes.find('\n'), bytes.size());
        const std::string_view line = bytes.substr(0, eol);
        const size_t eq = line.find('=');
        raw.push_back({std::string(line.substr(0, eq)), eq == std::string_view::npos
                                                            ? std::string()
                                                            : std::string(line.substr(eq + 1))});
        bytes.remove_prefix(std::min(eol + 1, bytes.size()));
    }
    core::LabelNormaliser forward;
    const core::NormalisedLabels a = forward.normalise(raw);
    std::reverse(raw.begin(), raw.end());
    core::LabelNormaliser backward;
    const core::NormalisedLabels b = backward.normalise(raw);
    if (a.labels != b.labels || a.collisions != b.collisions)
        broken("labels: the result depends on the order of the raw labels");
    for (const auto &[key, value] : a.labels.entries()) {
        if (forward.canonicalKey(key) != key)
            broken("labels: canonical key \"" + key + "\" is not canonical");
    }
}

} // namespace

const std::vector<std::string> &targetNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const auto &[name, ids] : adapterTargets())
            n.push_back(name);
        n.insert(n.end(), {"vllm-bench", "decimal", "labels"});
        std::sort(n.begin(), n.end());
        return n;
    }();
    return names;
}

bool runOne(std::string_view target, std::string_view bytes)
{
    if (const auto it = adapterTargets().find(target); it != adapterTargets().end())
        runAdapters(it->second, bytes);
    else if (target == "vllm-bench")
        runVllm(bytes);
    else if (target == "decimal")
        runDecimal(bytes);
    else if (target == "labels")
        runLabels(bytes);
    else
        return false;
    return true;
}

} // namespace unalloc::fuzz
