#!/usr/bin/env python3
"""Writes the month (August 2025) the pull tests serve, one record per line, in each
upstream's own shape (the fields of ../../shared fixtures/upstream/*, amounts written as the
upstreams write them: OpenAI numbers and the odd string, Anthropic cent strings, LiteLLM
floats in e-notation, OpenCost 5-decimal floats). Amounts are built as decimal text, never
through binary floats. Deterministic: rerunning gives the same bytes."""
import json, random

rng = random.Random(15)
DAYS = 31
T0 = 1754006400  # 2025-08-01T00:00:00Z

def iso(t):
    import datetime
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')

def dec(lo, hi, places):
    n = rng.randint(lo * 10**places, hi * 10**places)
    s = str(n).rjust(places + 1, '0')
    return (s[:-places] + '.' + s[-places:]).rstrip('0').rstrip('.') if places else s

def line(obj):
    return json.dumps(obj, separators=(',', ':'))

def raw(obj, amounts):
    # Put the amount text in verbatim (json.dumps would go through float).
    text = line(obj)
    for k, v in amounts.items():
        text = text.replace('"@' + k + '@"', v)
    return text

with open('openai_buckets.jsonl', 'w') as f:
    items = [('proj_9Xq2LkVb7TnR4sWdYe1aHc0M', 'gpt-4o-2024-08-06, input'),
             ('proj_9Xq2LkVb7TnR4sWdYe1aHc0M', 'gpt-4o-2024-08-06, output'),
             ('proj_Zk1PqW8mNb3Lx7Rt5Ys2Vu0D', 'gpt-4o-mini-2024-07-18, input')]
    for d in range(DAYS):
        results, amounts = [], {}
        for i, (proj, item) in enumerate(items):
            key = 'a%d_%d' % (d, i)
            v = dec(0, 40, 7)
            # every fifth value arrives as a JSON string, as seen live
            amounts[key] = '"%s"' % v if (d + i) % 5 == 0 else v
            results.append({'object': 'organization.costs.result',
                            'amount': {'value': '@' + key + '@', 'currency': 'usd'},
                            'line_item': item, 'project_id': proj, 'api_key_id': None,
                            'quantity': rng.randint(1000, 9000000), 'quantity_unit': 'tokens'})
        bucket = {'object': 'bucket', 'start_time': T0 + d * 86400,
                  'end_time': T0 + (d + 1) * 86400, 'results': results if d != 9 else []}
        f.write(raw(bucket, amounts) + '\n')

with open('anthropic_buckets.jsonl', 'w') as f:
    descs = [('Claude Sonnet 4 Usage - Input Tokens', 'uncached_input_tokens'),
             ('Claude Sonnet 4 Usage - Output Tokens', 'output_tokens'),
             ('Claude Sonnet 4 Usage - Input Tokens (Cache Read)', 'cache_read_input_tokens')]
    for d in range(DAYS):
        results = []
        for i, (desc, tt) in enumerate(descs):
            results.append({'amount': dec(0, 4000, 5), 'context_window': '0-200k',
                            'cost_type': 'tokens', 'currency': 'USD', 'description': desc,
                            'inference_geo': 'not_available', 'model': 'claude-sonnet-4-20250514',
                            'service_tier': 'standard', 'token_type': tt,
                            'workspace_id': ['wrkspc_01JwQvzr7rXLA5AGx3HKfFUJ', None][i % 2]})
        f.write(line({'starting_at': iso(T0 + d * 86400), 'ending_at': iso(T0 + (d + 1) * 86400),
                      'results': results}) + '\n')

with open('litellm_records.jsonl', 'w') as f:
    teams = ['team-search', 'team-support', None]
    n = 0
    for d in range(DAYS):
        for k in range(rng.randint(4, 10)):
            n += 1
            start = T0 + d * 86400 + rng.randint(0, 86000)
            spend = '%de-%02d' % (rng.randint(1, 99999), rng.randint(5, 8))
            team = teams[n % 3]
            rec = {'request_id': 'chatcmpl-pull-%05d' % n, 'call_type': 'acompletion',
                   'api_key': 'b7396129f6e3f43a12b0f2f17526eb7865e351292844bff95d572c4d3cc56c5d',
                   'spend': '@s@', 'total_tokens': 900 + n, 'prompt_tokens': 800 + n,
                   'completion_tokens': 100, 'startTime': iso(start).replace('Z', '.120000Z'),
                   'endTime': iso(start + 2).replace('Z', '.480000Z'),
                   'completionStartTime': iso(start + 1).replace('Z', '.010000Z'),
                   'model': 'gpt-4o-2024-08-06', 'model_group': 'gpt-4o',
                   'custom_llm_provider': 'openai', 'user': 'u_%d' % (n % 4),
                   'metadata': {'user_api_key_alias': 'bot-%d' % (n % 2),
                                'user_api_key_team_id': team},
                   'cache_hit': 'False', 'request_tags': ['env:prod', 'feature:f%d' % (n % 3)],
                   'team_id': team, 'end_user': None, 'status': 'success'}
            f.write(raw(rec, {'s': spend}) + '\n')

with open('opencost_steps.jsonl', 'w') as f:
    workloads = [('search/api', 'search', 'api', {'team': 'search'}),
                 ('support/bot', 'support', 'bot', {'team': 'support'}),
                 ('batch/etl', 'batch', 'etl', {})]
    for d in range(DAYS):
        w = {'start': iso(T0 + d * 86400), 'end': iso(T0 + (d + 1) * 86400)}
        step, amounts = {}, {}
        for i, (name, ns, ctl, labels) in enumerate(workloads):
            props = {'cluster': 'cluster-one', 'namespace': ns, 'controller': ctl,
                     'controllerKind': 'deployment'}
            if labels:
                props['labels'] = labels
            key = 'c%d_%d' % (d, i)
            amounts[key] = dec(0, 30, 5)
            step[name] = {'name': name, 'properties': props, 'window': w,
                          'start': w['start'], 'end': w['end'], 'minutes': 1440.0,
                          'cpuCost': 0.5, 'ramCost': 0.25, 'totalCost': '@' + key + '@'}
        amounts['idle%d' % d] = dec(0, 9, 5)
        step['__idle__'] = {'name': '__idle__', 'properties': {'cluster': 'cluster-one'},
                            'window': w, 'start': w['start'], 'end': w['end'],
                            'totalCost': '@idle%d@' % d}
        f.write(raw(step, amounts) + '\n')
