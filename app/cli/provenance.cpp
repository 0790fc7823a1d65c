#include "provenance.h"

#include "core/export/batchdigest.h"
#include "core/timeutil.h"

namespace unalloc::cli {

std::string ledgerDigest(const std::vector<core::ImportBatch> &batches)
{
    return core::batchesDigest(batches);
}

std::string resultDigest(const ProvenanceJson &result)
{
    ProvenanceJson body = result;
    if (body.is_object())
        body.erase("provenance");
    return "sha256:" + core::sha256Hex(body.dump());
}

std::vector<std::string> recordedArguments(const std::vector<std::string> &argv)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string &a = argv[i];
        if (a == "--ledger" || a == "--batch") {
            ++i;
            continue;
        }
        if (a.starts_with("--ledger=") || a.starts_with("--batch="))
            continue;
        out.push_back(a);
    }
    return out;
}

ProvenanceJson
provenanceBase(const ResultContext &context, const InputOptions &options, const LoadedInput &input)
{
    ProvenanceJson p;
    p["unalloc_version"] = UNALLOC_VERSION;
    p["command"] = context.command;
    p["arguments"] = context.arguments;
    p["mode"] = input.mode;
    p["owner_key"] = context.ownerKey.empty() ? ProvenanceJson() : ProvenanceJson(context.ownerKey);
    p["fallbacks"] = context.fallbacks;
    const auto day = [](const std::optional<std::int32_t> &d) {
        return d ? ProvenanceJson(core::formatDate(core::TimeUs(*d) * core::kUsPerDay))
                 : ProvenanceJson();
    };
    p["period"] = {{"from", day(options.fromDay)}, {"to", day(options.toDay)}};
    p["rules_sha256"] = context.rulesDigest;
    if (input.mode == "ledger") {
        p["ledger_sha256"] = ledgerDigest(input.batches);
        ProvenanceJson used = ProvenanceJson::array();
        for (const core::ImportBatch &b : input.batches)
            used.push_back({{"id", b.id},
                            {"source", b.source},
                            {"sha256", b.sha256},
                            {"rows", b.rowCount},
                            {"status", core::toString(b.status)}});
        p["ledger_batches"] = used;
    }
    return p;
}

void stampLedgerResult(ProvenanceJson &result,
                       const ResultContext &context,
                       const InputOptions &options,
                       const LoadedInput &input)
{
    if (input.mode != "ledger" || !result.is_object())
        return;
    ProvenanceJson p = provenanceBase(context, options, input);
    p["result_sha256"] = resultDigest(result);
    result["provenance"] = p;
}

} // namespace unalloc::cli
