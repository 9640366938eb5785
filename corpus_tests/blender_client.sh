#!/usr/bin/env bash
# Blender as a real client of the export: Debian's blender imports a
# handful of the synthetic corpus's exports with its own glTF importer
# (`blender -b --python corpus_tests/blender_import.py`); each model's mesh
# objects, bones and faces must be the export summary's meshes, joints and
# triangles, and under --winding normals every MOD face must wind with its
# normals. Two of the MODs go through --scale 0.01 and the MSH models through
# --y-up --scale 0.01 (the root node Blender must take, not as a bone). Two
# DMC3 actors go with both their motions: Blender must make an action with
# keyframes of each, and the active one must move bones. It FAILS when blender is missing: ci/install-deps.sh installs it.
set -euo pipefail
bin=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "blender_client: $*" >&2; exit 1; }
command -v blender >/dev/null || fail "blender is not installed (run bash ci/install-deps.sh)"

"$bin" synth mod --seed 20261202 --count 4 --out "$work/corpus" >/dev/null
"$bin" synth msh --seed 20261202 --count 2 --out "$work/corpus" >/dev/null
"$bin" export "$work"/corpus/synth_000[01].mod --out "$work/mod" --json > "$work/mod.json" || fail "export of the MODs exited $?"
"$bin" export "$work"/corpus/synth_000[23].mod --out "$work/mod_scaled" --scale 0.01 --json > "$work/mod_scaled.json" ||
  fail "export --scale 0.01 of the MODs exited $?"
"$bin" export "$work"/corpus/*.msh --out "$work/msh" --y-up --scale 0.01 --json > "$work/msh.json" ||
  fail "export of the MSH models exited $?"
"$bin" synth scm --seed 20261206 --count 3 --out "$work/stages" >/dev/null
"$bin" export "$work"/stages/*.scm --out "$work/scm" --json > "$work/scm.json" || fail "export of the SCM stages exited $?"
"$bin" synth ptx --seed 20261206 --count 1 --out "$work/ptx" >/dev/null
"$bin" export "$work"/corpus/synth_0000.mod --textures "$work/ptx/tex_0000.ptx" --out "$work/mod_textured" --json \
  > "$work/mod_textured.json" 2>/dev/null || fail "export --textures FILE.ptx of a MOD exited $?"
"$bin" synth dmc3 --seed 20261206 --count 2 --out "$work/actors" >/dev/null
for i in 0 1; do
  a="$work/actors/pl_000$i"
  "$bin" export "$a.mod" --textures "$a.ptx" --motion "${a}_idle.mot" --motion "${a}_turn.mot" --out "$work/mod_animated" \
    --json > "$work/mod_animated_$i.json" || fail "export --motion of actor $i exited $?"
done
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
models = [m for i in (0, 1) for m in json.load(open(f"{work}/mod_animated_{i}.json"))["models"]]
json.dump({"models": models}, open(f"{work}/mod_animated.json", "w"))
PY
# One Blender imports every summary (a start took ~1.5 s of CPU and 13 s of a
# busy machine, six times); the guard's budget stretches with the load.
summaries=()
for kind in mod mod_scaled mod_textured mod_animated msh scm; do summaries+=("$work/$kind.json"); done
HOME="$work" bash "$source/corpus_tests/run_scaled.sh" 300 blender -b --factory-startup --python-exit-code 1 \
  --python "$source/corpus_tests/blender_import.py" -- "${summaries[@]}" > "$work/blender.txt" 2>&1 || {
  tail -n 30 "$work/blender.txt" >&2
  fail "blender failed on the exports"
}
python3 - "$work" <<'PY' || fail "Blender's import disagrees with the export summary"
import json, sys
work = sys.argv[1]
models = faces = bones = meshes = 0
figures = {}
for line in open(f"{work}/blender.txt"):
    if line.startswith("BLENDER_FIGURES "):
        f = json.loads(line[len("BLENDER_FIGURES "):])
        figures[f["output"]] = f
for kind in ("mod", "mod_scaled", "mod_textured", "mod_animated", "msh", "scm"):
    summary = {m["output"]: m["summary"] for m in json.load(open(f"{work}/{kind}.json"))["models"]}
    seen = {output: figures[output] for output in summary if output in figures}
    assert set(seen) == set(summary), (kind, sorted(summary), sorted(seen))
    assert summary, kind
    for output, s in summary.items():
        f = seen[output]
        if kind == "scm":  # a stage places a mesh on every node that binds its object: compare the datablocks
            assert f["mesh_datas"] == s["meshes"], (output, "mesh datablocks", f["mesh_datas"], s["meshes"])
            assert f["data_faces"] == s["triangles"], (output, "faces", f["data_faces"], s["triangles"])
            assert f["colour_meshes"] == f["mesh_datas"], (output, "meshes without vertex colours", f)
            assert f["against_normals"] == 0, (output, f)
            models += 1; faces += f["data_faces"]; meshes += f["meshes"]
            continue
        assert f["meshes"] == s["meshes"], (output, "meshes", f["meshes"], s["meshes"])
        assert f["bones"] == s["joints"], (output, "bones", f["bones"], s["joints"])
        assert f["faces"] == s["triangles"], (output, "faces", f["faces"], s["triangles"])
        if kind in ("mod_textured", "mod_animated"):  # the PTX companion's entries reach Blender as image texture nodes
            assert s["textures"] > 0 and f["image_materials"] > 0, (output, "no image texture node", f, s)
        if kind == "mod_animated":  # each MOT is an action with keyframes, and the active one moves bones
            assert f["actions"] >= s["animations"] == 2 and f["keyframes"] > 0, (output, "actions", f, s)
            assert f["moved_bones"] > 0, (output, "the active action moves no bone", f)
        if kind != "msh":
            assert s["winding"] == "normals" and s["flipped_triangles"] >= 0
            assert f["against_normals"] == 0 and f["sideless"] == 0, (output, f)
        models += 1; faces += f["faces"]; bones += f["bones"]; meshes += f["meshes"]
    if kind in ("mod", "mod_scaled"):
        flipped = sum(s["flipped_triangles"] for s in summary.values())
        assert flipped > 0, "the MOD exports flipped no triangle: the reversed starts are not exercised"
        print(f"blender_client: {kind}: {sum(s['reversed_strips'] for s in summary.values())} reversed and "
              f"{sum(s['inconsistent_strips'] for s in summary.values())} inconsistent strips, {flipped} triangles flipped")
assert len(figures) == models, f"Blender imported {len(figures)} models, the summaries hold {models}"
print(f"blender_client: {models} models, {meshes} mesh objects, {bones} bones, {faces} faces, every MOD and SCM face "
      f"with its normals, every SCM mesh with its vertex colours")
PY
echo "blender_client: ok"
