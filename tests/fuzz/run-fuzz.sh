#!/usr/bin/env bash
# Runs libFuzzer targets for a given time each, one at a time, under `nice -n 19`.
#   tests/fuzz/run-fuzz.sh TARGET|all SECONDS [BUILD_DIR]
# Builds the targets first (the `fuzz` preset's settings, in BUILD_DIR, default build/fuzz).
# Seeds: the golden inputs under tests/data and every file in tests/data/fuzz/TARGET/ (the
# regression inputs). Prints executions and coverage per target. A finding stops the run:
# its input is saved under BUILD_DIR/findings/TARGET/ and the exit status is 1; copy it to
# tests/data/fuzz/TARGET/ once fixed, where tst_fuzzreplay replays it.
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET|all SECONDS [BUILD_DIR]" >&2
    exit 64
fi
target=$1
seconds=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${3:-$src/build/fuzz}
data=$src/tests/data

all_targets=(anthropic decimal focus invoices labels litellm openai opencost-csv opencost-json
             vllm-bench)
if [ "$target" = all ]; then
    targets=("${all_targets[@]}")
else
    targets=("$target")
fi

seed_globs() {
    case $1 in
        anthropic) echo "$data/anthropic/*/input.json" ;;
        focus) echo "$data/focus/*/input.csv" ;;
        invoices) echo "$data/invoices/*/input.* $data/demo/invoices/*" ;;
        litellm) echo "$data/litellm/*/input.json" ;;
        openai) echo "$data/openai/*/input.json" ;;
        opencost-csv) echo "$data/opencost/*/input.csv" ;;
        opencost-json) echo "$data/opencost/*/input.json" ;;
        vllm-bench) echo "$data/vllm-bench/*/input.json" ;;
        decimal | labels) echo "" ;;
        *) echo "unknown target $1" >&2; exit 64 ;;
    esac
}

if [ ! -f "$build/build.ninja" ]; then
    nice -n 19 cmake -S "$src" -B "$build" --preset fuzz >/dev/null
fi
nice -n 19 cmake --build "$build" --target "${targets[@]/#/fuzz_}" >/dev/null

if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ] && command -v llvm-symbolizer >/dev/null; then
    export ASAN_SYMBOLIZER_PATH=$(command -v llvm-symbolizer)
fi
status=0
for t in "${targets[@]}"; do
    corpus=$build/corpus/$t
    findings=$build/findings/$t
    mkdir -p "$corpus" "$findings"
    # shellcheck disable=SC2046
    for f in $(seed_globs "$t") "$data/fuzz/$t"/*; do
        if [ -f "$f" ]; then cp "$f" "$corpus/seed-$(sha1sum "$f" | cut -c1-16)"; fi
    done
    log=$build/fuzz-$t.log
    rc=0
    nice -n 19 "$build/tests/fuzz/fuzz_$t" "$corpus" -max_total_time="$seconds" \
        -print_final_stats=1 -timeout=10 -rss_limit_mb=2560 -max_len=65536 \
        -artifact_prefix="$findings/" >"$log" 2>&1 || rc=$?
    execs=$(sed -n "s/^stat::number_of_executed_units: *//p" "$log" | tail -1 || true)
    cov=$(grep -E "^#[0-9]+" "$log" | tail -1 | sed -n "s/.*cov: \([0-9]*\) ft: \([0-9]*\).*/cov=\1 ft=\2/p" || true)
    if [ $rc -eq 0 ]; then
        echo "$t: ${seconds}s execs=${execs:-?} ${cov:-cov=? ft=?} no finding"
    else
        status=1
        echo "$t: FINDING after execs=${execs:-?} (exit $rc); input in $findings/, log $log"
        grep -E 'ERROR|invariant|runtime error|SUMMARY' "$log" | head -5
    fi
done
exit $status
