// `unalloc meters`: split one shared inference pod among its tenants under every telemetry
// meter (tokens, list price, time share, KV memory), show the gaps, optionally apply one.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "adapters/adapter.h"
#include "adapters/vllm/vllmbench.h"
#include "core/analysis/metersnapshot.h"
#include "core/ledger/ledgerstore.h"
#include "core/meters/metercompare.h"
#include "core/meters/telemetrymeters.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace unalloc::cli {

using Json = nlohmann::ordered_json;

// The meter table and its JSON are shared with `unalloc simulate` (cmd_simulate.cpp).

std::string sharePercent(core::Decimal share)
{
    return core::Decimal::percent(share, core::Decimal::fromInt(1), 2).toFixed(2) + "%";
}

std::string tenantLabel(const core::MeterRow &row)
{
    if (row.overhead)
        return "__overhead__ (no tenant)";
    if (row.tenant.empty())
        return "<unlabeled>";
    if (row.owner.empty())
        return row.tenant + " (no owner label)";
    return row.owner == row.tenant ? row.tenant : row.tenant + " (" + row.owner + ")";
}

void printMeterTables(const std::vector<core::MeterSplit> &splits,
                      const core::MeterComparison &cmp,
                      Io &io)
{
    if (splits.empty())
        return;
    const core::OverheadPolicy policy = splits.front().policy;
    TextTable shares("Share of the pod by meter (overhead kept as its own row)");
    TextTable dollars("Dollars by meter, overhead " + std::string(core::policyId(policy)) + " (" +
                      money(splits.front().cost.amount, splits.front().cost.currency) + ")");
    shares.addColumn("Tenant");
    dollars.addColumn("Tenant");
    for (const core::MeterSplit &s : splits) {
        shares.addColumn(std::string(core::meterId(s.kind)), TextTable::Align::Right);
        dollars.addColumn(std::string(core::meterId(s.kind)), TextTable::Align::Right);
    }
    for (size_t r = 0; r < splits.front().rows.size(); ++r) {
        const core::MeterRow &head = splits.front().rows[r];
        std::vector<std::string> s{tenantLabel(head)}, d{tenantLabel(head)};
        for (const core::MeterSplit &split : splits) {
            const core::MeterRow &row = split.rows[r];
            s.push_back(sharePercent(row.share));
            d.push_back(money(row.amount.amount, row.amount.currency));
        }
        if (head.overhead) {
            shares.addSeparator();
            dollars.addSeparator();
        }
        shares.addRow(std::move(s));
        dollars.addRow(std::move(d));
    }
    shares.print(io.out);
    io.out << '\n';
    dollars.print(io.out);
    if (!cmp.largest)
        return;
    io.out << "\nLargest gap between meters per tenant (overhead redistributed), monthly cost "
           << money(cmp.monthlyCost.amount, cmp.monthlyCost.currency) << ":\n";
    for (const core::TenantGap &g : cmp.perTenant)
        io.out << "  " << (g.tenant.empty() ? "<unlabeled>" : g.tenant) << ": "
               << g.points.toFixed(1) << " pts (" << core::meterId(g.high) << " over "
               << core::meterId(g.low) << "), " << money(g.perMonth.amount, g.perMonth.currency)
               << " a month at stake\n";
    io.out << "Largest: " << (cmp.largest->tenant.empty() ? "<unlabeled>" : cmp.largest->tenant)
           << ", " << cmp.largest->points.toFixed(1)
           << " pts = " << money(cmp.largest->perMonth.amount, cmp.largest->perMonth.currency)
           << " a month\n";
}

