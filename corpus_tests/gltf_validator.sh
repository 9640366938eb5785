#!/usr/bin/env bash
# The Khronos glTF Validator over the glTF export of the whole synthetic
# corpus: MOD, SCM, MSH standalone and nested in outer archives, every LOD column
# the generator fills, both file kinds (.glb and .gltf + .bin). Zero errors,
# and every warning either fixed or explained in docs/gltf-validator-allowed.json.
# DMC3 actors are exported textured and animated (--textures, --motion).
# It FAILS when the validator is missing: ci/install-deps.sh installs it.
set -euo pipefail
bin=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "gltf_validator: $*" >&2; exit 1; }
validator=$source/ci/js/validate-gltf.mjs
[ -f "$source/ci/js/node_modules/gltf-validator/package.json" ] ||
  fail "the Khronos glTF validator is not installed (run bash ci/install-deps.sh)"
command -v node >/dev/null || fail "node is not installed (run bash ci/install-deps.sh)"

"$bin" synth mod --seed 20261202 --count 60 --out "$work/corpus" >/dev/null
"$bin" synth msh --seed 20261202 --count 60 --out "$work/corpus" >/dev/null
"$bin" synth nres --seed 20261202 --count 12 --out "$work/corpus" >/dev/null
"$bin" export "$work/corpus" --out "$work/glb" --json > "$work/export.json" || fail "export exited $?"
for lod in 1 4; do
  "$bin" export "$work/corpus"/synth_msh_00*.msh --out "$work/lod$lod" --lod "$lod" >/dev/null || fail "export --lod $lod exited $?"
done
"$bin" export "$work/corpus"/synth_000[0-4].mod "$work/corpus"/synth_msh_000[0-4].msh --out "$work/gltf" --format gltf >/dev/null ||
  fail "export --format gltf exited $?"
# Options: strict-alternation winding, a scale and the y-up root node.
"$bin" export "$work/corpus"/synth_000[0-4].mod "$work/corpus"/synth_msh_000[0-4].msh --out "$work/conventions" \
  --winding strip --scale 0.01 --y-up >/dev/null || fail "export --winding strip --scale 0.01 --y-up exited $?"
python3 - "$work/export.json" <<'PY' || fail "export summary"
import json, sys
r = json.load(open(sys.argv[1]))
paths = [m["path"] for m in r["models"]]
assert sum(p.endswith(".mod") for p in paths) == 60, len(paths)
assert sum(p.endswith(".msh") and "!" not in p for p in paths) == 60
assert any("!" in p for p in paths), "no nested model exported"
for m in r["models"]:
    s = m["summary"]
    for k in ("meshes", "primitives", "triangles", "vertices", "joints", "animations", "dropped_degenerates", "renormalised_normals"):
        assert k in s, k
assert sum(m["summary"]["animations"] for m in r["models"]) > 0, "no animation exported"
assert sum(m["summary"]["joints"] for m in r["models"]) > 0, "no skin exported"
PY
# The textured exports of the generated game folder (every pixel
# format, Page cells, fallbacks, missing textures), .glb and .gltf, both readings.
"$bin" synth materials --seed 20261205 --count 6 --out "$work/game" >/dev/null || fail "synth materials exited $?"
"$bin" export "$work/game" --out "$work/textured" --game-dir "$work/game" --json > "$work/textured.json" ||
  fail "textured export exited $?"
"$bin" export "$work/game"/models_000[0-1].rlb --out "$work/textured-gltf" --format gltf --game-dir "$work/game" \
  --texm-order argb --wear-rows by-position >/dev/null || fail "textured export --format gltf exited $?"
python3 - "$work/textured.json" <<'PY' || fail "textured export summary"
import json, sys
r = json.load(open(sys.argv[1]))
s = [m["summary"] for m in r["models"]]
assert len(s) == 14, len(s)  # 6 archives of 2 models, the loose model, the showcase cube
for k in ("materials_resolved", "materials_fallback", "textures_missing", "textures"):
    assert all(k in x for x in s), k
assert sum(x["materials_resolved"] for x in s) > 0 and sum(x["materials_fallback"] for x in s) > 0
assert sum(x["textures"] for x in s) > 0 and sum(x["textures_missing"] for x in s) > 0
print("textured exports: %d models, %d materials resolved, %d fallback, %d textures missing, %d textures" % (
    len(s), sum(x["materials_resolved"] for x in s), sum(x["materials_fallback"] for x in s),
    sum(x["textures_missing"] for x in s), sum(x["textures"] for x in s)))
