#!/usr/bin/env python3
"""Writes resources/demo-gateway/litellm_gateway.json: a month of LiteLLM /spend/logs/v2 rows
routed to the providers the demo bills (OpenAI, Anthropic), as LiteLLM logs them: the model as
the provider names it ("gpt-4o-2024-08-06", "claude-sonnet-4-6"), the provider only in
custom_llm_provider. Deterministic (a fixed linear congruential generator); run it from the
repository root. The dollar totals per model are printed for resources/demo-gateway/SOURCE.md.
"""
import hashlib
import json
from decimal import Decimal

# (model as logged, model_group, provider, api_base, team, key alias, end user, $ per request)
ROUTES = [
    ("gpt-4o-2024-08-06", "gpt-4o", "openai", "https://api.openai.com/v1/", "search",
     "search-rerank", "web-search", Decimal("31.40")),
    ("gpt-4o-mini-2024-07-18", "gpt-4o-mini", "openai", "https://api.openai.com/v1/", "support",
     "support-bot", "helpdesk", Decimal("16.25")),
    ("text-embedding-3-large", "text-embedding-3-large", "openai", "https://api.openai.com/v1/",
     "search", "search-index", "indexer", Decimal("10.60")),
    ("claude-sonnet-4-6", "claude-sonnet-4-6", "anthropic", "https://api.anthropic.com/v1/messages",
     "platform", "agent-runtime", "agents", Decimal("98.50")),
]


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def main():
    rng = Lcg(20260801)
    rows = []
    for day in range(1, 32):
        for route in ROUTES:
            model, group, provider, base, team, alias, user, per = route
            for k in range(2):  # two calls a day per route
                second = 9 * 3600 + rng.next(9 * 3600)
                start = "2026-08-%02dT%02d:%02d:%02d.%03dZ" % (
                    day, second // 3600, second // 60 % 60, second % 60, rng.next(1000))
                took = 1 + rng.next(20)
                end_second = second + took
                end = "2026-08-%02dT%02d:%02d:%02d.%03dZ" % (
                    day, end_second // 3600, end_second // 60 % 60, end_second % 60,
                    rng.next(1000))
                # ±20 % around the route's average, in hundredths of a cent
                spend = per * Decimal(80 + rng.next(41)) / Decimal(100)
                spend = spend.quantize(Decimal("0.0001"))
                prompt = int(spend * 40000) + rng.next(5000)
                completion = 0 if "embedding" in model else prompt // (3 + rng.next(4))
                rid = hashlib.sha256(("%s|%d|%d" % (model, day, k)).encode()).hexdigest()[:24]
                key = hashlib.sha256(alias.encode()).hexdigest()
                rows.append({
                    "request_id": "chatcmpl-" + rid if provider == "openai" else "msg_" + rid,
                    "call_type": "aembedding" if "embedding" in model else "acompletion",
                    "api_key": key,
                    "spend": float(spend),
                    "total_tokens": prompt + completion,
                    "prompt_tokens": prompt,
                    "completion_tokens": completion,
                    "startTime": start,
                    "endTime": end,
                    "model": model,
                    "model_id": hashlib.sha256(group.encode()).hexdigest()[:16],
                    "model_group": group,
                    "custom_llm_provider": provider,
                    "api_base": base,
                    "user": None,  # no internal user behind these virtual keys
                    # LiteLLM writes more metadata (user_api_key_team_id, …); the demo keeps
                    # one key so that the explorer's fallback chips still offer the cluster's
                    # and the bills' keys (namespace, project) next to the gateway's.
                    "metadata": {"user_api_key_alias": alias},
                    "cache_hit": "False",
                    "request_tags": ["environment:prod", "feature:" + alias],
                    "team_id": team,
                    "end_user": user,
                    "status": "success",
                })
    rows.sort(key=lambda r: (r["startTime"], r["request_id"]))
    page = {"data": rows, "total": len(rows), "page": 1, "page_size": len(rows),
            "total_pages": 1}
    with open("resources/demo-gateway/litellm_gateway.json", "w") as f:
        f.write("{\"data\": [\n")
        f.write(",\n".join(json.dumps(r, separators=(", ", ": ")) for r in rows))
        f.write("\n], \"total\": %d, \"page\": 1, \"page_size\": %d, \"total_pages\": 1}\n"
                % (len(rows), len(rows)))
    totals = {}
    for r in rows:
        totals[r["model"]] = totals.get(r["model"], Decimal(0)) + Decimal(repr(r["spend"]))
    for m, t in sorted(totals.items()):
        print(m, t)
    print("total", sum(totals.values()), "rows", len(rows))


if __name__ == "__main__":
    main()
