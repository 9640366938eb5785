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
# model_change_fuzzer takes models under 4 KiB (below): a larger pool gives it a dozen valid MODs.
"$meshgate" synth mod --seed 4 --count 200 --out "$work/mod-small" >/dev/null
"$meshgate" synth nres --seed 3 --count 30 --malformed --out "$work/nres" >/dev/null
"$meshgate" synth msh --seed 3 --count 60 --malformed --out "$work/msh" >/dev/null
"$meshgate" synth pac --seed 3 --count 30 --malformed --out "$work/pac" >/dev/null
"$meshgate" synth pnst --seed 4 --count 30 --out "$work/pac/pnst" >/dev/null
"$meshgate" synth nbz --seed 3 --count 6 --malformed --nested --out "$work/nbz" >/dev/null
mv "$work"/nbz/nested/*.pac "$work/pac/"  # containers nested three deep are pac_fuzzer's; the nested volumes stay
"$meshgate" synth texm --seed 3 --count 24 --malformed --out "$work/texm" >/dev/null
rm -f "$work/texm/Textures.lib"  # the archive is nres_* ground; texm_fuzzer takes the textures
"$meshgate" synth mot --seed 3 --count 24 --malformed --out "$work/mot" >/dev/null
"$meshgate" synth dmc3 --seed 3 --count 2 --malformed --out "$work/actors" >/dev/null  # motions made for a MOD
cp "$work"/actors/*.mot "$work"/actors/malformed/*.mot "$work/mot/"
"$meshgate" synth ptx --seed 3 --count 24 --malformed --out "$work/ptx" >/dev/null
mv "$work/ptx/st_textures.pac" "$work/pac/"  # the PAC holding a companion is pac_fuzzer's
"$meshgate" synth scm --seed 3 --count 24 --malformed --out "$work/scm" >/dev/null
"$meshgate" synth materials --seed 3 --count 3 --malformed --out "$work/game" >/dev/null
# RsLi libraries: the container's seeds, and the codec targets' (any bytes; a library holds a stream of every method).
"$meshgate" synth rsli --seed 3 --count 12 --malformed --out "$work/rsli" >/dev/null
python3 "$(dirname "$0")/material-seeds.py" "$work/material" "$work"/game/*.lib "$work"/game/*.rlb "$work"/game/malformed/*
# png_fuzzer: meshgate's own pictures (the synthetic textures' level 0: RGBA, 1x1 to 80x80, a PTX entry's
# DXT1/DXT5 decode) and the colour types and depths it never writes (png-seeds.py).
mkdir -p "$work/png"
for f in "$work"/texm/tex_000[0-7].texm; do "$meshgate" texture "$f" -o "$work/png/$(basename "$f" .texm).png" >/dev/null; done
"$meshgate" texture "$work/ptx/tex_0000.ptx!0" -o "$work/png/ptx_0000_0.png" >/dev/null
python3 "$(dirname "$0")/png-seeds.py" "$work/png"
seed_dir() {  # target -> directories of its seeds (files under 16 KiB are copied: 2-4x the exec/s of 64 KiB seeds)
  case $1 in
    model_change_fuzzer) echo "$work/mod $work/mod-small $work/nres $work/msh" ;;  # any format
    msh_model_fuzzer|mod_model_fuzzer) echo "$work/model" ;;  # before mod_*, which took mod_model's
    mod_*) echo "$work/mod" ;;
    nres_*) echo "$work/nres" ;;
    msh_*) echo "$work/msh" ;;
    pac_fuzzer) echo "$work/pac" ;;
    volume_fuzzer) echo "$work/nbz" ;;
    texm_fuzzer) echo "$work/texm" ;;
    mot_fuzzer) echo "$work/mot" ;;
    ptx_fuzzer) echo "$work/ptx" ;;
    scm_fuzzer) echo "$work/scm" ;;
    mat0_wear_fuzzer) echo "$work/material" ;;
    png_fuzzer) echo "$work/png" ;;
    rsli_*) echo "$work/rsli" ;;
    member_edit_fuzzer) echo "$work/pac $work/ptx $work/nres $work/edit" ;;  # containers, each with a pick byte
  esac
}
mkdir -p "$work/model"
head -c 4096 /dev/zero | tr '\0' '\1' > "$work/model/ones"   # FuzzedDataProvider targets: any bytes will do
mkdir -p "$work/edit"  # member_edit_fuzzer: the nested volumes too; any container's last byte picks the edit
cp "$work"/nbz/nested/*.nbz "$work/edit/"
for t in mod_parse mod_roundtrip mod_model nres_parse nres_roundtrip msh_parse msh_roundtrip msh_model model_change pac volume texm mot ptx scm mat0_wear png member_edit rsli rsli_lzss rsli_lzhuf rsli_xor rsli_deflate; do
  target=${t}_fuzzer
  mkdir -p "$out/$target"
  # shellcheck disable=SC2046 # seed_dir lists directories (mktemp paths, no spaces)
  limit=16k; [ "$target" = volume_fuzzer ] && limit=256k  # a volume with models in it is ~100 KiB
  [ "$target" = ptx_fuzzer ] || [ "$target" = member_edit_fuzzer ] && limit=64k
  [[ $target == rsli_* ]] && limit=64k  # a library of eight entries, a texture among them, is up to ~40 KiB  # entries are whole 2 KiB blocks: a companion of three is 8 KiB
  # The change path's cost grows with the fields it dumps: from seeds under its
  # max_len (4 KiB) it ran ~8x the inputs per second and reached more edges in
  # the same time than from seeds of up to 16 KiB (fuzz/README.md).
  [ "$target" = model_change_fuzzer ] && limit=4096c
  find $(seed_dir "$target") -type f -size -"$limit" -exec cp {} "$out/$target/" \;
  if [ "$zip" = "--zip" ]; then
    (cd "$out/$target" && python3 -m zipfile -c "../${target}_seed_corpus.zip" .)
  fi
done
# gltf_import_fuzzer: exported synthetic models, .glb and .gltf with its .bin (fuzz/gltf-seeds.sh).
bash "$(dirname "$0")/gltf-seeds.sh" "$meshgate" "$out/gltf_import_fuzzer" 12
if [ "$zip" = "--zip" ]; then
  (cd "$out/gltf_import_fuzzer" && python3 -m zipfile -c "../gltf_import_fuzzer_seed_corpus.zip" .)
fi
# mot_import_fuzzer: the actors of synth dmc3 exported with each motion, alone and followed by their MOT (fuzz/mot-seeds.sh).
bash "$(dirname "$0")/mot-seeds.sh" "$meshgate" "$out/mot_import_fuzzer" 3
if [ "$zip" = "--zip" ]; then
  (cd "$out/mot_import_fuzzer" && python3 -m zipfile -c "../mot_import_fuzzer_seed_corpus.zip" .)
fi

# The JSON and Markdown targets, from the files fuzz/fuzz_corpus.hpp
# sweeps in memory (synth mod --seed 3 --count 3, synth msh --seed 3 --count 2),
# so a seed lock matches that corpus and the gate compares, not only refuses.
small="$work/small"
"$meshgate" synth mod --seed 3 --count 3 --out "$small" >/dev/null
"$meshgate" synth msh --seed 3 --count 2 --out "$small" >/dev/null
mkdir -p "$out/dump_build_fuzzer" "$out/docs_fuzzer" "$out/lock_fuzzer"
# dump_build_fuzzer: the dump of every small file (MOD, MSH, NRes archives with nested models).
for f in "$work"/mod/* "$work"/msh/* "$small"/*; do
  [ -f "$f" ] && [ "$(wc -c <"$f")" -lt 8192 ] || continue
  "$meshgate" dump "$f" -o "$work/d.json" >/dev/null 2>&1 || continue
  [ "$(wc -c <"$work/d.json")" -lt 131072 ] && cp "$work/d.json" "$out/dump_build_fuzzer/$(basename "$f").json"
done
# lock_fuzzer: the lock of the small corpus, and of one file.
"$meshgate" manifest "$small" -o "$out/lock_fuzzer/small.lock.json" >/dev/null
one=$(find "$small" -name '*.mod' | sort | head -n 1)
"$meshgate" manifest "$one" -o "$out/lock_fuzzer/one.lock.json" >/dev/null
# docs_fuzzer: documents with every kind of block, alone (synced against the
# in-memory evidence) and followed by a NUL and an evidence report.
"$meshgate" sweep "$one" --json "$work/one.evidence.json" >/dev/null
cat >"$work/blocks.md" <<'MD'
# Format notes

The mesh record: zero in <!-- meshgate:value dmc3-mod.mesh.+0x04.zero_ratio -->?<!-- /meshgate --> files,
<!-- meshgate:value dmc3-mod.mesh.+0x04.count -->0<!-- /meshgate --> in all (<!-- meshgate:value dmc3-mod.mesh.+0x04.status -->x<!-- /meshgate -->),
from <!-- meshgate:value dmc3-mod.mesh.+0x04.min -->0<!-- /meshgate --> to <!-- meshgate:value dmc3-mod.mesh.+0x04.max -->0<!-- /meshgate -->.

<!-- meshgate:fields dmc3-mod mesh -->
stale
<!-- /meshgate -->

<!-- meshgate:invariants -->
<!-- /meshgate -->

Files: <!-- meshgate:value totals.files -->0<!-- /meshgate -->, <!-- meshgate:value totals.summary -->?<!-- /meshgate -->.
Weights: <!-- meshgate:value invariant.mod.weight-sum-31.ratio -->?<!-- /meshgate -->, first <!-- meshgate:value invariant.mod.weight-sum-31.first_violation -->?<!-- /meshgate -->.
MD
cp "$work/blocks.md" "$out/docs_fuzzer/blocks.md"
printf '<!-- meshgate:value totals.files -->0<!-- /meshgate -->\n' >"$out/docs_fuzzer/one_value.md"
{ cat "$work/blocks.md"; printf '\0'; cat "$work/one.evidence.json"; } >"$out/docs_fuzzer/blocks_one_evidence"
# The evidence of one file (50 KB): an input's JSON is parsed and checked
# every run, and a sweep of five (166 KB) held the target to ~550 exec/s.
{ printf '<!-- meshgate:invariants -->\n<!-- /meshgate -->\n\0'; cat "$work/one.evidence.json"; } >"$out/docs_fuzzer/invariants_one_evidence"
if [ "$zip" = "--zip" ]; then
  for target in dump_build_fuzzer docs_fuzzer lock_fuzzer; do
    (cd "$out/$target" && python3 -m zipfile -c "../${target}_seed_corpus.zip" .)
  done
fi
# A seed longer than its target's max_len reaches libFuzzer cut short: a GLB
# or container cut at 64 KiB is refused at its first check, so the target
# fuzzed nothing past it (mot_import_fuzzer's actor seeds, 110-500 KB, started
# at 31 covered edges under 64 KiB; 2,259 with the whole seeds). Refuse that here.
too_long=0
for options in "$(dirname "$0")"/*_fuzzer.options; do
  target=$(basename "$options" .options)
  max_len=$(sed -n 's/^max_len *= *//p' "$options")
  [ -n "$max_len" ] && [ -d "$out/$target" ] || continue
  while IFS= read -r seed; do
    echo "fuzz/make-seed-corpus.sh: $seed is $(stat -c %s "$seed") bytes, over $target's max_len $max_len" >&2
    too_long=1
  done < <(find "$out/$target" -type f -size +"${max_len}"c)
done
[ "$too_long" = 0 ] || exit 1
