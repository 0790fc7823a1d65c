#pragma once
// The bundled demo sample (resources/demo/) as rows built by hand, mirroring what the
// adapters produce (DESIGN §4): labels in adapter order, Anthropic cents already in dollars.

#include "../core/rowbuilder.h"

namespace unalloc::test {

/// 2026-08-01 as days since the epoch.
constexpr int kAug1 = 20'666;

inline std::vector<core::CostRow> demoRows()
{
    return {
        makeRow("litellm", "req_01", "1840.22",
                {{"service", "search-api"},
                 {"feature", "rerank"},
                 {"environment", "prod"},
                 {"team_id", "search"},
                 {"api_key_alias", "search-rerank"},
                 {"model", "azure/gpt-4o"}},
                kAug1 + 2),
        makeRow("litellm", "req_02", "3204.90",
                {{"service", "agent-runtime"},
                 {"feature", "agent-loop"},
                 {"environment", "prod"},
                 {"team_id", "platform"},
                 {"api_key_alias", "agent-runtime"},
                 {"model", "vertex_ai/claude-sonnet-4-6"}},
                kAug1 + 6),
        makeRow("litellm", "req_03", "986.40",
                {{"api_key_alias", "sandbox-shared"}, {"model", "azure/gpt-4o-mini"}}, kAug1 + 11),
        makeRow("litellm", "req_04", "5412.75",
                {{"environment", "prod"},
                 {"api_key_alias", "unknown-legacy-key"},
                 {"model", "bedrock/claude-opus-5"}},
                kAug1 + 18),
        makeRow("openai", "gpt-4o", "2210.44",
                {{"project_id", "proj_search"},
                 {"project", "search"},
                 {"line_item", "gpt-4o"},
                 {"provider", "openai"}},
                kAug1),
        makeRow(
            "openai", "gpt-4o-mini", "1180.02",
            {{"project_id", "proj_default"}, {"line_item", "gpt-4o-mini"}, {"provider", "openai"}},
            kAug1),
        makeRow("openai", "text-embedding-3-large", "640.9",
                {{"line_item", "text-embedding-3-large"}, {"provider", "openai"}}, kAug1),
        makeRow("anthropic", "claude-sonnet-4-6 input", "4102.18",
                {{"workspace_id", "wrkspc_platform"},
                 {"workspace", "platform"},
                 {"description", "claude-sonnet-4-6 input"},
                 {"token_type", "input"},
                 {"provider", "anthropic"}},
                kAug1),
        makeRow("anthropic", "claude-sonnet-4-6 output", "2890.55",
                {{"workspace_id", "wrkspc_platform"},
                 {"workspace", "platform"},
                 {"description", "claude-sonnet-4-6 output"},
                 {"token_type", "output"},
                 {"provider", "anthropic"}},
                kAug1),
        makeRow("anthropic", "default workspace", "1744.30",
                {{"description", "default workspace"},
                 {"token_type", "input"},
                 {"provider", "anthropic"}},
                kAug1),
        makeRow("opencost", "inference/llm-d-gateway", "9961.12",
                {{"team", "platform"},
                 {"environment", "prod"},
                 {"app_kubernetes_io_name", "llm-d"},
                 {"namespace", "inference"},
                 {"controller", "llm-d-gateway"},
                 {"controllerKind", "deployment"},
                 {"cluster", "prod-us-west"}},
                kAug1),
        makeRow("opencost", "inference/vllm-llama-70b", "19147.1",
                {{"environment", "prod"}, {"costCenter", "CC-4471"}, {"namespace", "inference"}},
                kAug1),
        makeRow("opencost", "batch/embeddings-worker", "4598.5", {{"namespace", "batch"}}, kAug1),
        makeRow("opencost", "search/api", "2641.0",
                {{"team", "search"}, {"environment", "prod"}, {"namespace", "search"}}, kAug1),
        makeRow("opencost", "__idle__", "6070.0", {}, kAug1),
    };
}

} // namespace unalloc::test
