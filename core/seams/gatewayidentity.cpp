#include "gatewayidentity.h"

#include "core/labels.h"

#include <algorithm>
#include <array>

namespace unalloc::core {

namespace {

void lowerInto(std::string &out, std::string_view s)
{
    out.assign(trimmed(s));
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
}

std::string lower(std::string_view s)
{
    std::string out;
    lowerInto(out, s);
    return out;
}

bool isDigits(std::string_view s)
{
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool startsWith(std::string_view s, std::string_view p)
{
    return s.substr(0, p.size()) == p;
}

bool endsWith(std::string_view s, std::string_view p)
{
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

std::string_view prefixBeforeSlash(std::string_view s)
{
    const auto slash = s.find('/');
    return slash == std::string_view::npos ? std::string_view() : s.substr(0, slash);
}

/// Bedrock model ids: "[region.]vendor.model[-vN][:N]".
constexpr std::array<std::string_view, 5> kRegions{"us.", "eu.", "apac.", "global.", "us-gov."};
constexpr std::array<std::string_view, 8> kVendors{"anthropic.", "meta.", "amazon.",   "cohere.",
                                                   "mistral.",   "ai21.", "deepseek.", "writer."};

/// Removes a Bedrock region and vendor prefix; true when there was a vendor.
bool stripBedrock(std::string &m)
{
    for (std::string_view r : kRegions)
        if (startsWith(m, r)) {
            for (std::string_view v : kVendors)
                if (startsWith(std::string_view(m).substr(r.size()), v)) {
                    m.erase(0, r.size() + v.size());
                    return true;
                }
        }
    for (std::string_view v : kVendors)
        if (startsWith(m, v)) {
            m.erase(0, v.size());
            return true;
        }
    return false;
}

std::string providerOfHost(std::string_view apiBase)
{
    const std::string b = lower(apiBase);
    if (b.find("openai.azure.com") != std::string::npos)
        return "azure";
    if (b.find("api.openai.com") != std::string::npos)
        return "openai";
    if (b.find("api.anthropic.com") != std::string::npos)
        return "anthropic";
    if (b.find("bedrock-runtime") != std::string::npos)
        return "bedrock";
    return {};
}

/// The provider that makes a model family, for a bare name with nothing else to go on.
std::string providerOfFamily(std::string_view model)
{
    std::string m = lower(model);
    if (stripBedrock(m))
        return "bedrock";
    if (startsWith(m, "claude"))
        return "anthropic";
    for (std::string_view p : {"gpt-", "chatgpt-", "o1", "o3", "o4", "text-embedding-", "dall-e",
                               "whisper-", "tts-", "davinci", "babbage", "omni-moderation"})
        if (startsWith(m, p))
            return "openai";
    return {};
}

} // namespace

GatewayIdentity identifyGatewayRow(const GatewayFields &f)
{
    GatewayIdentity id;
    identifyGatewayRow(f, id);
    return id;
}

void identifyGatewayRow(const GatewayFields &f, GatewayIdentity &id)
{
    lowerInto(id.provider, f.customLlmProvider);
    if (id.provider.empty())
        lowerInto(id.provider, prefixBeforeSlash(trimmed(f.model)));
    if (id.provider.empty())
        lowerInto(id.provider, prefixBeforeSlash(trimmed(f.modelGroup)));
    if (id.provider.empty())
        id.provider = providerOfHost(f.apiBase);
    if (id.provider.empty())
        id.provider = providerOfFamily(!trimmed(f.model).empty() ? f.model : f.modelGroup);
    const std::string_view model = trimmed(f.model);
    const std::string_view group = trimmed(f.modelGroup);
    // On Azure the logged model is the deployment the operator named; the group says what runs.
    const bool azure = id.provider == "azure" || id.provider == "azure_ai";
    id.model.assign((model.empty() || (azure && !group.empty())) ? group : model);
}

bool isSelfHostedProvider(std::string_view provider)
{
    const std::string p = lower(provider);
    for (std::string_view s : {"hosted_vllm", "vllm", "ollama", "ollama_chat", "lm_studio",
                               "llamafile", "triton", "xinference", "huggingface_tgi"})
        if (p == s)
            return true;
    return false;
}

bool isTelemetryOnly(std::string_view provider, bool amountIsZero)
{
    return amountIsZero && isSelfHostedProvider(provider);
}

std::string matchModel(std::string_view model)
{
    std::string m = lower(model);
    if (const auto slash = m.rfind('/'); slash != std::string::npos)
        m.erase(0, slash + 1);
    if (const auto cut = m.find_first_of(",@"); cut != std::string::npos)
        m.erase(cut);
    m = std::string(trimmed(m));
    stripBedrock(m);
    // Bedrock version ":0" then "-v2".
    if (const auto colon = m.rfind(':');
        colon != std::string::npos && isDigits(m.substr(colon + 1)))
        m.erase(colon);
    if (const auto v = m.rfind("-v"); v != std::string::npos && isDigits(m.substr(v + 2)))
        m.erase(v);
    if (endsWith(m, "-latest"))
        m.erase(m.size() - 7);
    const std::string_view v = m;
    if (v.size() > 11 && v[v.size() - 11] == '-' && isDigits(v.substr(v.size() - 10, 4)) &&
        v[v.size() - 6] == '-' && isDigits(v.substr(v.size() - 5, 2)) && v[v.size() - 3] == '-' &&
        isDigits(v.substr(v.size() - 2)))
        m.erase(m.size() - 11);
    else if (v.size() > 9 && v[v.size() - 9] == '-' && isDigits(v.substr(v.size() - 8)))
        m.erase(m.size() - 9);
    return m;
}

} // namespace unalloc::core
