#!/usr/bin/env bash
# Every run of a libFuzzer target frees what it allocates: libFuzzer counts
# mallocs and frees around each input, and where they differ it runs the
# input again, then LeakSanitizer over the whole heap, to tell a leak from a
# cache (model_change_fuzzer did so for a third of its runs: stream buffers
# kept for the next input, statics made on first use). Runs each seed once
# with -trace_malloc=1 and fails naming the runs whose counts differ.
# Usage: fuzz/balanced_runs.sh FUZZER SEED_DIR [OUT_LOG]
set -euo pipefail
fuzzer=$1 seeds=$2 log=${3:-$(mktemp)}
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
"$fuzzer" -runs=0 -trace_malloc=1 "$empty" "$seeds" 2>&1 | grep -a '^MallocFreeTracer: STOP\|^INFO: seed corpus\|^Done' > "$log" || true
runs=$(grep -c '^MallocFreeTracer: STOP' "$log" || true)
differ=$(grep -c 'DIFFERENT' "$log" || true)
if [ "$runs" -eq 0 ]; then
  echo "balanced_runs: $(basename "$fuzzer") ran no input (log $log)" >&2
  exit 1
fi
if [ "$differ" -ne 0 ]; then
  grep -n 'DIFFERENT' "$log" | head -5 >&2
  echo "balanced_runs: $(basename "$fuzzer"): $differ of $runs runs allocate more or less than they free" >&2
  exit 1
fi
echo "balanced_runs: $(basename "$fuzzer"): $runs runs, each frees what it allocates"