Json meterJson(const std::vector<core::MeterSplit> &splits, const core::MeterComparison &cmp)
{
    Json meters = Json::array();
    for (const core::MeterSplit &s : splits) {
        Json rows = Json::array();
        for (const core::MeterRow &r : s.rows)
            rows.push_back(Json{{"tenant", r.overhead ? "__overhead__" : r.tenant},
                                {"owner", r.owner.empty() ? Json() : Json(r.owner)},
                                {"overhead", r.overhead},
                                {"quantity", r.quantity.toString()},
                                {"share", r.share.toString()},
                                {"redistributed_share", r.redistributedShare.toString()},
                                {"amount", r.amount.amount.toString()}});
        meters.push_back(Json{{"meter", core::meterId(s.kind)},
                              {"unit", core::meterUnit(s.kind)},
                              {"policy", core::policyId(s.policy)},
                              {"currency", s.cost.currency.code()},
                              {"rows", rows}});
    }
    auto gapJson = [](const core::TenantGap &g) {
        return Json{{"tenant", g.tenant},
                    {"high", core::meterId(g.high)},
                    {"low", core::meterId(g.low)},
                    {"points", g.points.toString()},
                    {"per_month", g.perMonth.amount.toString()}};
    };
    Json gaps = Json::array();
    for (const core::TenantGap &g : cmp.perTenant)
        gaps.push_back(gapJson(g));
    return Json{{"meters", meters},
                {"monthly_cost", cmp.monthlyCost.amount.toString()},
                {"gaps", gaps},
                {"largest_gap", cmp.largest ? gapJson(*cmp.largest) : Json()}};
}

