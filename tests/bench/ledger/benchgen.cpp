#include "benchgen.h"

#include "benchrng.h"
#include "core/timeutil.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace unalloc::bench {

namespace {

struct Writer
{
    std::FILE *f;
    std::string buf;
    std::int64_t bytes = 0;
    void flushIfBig()
    {
        if (buf.size() > (1 << 20)) {
            std::fwrite(buf.data(), 1, buf.size(), f);
            bytes += static_cast<std::int64_t>(buf.size());
            buf.clear();
        }
    }
    std::int64_t finish()
    {
        std::fwrite(buf.data(), 1, buf.size(), f);
        bytes += static_cast<std::int64_t>(buf.size());
        std::fclose(f);
        return bytes;
    }
};

const char *const kModels[] = {"gpt-4o",
                               "gpt-4o-mini",
                               "azure/gpt-4.1",
                               "claude-sonnet-4-6",
                               "bedrock/claude-opus-5",
                               "vertex_ai/gemini-2.5-pro",
                               "hosted_vllm/llama-3.1-70b",
                               "o4-mini"};
const char *const kProviders[] = {"openai",  "openai",    "azure",       "anthropic",
                                  "bedrock", "vertex_ai", "hosted_vllm", "openai"};

/// One label-set template: the fields of a record that carry labels.
struct LabelTemplate
{
    std::string team, keyAlias, service, feature, env, user, endUser, costCenter;
    int model;
};

std::vector<LabelTemplate> templates(int n)
{
    Rng rng{42};
    std::vector<LabelTemplate> out;
    for (int i = 0; i < n; ++i) {
        LabelTemplate t;
        const int team = rng.below(60);
        // About a quarter of the traffic has no team: the unallocated spend the tool exists for.
        t.team = rng.below(4) == 0 ? "" : "team-" + std::to_string(team);
        t.keyAlias = "key-" + std::to_string(rng.below(400));
        t.service = "svc-" + std::to_string(rng.below(120));
        t.feature = "feature-" + std::to_string(rng.below(40));
        t.env = rng.below(5) == 0 ? "staging" : "prod";
        t.user = "u_" + std::to_string(i);
        t.endUser = rng.below(3) == 0 ? "" : "cust-" + std::to_string(rng.below(900));
        t.costCenter = rng.below(2) == 0 ? "" : "cc-" + std::to_string(team % 17);
        t.model = rng.below(8);
        out.push_back(std::move(t));
    }
    return out;
}

std::string isoTime(core::TimeUs t)
{
    return core::formatTimestamp(t);
}

} // namespace

