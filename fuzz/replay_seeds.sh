#!/usr/bin/env bash
# Generates the synthetic seed corpora (valid + malformed) and replays them,
# plus every minimized crasher in fuzz/regressions/, through each fuzz target's
# entry point (standalone replay main()). Usage: replay_seeds.sh MESHGATE REPLAY...
set -euo pipefail
meshgate=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$meshgate" synth mod --seed 3 --count 30 --malformed --out "$work/seeds/mod" >/dev/null
"$meshgate" synth nres --seed 3 --count 30 --malformed --out "$work/seeds/nres" >/dev/null
"$meshgate" synth msh --seed 3 --count 30 --malformed --out "$work/seeds/msh" >/dev/null
bash "$here/gltf-seeds.sh" "$meshgate" "$work/seeds/gltf" 3  # gltf_import_fuzzer's kind of input
inputs=("$work/seeds")
[ -d "$here/regressions" ] && inputs+=("$here/regressions")
for replay in "$@"; do
  printf '%s: ' "$(basename "$replay")"
  "$replay" "${inputs[@]}"
done
