#!/usr/bin/env bash
# A short smoke run of every libFuzzer target (a few seconds each, two at a
# time): the targets start from the synthetic seeds with their dictionaries
# and limits, and find nothing in that time. Any crash fails the run (its
# input is left in OUT). Two seconds each by default: every seed already goes
# through every target's entry point under ASan in CTest (fuzz_replay); this
# checks that the binaries ClusterFuzzLite ships run, and mutate a little.
# Usage: ci/fuzz-smoke.sh [MESHGATE FUZZ_BIN_DIR OUT [TARGET...]]
#   ci/test.sh passes the release meshgate (for the seeds) and the $OUT of
#   .clusterfuzzlite/build.sh (ci/cflite-build.sh): the binaries ClusterFuzzLite
#   ships. With no arguments it builds both itself, results in out/fuzz-smoke/;
#   FUZZ_BIN_DIR may also be a fuzz preset's build-fuzz/fuzz.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${MESHGATE_FUZZ_SMOKE_SECONDS:-2}
if [ $# -eq 0 ]; then
  cd "$root"
  bash ci/build.sh release meshgate
  MESHGATE_CFLITE_KEEP="$root/out/cflite" bash ci/cflite-build.sh
  set -- "$root/build/meshgate" "$root/out/cflite" "$root/out/fuzz-smoke"
fi
meshgate=$1 bin=$2 out=$3
shift 3
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for options in "$root"/fuzz/*_fuzzer.options; do targets+=("$(basename "$options" .options)"); done
fi
rm -rf "$out" && mkdir -p "$out"
bash "$root/fuzz/make-seed-corpus.sh" "$meshgate" "$out/seeds"
smoke() {
  local target=$1
  local options=$root/fuzz/$target.options dict max_len runs rate
  args=(-max_total_time="$seconds" -rss_limit_mb=512 -malloc_limit_mb=128 -timeout=10 -print_final_stats=1
        -artifact_prefix="$out/$target-")
  if [ -f "$options" ]; then
    dict=$(sed -n 's/^dict = //p' "$options")
    max_len=$(sed -n 's/^max_len = //p' "$options")
    [ -n "$dict" ] && args+=(-dict="$root/fuzz/dict/$dict")
    [ -n "$max_len" ] && args+=(-max_len="$max_len")
  fi
  corpora=("$out/corpus/$target")
  [ -d "$out/seeds/$target" ] && corpora+=("$out/seeds/$target")
  mkdir -p "$out/corpus/$target"
  if ! "$bin/$target" "${args[@]}" "${corpora[@]}" > "$out/$target.log" 2>&1; then
    tail -n 40 "$out/$target.log"
    echo "fuzz-smoke: $target FAILED (log and input in $out)" >&2
    return 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$target.log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/$target.log")
  echo "fuzz-smoke: $target ok, $runs runs, $rate exec/s"
  # Targets whose every run must free what it allocates (fuzz/balanced_runs.sh).
  case $target in
    model_change_fuzzer) bash "$root/fuzz/balanced_runs.sh" "$bin/$target" "$out/seeds/$target" "$out/$target-balanced.log" ;;
  esac
}
# Two targets at a time (each libFuzzer run is one process on one core).
jobs=${MESHGATE_FUZZ_SMOKE_JOBS:-2} failed=0 running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  smoke "$target" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
[ "$failed" = 0 ] || { echo "fuzz-smoke: FAILED" >&2; exit 1; }
echo "fuzz-smoke: ${#targets[@]} targets ok"
