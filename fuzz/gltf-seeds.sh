#!/usr/bin/env bash
# Seeds for gltf_import_fuzzer, made by `meshgate synth` and `meshgate export`
# (never from game files): OUT/*.glb as exported, and OUT/*.gltf.seed, each a
# .gltf with its .bin appended as the fuzzer's in-memory file
# ("JSON\n#file#\nNAME\nBYTES", gltf_import_fuzzer.cpp).
# Usage: fuzz/gltf-seeds.sh MESHGATE OUT [COUNT]
set -euo pipefail
meshgate=$1 out=$2 count=${3:-6}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
"$meshgate" synth mod --seed 7 --count "$count" --out "$work/models" >/dev/null
"$meshgate" synth msh --seed 7 --count "$count" --out "$work/models" >/dev/null
"$meshgate" synth scm --seed 7 --count 2 --out "$work/models" >/dev/null  # stages: the SCM import's own shape
# An export refuses what it cannot describe; the rest still make seeds.
"$meshgate" export "$work/models" --out "$work/glb" >/dev/null 2>&1 || true
"$meshgate" export "$work/models" --format gltf --out "$work/gltf" >/dev/null 2>&1 || true
# A root node carrying --scale and --y-up, which import removes.
"$meshgate" export "$work/models" --out "$work/conventions" --scale 0.01 --y-up --winding strip >/dev/null 2>&1 || true
for f in "$work"/conventions/*.glb; do [ -e "$f" ] && cp "$f" "$out/conventions_$(basename "$f")"; done
cp "$work"/glb/*.glb "$out/" 2>/dev/null || true
python3 - "$work/gltf" "$out" <<'PY'
import json, os, sys
src, out = sys.argv[1:]
for name in sorted(os.listdir(src)):
    if not name.endswith(".gltf"):
        continue
    text = open(os.path.join(src, name), "rb").read()
    seed = text
    for b in json.loads(text).get("buffers", []):
        uri = b.get("uri", "")
        path = os.path.join(src, uri)
        if uri and not uri.startswith("data:") and os.path.isfile(path):
            seed += b"\n#file#\n" + uri.encode() + b"\n" + open(path, "rb").read()
    open(os.path.join(out, name + ".seed"), "wb").write(seed)
PY
