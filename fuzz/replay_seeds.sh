#!/usr/bin/env bash
# Generates the synthetic seed corpora (valid + malformed) and replays them,
# plus any minimized crashers in fuzz/regressions/, through each fuzz target.
set -euo pipefail
meshgate=$1 mod_replay=$2 nres_replay=$3 msh_replay=$4
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$meshgate" synth mod --seed 3 --count 30 --malformed --out "$work/mod" >/dev/null
"$meshgate" synth nres --seed 3 --count 30 --malformed --out "$work/nres" >/dev/null
"$meshgate" synth msh --seed 3 --count 30 --malformed --out "$work/msh" >/dev/null
extra=()
[ -d "$here/regressions" ] && extra+=("$here/regressions")
"$mod_replay" "$work/mod" "${extra[@]}"
"$nres_replay" "$work/nres" "${extra[@]}"
"$msh_replay" "$work/msh" "${extra[@]}"