std::int64_t writeLiteLlmSpendLogs(const std::string &path, std::int64_t records, int labelSets)
{
    const auto sets = templates(labelSets);
    Rng rng{7};
    Writer w{std::fopen(path.c_str(), "wb"), {}, 0};
    if (!w.f)
        return -1;
    const core::TimeUs month = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay;
    char num[64];
    w.buf += "[\n";
    for (std::int64_t i = 0; i < records; ++i) {
        const LabelTemplate &t = sets[static_cast<size_t>(rng.below(labelSets))];
        const core::TimeUs start =
            month + static_cast<core::TimeUs>(rng.next() % (30ULL * 86400'000'000ULL));
        const int prompt = 50 + rng.below(8000), completion = 10 + rng.below(2000);
        std::snprintf(num, sizeof num, "%d.%08d", rng.below(3), rng.below(100000000));
        w.buf += i ? ",\n{" : "{";
        w.buf += "\"request_id\":\"chatcmpl-" + std::to_string(1000000000 + i) + "\",";
        w.buf += "\"call_type\":\"acompletion\",\"api_key\":"
                 "\"88dc28d0f030c55ed4ab77ed8faf098196cb1c05df778539800c9f1243fe6b4b\",";
        w.buf += "\"spend\":" + std::string(num) +
                 ",\"total_tokens\":" + std::to_string(prompt + completion);
        w.buf += ",\"prompt_tokens\":" + std::to_string(prompt) +
                 ",\"completion_tokens\":" + std::to_string(completion);
        w.buf +=
            ",\"startTime\":\"" + isoTime(start) + "\",\"endTime\":\"" + isoTime(start + 2'345'000);
        w.buf += "\",\"completionStartTime\":\"" + isoTime(start + 412'000) + "\",";
        w.buf += "\"model\":\"" + std::string(kModels[t.model]) + "\",\"custom_llm_provider\":\"";
        w.buf += std::string(kProviders[t.model]) + "\",\"user\":\"" + t.user + "\",";
        w.buf += "\"metadata\":{\"user_api_key_alias\":\"" + t.keyAlias + "\",\"service\":\"" +
                 t.service + "\"";
        if (!t.costCenter.empty())
            w.buf += ",\"costCenter\":\"" + t.costCenter + "\"";
        w.buf += "},\"cache_hit\":\"False\",\"request_tags\":[\"" + t.feature +
                 "\",\"env:" + t.env + "\"],";
        w.buf += "\"team_id\":" + (t.team.empty() ? std::string("null") : "\"" + t.team + "\"");
        w.buf += ",\"end_user\":\"" + t.endUser + "\",\"api_key_alias\":\"" + t.keyAlias + "\"}";
        w.flushIfBig();
    }
    w.buf += "\n]\n";
    return w.finish();
}

std::int64_t writeOpenCostHourly(const std::string &path, int steps, int pods)
{
    Rng rng{11};
    Writer w{std::fopen(path.c_str(), "wb"), {}, 0};
    if (!w.f)
        return -1;
    const core::TimeUs month = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay;
    char num[64];
    w.buf += "{\"code\":200,\"status\":\"success\",\"data\":[";
    for (int s = 0; s < steps; ++s) {
        const core::TimeUs start = month + s * 3600 * core::kUsPerSecond;
        const std::string ws = isoTime(start), we = isoTime(start + 3600 * core::kUsPerSecond);
        w.buf += s ? ",{" : "{";
        for (int p = 0; p < pods; ++p) {
            const std::string name = "ns-" + std::to_string(p % 25) + "/pod-" + std::to_string(p);
            std::snprintf(num, sizeof num, "%d.%05d", rng.below(4), rng.below(100000));
            w.buf += p ? ",\"" : "\"";
            w.buf += name + "\":{\"name\":\"" + name +
                     "\",\"properties\":{\"cluster\":\"prod-eu\","
                     "\"namespace\":\"ns-" +
                     std::to_string(p % 25) + "\",\"controller\":\"deploy-" +
                     std::to_string(p % 60) +
                     "\",\"controllerKind\":\"deployment\","
                     "\"labels\":{\"app\":\"app-" +
                     std::to_string(p % 60) + "\"" +
                     (p % 3 ? ",\"team\":\"team-" + std::to_string(p % 30) + "\"" : std::string()) +
                     "}},\"window\":{\"start\":\"" + ws + "\",\"end\":\"" + we +
                     "\"},\"start\":\"" + ws + "\",\"end\":\"" + we + "\",\"cpuCost\":" + num +
                     ",\"ramCost\":0.01234,"
                     "\"gpuCost\":0,\"pvCost\":0.001,\"networkCost\":0,\"loadBalancerCost\":0,"
                     "\"sharedCost\":0,\"externalCost\":0,\"totalCost\":" +
                     num + "}";
            w.flushIfBig();
        }
        w.buf += "}";
    }
    w.buf += "]}\n";
    return w.finish();
}

std::int64_t writeOpenAiDailyCosts(const std::string &path)
{
    Rng rng{17};
    Writer w{std::fopen(path.c_str(), "wb"), {}, 0};
    if (!w.f)
        return -1;
    const std::int64_t month = core::daysFromCivil(2026, 8, 1) * 86'400;
    const char *const items[] = {"gpt-4o-2024-08-06, input", "gpt-4o-2024-08-06, output",
                                 "gpt-4o-mini-2024-07-18, input", "gpt-4o-mini-2024-07-18, output"};
    const char *const projects[] = {"\"project_id\":\"proj_search\",\"project_name\":\"search\"",
                                    "\"project_id\":\"proj_default\",\"project_name\":null",
                                    "\"project_id\":null,\"project_name\":null"};
    char num[64];
    w.buf += "{\"object\":\"page\",\"data\":[";
    for (int day = 0; day < 31; ++day) {
        const std::int64_t start = month + day * 86'400;
        w.buf += (day ? ",{" : "{") + std::string("\"object\":\"bucket\",\"start_time\":") +
                 std::to_string(start) + ",\"end_time\":" + std::to_string(start + 86'400) +
                 ",\"results\":[";
        bool first = true;
        for (const char *item : items)
            for (const char *project : projects) {
                std::snprintf(num, sizeof num, "%d.%06d", 5 + rng.below(40), rng.below(1'000'000));
                w.buf += (first ? "" : ",") +
                         std::string("{\"object\":\"organization.costs.result\",\"amount\":"
                                     "{\"value\":") +
                         num + ",\"currency\":\"usd\"}," + project + ",\"line_item\":\"" + item +
                         "\"}";
                first = false;
            }
        w.buf += "]}";
        w.flushIfBig();
    }
    w.buf += "],\"has_more\":false,\"next_page\":null}\n";
    return w.finish();
}

} // namespace unalloc::bench
