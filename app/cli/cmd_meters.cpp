// `unalloc meters`: split one shared inference pod among its tenants under every telemetry
// meter (tokens, list price, time share, KV memory), show the gaps, optionally apply one.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "adapters/adapter.h"
#include "core/ledger/ledgerstore.h"
#include "core/meters/metercompare.h"
#include "core/meters/telemetrymeters.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
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

core::TimeUs secondsToUs(double s)
{
    return static_cast<core::TimeUs>(std::llround(s * 1e6));
}

/// vLLM benchmark request records (studies.md §7.2); nullopt when the bytes are not that shape.
std::optional<core::TelemetryRecords> benchRecords(std::string_view bytes)
{
    const Json doc = Json::parse(bytes, nullptr, false);
    if (!doc.is_object() || !doc.contains("requests") || !doc["requests"].is_array())
        return std::nullopt;
    const core::TimeUs origin = secondsToUs(doc.value("started_unix", 0.0));
    core::TelemetryRecords out;
    for (const Json &r : doc["requests"]) {
        const Json usage = r.value("usage", Json());
        if (!r.is_object() || !r.value("first", Json()).is_number() || !usage.is_object() ||
            !r.value("error", Json()).is_null()) {
            ++out.skipped; // errored or never produced a token: not served
            continue;
        }
        core::RequestRecord rec;
        rec.tenant = r.value("team", Json()).is_string() ? r["team"].get<std::string>() : "";
        rec.sendUs = origin + secondsToUs(r.value("send", 0.0));
        rec.firstUs = origin + secondsToUs(r["first"].get<double>());
        rec.doneUs = origin + secondsToUs(r.value("done", 0.0));
        rec.promptTokens = usage.value("prompt_tokens", std::int64_t(0));
        rec.completionTokens = usage.value("completion_tokens", std::int64_t(0));
        const Json details = usage.value("prompt_tokens_details", Json());
        if (details.is_object())
            rec.cachedTokens = details.value("cached_tokens", std::int64_t(0));
        out.records.push_back(std::move(rec));
    }
    return out;
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
        std::optional<core::TelemetryRecords> recs = benchRecords(*bytes);
        if (!recs) {
            adapters::ReadOptions opts;
            opts.fileName = file;
            opts.normaliser = &normaliser;
            auto loaded = adapters::readBytes(*bytes, opts);
            if (!loaded)
                return core::fail(loaded.error());
            recs = core::requestsFromRows(loaded->rows, ownerKey);
        }
        all.skipped += recs->skipped;
        for (core::RequestRecord &r : recs->records)
            all.records.push_back(std::move(r));
    }
    return all;
}

/// Rows of the ledger that carry request usage inside the pod's window.
core::Result<core::TelemetryRecords> telemetryFromLedger(const core::LedgerStore &store,
                                                         const core::CostRow &pod,
                                                         const std::string &ownerKey)
{
    core::LedgerRowFilter filter;
    filter.from = pod.start;
    filter.to = pod.end;
    core::TelemetryRecords all;
    constexpr std::int64_t kPage = 20'000;
    for (std::int64_t offset = 0;; offset += kPage) {
        auto page = store.rows(filter, core::LedgerSort::Start, true, offset, kPage);
        if (!page)
            return core::fail(page.error());
        for (const core::LedgerRow &lr : *page) {
            if (!lr.row.usage)
                continue;
            if (auto r = core::requestFromRow(lr.row, ownerKey))
                all.records.push_back(std::move(*r));
            else
                ++all.skipped;
        }
        if (static_cast<std::int64_t>(page->size()) < kPage)
            break;
    }
    return all;
}

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

} // namespace

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

int printResult(const MetersArgs &m,
                const core::LedgerRow &pod,
                const core::TelemetryRecords &t,
                const std::vector<core::MeterSplit> &splits,
                const core::MeterComparison &cmp,
                Io &io)
{
    if (m.json) {
        Json doc{{"pod", Json{{"id", pod.id},
                              {"name", pod.row.name},
                              {"amount", pod.row.amount.amount.toString()},
                              {"currency", pod.row.amount.currency.code()},
                              {"start", core::formatTimestamp(pod.row.start)},
                              {"end", core::formatTimestamp(pod.row.end)}}},
                 {"owner_key", m.ownerKey},
                 {"requests", t.records.size()},
                 {"skipped", t.skipped}};
        doc.update(meterJson(splits, cmp));
        io.out << doc.dump(2) << '\n';
        return kExitOk;
    }
    io.out << "Pod #" << pod.id << " " << pod.row.name << ": "
           << money(pod.row.amount.amount, pod.row.amount.currency) << ", "
           << core::formatTimestamp(pod.row.start) << " to " << core::formatTimestamp(pod.row.end)
           << "\n"
           << t.records.size() << " requests by " << m.ownerKey;
    if (t.skipped > 0)
        io.out << " (" << t.skipped << " without usage or first token skipped)";
    io.out << "\n\n";
    printMeterTables(splits, cmp, io);
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
    auto telemetry = m->telemetry.empty() ? telemetryFromLedger(**store, pod->row, m->ownerKey)
                                          : telemetryFromFiles(m->telemetry, m->ownerKey);
    if (!telemetry)
        return reportError(telemetry.error(), io);
    if (telemetry->records.empty())
        return reportError({"no-telemetry",
                            "no request with usage and a first token for this "
                            "pod's window; pass --telemetry FILE",
                            m->ledger,
                            {},
                            {}},
                           io);
    auto splits = core::telemetryMeters(telemetry->records, pod->row.amount, policy, m->options);
    if (!splits)
        return reportError(splits.error(), io);
    const core::PodCost cost{pod->row.amount, pod->row.start, pod->row.end};
    const core::MeterComparison cmp = core::compareMeters(*splits, cost);
    if (m->apply) {
        if (auto ok = applyMeter(**store, *m, *pod, *splits, io); !ok)
            return reportError(ok.error(), io);
    }
    return printResult(*m, *pod, *telemetry, *splits, cmp, io);
}

} // namespace unalloc::cli
