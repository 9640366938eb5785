#!/usr/bin/env bash
# Seed corpora for every fuzz target, made by `meshgate synth` (never from game
# files): OUT/<target>/ directories, and with --zip also OUT/<target>_seed_corpus.zip
# (the OSS-Fuzz / ClusterFuzzLite naming).
# Usage: fuzz/make-seed-corpus.sh MESHGATE OUT [--zip]
set -euo pipefail
meshgate=$1 out=$2 zip=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$meshgate" synth mod --seed 3 --count 40 --malformed --out "$work/mod" >/dev/null
"$meshgate" synth nres --seed 3 --count 30 --malformed --out "$work/nres" >/dev/null
"$meshgate" synth msh --seed 3 --count 60 --malformed --out "$work/msh" >/dev/null
seed_dir() {  # target -> directories of its seeds (files under 16 KiB are copied: 2-4x the exec/s of 64 KiB seeds)
  case $1 in
    model_change_fuzzer) echo "$work/mod $work/nres $work/msh" ;;  # any format
    mod_*) echo "$work/mod" ;;
    nres_*) echo "$work/nres" ;;
    msh_model_fuzzer|mod_model_fuzzer) echo "$work/model" ;;
    msh_*) echo "$work/msh" ;;
  esac
}
mkdir -p "$work/model"
head -c 4096 /dev/zero | tr '\0' '\1' > "$work/model/ones"   # FuzzedDataProvider targets: any bytes will do
for t in mod_parse mod_roundtrip mod_model nres_parse nres_roundtrip msh_parse msh_roundtrip msh_model model_change; do
  target=${t}_fuzzer
  mkdir -p "$out/$target"
  # shellcheck disable=SC2046 # seed_dir lists directories (mktemp paths, no spaces)
  find $(seed_dir "$target") -type f -size -16k -exec cp {} "$out/$target/" \;
  if [ "$zip" = "--zip" ]; then
    (cd "$out/$target" && python3 -m zipfile -c "../${target}_seed_corpus.zip" .)
  fi
done
# gltf_import_fuzzer: exported synthetic models, .glb and .gltf with its .bin (fuzz/gltf-seeds.sh).
bash "$(dirname "$0")/gltf-seeds.sh" "$meshgate" "$out/gltf_import_fuzzer" 12
if [ "$zip" = "--zip" ]; then
  (cd "$out/gltf_import_fuzzer" && python3 -m zipfile -c "../gltf_import_fuzzer_seed_corpus.zip" .)
fi
