#!/usr/bin/env bash
# import --as scm and replace of an SCM member by a glTF stage, end to end on
# `synth scm`'s stages: an unedited export -> import --like the original
# exits 0, writes the original's bytes (canonical in, canonical out), prints
# the measured error and --json's exact keys (as import --as mot's, with an
# accuracy block: the largest position error and where); replace of a PAC
# slot holding an SCM writes the bytes import --like the slot writes; exit 1,
# nothing written, naming the cause: no meshes, a NaN position, a primitive
# without normals; exit 2: no --like, a like file that is no SCM, -o naming an
# input. Usage: scm_import_cli.sh MESHGATE
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "scm_import_cli: $*" >&2; exit 1; }
# expect CODE TEXT CMD... (cli_expect.sh): -o's file ($out) is not written.
out=$work/refused.scm expect_unwritten=$work/refused.scm
source "$(dirname "$0")/cli_expect.sh"

"$bin" synth scm --seed 50 --count 2 --out "$work/s" >/dev/null
for pair in scm_00000:xyz scm_00001:zyx scm_00000:zyx; do
  stage=${pair%:*} euler=${pair#*:}
  {
    like=$work/s/$stage.scm
    "$bin" export "$like" --scm-euler "$euler" -o "$work/$stage-$euler.glb" >/dev/null || fail "export of $stage exited $?"
    "$bin" import "$work/$stage-$euler.glb" --as scm --like "$like" -o "$work/$stage-$euler.scm" > "$work/import.txt" ||
      fail "import of the unedited $stage export ($euler) exited $?: $(cat "$work/import.txt")"
    grep -q "max error against the glTF: position .* units (object .* mesh .* vertex .*), colour" "$work/import.txt" ||
      fail "import did not print the measured error: $(cat "$work/import.txt")"
    cmp -s "$like" "$work/$stage-$euler.scm" || fail "the unedited import of $stage ($euler) is not the original's bytes"
  }
done
glb=$work/scm_00000-xyz.glb
like=$work/s/scm_00000.scm
"$bin" import "$glb" --as scm --like "$like" -o "$work/json.scm" --json > "$work/import.json" || fail "import --json exited $?"
cmp -s "$like" "$work/json.scm" || fail "import --json wrote other bytes than import"
python3 - "$work/import.json" <<'PY' || fail "import --json: keys or errors"
import json, sys
r = json.load(open(sys.argv[1]))
assert set(r) == {"output", "as", "like", "written", "warnings", "errors", "accuracy", "log"}, sorted(r)
assert r["written"] is True and r["as"] == "scm" and r["errors"] == [] and r["warnings"] == [], r
a = r["accuracy"]
assert set(a) == {"euler_reading", "tolerance", "max_error"}, sorted(a)
assert a["euler_reading"] == "xyz" and a["tolerance"] == {"position_units": 1e-4}, a
m = a["max_error"]
assert set(m) == {"position", "colour", "uv", "node_matrix"}, sorted(m)
assert set(m["position"]) == {"units", "object", "mesh", "vertex", "probes"}, m
assert m["position"]["units"] <= 1e-4 and m["position"]["probes"] > 0 and m["colour"]["steps"] < 1e-3, m
assert set(m["node_matrix"]) == {"element", "node", "probes"}, m
PY

# replace: a PAC slot holding an SCM takes the glTF stage, imported with the slot as --like.
"$bin" synth dmc3 --seed 50 --count 1 --out "$work/c" >/dev/null
"$bin" replace "$work/c/pl_0000.pac!slot_0002" "$like" --any-format -o "$work/stage.pac" >/dev/null ||
  fail "replace of slot_0002 by an SCM exited $?"
"$bin" replace "$work/stage.pac!slot_0002" "$glb" -o "$work/new.pac" > "$work/replace.txt" ||
  fail "replace of the SCM slot with a glTF exited $?: $(cat "$work/replace.txt")"
grep -qF "(import --as scm --like)" "$work/replace.txt" || fail "replace did not say what it imported: $(cat "$work/replace.txt")"
grep -qF "max error against the glTF" "$work/replace.txt" || fail "replace did not print the measured error"
"$bin" extract "$work/new.pac!slot_0002" -o "$work/new-slot2.scm" >/dev/null || fail "extract of the new slot exited $?"
cmp -s "$work/new-slot2.scm" "$like" || fail "replace wrote other bytes than import --like the slot"

# Malformed stages: exit 1 naming the cause, nothing written.
mkdir "$work/g"
"$bin" export "$like" --format gltf -o "$work/g/stage.gltf" >/dev/null
# edit CASE: a copy of the .gltf (and its .bin) with one thing broken, at $work/g/CASE.gltf.
edit() {
  python3 - "$work/g" "$1" <<'PY'
import json, struct, sys, os
folder, case = sys.argv[1], sys.argv[2]
g = json.load(open(os.path.join(folder, "stage.gltf")))
data = bytearray(open(os.path.join(folder, g["buffers"][0]["uri"]), "rb").read())
prim = g["meshes"][0]["primitives"][0]
if case == "nomeshes":
    g.pop("meshes")
    for n in g["nodes"]: n.pop("mesh", None)
elif case == "nan":
    x = g["accessors"][prim["attributes"]["POSITION"]]; v = g["bufferViews"][x["bufferView"]]
    struct.pack_into("<f", data, v.get("byteOffset", 0) + x.get("byteOffset", 0), float("nan"))
    x.pop("min", None); x.pop("max", None)
elif case == "nonormals":
    prim["attributes"].pop("NORMAL")
name = case + ".bin"
g["buffers"][0]["uri"] = name
open(os.path.join(folder, name), "wb").write(data)
json.dump(g, open(os.path.join(folder, case + ".gltf"), "w"))
PY
}
for case in nomeshes nan nonormals; do edit $case; done
expect 1 "the glTF has no meshes" "$bin" import "$work/g/nomeshes.gltf" --as scm --like "$like" -o "$out"
expect 1 "not finite" "$bin" import "$work/g/nan.gltf" --as scm --like "$like" -o "$out"
expect 1 "has no NORMAL" "$bin" import "$work/g/nonormals.gltf" --as scm --like "$like" -o "$out"
expect 1 "has no NORMAL" "$bin" replace "$work/stage.pac!slot_0002" "$work/g/nonormals.gltf" -o "$out"

# Usage: exit 2.
expect 2 "--as scm needs --like" "$bin" import "$glb" --as scm -o "$out"
expect 2 "not an SCM stage meshgate accepts" "$bin" import "$glb" --as scm --like "$work/c/pl_0000.mod" -o "$out"
cp "$like" "$work/like-copy.scm"
expect 2 "" "$bin" import "$glb" --as scm --like "$work/like-copy.scm" -o "$work/like-copy.scm" --force
cmp -s "$like" "$work/like-copy.scm" || fail "import -o naming its --like changed it"
expect 2 "" "$bin" import "$glb" --as scm --like "$like" -o "$glb" --force
echo "scm_import_cli: ok"