PY
# SCM stages: their node hierarchy, instanced objects and vertex colours, under
# both Euler readings and with a scale.
"$bin" synth scm --seed 20261206 --count 20 --out "$work/stages" >/dev/null || fail "synth scm exited $?"
"$bin" export "$work/stages" --out "$work/scm" --json > "$work/scm.json" || fail "scm export exited $?"
"$bin" export "$work/stages" --out "$work/scm-zyx" --scm-euler zyx --scale 0.01 --winding strip >/dev/null ||
  fail "scm export --scm-euler zyx exited $?"
python3 - "$work/scm.json" <<'PY' || fail "scm export summary"
import json, sys
s = [m["summary"] for m in json.load(open(sys.argv[1]))["models"]]
assert len(s) == 20, len(s)
assert all(x["meshes"] > 0 for x in s) and sum(x["triangles"] for x in s) > 0
PY
# DMC3 models textured by a PTX companion (--textures FILE.ptx): its entries
# as PNG baseColorTextures, a slot past its count an untextured material.
"$bin" synth ptx --seed 20261206 --count 1 --out "$work/ptx" >/dev/null || fail "synth ptx exited $?"
"$bin" export "$work/corpus"/synth_000[0-4].mod --textures "$work/ptx/tex_0000.ptx" --out "$work/ptx-mod" --json \
  > "$work/ptx-mod.json" 2>/dev/null || fail "export --textures FILE.ptx (MOD) exited $?"
"$bin" export "$work/stages"/scm_0000[0-4].scm --textures "$work/ptx/tex_0000.ptx" --out "$work/ptx-scm" --json \
  > "$work/ptx-scm.json" 2>/dev/null || fail "export --textures FILE.ptx (SCM) exited $?"
python3 - "$work/ptx-mod.json" "$work/ptx-scm.json" <<'PY' || fail "textured DMC3 export summary"
import json, sys
for path in sys.argv[1:]:
    s = [m["summary"] for m in json.load(open(path))["models"]]
    assert len(s) == 5 and all("textures" in x for x in s), path
    assert sum(x["textures"] for x in s) > 0, path
PY
# DMC3 actors (synth dmc3) textured and animated: both motions of each, as .glb and as .gltf + .bin, and
# under the importer's mask reading.
"$bin" synth dmc3 --seed 20261206 --count 4 --out "$work/actors" >/dev/null || fail "synth dmc3 exited $?"
mkdir -p "$work/animated"
for i in 0 1 2 3; do
  a="$work/actors/pl_000$i"
  "$bin" export "$a.mod" --textures "$a.ptx" --motion "${a}_idle.mot" --motion "${a}_turn.mot" -o "$work/animated/pl_000$i.glb" \
    --json > "$work/animated_$i.json" || fail "export --motion of actor $i exited $?"
done
"$bin" export "$work/actors/pl_0000.pac" --motion "$work/actors/pl_0000.pac!slot_0003" --mot-mask importer --mot-fps 30 \
  --format gltf -o "$work/animated/pl_0000_importer.gltf" >/dev/null || fail "export --motion --format gltf exited $?"
python3 - "$work"/animated_*.json <<'PY' || fail "animated export summary"
import json, sys
for path in sys.argv[1:]:
    (m,) = json.load(open(path))["models"]
    s = m["summary"]
    assert s["animations"] == 2 and s["joints"] > 0, s
    assert s["motion_curve_max_error"] < 1e-4, s  # CUBICSPLINE is the EXE's curve up to float rounding
    assert 0 < s["motion_rotation_max_error_deg"] < 90, s
    assert s["motion_jumps"] >= 1, s  # the turn's run of equal key times
PY
files=("$work"/animated/*.glb "$work"/animated/*.gltf "$work"/glb/*.glb "$work"/scm/*.glb "$work"/ptx-mod/*.glb "$work"/ptx-scm/*.glb "$work"/scm-zyx/*.glb "$work"/lod*/*.glb "$work"/gltf/*.gltf "$work"/conventions/*.glb "$work"/textured/*.glb
       "$work"/textured-gltf/*.gltf)
node "$validator" "$source/docs/gltf-validator-allowed.json" "${files[@]}" > "$work/validator.txt" || {
  grep -v '"problems":\[\]' "$work/validator.txt" | head -20 >&2
  fail "the validator found errors or unexplained warnings"
}
tail -n 1 "$work/validator.txt"
echo "gltf_validator: ok"
