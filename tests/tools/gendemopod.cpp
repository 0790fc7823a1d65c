// gendemopod: writes the request telemetry of the demo ledger's shared inference pod
// (resources/demo-pod/litellm_vllm_pod.json) from the built-in simulator, so the committed
// file can always be regenerated and checked (tests/meters/tst_demopod.cpp does the check).
//
//   gendemopod OUTPUT.json
//
// The file is a LiteLLM spend log: one zero-dollar row per simulated request with the
// send, first-token and end times, the token counts, the prefix-cache hits and the tenant's
// team label (the unlabeled sandbox tenant has none, as in studies.md §1.2).
#include "demopodconfig.h"

#include "core/meters/simmeters.h"

#include <cstdio>
#include <fstream>
#include <string>

using namespace unalloc;

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: gendemopod OUTPUT.json\n");
        return 64;
    }
    const core::SimConfig config = demopod::config();
    core::SimOptions keep;
    keep.keepOutcomes = true;
    const core::SimResult result = core::simulate(config, keep);
    const auto records = core::simulationTelemetry(result, demopod::originUs());
    std::vector<std::string> names;
    for (const core::SimRequestOutcome &o : result.outcomes)
        if (!o.dropped && o.doneNs >= 0)
            names.push_back(result.tenants[size_t(o.tenant)].name);
    std::ofstream out(argv[1], std::ios::binary);
    out << "{\"data\": [\n";
    for (size_t i = 0; i < records.size(); ++i) {
        const core::RequestRecord &r = records[i];
        char id[32];
        std::snprintf(id, sizeof id, "vllm-pod-%06zu", i + 1);
        out << "{\"request_id\": \"" << id << "\", \"model\": \"" << demopod::model()
            << "\", \"custom_llm_provider\": \"hosted_vllm\", \"spend\": 0"
            << ", \"startTime\": \"" << core::formatTimestamp(r.sendUs)
            << "\", \"completionStartTime\": \"" << core::formatTimestamp(r.firstUs)
            << "\", \"endTime\": \"" << core::formatTimestamp(r.doneUs)
            << "\", \"prompt_tokens\": " << r.promptTokens
            << ", \"completion_tokens\": " << r.completionTokens
            << ", \"total_tokens\": " << r.promptTokens + r.completionTokens
            << ", \"api_key_alias\": \"" << names[i] << "\"";
        if (!r.tenant.empty())
            out << ", \"team_id\": \"" << r.tenant << "\"";
        out << ", \"metadata\": {\"additional_usage_values\": {\"cache_read_input_tokens\": "
            << r.cachedTokens << "}}}" << (i + 1 < records.size() ? ",\n" : "\n");
    }
    out << "]}\n";
    std::fprintf(stderr, "gendemopod: %zu requests written to %s\n", records.size(), argv[1]);
    return out ? 0 : 1;
}
