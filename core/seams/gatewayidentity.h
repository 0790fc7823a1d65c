#pragma once

#include <string>
#include <string_view>

namespace unalloc::core {

/// What a gateway log record says about the call it made (LiteLLM `/spend/logs` fields).
struct GatewayFields
{
    std::string_view customLlmProvider; ///< `custom_llm_provider`
    std::string_view model;             ///< `model`: the model as the provider calls it
    std::string_view modelGroup;        ///< `model_group`: the public name the client asked for
    std::string_view apiBase;           ///< `api_base`
};

/// The provider and model a gateway row is matched with against provider bills.
struct GatewayIdentity
{
    std::string provider; ///< lower-case: "openai", "anthropic", "azure", "bedrock", … or ""
    std::string model;    ///< the model text to store (as logged; Azure: the model group)
    friend bool operator==(const GatewayIdentity &, const GatewayIdentity &) = default;
};

/// @brief The one rule for a gateway row's provider and model, used by every path (adapters,
/// ledger migration, de-duplication of cubes built from labels).
///
/// Provider: `custom_llm_provider`, else the model's prefix before '/', else the model group's
/// prefix, else the host of `api_base` (api.openai.com, api.anthropic.com, *.openai.azure.com,
/// bedrock-runtime.*), else a Bedrock-style name ("us.anthropic.…" → bedrock), else the model
/// family of a bare name (claude-… → anthropic; gpt-…, o1/o3/o4, text-embedding-…, … → openai).
/// Model: `model`, else `model_group`; for Azure the model group when set (the model is a
/// deployment name there).
GatewayIdentity identifyGatewayRow(const GatewayFields &fields);
/// The same into `out`, reusing its strings' memory (a bulk reader's row, record after record).
void identifyGatewayRow(const GatewayFields &fields, GatewayIdentity &out);

/// True for a provider that is a server the organisation runs itself (vLLM, Ollama, …): the
/// gateway logs its requests at no spend, the pod's own cost row carries the dollars.
bool isSelfHostedProvider(std::string_view provider);

/// @brief A gateway row that is request telemetry, not cost: no amount, served by a self-hosted
/// server. It stays in the ledger's rows (meters read it) but never in the cost aggregate, so
/// its tenants do not show up as owners of $0.00 with thousands of rows.
bool isTelemetryOnly(std::string_view provider, bool amountIsZero);

/// Text used to match models across ledgers: lower-case, after the last '/', before the first
/// ',' or '@', without a Bedrock region and vendor ("us.anthropic."), version (":0", "-v2"),
/// a trailing "-latest" or release date ("-2024-08-06", "-20250514").
/// "openai/gpt-4o-2024-08-06", "gpt-4o-latest" and "gpt-4o-2024-08-06, input" all give "gpt-4o".
std::string matchModel(std::string_view model);

} // namespace unalloc::core
