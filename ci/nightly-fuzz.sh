#!/usr/bin/env bash
# Nightly fuzzing: builds the fuzz preset, runs every target for --minutes N
# (default 10) with its dictionary, limits and a persistent corpus
# (out/fuzz/corpus/<target>, seeded by `meshgate synth`), J targets at a time
# (--jobs J, default 1), merges new inputs into the corpus (-merge=1),
# minimizes every crash into fuzz/regressions/<target>-<sha1>, and writes a JSON
# summary per target to reports/fuzz/<target>.json: seconds, executions, exec/s,
# coverage edges, features, corpus size, crashes. Exit 1 when anything crashed.
# --fast uses the fuzz-fast preset (libFuzzer + UBSan, no ASan: 2.5x the
# executions; memory errors that do not crash go unseen, so run it beside the
# ASan build, not instead of it). Its crashes are minimized with the same binary
# and replayed under ASan by CTest once they are in fuzz/regressions/.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=10 jobs=1 preset=fuzz
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) minutes=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --fast) preset=fuzz-fast; shift ;;
    *) echo "usage: ci/nightly-fuzz.sh [--minutes N] [--jobs J] [--fast]" >&2; exit 2 ;;
  esac
done
bash ci/install-deps.sh
# Only the targets are built with clang; the seeds come from the release build's meshgate.
[ -x build/meshgate ] || bash ci/build.sh release
cmake --preset "$preset" >/dev/null
bin=build-$preset/fuzz
targets=$(ls fuzz/*_fuzzer.options | xargs -n1 basename | sed 's/\.options$//')
cmake --build --preset "$preset" --parallel "$(nproc)" --target $targets
out=out/fuzz
mkdir -p "$out/corpus" "$out/logs" "$out/artifacts" reports/fuzz fuzz/regressions
bash fuzz/make-seed-corpus.sh build/meshgate "$out/seeds"

run_target() {
  local target=$1 options=fuzz/$1.options
  local dict max_len corpus=$out/corpus/$target log=$out/logs/$target.log artifacts=$out/artifacts/$target/
  dict=$(sed -n 's/^dict = //p' "$options")
  max_len=$(sed -n 's/^max_len = //p' "$options")
  mkdir -p "$corpus" "$artifacts"
  local args=(-max_total_time=$((minutes * 60)) -rss_limit_mb=512 -malloc_limit_mb=128 -timeout=10
              -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$artifacts")
  [ -n "$dict" ] && args+=(-dict="fuzz/dict/$dict")
  local started=$SECONDS
  "$bin/$target" "${args[@]}" "$corpus" "$out/seeds/$target" > "$log" 2>&1 || true
  local seconds=$((SECONDS - started))
  # Merge: keep only inputs that add coverage, seeds included.
  local merged=$corpus.merged
  rm -rf "$merged" && mkdir -p "$merged"
  "$bin/$target" -merge=1 -rss_limit_mb=512 "$merged" "$corpus" "$out/seeds/$target" >> "$log.merge" 2>&1 || true
  if [ -n "$(ls -A "$merged")" ]; then rm -rf "$corpus" && mv "$merged" "$corpus"; else rm -rf "$merged"; fi
  # Minimize every crash into fuzz/regressions/ (replayed by CTest from then on).
  local crashes=0
  for crash in "$artifacts"crash-* "$artifacts"leak-* "$artifacts"oom-* "$artifacts"timeout-*; do
    [ -e "$crash" ] || continue
    crashes=$((crashes + 1))
    local name
    name=fuzz/regressions/$target-$(sha1sum "$crash" | cut -c1-12)
    "$bin/$target" -minimize_crash=1 -runs=20000 -exact_artifact_path="$name" "$crash" >> "$log.minimize" 2>&1 || true
    [ -e "$name" ] || cp "$crash" "$name"
  done
  local runs rate cov ft
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
  python3 - "$target" "$seconds" "${runs:-0}" "${rate:-0}" "${cov:-0}" "${ft:-0}" "$(ls "$corpus" | wc -l)" "$crashes" \
      > "reports/fuzz/$target.json" <<'PY'
import json, sys
t, seconds, runs, rate, cov, ft, corpus, crashes = sys.argv[1:]
print(json.dumps({"target": t, "seconds": int(seconds), "executions": int(runs), "exec_per_sec": int(rate),
                  "coverage_edges": int(cov), "features": int(ft), "corpus_size": int(corpus),
                  "crashes": int(crashes)}, sort_keys=True, indent=2))
PY
  echo "nightly-fuzz: $target: ${runs:-0} runs in ${seconds}s (${rate:-0} exec/s), cov ${cov:-0}, ft ${ft:-0}, crashes $crashes"
}
export -f run_target
export out minutes bin
printf '%s\n' $targets | xargs -P "$jobs" -I{} bash -c 'run_target {}'
python3 - <<'PY'
import json, glob
total = [json.load(open(p)) for p in sorted(glob.glob("reports/fuzz/*_fuzzer.json"))]
print(json.dumps({"targets": total, "crashes": sum(t["crashes"] for t in total),
                  "executions": sum(t["executions"] for t in total)}, sort_keys=True, indent=2),
      file=open("reports/fuzz/summary.json", "w"))
PY
crashes=$(python3 -c 'import json; print(json.load(open("reports/fuzz/summary.json"))["crashes"])')
[ "$crashes" -eq 0 ] || { echo "nightly-fuzz: $crashes crashes, minimized into fuzz/regressions/" >&2; exit 1; }
