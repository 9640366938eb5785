#!/usr/bin/env bash
# A short smoke run of every libFuzzer target (a few seconds each) in the fuzz
# preset, for .ci/run: the targets build with -fsanitize=fuzzer,address,undefined,
# start from the synthetic seeds with their dictionaries and limits, and find
# nothing in that time. Any crash fails the run (its input is left in out/fuzz-smoke/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${MESHGATE_FUZZ_SMOKE_SECONDS:-4}
bash ci/install-deps.sh
# Only the targets are built with clang; the seeds come from the release build's meshgate.
[ -x build/meshgate ] || bash ci/build.sh release
cmake --preset fuzz >/dev/null
targets=$(ls fuzz/*_fuzzer.options | xargs -n1 basename | sed 's/\.options$//')
cmake --build --preset fuzz --parallel "$(nproc)" --target $targets
out=out/fuzz-smoke
rm -rf "$out" && mkdir -p "$out"
bash fuzz/make-seed-corpus.sh build/meshgate "$out/seeds"
for options in fuzz/*_fuzzer.options; do
  target=$(basename "$options" .options)
  dict=$(sed -n 's/^dict = //p' "$options")
  args=(-max_total_time="$seconds" -rss_limit_mb=512 -malloc_limit_mb=128 -timeout=10 -print_final_stats=1
        -max_len="$(sed -n 's/^max_len = //p' "$options")" -artifact_prefix="$out/$target-")
  [ -n "$dict" ] && args+=(-dict="fuzz/dict/$dict")
  mkdir -p "$out/corpus/$target"
  if ! "build-fuzz/fuzz/$target" "${args[@]}" "$out/corpus/$target" "$out/seeds/$target" > "$out/$target.log" 2>&1; then
    tail -n 40 "$out/$target.log"
    echo "fuzz-smoke: $target FAILED" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$target.log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/$target.log")
  echo "fuzz-smoke: $target ok, $runs runs, $rate exec/s"
done
