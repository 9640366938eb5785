#!/usr/bin/env bash
# Generates the synthetic seed corpora (valid + malformed) and replays them,
# plus every minimized crasher in fuzz/regressions/, through each fuzz target's
# entry point. Usage: replay_seeds.sh MESHGATE TARGET...
# A TARGET is a libFuzzer binary (the asan tree: it runs every file of the
# directories once with -runs=0 and stops, as a failed input it stops with a
# sanitizer report and a non-zero exit) or a <name>_fuzzer_replay built with
# replay_main.cpp (trees without libFuzzer). Either way each run must say it
# ran every file it was given, or the replay fails.
set -euo pipefail
meshgate=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$meshgate" synth mod --seed 3 --count 30 --malformed --out "$work/seeds/mod" >/dev/null
"$meshgate" synth nres --seed 3 --count 30 --malformed --out "$work/seeds/nres" >/dev/null
"$meshgate" synth msh --seed 3 --count 30 --malformed --out "$work/seeds/msh" >/dev/null
"$meshgate" synth pac --seed 3 --count 20 --malformed --out "$work/seeds/pac" >/dev/null
"$meshgate" synth pnst --seed 3 --count 10 --out "$work/seeds/pnst" >/dev/null
"$meshgate" synth nbz --seed 3 --count 4 --malformed --nested --out "$work/seeds/nbz" >/dev/null
"$meshgate" synth texm --seed 3 --count 16 --malformed --out "$work/seeds/texm" >/dev/null
"$meshgate" synth materials --seed 3 --count 2 --malformed --out "$work/seeds/game" >/dev/null
"$meshgate" synth rsli --seed 3 --count 4 --malformed --out "$work/seeds/rsli" >/dev/null
bash "$here/gltf-seeds.sh" "$meshgate" "$work/seeds/gltf" 3  # gltf_import_fuzzer's kind of input
bash "$here/mot-seeds.sh" "$meshgate" "$work/seeds/motion-gltf" 1  # mot_import_fuzzer's
inputs=("$work/seeds")
[ -d "$here/regressions" ] && inputs+=("$here/regressions")
# The JSON and Markdown targets' own seeds (dumps, documents, evidence, locks),
# made by make-seed-corpus.sh: each replay also gets its target's directory.
bash "$here/make-seed-corpus.sh" "$meshgate" "$work/targets"
# model_change_fuzzer dumps, builds and rebuilds every file it accepts: over all
# the seeds that is 178 s under ASan (6.6 MB of containers at ~40 KB/s), so it
# replays its own seeds (every MOD/MSH/NRes code), the containers up to 64 KiB
# (sparse, nested, zero-slot, each malformed code) and the regressions.
change=$work/change
mkdir -p "$change"
find "$work/seeds/pac" "$work/seeds/pnst" -type f -size -65537c -exec cp --backup=numbered -t "$change" {} +
# replay TARGET DIR...: every file under the DIRs through TARGET, once.
replay() {
  local target=$1 files log=$work/replay.log
  shift
  files=$(find "$@" -type f | wc -l)
  if [[ $(basename "$target") == *_replay ]]; then
    "$target" "$@" >"$log" 2>&1 || { cat "$log"; return 1; }
    grep -qx "replayed $files inputs" "$log" || { cat "$log"; echo "replay_seeds: $target did not replay all $files files" >&2; return 1; }
  else
    # The first directory is libFuzzer's output corpus: an empty one, so that
    # nothing is written among the seeds. -max_len: no seed is cut short. ASan's
    # default quarantine (the binaries' own default is 16 MB, for fuzzing speed):
    # a freed block of a large seed stays out of reuse as long as in a replay.
    local max
    max=$(find "$@" -type f -printf '%s\n' | sort -n | tail -n 1)
    mkdir -p "$work/none" "$work/artifacts"
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=256 \
      "$target" -runs=0 -max_len="$max" -artifact_prefix="$work/artifacts/" \
      "$work/none" "$@" >"$log" 2>&1 || { tail -n 60 "$log"; return 1; }
    grep -q "seed corpus: files: $files " "$log" || { tail -n 20 "$log"; echo "replay_seeds: $target did not run all $files files" >&2; return 1; }
  fi
  echo "replayed $files inputs"
}
for target in "$@"; do
  name=$(basename "$target" _replay)
  printf '%s: ' "$name"
  own="$work/targets/$name"
  case $name in
    dump_build_fuzzer|docs_fuzzer|lock_fuzzer|mat0_wear_fuzzer|png_fuzzer) replay "$target" "${inputs[@]}" "$own" ;;
    model_change_fuzzer) replay "$target" "$own" "$change" "${inputs[@]:1}" ;;
    *) replay "$target" "${inputs[@]}" ;;
  esac
done
