#!/usr/bin/env bash
# Seeds for mot_import_fuzzer, made by `meshgate synth dmc3` and `meshgate
# export --motion` (never from game files): OUT/pl_NNNN_{idle,turn}.glb, each
# the actor's MOD with one motion as a glTF animation (CUBICSPLINE
# translation and scale, LINEAR rotation), and OUT/*.liked, the same .glb
# followed by "\n#like#\n" and its MOT (mot_import_fuzzer.cpp).
# Usage: fuzz/mot-seeds.sh MESHGATE OUT [COUNT]
set -euo pipefail
meshgate=$1 out=$2 count=${3:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
"$meshgate" synth dmc3 --seed 7 --count "$count" --out "$work" >/dev/null
for mod in "$work"/pl_*.mod; do
  base=${mod%.mod}
  for motion in idle turn; do
    glb=$out/$(basename "$base")_$motion.glb
    "$meshgate" export "$mod" --motion "${base}_$motion.mot" -o "$glb" >/dev/null
    { cat "$glb"; printf '\n#like#\n'; cat "${base}_$motion.mot"; } > "$glb.liked"
  done
done
