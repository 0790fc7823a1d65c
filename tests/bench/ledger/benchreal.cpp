#include "benchreal.h"

#include "benchrng.h"
#include "core/timeutil.h"

#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::bench {

namespace {

struct Model
{
    const char *model, *group, *provider, *apiBase;
    std::int64_t nanoPerInputToken, nanoPerOutputToken; ///< list price, 1e-9 USD per token
};

// The names as LiteLLM logs them: the provider's own model id, the provider apart.
constexpr std::array<Model, 8> kModels{{
    {"gpt-4o-2024-08-06", "gpt-4o", "openai", "https://api.openai.com/v1/", 2500, 10000},
    {"gpt-4o-mini-2024-07-18", "gpt-4o-mini", "openai", "https://api.openai.com/v1/", 150, 600},
    {"claude-sonnet-4-20250514", "claude-sonnet-4", "anthropic", "https://api.anthropic.com/v1/",
     3000, 15000},
    {"o4-mini-2025-04-16", "o4-mini", "openai", "https://api.openai.com/v1/", 1100, 4400},
    {"claude-3-5-haiku-20241022", "claude-haiku", "anthropic", "https://api.anthropic.com/v1/", 800,
     4000},
    {"gpt-4.1", "gpt-4.1", "azure", "https://contoso-eu.openai.azure.com/", 2000, 8000},
    {"us.anthropic.claude-3-7-sonnet-20250219-v1:0", "claude-3-7-sonnet", "bedrock",
     "https://bedrock-runtime.us-east-1.amazonaws.com", 3000, 15000},
    {"gemini-2.5-pro", "gemini-2.5-pro", "vertex_ai",
     "https://us-central1-aiplatform.googleapis.com/v1/", 1250, 10000},
}};

constexpr const char *kFeatures[] = {"chat",      "rag-answer",  "summarise", "classify",
                                     "translate", "code-review", "search",    "extract",
                                     "agent",     "moderation",  "embed",     "draft"};

void hex(std::string &out, std::uint64_t v, int digits)
{
    static const char d[] = "0123456789abcdef";
    for (int i = digits - 1; i >= 0; --i)
        out += d[(v >> (4 * i)) & 15];
}

/// A 36-character UUID-shaped id from two draws.
void uuid(std::string &out, Rng &rng)
{
    const std::uint64_t a = rng.next(), b = rng.next();
    hex(out, a >> 32, 8);
    out += '-';
    hex(out, (a >> 16) & 0xffff, 4);
    out += '-';
    hex(out, 0x4000 | (a & 0x0fff), 4);
    out += '-';
    hex(out, 0x8000 | ((b >> 48) & 0x3fff), 4);
    out += '-';
    hex(out, b & 0xffffffffffffULL, 12);
}

/// `n` base-62 characters, as provider response ids are spelled.
void base62(std::string &out, Rng &rng, int n)
{
    static const char d[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    for (int i = 0; i < n; ++i)
        out += d[rng.below(62)];
}

/// The request id LiteLLM logs (upstream-formats.md, the spend-log fixtures): the provider's
/// response id where the provider gives one — OpenAI and Azure `chatcmpl-` + 29 characters,
/// Anthropic `msg_01` + 22 — and LiteLLM's own call uuid otherwise (Bedrock, Vertex AI, and
/// every call that failed before a response).
void requestId(std::string &out, Rng &rng, std::string_view provider, bool failed)
{
    if (!failed && (provider == "openai" || provider == "azure")) {
        out += "chatcmpl-";
        base62(out, rng, 29);
    } else if (!failed && provider == "anthropic") {
        out += "msg_01";
        base62(out, rng, 22);
    } else {
        uuid(out, rng);
    }
}

/// Nano-dollars (1e-9 USD) as Python prints the float: plain decimals from 1e-4 up, else d.ddde-0N.
void money(std::string &out, std::int64_t nanos)
{
    if (nanos == 0) {
        out += "0.0";
        return;
    }
    char buf[48];
    if (nanos >= 100'000) {
        std::snprintf(buf, sizeof buf, "%lld.%09lld", static_cast<long long>(nanos / 1'000'000'000),
                      static_cast<long long>(nanos % 1'000'000'000));
        std::string s = buf;
        while (s.back() == '0')
            s.pop_back();
        out += s;
        return;
    }
    std::string digits = std::to_string(nanos); // nanos < 1e5: value = nanos × 1e-9
    const int exponent = static_cast<int>(digits.size()) - 10;
    while (digits.size() > 1 && digits.back() == '0')
        digits.pop_back();
    out += digits[0];
    if (digits.size() > 1) {
        out += '.';
        out.append(digits, 1, std::string::npos);
    }
    std::snprintf(buf, sizeof buf, "e-%02d", -exponent);
    out += buf;
}

struct VirtualKey
{
    std::string hash, alias, teamId, teamAlias;
};

std::vector<VirtualKey> virtualKeys(const RealisticShape &shape)
{
    Rng rng{1401};
    std::vector<std::string> teamIds;
    for (int t = 0; t < shape.teams; ++t) {
        std::string id;
        uuid(id, rng);
        teamIds.push_back(std::move(id));
    }
    std::vector<VirtualKey> keys;
    for (int k = 0; k < shape.virtualKeys; ++k) {
        VirtualKey v;
        for (int i = 0; i < 4; ++i)
            hex(v.hash, rng.next(), 16);
        v.alias = "key-" + std::string(kFeatures[k % 12]) + "-" + std::to_string(k);
        // A fifth of the keys belong to no team: the spend nobody owns.
        if (shape.teams > 0 && rng.below(5) != 0) {
            const int t = rng.below(shape.teams);
            v.teamId = teamIds[static_cast<size_t>(t)];
            v.teamAlias = "team-" + std::to_string(t);
        }
        keys.push_back(std::move(v));
    }
    return keys;
}

void str(std::string &out, const char *key, std::string_view value)
{
    out += '"';
    out += key;
    out += "\":\"";
    out += value;
    out += '"';
}

void strOrNull(std::string &out, const char *key, std::string_view value)
{
    if (value.empty()) {
        out += '"';
        out += key;
        out += "\":null";
    } else {
        str(out, key, value);
    }
}

} // namespace

bool parseRealisticShape(const std::string &text, RealisticShape &shape)
{
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t comma = text.find(',', pos);
        const std::string item =
            text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        pos = comma == std::string::npos ? text.size() : comma + 1;
        const size_t eq = item.find('=');
        if (eq == std::string::npos)
            return false;
        const std::string name = item.substr(0, eq);
        char *end = nullptr;
        const long v = std::strtol(item.c_str() + eq + 1, &end, 10);
        if (!end || *end != '\0' || v < 1 || v > 100'000'000)
            return false;
        const int n = static_cast<int>(v);
        if (name == "keys")
            shape.virtualKeys = n;
        else if (name == "teams")
            shape.teams = n;
        else if (name == "users")
            shape.users = n;
        else if (name == "end_users")
            shape.endUsers = n;
        else if (name == "session")
            shape.requestsPerSession = n;
        else if (name == "features")
            shape.features = std::min(n, 12);
        else if (name == "models")
            shape.models = std::min(n, 8);
        else if (name == "ips")
            shape.ips = n;
        else
            return false;
    }
    return true;
}

std::int64_t
writeRealisticSpendLogs(std::FILE *out, std::int64_t records, const RealisticShape &shape)
{
    const std::vector<VirtualKey> keys = virtualKeys(shape);
    Rng rng{2026};
    const core::TimeUs month = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay;
    const std::int64_t sessions = std::max<std::int64_t>(1, records / shape.requestsPerSession);
    std::string buf;
    buf.reserve(1 << 21);
    std::int64_t bytes = 0;
    auto flush = [&](bool last) {
        if (!last && buf.size() < (1 << 20))
            return true;
        if (std::fwrite(buf.data(), 1, buf.size(), out) != buf.size())
            return false;
        bytes += static_cast<std::int64_t>(buf.size());
        buf.clear();
        return true;
    };
    buf += "[";
    for (std::int64_t i = 0; i < records; ++i) {
        const VirtualKey &key = keys[static_cast<size_t>(rng.below(shape.virtualKeys))];
        const Model &m = kModels[static_cast<size_t>(rng.below(shape.models))];
        const bool failed = rng.below(50) == 0;
        const int prompt = failed ? 0 : 40 + rng.below(6000);
        const int completion = failed ? 0 : 5 + rng.below(1500);
        const core::TimeUs start =
            month + static_cast<core::TimeUs>(rng.next() % (31ULL * 86'400'000'000ULL));
        const core::TimeUs firstToken = start + 150'000 + rng.below(900'000);
        const core::TimeUs done = firstToken + static_cast<core::TimeUs>(completion) * 12'000;
        const int user = rng.below(shape.users);
        const int endUser = rng.below(shape.endUsers);
        const int ip = rng.below(shape.ips);
        const std::int64_t session = static_cast<std::int64_t>(rng.next() % sessions);
        const char *feature = kFeatures[rng.below(shape.features)];
        char ipText[32], userText[16], durText[32];
        std::snprintf(ipText, sizeof ipText, "10.%d.%d.%d", (ip >> 16) & 255, (ip >> 8) & 255,
                      ip & 255);
        std::snprintf(userText, sizeof userText, "u_%06x",
                      static_cast<unsigned>(user) * 2654435761u & 0xffffff);
        std::snprintf(durText, sizeof durText, "%lld",
                      static_cast<long long>((done - start) / 1000));
        std::string sessionId = "sess-";
        hex(sessionId, static_cast<std::uint64_t>(session) * 0x9E3779B97F4A7C15ULL, 16);

        buf += i ? ",\n{" : "\n{";
        std::string id;
        requestId(id, rng, m.provider, failed);
        str(buf, "request_id", id);
        buf += ",\"call_type\":\"acompletion\",";
        str(buf, "api_key", key.hash);
        buf += ",\"spend\":";
        money(buf, static_cast<std::int64_t>(prompt) * m.nanoPerInputToken +
                       static_cast<std::int64_t>(completion) * m.nanoPerOutputToken);
        buf += ",\"total_tokens\":" + std::to_string(prompt + completion) +
               ",\"prompt_tokens\":" + std::to_string(prompt) +
               ",\"completion_tokens\":" + std::to_string(completion) + ",";
        str(buf, "startTime", core::formatTimestamp(start));
        buf += ',';
        str(buf, "endTime", core::formatTimestamp(done));
        buf += ",\"request_duration_ms\":";
        buf += durText;
        buf += ',';
        if (failed)
            buf += "\"completionStartTime\":null";
        else
            str(buf, "completionStartTime", core::formatTimestamp(firstToken));
        buf += ',';
        str(buf, "model", m.model);
        buf += ",\"model_id\":\"\",";
        str(buf, "model_group", m.group);
        buf += ',';
        str(buf, "custom_llm_provider", m.provider);
        buf += ',';
        str(buf, "api_base", m.apiBase);
        buf += ',';
        str(buf, "user", userText);
        buf += ",\"metadata\":{";
        str(buf, "user_api_key", key.hash);
        buf += ',';
        str(buf, "user_api_key_alias", key.alias);
        buf += ',';
        strOrNull(buf, "user_api_key_team_id", key.teamId);
        buf += ",\"user_api_key_org_id\":null,";
        str(buf, "user_api_key_user_id", userText);
        buf += ',';
        strOrNull(buf, "user_api_key_team_alias", key.teamAlias);
        buf += ",\"spend_logs_metadata\":null,";
        str(buf, "requester_ip_address", ipText);
        buf += ',';
        str(buf, "session_id", sessionId);
        buf += ",\"applied_guardrails\":[],\"batch_models\":null,"
               "\"additional_usage_values\":null,";
        str(buf, "status", failed ? "failure" : "success");
        if (failed)
            buf += ",\"error_information\":{\"error_code\":\"429\",\"error_class\":"
                   "\"RateLimitError\",\"llm_provider\":\"" +
                   std::string(m.provider) + "\",\"error_message\":\"Rate limit reached\"}";
        buf += "},\"cache_hit\":\"False\",\"cache_key\":\"Cache OFF\",\"request_tags\":[";
        buf += "\"feature:" + std::string(feature) + "\",\"env:prod\"],";
        strOrNull(buf, "team_id", key.teamId);
        buf += ",\"organization_id\":null,";
        str(buf, "end_user", "cust-" + std::to_string(endUser));
        buf += ',';
        str(buf, "requester_ip_address", ipText);
        buf += ",\"messages\":{},\"response\":{},";
        str(buf, "session_id", sessionId);
        buf += ',';
        str(buf, "status", failed ? "failure" : "success");
        buf += ",\"mcp_namespaced_tool_name\":null,\"agent_id\":null,"
               "\"proxy_server_request\":{}}";
        if (!flush(false))
            return -1;
    }
    buf += "\n]\n";
    return flush(true) ? bytes : -1;
}

} // namespace unalloc::bench
