#!/usr/bin/env python3
"""Writes what the Feature economics view needs on top of the demo ledger.

- resources/demo-economics/opencost_feature_infra.json: one OpenCost /allocation step for
  August 2026 (the demo gateway's month) with the cluster side of the gateway's features: a
  vector database and an embedding refresh job (feature search-index), a knowledge-base index
  (support-bot) and agent sandboxes (agent-runtime), labelled `feature` and `team` like their
  gateway calls.
- tests/data/economics/history_opencost.json and history_litellm.json: June and July 2026 of
  the same features (cluster steps at 92 % and 96 % of August; one gateway call a day each),
  which the GUI test imports on top of the demo for a month-over-month line. They stay out of
  the demo so that its other views (reconciliation, seams, ledger) keep their figures.

Deterministic; run from the repository root. Prints the August per-feature infrastructure for
resources/demo-economics/SOURCE.md.
"""
import hashlib
import json
from decimal import Decimal

MONTHS = [("2026-06", 30, Decimal("0.92")), ("2026-07", 31, Decimal("0.96")),
          ("2026-08", 31, Decimal("1"))]

# (namespace/controller, kind, feature, team, app, August total $)
INFRA = [
    ("search/qdrant-vector-db", "statefulset", "search-index", "search", "qdrant",
     Decimal("352.26")),
    ("batch/embedding-refresh", "cronjob", "search-index", "search", "embedding-refresh",
     Decimal("88.064")),
    ("support/kb-vector-index", "statefulset", "support-bot", "support", "pgvector",
     Decimal("254.31")),
    ("agents/sandbox-runners", "deployment", "agent-runtime", "platform", "sandbox",
     Decimal("1208.99")),
]

# (model, provider, api_base, team, feature, end user, $ per call in August)
ROUTES = [
    ("gpt-4o-2024-08-06", "openai", "https://api.openai.com/v1/", "search", "search-rerank",
     "web-search", Decimal("32.30")),
    ("gpt-4o-mini-2024-07-18", "openai", "https://api.openai.com/v1/", "support", "support-bot",
     "helpdesk", Decimal("16.41")),
    ("text-embedding-3-large", "openai", "https://api.openai.com/v1/", "search", "search-index",
     "indexer", Decimal("10.65")),
    ("claude-sonnet-4-6", "anthropic", "https://api.anthropic.com/v1/messages", "platform",
     "agent-runtime", "agents", Decimal("97.50")),
]


def money(d):
    return float(d.quantize(Decimal("0.001")))


def infra(months):
    steps = []
    for month, days, factor in months:
        step = {}
        y, m = month.split("-")
        end = f"{y}-{int(m) + 1:02d}-01T00:00:00Z"
        for name, kind, feature, team, app, august in INFRA:
            total = (august * factor).quantize(Decimal("0.001"))
            cpu = (total * Decimal("0.35")).quantize(Decimal("0.001"))
            ram = (total * Decimal("0.25")).quantize(Decimal("0.001"))
            pv = total - cpu - ram
            ns, controller = name.split("/")
            step[name] = {
                "name": name,
                "start": f"{month}-01T00:00:00Z",
                "end": end,
                "properties": {
                    "namespace": ns,
                    "controller": controller,
                    "controllerKind": kind,
                    "cluster": "prod-us-west",
                    "labels": {"team": team, "feature": feature, "environment": "prod",
                               "app_kubernetes_io_name": app},
                },
                "cpuCost": money(cpu), "ramCost": money(ram), "pvCost": money(pv),
                "totalCost": money(total),
            }
        steps.append(step)
    return {"code": 200, "data": steps}


def history():
    rows = []
    for month, days, factor in MONTHS[:2]:
        for day in range(1, days + 1):
            for model, provider, base, team, feature, user, per in ROUTES:
                seed = f"{month}-{day}-{feature}".encode()
                h = hashlib.sha256(seed).hexdigest()
                wiggle = Decimal(int(h[:4], 16) % 200 - 100) / Decimal(1000)  # ±10 %
                spend = (per * factor * (1 + wiggle)).quantize(Decimal("0.001"))
                prompt = int(spend * 40000)
                completion = prompt // 5
                minute = int(h[4:8], 16) % 600
                start = f"{month}-{day:02d}T{9 + minute // 60:02d}:{minute % 60:02d}:00.000Z"
                stop = f"{month}-{day:02d}T{9 + minute // 60:02d}:{minute % 60:02d}:12.000Z"
                rows.append({
                    "request_id": "chatcmpl-hist-" + h[8:32],
                    "call_type": "acompletion",
                    "spend": float(spend),
                    "total_tokens": prompt + completion,
                    "prompt_tokens": prompt,
                    "completion_tokens": completion,
                    "startTime": start,
                    "endTime": stop,
                    "model": model,
                    "custom_llm_provider": provider,
                    "api_base": base,
                    "metadata": {"user_api_key_alias": feature},
                    "request_tags": ["environment:prod", "feature:" + feature],
                    "team_id": team,
                    "end_user": user,
                    "status": "success",
                })
    return {"data": rows, "total": len(rows), "page": 1, "page_size": len(rows),
            "total_pages": 1}


def write(path, doc, one_row_per_line):
    with open(path, "w") as f:
        if one_row_per_line:
            f.write('{"data": [\n')
            f.write(",\n".join(json.dumps(r) for r in doc["data"]))
            rest = {k: v for k, v in doc.items() if k != "data"}
            f.write("\n], " + json.dumps(rest)[1:] + "\n")
        else:
            f.write(json.dumps(doc, indent=2) + "\n")


def main():
    write("resources/demo-economics/opencost_feature_infra.json", infra(MONTHS[2:]), False)
    write("tests/data/economics/history_opencost.json", infra(MONTHS[:2]), False)
    write("tests/data/economics/history_litellm.json", history(), True)
    per_feature = {}
    for name, kind, feature, team, app, august in INFRA:
        per_feature[feature] = per_feature.get(feature, Decimal(0)) + august
    for feature, amount in sorted(per_feature.items()):
        print(feature, amount)


if __name__ == "__main__":
    main()
