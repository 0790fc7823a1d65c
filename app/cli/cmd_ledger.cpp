// `unalloc ledger`: what a ledger holds, batch by batch, with completeness.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "core/ledger/ledgerstore.h"
#include "core/timeutil.h"

#include <nlohmann/json.hpp>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string windowText(const core::ImportBatch &b)
{
    if (!b.windowStart || !b.windowEnd)
        return "\u2014";
    return core::formatDate(*b.windowStart) + " .. " + core::formatDate(*b.windowEnd);
}

Json recordJson(const core::BatchRecord &r)
{
    const core::ImportBatch &b = r.batch;
    Json totals = Json::object();
    for (const core::Money &m : b.totals)
        totals[m.currency.code()] = m.amount.toString();
    Json warnings = Json::array();
    for (const core::Warning &w : b.warnings)
        warnings.push_back({{"code", w.code},
                            {"file", w.file},
                            {"record", w.record},
                            {"field", w.field},
                            {"detail", w.detail}});
    return Json{
        {"batch", b.id},
        {"imported_at", core::formatTimestamp(b.importedAt)},
        {"source", b.source},
        {"format", b.format},
        {"origin", b.origin},
        {"sha256", b.sha256},
        {"window_start", b.windowStart ? Json(core::formatTimestamp(*b.windowStart)) : Json()},
        {"window_end", b.windowEnd ? Json(core::formatTimestamp(*b.windowEnd)) : Json()},
        {"rows_read", b.rowCount},
        {"rows_added", r.rowsAdded},
        {"duplicates", r.duplicates},
        {"rounded_values", b.roundedValues},
        {"totals", totals},
        {"status", core::toString(b.status)},
        {"reason", b.evidence.reason},
        {"warnings", warnings}};
}

/// A live pull's responses as received (issue 15): kept-input names and their SHA-256.
Json withPages(Json batch, const core::ImportBatch &b)
{
    if (b.evidence.pages.empty())
        return batch;
    Json pages = Json::array();
    for (const core::PageDigest &p : b.evidence.pages)
        pages.push_back({{"name", p.name}, {"sha256", p.sha256}});
    batch["pages"] = std::move(pages);
    return batch;
}

} // namespace

int runLedger(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("ledger", "List the import batches of a ledger with their completeness.");
    parser.option("ledger", 0, "FILE", "The .unalloc ledger")
        .flag("upgrade", 0,
              "Open the ledger writable: a ledger of an older schema is migrated (one "
              "transaction), which the read-only commands will not do")
        .flag("compact", 0,
              "Open the ledger writable and remove the label sets no row names (re-imports "
              "left them with builds before 2026-12-06), then shrink the file")
        .flag("json", 0, "Machine-readable output");
    auto args = parser.parse(argv);
    if (!args)
        return reportError(args.error(), io);
    if (args->helpRequested()) {
        io.out << parser.help();
        return kExitOk;
    }
    if (args->value("ledger").empty())
        return reportError({"usage", "ledger needs --ledger FILE", {}, {}, {}}, io);
    const bool compact = args->has("compact");
    auto ledger = core::LedgerStore::open(args->value("ledger"), !args->has("upgrade") && !compact);
    if (!ledger)
        return reportError(ledger.error(), io);
    if (args->has("upgrade") && !args->has("json"))
        io.out << args->value("ledger") << ": schema version " << (*ledger)->schemaVersion()
               << " (current)\n";
    std::int64_t setsRemoved = 0;
    if (compact) {
        auto removed = (*ledger)->removeUnusedLabelSets();
        if (!removed)
            return reportError(removed.error(), io);
        setsRemoved = *removed;
        if (!args->has("json"))
            io.out << args->value("ledger") << ": removed " << setsRemoved
                   << " label sets that no row names\n";
    }
    auto records = (*ledger)->batchRecords();
    if (!records)
        return reportError(records.error(), io);
    auto rows = (*ledger)->rowCount({});
    if (!rows)
        return reportError(rows.error(), io);
    if (args->has("json")) {
        Json batches = Json::array();
        for (const auto &r : *records)
            batches.push_back(withPages(recordJson(r), r.batch));
        Json out{{"ledger", args->value("ledger")},
                 {"schema_version", (*ledger)->schemaVersion()},
                 {"rows", *rows},
                 {"batches", batches}};
        if (compact)
            out["label_sets_removed"] = setsRemoved;
        io.out << out.dump(2, ' ', false, Json::error_handler_t::replace) // origins are bytes
               << '\n';
        return kExitOk;
    }
    TextTable t("Batches in " + args->value("ledger") + " (" + std::to_string(*rows) + " rows)");
    for (const char *h : {"#", "Source", "Origin", "Window"})
        t.addColumn(h);
    for (const char *h : {"Rows", "Added", "Dupes"})
        t.addColumn(h, TextTable::Align::Right);
    t.addColumn("Total", TextTable::Align::Right);
    t.addColumn("Status");
    for (const auto &r : *records) {
        const core::ImportBatch &b = r.batch;
        std::string total;
        for (const core::Money &m : b.totals)
            total += (total.empty() ? "" : ", ") + money(m.amount, m.currency);
        std::string status = core::toString(b.status);
        if (!b.evidence.reason.empty())
            status += " \u2014 " + b.evidence.reason;
        t.addRow({std::to_string(b.id), b.source, b.origin, windowText(b),
                  std::to_string(b.rowCount), std::to_string(r.rowsAdded),
                  std::to_string(r.duplicates), total.empty() ? "\u2014" : total, status});
    }
    t.print(io.out);
    for (const auto &r : *records)
        for (const core::Warning &w : r.batch.warnings)
            io.out << "warning: batch " << r.batch.id << ": " << w.message() << '\n';
    return kExitOk;
}

} // namespace unalloc::cli