namespace {

core::Result<std::string> readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return core::fail("io", "cannot open file", path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

core::Result<core::TelemetryRecords> telemetryFromFiles(const std::vector<std::string> &files,
                                                        const std::string &ownerKey)
{
    core::TelemetryRecords all;
    core::LabelNormaliser normaliser;
    for (const std::string &file : files) {
        auto bytes = readFile(file);
        if (!bytes)
            return core::fail(bytes.error());
        core::TelemetryRecords recs;
        if (adapters::isVllmBench(*bytes)) {
            auto bench = adapters::readVllmBench(*bytes, file);
            if (!bench)
                return core::fail(bench.error());
            recs = std::move(bench->telemetry);
        } else {
            adapters::ReadOptions opts;
            opts.fileName = file;
            opts.normaliser = &normaliser;
            auto loaded = adapters::readBytes(*bytes, opts);
            if (!loaded)
                return core::fail(loaded.error());
            recs = core::requestsFromRows(loaded->rows, ownerKey);
        }
        all.skipped += recs.skipped;
        for (core::RequestRecord &r : recs.records)
            all.records.push_back(std::move(r));
    }
    return all;
}

} // namespace

// Shared with `unalloc breakeven --pod`.
core::Result<core::LedgerRow> findPod(const core::LedgerStore &store, const std::string &pod)
{
    if (!pod.empty() && pod.find_first_not_of("0123456789") == std::string::npos &&
        pod.size() < 18) {
        auto row = store.rowById(std::stoll(pod));
        if (!row)
            return core::fail(row.error());
        if (*row)
            return **row;
    }
    core::LedgerRowFilter filter;
    filter.text = pod;
    auto rows = store.rows(filter, core::LedgerSort::Start, true, 0, 10'000);
    if (!rows)
        return core::fail(rows.error());
    std::vector<core::LedgerRow> hits;
    for (core::LedgerRow &r : *rows) {
        if (r.row.name == pod && r.derivedFrom.empty()) // a split pod is still found
            hits.push_back(std::move(r));
    }
    if (hits.empty())
        return core::fail("pod-not-found", "no row named or numbered '" + pod + "'");
    if (hits.size() > 1) {
        std::string ids;
        for (const core::LedgerRow &r : hits)
            ids += (ids.empty() ? "" : ", ") + std::to_string(r.id);
        return core::fail("usage",
                          "several rows are named '" + pod + "' (ids " + ids + "); pass --pod ID");
    }
    return hits.front();
}

namespace {

struct MetersArgs
{
    std::string ledger;
    std::string pod;
    std::vector<std::string> telemetry;
    std::string ownerKey;
    std::optional<core::OverheadPolicy> policy;
    core::TelemetryOptions options;
    std::optional<core::MeterKind> apply;
    bool json = false;
};

core::Result<MetersArgs> metersArgs(const ParsedArgs &a)
{
    MetersArgs m;
    m.ledger = a.value("ledger");
    m.pod = a.value("pod");
    if (m.ledger.empty() || m.pod.empty())
        return core::fail("usage", "meters needs --ledger FILE and --pod NAME_OR_ID");
    m.telemetry = a.values("telemetry");
    m.ownerKey = a.value("owner-key");
    m.json = a.has("json");
    if (a.has("policy")) {
        m.policy = core::policyFromId(a.value("policy"));
        if (!m.policy)
            return core::fail("usage", "--policy expects keep or redistribute");
    }
    if (a.has("apply")) {
        m.apply = core::meterFromId(a.value("apply"));
        const auto &kinds = core::telemetryMeterKinds();
        if (!m.apply || std::find(kinds.begin(), kinds.end(), *m.apply) == kinds.end())
            return core::fail("usage", "--apply expects tokens, list_price, time_share or "
                                       "kv_memory");
    }
    const std::string tick = a.value("tick-ms", "50");
    const std::string cap = a.value("kv-capacity", "");
    const auto digits = [](const std::string &t) {
        return !t.empty() && t.size() < 12 && t.find_first_not_of("0123456789") == t.npos;
    };
    if (!digits(tick) || std::stoll(tick) == 0)
        return core::fail("usage", "--tick-ms expects a positive integer");
    m.options.tickUs = std::stoll(tick) * 1000;
    if (!cap.empty()) {
        if (!digits(cap))
            return core::fail("usage", "--kv-capacity expects a token count");
        m.options.kvCapacityTokens = std::stoll(cap);
    }
    return m;
}

int printResult(const MetersArgs &m, const core::MeterSnapshot &meters, Io &io)
{
    const core::CostRow &pod = meters.pod.row;
    if (m.json) {
        Json doc{{"pod", Json{{"id", meters.pod.rowId},
                              {"name", pod.name},
                              {"amount", pod.amount.amount.toString()},
                              {"currency", pod.amount.currency.code()},
                              {"start", core::formatTimestamp(pod.start)},
                              {"end", core::formatTimestamp(pod.end)}}},
                 {"owner_key", m.ownerKey},
                 {"requests", meters.requests},
                 {"skipped", meters.skipped}};
        doc.update(meterJson(meters.splits, meters.comparison));
        io.out << doc.dump(2) << '\n';
        return kExitOk;
    }
    io.out << "Pod #" << meters.pod.rowId << " " << pod.name << ": "
           << money(pod.amount.amount, pod.amount.currency) << ", "
           << core::formatTimestamp(pod.start) << " to " << core::formatTimestamp(pod.end) << "\n"
           << meters.requests << " requests by " << m.ownerKey;
    if (meters.skipped > 0)
        io.out << " (" << meters.skipped << " without usage or first token skipped)";
    io.out << "\n\n";
    printMeterTables(meters.splits, meters.comparison, io);
    return kExitOk;
}

/// Writes the chosen meter's split rows into the ledger in place of the pod row.
core::Result<void> applyMeter(core::LedgerStore &store,
                              const MetersArgs &m,
                              const core::LedgerRow &pod,
                              const std::vector<core::MeterSplit> &splits,
                              Io &io)
{
    const auto it = std::find_if(splits.begin(), splits.end(),
                                 [&m](const core::MeterSplit &s) { return s.kind == *m.apply; });
    const auto parts = core::splitRows(pod.row, *it, m.ownerKey);
    auto id = store.applySplit(pod.id, std::string(core::meterId(*m.apply)), parts);
    if (!id)
        return core::fail(id.error());
    if (!m.json)
        io.out << "Applied " << core::meterId(*m.apply) << " to pod #" << pod.id << " as split #"
               << *id << " (" << parts.size() << " rows).\n\n";
    return {};
}

} // namespace

int runMeters(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("meters", "Split a shared inference pod among its tenants under each meter.");
    parser.option("ledger", 0, "FILE", "The .unalloc ledger")
        .option("pod", 0, "NAME_OR_ID", "The pod row: its ledger id or its exact name")
        .option("telemetry", 0, "FILE",
                "Request telemetry (LiteLLM spend logs or vLLM bench "
                "JSON); default: the ledger's rows with usage")
        .option("owner-key", 0, "KEY", "Label naming the tenant (default: the ledger's owner key)")
        .option("policy", 0, "keep|redistribute", "Overhead policy (default: the ledger's rules)")
        .option("tick-ms", 0, "N", "Time-share tick in milliseconds (default 50)")
        .option("kv-capacity", 0, "TOKENS", "KV pool size, so the KV meter shows unheld memory")
        .option("apply", 0, "METER", "Write this meter's split into the ledger")
        .flag("json", 0, "Machine-readable output (money as strings)");
    auto parsed = parser.parse(argv);
    if (!parsed)
        return reportError(parsed.error(), io);
    if (parsed->helpRequested()) {
        io.out << parser.help();
        return kExitOk;
    }
    auto m = metersArgs(*parsed);
    if (!m)
        return reportError(m.error(), io);
    auto store = core::LedgerStore::open(m->ledger, !m->apply.has_value());
    if (!store)
        return reportError(store.error(), io);
    auto rules = (*store)->rules();
    if (!rules)
        return reportError(rules.error(), io);
    if (m->ownerKey.empty())
        m->ownerKey = rules->ownerKey;
    const core::OverheadPolicy policy = m->policy.value_or(
        core::policyFromId(rules->overheadPolicy).value_or(core::OverheadPolicy::Keep));
    m->options.prices.cachedInput = rules->cachedWeight;
    m->options.prices.output = rules->outputWeight;
    auto pod = findPod(**store, m->pod);
    if (!pod)
        return reportError(pod.error(), io);
    // The view lists only cluster cost objects as pods; the CLI splits nothing else either.
    if (!core::isClusterWorkload(pod->row.labels))
        return reportError({"not-a-pod",
                            "row #" + std::to_string(pod->id) + " '" + pod->row.name +
                                "' is not a cluster cost object (no namespace, controller or "
                                "pod label): meters split an OpenCost/FOCUS workload that "
                                "request telemetry is routed to, never a provider's bill line",
                            m->ledger,
                            {},
                            {}},
                           io);
    // The ledger's own telemetry goes through the function the Meter comparison view calls.
    const core::PodCandidate candidate{pod->id, pod->row, 0, std::nullopt};
    core::Result<core::MeterSnapshot> meters = core::fail("internal", "not computed");
    if (m->telemetry.empty()) {
        auto read = core::podMeters(**store, candidate, m->ownerKey, policy, m->options);
        meters = read ? core::Result<core::MeterSnapshot>(std::move(read->snapshot))
                      : core::fail(read.error());
    } else {
        auto telemetry = telemetryFromFiles(m->telemetry, m->ownerKey);
        meters = telemetry
                     ? core::meterSnapshot(*telemetry, candidate, m->ownerKey, policy, m->options)
                     : core::fail(telemetry.error());
    }
    if (!meters)
        return reportError(meters.error(), io);
    if (meters->requests == 0)
        return reportError({"no-telemetry",
                            "no request with usage and a first token for this pod's window "
                            "and model; pass --telemetry FILE",
                            m->ledger,
                            {},
                            {}},
                           io);
    if (m->apply) {
        if (auto ok = applyMeter(**store, *m, *pod, meters->splits, io); !ok)
            return reportError(ok.error(), io);
    }
    return printResult(*m, *meters, io);
}

} // namespace unalloc::cli
