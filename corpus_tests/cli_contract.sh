#!/usr/bin/env bash
# The meshgate command-line contract that users' scripts rely on: exit codes
# 0 / 1 / 2 and the JSON keys of inspect and roundtrip.
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "cli_contract: $*" >&2; exit 1; }

"$bin" synth mod --seed 11 --count 12 --out "$work/corpus" --malformed >/dev/null

# roundtrip over a directory of valid files: exit 0, every file identical.
mkdir "$work/valid" && cp "$work"/corpus/synth_*.mod "$work/valid/"
echo "not a model" > "$work/valid/readme.txt"   # skipped: detected by magic, not extension
"$bin" roundtrip "$work/valid" --json > "$work/rt.json" || fail "roundtrip of valid corpus exited $?"
python3 - "$work/rt.json" <<'PY'
import json, sys, re
r = json.load(open(sys.argv[1]))
files = r["files"]
assert len(files) == 12, len(files)
for f in files:
    for k in ("path", "format", "size", "xxh3_64", "output_xxh3_64", "identical", "first_diff_offset", "diagnostics"):
        assert k in f, k
    assert f["format"] == "dmc3-mod" and f["identical"] is True and f["first_diff_offset"] is None
    assert re.fullmatch(r"[0-9a-f]{16}", f["xxh3_64"]) and f["xxh3_64"] == f["output_xxh3_64"]
    assert not f["path"].startswith("/")
assert r["totals"]["identical"] == 12
PY

# a rejected file makes roundtrip exit 1; a missing path exits 2.
set +e
"$bin" roundtrip "$work/corpus/malformed/malformed_mod.mesh-stream-out-of-bounds.mod" >/dev/null; rc=$?
[ $rc -eq 1 ] || fail "roundtrip of a rejected file exited $rc, expected 1"
"$bin" roundtrip "$work/does-not-exist" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "roundtrip of a missing path exited $rc, expected 2"
"$bin" inspect >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "inspect without FILE exited $rc, expected 2"

# inspect: exit 0 with the documented keys; exit 1 on rejection with JSON still printed.
"$bin" inspect "$work/corpus/synth_0000.mod" --json > "$work/ok.json"; rc=$?
[ $rc -eq 0 ] || fail "inspect of a valid file exited $rc"
"$bin" inspect "$work/corpus/malformed/malformed_mod.aggregate-element-count-mismatch.mod" --json > "$work/bad.json"; rc=$?
[ $rc -eq 1 ] || fail "inspect of a rejected file exited $rc, expected 1"
set -e
python3 - "$work/ok.json" "$work/bad.json" <<'PY'
import json, sys
ok = json.load(open(sys.argv[1]))
for k in ("format", "size", "xxh3_64", "summary", "fields", "diagnostics"):
    assert k in ok, k
assert ok["format"] == "dmc3-mod"
for k in ("version", "objects", "meshes", "vertices", "nodes", "texture_slots", "default_joint"):
    assert k in ok["summary"], k
paths = {f["path"] for f in ok["fields"]}
assert "header.version" in paths and "objects[0].meshes[0].positions_offset" in paths
for f in ok["fields"]:
    assert set(("path", "offset", "size", "type", "value", "status")) <= set(f), f
bad = json.load(open(sys.argv[2]))
assert bad["diagnostics"][-1]["code"] == "mod.aggregate-element-count-mismatch"
assert bad["diagnostics"][-1]["severity"] == "error"
assert bad["diagnostics"][-1]["path"] == "objects[0].aggregate_element_count"
PY
# NRes: nested archives are reported as outer!NAME; inspect summary holds entries.
"$bin" synth nres --seed 4 --count 8 --out "$work/nres" >/dev/null
"$bin" roundtrip "$work/nres" --json > "$work/nres.json" || fail "roundtrip of synthetic NRes exited $?"
"$bin" inspect "$work/nres/synth_0001.rlb" --json > "$work/nres_inspect.json" || fail "inspect of NRes exited $?"
python3 - "$work/nres.json" "$work/nres_inspect.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert all(f["identical"] for f in r["files"])
assert any("!" in f["path"] for f in r["files"]), "no nested archive reported"
assert {f["format"] for f in r["files"]} == {"nres"}
i = json.load(open(sys.argv[2]))
assert i["format"] == "nres" and "entries" in i["summary"]
assert any(f["path"] == "entries[0].sort_index" for f in i["fields"])
PY
# MSH: standalone models and models nested in outer archives are format nres-msh;
# inspect's summary holds the model counts; a malformed model exits 1.
"$bin" synth msh --seed 9 --count 10 --malformed --out "$work/msh" >/dev/null
# A chain the exporter cannot write (more than 65,534 animation keys from
# about 48,000 nodes) is refused naming why, nothing written: it was an empty
# chain_50000.msh and exit 0.
rc=0; "$bin" synth msh --chain 50000 --out "$work/chain" >/dev/null 2>"$work/chain.err" || rc=$?
[ $rc = 2 ] || fail "synth msh --chain 50000 exited $rc, expected 2"
grep -q "more than 65534 animation keys" "$work/chain.err" || fail "synth msh --chain 50000: $(cat "$work/chain.err")"
[ ! -e "$work/chain/chain_50000.msh" ] || fail "synth msh --chain 50000 wrote a file"
mkdir "$work/msh_valid" && cp "$work"/msh/synth_* "$work/msh_valid/"
"$bin" roundtrip "$work/msh_valid" --json > "$work/msh.json" || fail "roundtrip of synthetic MSH exited $?"
"$bin" inspect "$work/msh/synth_msh_0000.msh" --json > "$work/msh_inspect.json" || fail "inspect of MSH exited $?"
set +e
"$bin" inspect "$work/msh/malformed/malformed_msh.index-out-of-range.msh" --json > "$work/msh_bad.json"; rc=$?
[ $rc -eq 1 ] || fail "inspect of a rejected model exited $rc, expected 1"
set -e
python3 - "$work/msh.json" "$work/msh_inspect.json" "$work/msh_bad.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert all(f["identical"] for f in r["files"])
formats = {f["format"] for f in r["files"]}
assert formats == {"nres", "nres-msh"}, formats
assert any("!" in f["path"] and f["format"] == "nres-msh" for f in r["files"]), "no nested model reported"
i = json.load(open(sys.argv[2]))
assert i["format"] == "nres-msh"
for k in ("entries", "nodes", "slots", "batches", "vertices", "indices", "triangles", "keys", "frames"):
    assert k in i["summary"], k
paths = {f["path"] for f in i["fields"]}
assert "res13[0].index_start" in paths and "res1[0].fallback_key" in paths and "res3.positions" in paths
for f in i["fields"]:
    assert set(("path", "offset", "size", "type", "value", "status")) <= set(f), f
bad = json.load(open(sys.argv[3]))
assert bad["format"] == "nres-msh" and bad["parse_ok"] is False
assert bad["diagnostics"][-1]["code"] == "msh.index-out-of-range" and bad["diagnostics"][-1]["path"] == "res6[0]"
PY
# export / view: exit 0 and the documented keys; 1 for a model that does not parse (nothing written);
# 2 for -o with an archive of several models, and for a missing output choice.
"$bin" export "$work/corpus/synth_0000.mod" -o "$work/one.glb" --json > "$work/export.json" || fail "export exited $?"
python3 - "$work/export.json" "$work/one.glb" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert "axis_convention" in r and len(r["models"]) == 1
m = r["models"][0]
assert m["path"] == "synth_0000.mod" and m["output"] == sys.argv[2]
for k in ("meshes", "primitives", "triangles", "vertices", "joints", "animations", "dropped_degenerates",
          "renormalised_normals", "skin_fallbacks", "winding", "strips", "flipped_triangles", "reversed_strips",
          "inconsistent_strips", "undecided_triangles", "against_normals", "scale", "y_up"):
    assert k in m["summary"], k
assert m["summary"]["winding"] == "normals" and m["summary"]["against_normals"] == 0
assert open(sys.argv[2], "rb").read(4) == b"glTF"
PY
# --winding strip keeps alternation (the flips become triangles against their normals);
# --scale must be finite and above 0 (exit 2, nothing written); --scale and --y-up are undone by import.
"$bin" export "$work/corpus/synth_0000.mod" -o "$work/strip.glb" --winding strip --scale 0.01 --json > "$work/strip.json" ||
  fail "export --winding strip --scale 0.01 exited $?"
python3 - "$work/export.json" "$work/strip.json" <<'PY'
import json, sys
n = json.load(open(sys.argv[1]))["models"][0]["summary"]
s = json.load(open(sys.argv[2]))["models"][0]["summary"]
assert s["winding"] == "strip" and s["flipped_triangles"] == 0 and s["scale"] == 0.01
assert s["against_normals"] == n["flipped_triangles"] > 0, (s, n)
PY
"$bin" import "$work/strip.glb" --as mod --like "$work/corpus/synth_0000.mod" -o "$work/strip.mod" > "$work/import.txt" ||
  fail "import of a --scale export exited $?"
grep -q "root node (scale 0.01)" "$work/import.txt" || fail "import did not say it removed the scale's root node"
cmp -s "$work/strip.mod" "$work/corpus/synth_0000.mod" || fail "export --winding strip --scale 0.01 -> import --like is not the file"
set +e
for scale in 0 -1 nan inf -inf 1e400 x; do
  "$bin" export "$work/corpus/synth_0000.mod" -o "$work/scale.glb" --scale "$scale" >/dev/null 2>&1; rc=$?
  [ $rc -eq 2 ] || fail "export --scale $scale exited $rc, expected 2"
  [ ! -e "$work/scale.glb" ] || fail "export --scale $scale wrote a file"
done
"$bin" export "$work/corpus/synth_0000.mod" -o "$work/w.glb" --winding inside-out >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "export --winding inside-out exited $rc, expected 2"
"$bin" export "$work/corpus/malformed/malformed_mod.mesh-stream-out-of-bounds.mod" -o "$work/bad.glb" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "export of a rejected file exited $rc, expected 1"
[ ! -e "$work/bad.glb" ] || fail "export of a rejected file wrote a file"
"$bin" export "$work/msh/synth_pack_0000.rlb" -o "$work/pack.glb" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "export -o of an archive of several models exited $rc, expected 2"
"$bin" export "$work/corpus/synth_0000.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "export without -o or --out exited $rc, expected 2"
"$bin" view "$work/corpus/malformed/malformed_mod.mesh-stream-out-of-bounds.mod" -o "$work/bad.html" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "view of a rejected file exited $rc, expected 1"
set -e
"$bin" export "$work/msh/synth_pack_0000.rlb" --out "$work/packs" --format gltf >/dev/null || fail "export --out of a pack exited $?"
ls "$work/packs"/synth_pack_0000.rlb_MODEL*.MSH.gltf >/dev/null || fail "no per-model .gltf for a pack"
ls "$work/packs"/synth_pack_0000.rlb_MODEL*.MSH.bin >/dev/null || fail "no .bin beside a .gltf"
"$bin" view "$work/msh/synth_msh_0000.msh" -o "$work/m.html" >/dev/null || fail "view of a model exited $?"
grep -q "meshgate-data" "$work/m.html" || fail "the view page holds no model data"

# docs: check exits 1 naming a stale block, update rewrites it and check then
# exits 0; an unknown block or a file that is not evidence exits 2 and
# changes nothing.
"$bin" sweep "$work/corpus" --json "$work/ev.json" >/dev/null 2>&1 || true
printf 'Zero in <!-- meshgate:value dmc3-mod.mesh.+0x04.zero_ratio -->0/0<!-- /meshgate -->.\n' > "$work/doc.md"
set +e
"$bin" docs check "$work/doc.md" --evidence "$work/ev.json" > "$work/docs.out"; rc=$?
[ $rc -eq 1 ] || fail "docs check of a stale block exited $rc, expected 1"
grep -q "doc.md:1: stale block \`value dmc3-mod.mesh.+0x04.zero_ratio\`" "$work/docs.out" || fail "docs check did not name the stale block"
"$bin" docs update "$work/doc.md" --evidence "$work/ev.json" >/dev/null; rc=$?
[ $rc -eq 0 ] || fail "docs update exited $rc"
"$bin" docs check "$work/doc.md" --evidence "$work/ev.json" >/dev/null; rc=$?
[ $rc -eq 0 ] || fail "docs check after update exited $rc"
printf '<!-- meshgate:tables x -->\n<!-- /meshgate -->\n' >> "$work/doc.md"
cp "$work/doc.md" "$work/doc.before"
"$bin" docs update "$work/doc.md" --evidence "$work/ev.json" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "docs update with an unknown block exited $rc, expected 2"
cmp -s "$work/doc.md" "$work/doc.before" || fail "docs update changed a document that has an unknown block"
"$bin" docs check "$work/doc.md" --evidence "$work/doc.md" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "docs check with a non-evidence file exited $rc, expected 2"
set -e

# bytemap: a picture of a parsed file (exit 0), a rejected file (exit 1), an
# unknown picture type (exit 2, nothing written).
"$bin" bytemap "$work/corpus/synth_0000.mod" -o "$work/map.svg" > "$work/bytemap.out" || fail "bytemap .svg exited $?"
grep -q "EXE_CONFIRMED" "$work/map.svg" || fail "the byte map SVG has no legend"
"$bin" bytemap "$work/corpus/synth_0000.mod" -o "$work/map.png" >/dev/null || fail "bytemap .png exited $?"
[ "$(head -c 4 "$work/map.png" | tail -c 3)" = "PNG" ] || fail "bytemap .png is not a PNG"
set +e
"$bin" bytemap "$work/corpus/malformed/malformed_mod.mesh-stream-out-of-bounds.mod" -o "$work/bad.svg" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "bytemap of a rejected file exited $rc, expected 1"
"$bin" bytemap "$work/corpus/synth_0000.mod" -o "$work/map.jpg" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "bytemap -o .jpg exited $rc, expected 2"
[ ! -e "$work/map.jpg" ] && [ ! -e "$work/bad.svg" ] || fail "bytemap wrote a picture it refused"
set -e

# diff: equal files exit 0, a changed field exit 1 naming its path in the
# JSON, a missing file exit 2.
"$bin" diff "$work/corpus/synth_0000.mod" "$work/corpus/synth_0000.mod" >/dev/null || fail "diff of a file with itself exited $?"
python3 - "$work/corpus/synth_0000.mod" "$work/edited.mod" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
b[0x40 + 0x3C:0x40 + 0x40] = struct.pack("<f", 0.625)   # objects[0].bounding_radius
open(sys.argv[2], "wb").write(b)
PY
set +e
"$bin" diff "$work/corpus/synth_0000.mod" "$work/edited.mod" --json > "$work/diff.json"; rc=$?
[ $rc -eq 1 ] || fail "diff of an edited file exited $rc, expected 1"
"$bin" diff "$work/corpus/synth_0000.mod" "$work/nothing.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "diff with a missing file exited $rc, expected 2"
set -e
python3 - "$work/diff.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["equal"] is False and len(d["files"]) == 1, d
f = d["files"][0]
for k in ("key", "path_a", "path_b", "equal", "only_in_a", "only_in_b", "fields", "streams", "uncovered"):
    assert k in f, k
assert [c["path"] for c in f["fields"]] == ["objects[0].bounding_radius"], f["fields"]
c = f["fields"][0]
assert c["offset_a"] == c["offset_b"] == 0x7C and c["new"] == 0.625, c
PY

# set: a typed edit writes a file whose only difference is the field (exit 0);
# an edit that breaks the file is refused (exit 1, nothing written) unless
# --force; an unknown path or a value out of range is exit 2; --in-place
# replaces the input itself.
"$bin" set "$work/corpus/synth_0000.mod" 'objects[0].bounding_radius=0.625' -o "$work/set.mod" >/dev/null || fail "set exited $?"
cmp -s "$work/set.mod" "$work/edited.mod" || fail "set and a by-hand poke of the same field differ"
set +e
"$bin" set "$work/corpus/synth_0000.mod" 'objects[0].aggregate_element_count=1' -o "$work/broken.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "set that breaks the file exited $rc, expected 1"
[ ! -e "$work/broken.mod" ] || fail "set wrote a file with an error"
"$bin" set "$work/corpus/synth_0000.mod" 'objects[0].aggregate_element_count=1' -o "$work/broken.mod" --force >/dev/null 2>&1; rc=$?
[ $rc -eq 0 ] && [ -e "$work/broken.mod" ] || fail "set --force exited $rc"
"$bin" set "$work/corpus/synth_0000.mod" 'objects[0].no_such_field=1' -o "$work/x.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "set of an unknown path exited $rc, expected 2"
"$bin" set "$work/corpus/synth_0000.mod" 'header.default_joint_index=256' -o "$work/x.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "set of an out-of-range value exited $rc, expected 2"
"$bin" set "$work/corpus/synth_0000.mod" 'objects[0].bounding_radius=1' >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "set without -o or --in-place exited $rc, expected 2"
set -e
cp "$work/corpus/synth_0000.mod" "$work/inplace.mod"
"$bin" set "$work/inplace.mod" 'objects[0].bounding_radius=0.625' --in-place >/dev/null || fail "set --in-place exited $?"
cmp -s "$work/inplace.mod" "$work/edited.mod" || fail "set --in-place did not write the edit"

# dump/build: an unedited dump builds the identical file and follows its
# schema; an edited value builds a file that differs in that field alone;
# a dump whose counts changed is refused (exit 2).
"$bin" dump "$work/corpus/synth_0000.mod" -o "$work/dump.json" >/dev/null || fail "dump exited $?"
"$bin" build "$work/dump.json" -o "$work/built.mod" >/dev/null || fail "build exited $?"
cmp -s "$work/built.mod" "$work/corpus/synth_0000.mod" || fail "an unedited dump did not build the identical file"
python3 - "$(dirname "$0")/../pipeline/schema/dump.v1.schema.json" "$work/dump.json" "$work/dump-edited.json" "$work/dump-count.json" <<'PY'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
dump = json.load(open(sys.argv[2]))
errors = list(Draft202012Validator(schema).iter_errors(dump))
assert not errors, f"{errors[0].message} at {list(errors[0].absolute_path)}"
for item in dump["items"]:
    if item["path"] == "objects[0].bounding_radius":
        item["value"] = 0.625
json.dump(dump, open(sys.argv[3], "w"))
for item in dump["items"]:
    if item["path"] == "objects[0].meshes[0].uv":
        item["elements"].pop()
json.dump(dump, open(sys.argv[4], "w"))
PY
"$bin" build "$work/dump-edited.json" -o "$work/built-edited.mod" >/dev/null || fail "build of an edited dump exited $?"
cmp -s "$work/built-edited.mod" "$work/edited.mod" || fail "an edited dump did not build the edit alone"
set +e
"$bin" build "$work/dump-count.json" -o "$work/built-count.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "build of a dump with a changed count exited $rc, expected 2"
"$bin" dump "$work/corpus/malformed/malformed_mod.mesh-stream-out-of-bounds.mod" -o "$work/bad-dump.json" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "dump of a rejected file exited $rc, expected 1"
set -e
# rebuild --canonical: a model laid out afresh has other bytes (diff exit 1)
# but the same content (diff --semantic exit 0, "semantic": true in the
# JSON); a rejected file is exit 1 with nothing written; a missing
# --canonical is exit 2.
"$bin" rebuild "$work/msh/synth_msh_0002.msh" --canonical -o "$work/rebuilt.msh" >/dev/null || fail "rebuild exited $?"
set +e
cmp -s "$work/rebuilt.msh" "$work/msh/synth_msh_0002.msh" && fail "the rebuilt model kept its layout: pick a relaid file"
"$bin" diff "$work/msh/synth_msh_0002.msh" "$work/rebuilt.msh" >/dev/null; rc=$?
[ $rc -eq 1 ] || fail "diff of a rebuilt model exited $rc, expected 1"
"$bin" diff --semantic --json "$work/msh/synth_msh_0002.msh" "$work/rebuilt.msh" > "$work/semantic.json"; rc=$?
[ $rc -eq 0 ] || fail "diff --semantic of a rebuilt model exited $rc, expected 0"
"$bin" diff --semantic "$work/corpus/synth_0000.mod" "$work/edited.mod" >/dev/null; rc=$?
[ $rc -eq 1 ] || fail "diff --semantic of an edited field exited $rc, expected 1"
"$bin" rebuild "$work/corpus/malformed/malformed_mod.mesh-stream-out-of-bounds.mod" --canonical -o "$work/bad-rebuilt.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] && [ ! -e "$work/bad-rebuilt.mod" ] || fail "rebuild of a rejected file exited $rc, expected 1 and no file"
"$bin" rebuild "$work/corpus/synth_0000.mod" -o "$work/x.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "rebuild without --canonical exited $rc, expected 2"
set -e
python3 - "$work/semantic.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["equal"] is True and d["semantic"] is True and d["files"] == [], d
PY
# import: export -> import --like gives the same model (diff --semantic exit
# 0); a file that is not glTF is exit 2; --as a format import does not build
# is exit 2; a glTF a MOD cannot hold is exit 1 with nothing written.
"$bin" export "$work/corpus/synth_0000.mod" -o "$work/model.glb" >/dev/null || fail "export exited $?"
"$bin" import "$work/model.glb" --as mod --like "$work/corpus/synth_0000.mod" -o "$work/imported.mod" >/dev/null || fail "import exited $?"
"$bin" diff --semantic "$work/corpus/synth_0000.mod" "$work/imported.mod" >/dev/null || fail "export -> import --like is not the same model"
"$bin" import "$work/model.glb" --as mod -o "$work/imported-plain.mod" > "$work/import.out" || fail "import without --like exited $?"
set +e
"$bin" import "$work/corpus/synth_0000.mod" --as mod -o "$work/x.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.mod" ] || fail "import of a non-glTF file exited $rc, expected 2"
"$bin" import "$work/model.glb" --as obj -o "$work/x.mod" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "import --as obj exited $rc, expected 2"
python3 - "$work/model.glb" "$work/huge-joint.gltf" <<'PY'
import json, struct, sys, base64
data = open(sys.argv[1], "rb").read()
length = struct.unpack_from("<I", data, 12)[0]
doc = json.loads(data[20:20 + length])
rest = data[20 + length:]
bin_length = struct.unpack_from("<I", rest, 0)[0]
blob = bytearray(rest[8:8 + bin_length])
# Every JOINTS_0 byte of the first primitive names joint 200: beyond a blend lane's 63.
prim = doc["meshes"][0]["primitives"][0]
acc = doc["accessors"][prim["attributes"]["JOINTS_0"]]
view = doc["bufferViews"][acc["bufferView"]]
start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
for i in range(acc["count"]):
    blob[start + 4 * i] = 200
doc["buffers"][0] = {"byteLength": len(blob), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(blob)).decode()}
json.dump(doc, open(sys.argv[2], "w"))
PY
"$bin" import "$work/huge-joint.gltf" --as mod -o "$work/huge.mod" > /dev/null 2> "$work/import.err"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$work/huge.mod" ] || fail "import of a glTF a MOD cannot hold exited $rc, expected 1 and no file"
grep -q "joint 200" "$work/import.err" || fail "import did not name the joint it cannot hold"
"$bin" export "$work/msh/synth_msh_0001.msh" -o "$work/model-msh.glb" >/dev/null || fail "export of an MSH exited $?"
"$bin" import "$work/model-msh.glb" --as msh --like "$work/msh/synth_msh_0001.msh" -o "$work/imported.msh" >/dev/null; rc=$?
[ $rc -eq 0 ] || fail "import --as msh exited $rc"
"$bin" roundtrip "$work/imported.msh" >/dev/null || fail "the imported MSH does not round-trip"
"$bin" diff --semantic "$work/msh/synth_msh_0001.msh" "$work/imported.msh" >/dev/null || fail "MSH export -> import --like is not the same model"
"$bin" import "$work/model-msh.glb" --as msh --lod 5 -o "$work/x.msh" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "import --lod 5 exited $rc, expected 2"

# texture: a Texm as a PNG, alone or as FILE!ENTRY of Textures.lib;
# the byte order it used is named; usage errors exit 2, a texture that does
# not parse exits 1 naming its code, and neither writes a file.
"$bin" synth texm --seed 29 --count 9 --malformed --out "$work/tex" >/dev/null || fail "synth texm exited $?"
"$bin" texture "$work/tex/Textures.lib!tex_0007" -o "$work/t7.png" > "$work/texture.out"; rc=$?
[ $rc -eq 0 ] || fail "texture of a Textures.lib entry exited $rc"
grep -q "byte order bgra" "$work/texture.out" || fail "texture did not name its byte order"
python3 - "$work/t7.png" <<'PY'
import sys, struct
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n", d[:8]
w, h, depth, colour = struct.unpack(">IIBB", d[16:26])
assert w > 0 and h > 0 and depth == 8 and colour == 6, (w, h, depth, colour)  # 8-bit RGBA
PY
"$bin" texture "$work/tex/tex_0007.texm" -o "$work/t7-argb.png" --texm-order argb | grep -q "byte order argb" \
  || fail "texture --texm-order argb did not say so"
cmp -s "$work/t7.png" "$work/t7-argb.png" && fail "texture 8888 decoded the same in both byte orders"
"$bin" texture "$work/tex/Textures.lib" -o "$work/x.png" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.png" ] || fail "texture of an archive without !ENTRY exited $rc, expected 2"
"$bin" texture "$work/tex/Textures.lib!NO_SUCH" -o "$work/x.png" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.png" ] || fail "texture of a missing entry exited $rc, expected 2"
"$bin" texture "$work/tex/tex_0000.texm" -o "$work/x.png" --mip 99 >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.png" ] || fail "texture --mip 99 exited $rc, expected 2"
"$bin" texture "$work/tex/tex_0000.texm" -o "$work/x.jpg" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.jpg" ] || fail "texture -o x.jpg exited $rc, expected 2"
"$bin" texture "$work/tex/tex_0000.texm" -o "$work/t7.png" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "texture over an existing output without --force exited $rc, expected 2"
for f in "$work"/tex/malformed/malformed_texm.*.texm; do
  code=$(basename "$f" .texm); code=${code#malformed_}
  [ "$code" = texm.page-rect-outside ] && continue  # a warning: the texture is written
  "$bin" texture "$f" -o "$work/bad.png" > /dev/null 2> "$work/bad.err"; rc=$?
  [ $rc -eq 1 ] && [ ! -e "$work/bad.png" ] || {
    [ "$code" = texm.bad-magic ] && [ $rc -eq 2 ] && continue  # not a Texm at all: nothing to name
    fail "texture of $code exited $rc, expected 1 and no file"
  }
  grep -q "$code" "$work/bad.err" || fail "texture of $code did not name it"
done
"$bin" inspect "$work/tex/tex_0002.texm" --json > "$work/texm.json" || fail "inspect of a Texm exited $?"
python3 - "$work/texm.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["format"] == "nikita-texm" and r["parse_ok"], r["format"]
s = r["summary"]
for k in ("width", "height", "pixel_format", "mip_count", "levels", "page_rects", "alpha", "default_byte_order"):
    assert k in s, k
assert r["coverage"]["uncovered_bytes"] == 0, r["coverage"]
assert any(f["path"] == "levels[0]" for f in r["fields"])
PY
# texture FILE.ptx!N: entry N of a PTX companion (0-based, table order), also
# inside a PAC; the file alone, an entry it lacks or a level it lacks are
# usage errors (2), a companion that does not parse exits 1 naming its code
# (every malformed variant is still told as a PTX).
"$bin" synth ptx --seed 31 --count 4 --malformed --out "$work/ptx" >/dev/null || fail "synth ptx exited $?"
"$bin" texture "$work/ptx/tex_0000.ptx!0" -o "$work/p0.png" > "$work/ptx.out"; rc=$?
[ $rc -eq 0 ] && [ -s "$work/p0.png" ] || fail "texture FILE.ptx!0 exited $rc"
grep -q "texture 0 of .*decoder libsquish" "$work/ptx.out" || fail "texture of a PTX entry did not name its decoder: $(cat "$work/ptx.out")"
python3 - "$work/p0.png" <<'PY'
import sys, struct
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n", d[:8]
w, h, depth, colour = struct.unpack(">IIBB", d[16:26])
assert w > 0 and h > 0 and depth == 8 and colour == 6, (w, h, depth, colour)
PY
"$bin" texture "$work/ptx/st_textures.pac!slot_0001!0" -o "$work/p0-pac.png" >/dev/null; rc=$?
[ $rc -eq 0 ] || fail "texture of a PTX inside a PAC exited $rc"
cmp -s "$work/p0.png" "$work/p0-pac.png" || fail "the PAC's companion decoded differently from the loose one"
"$bin" texture "$work/ptx/tex_0000.ptx" -o "$work/x.png" 2> "$work/ptx.err" >/dev/null; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.png" ] || fail "texture of a PTX without !N exited $rc, expected 2"
grep -q 'tex_0000.ptx!0' "$work/ptx.err" || fail "texture of a PTX without !N did not list its entries"
"$bin" texture "$work/ptx/tex_0000.ptx!99" -o "$work/x.png" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.png" ] || fail "texture FILE.ptx!99 exited $rc, expected 2"
"$bin" texture "$work/ptx/tex_0000.ptx!0" -o "$work/x.png" --mip 99 >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/x.png" ] || fail "texture FILE.ptx!0 --mip 99 exited $rc, expected 2"
rejected=0
for f in "$work"/ptx/malformed/malformed_*.ptx; do
  code=$(basename "$f" .ptx); code=${code#malformed_}
  # inspect's exit code says whether the variant is rejected (1) or only
  # warned about (0: its texture decodes); a pipe into a JSON check here
  # failed under pipefail for every variant and skipped them all.
  "$bin" inspect "$f" > /dev/null 2>&1; rc=$?
  [ $rc -eq 0 ] && continue
  [ $rc -eq 1 ] || fail "inspect of $code exited $rc, expected 0 or 1"
  rejected=$((rejected + 1))
  "$bin" texture "$f!0" -o "$work/bad.png" > /dev/null 2> "$work/bad.err"; rc=$?
  [ ! -e "$work/bad.png" ] || fail "texture of $code wrote a file"
  [ $rc -eq 1 ] && grep -q "$code" "$work/bad.err" || fail "texture of $code exited $rc, expected 1 naming it"
done
[ $rejected -gt 0 ] || fail "no malformed PTX variant was rejected: the texture checks above ran on none"
"$bin" inspect "$work/ptx/tex_0001.ptx" --json > "$work/ptx.json" || fail "inspect of a PTX exited $?"
python3 - "$work/ptx.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["format"] == "dmc3-ptx" and r["parse_ok"], r["format"]
assert r["coverage"]["uncovered_bytes"] == 0, r["coverage"]
assert r["summary"]["textures"] == len(r["summary"]["entries"]) > 0
assert any(f["path"] == "entries[0].dds.fourcc" for f in r["fields"])
PY
for f in "$work"/ptx/*.ptx "$work"/ptx/*.pac; do
  "$bin" roundtrip "$f" >/dev/null || fail "roundtrip of $(basename "$f") exited $?"
done

# A gate over Textures.lib proves each texture byte for byte: one flipped
# texel names the entry that holds it.
mkdir "$work/lib" && cp "$work/tex/Textures.lib" "$work/lib/"
"$bin" manifest "$work/lib" -o "$work/lib.lock.json" >/dev/null || fail "manifest of Textures.lib exited $?"
python3 - "$work/lib/Textures.lib" <<'PY'
import sys
p = sys.argv[1]
d = bytearray(open(p, "rb").read())
third = d.find(b"Texm", d.find(b"Texm", d.find(b"Texm") + 4) + 4)  # TEX_0002, laid out third
d[third + 40] ^= 0xFF  # a texel of level 0 (or its palette)
open(p, "wb").write(d)
PY
"$bin" gate "$work/lib.lock.json" "$work/lib" > "$work/gate.out"; rc=$?
[ $rc -eq 1 ] || fail "gate after a flipped texel exited $rc, expected 1"
grep -q "Textures.lib!TEX_0002: content changed" "$work/gate.out" || fail "gate did not name the texture: $(cat "$work/gate.out")"
# So does a gate over a PTX companion: its lock digests each entry, and a
# flipped byte inside entry 3 is named by the address texture takes.
mkdir "$work/ptxlib" && cp "$work/ptx/tex_0000.ptx" "$work/ptxlib/"
"$bin" manifest "$work/ptxlib" -o "$work/ptx.lock.json" >/dev/null || fail "manifest of a PTX exited $?"
python3 - "$work/ptx.lock.json" "$work/ptxlib/tex_0000.ptx" <<'PY'
import json, sys
(entry,) = json.load(open(sys.argv[1]))["files"]
parts = entry["parts"]
assert [p["path"] for p in parts] == [f"tex_0000.ptx!{i}" for i in range(len(parts))] and len(parts) >= 4, parts
d = bytearray(open(sys.argv[2], "rb").read())
start = entry["size"] - sum(p["size"] for p in parts)  # the entries end the synthetic file
d[start + sum(p["size"] for p in parts[:3]) + parts[3]["size"] // 2] ^= 0xFF
open(sys.argv[2], "wb").write(d)
PY
"$bin" gate "$work/ptx.lock.json" "$work/ptxlib" > "$work/gate.out"; rc=$?
[ $rc -eq 1 ] || fail "gate after a flipped byte of a PTX entry exited $rc, expected 1"
grep -q "^gate: tex_0000.ptx!3: content changed" "$work/gate.out" || fail "gate did not name the PTX entry: $(cat "$work/gate.out")"
grep -q "tex_0000.ptx!2" "$work/gate.out" && fail "gate named an entry that did not change: $(cat "$work/gate.out")"
set -e

# export MODEL.mod --motion A.mot: one animation per motion, the summary's
# motion keys; a motion named by its PAC slot; a motion that does not fit,
# or a file that is not a MOT, exits 1 naming the files; a stage refuses
# --motion; a --motion that is an output is never overwritten.
set +e
"$bin" synth dmc3 --seed 41 --count 1 --malformed --out "$work/actor" >/dev/null || fail "synth dmc3 exited $?"
a="$work/actor/pl_0000"
"$bin" export "$a.mod" --motion "${a}_idle.mot" --motion "$a.pac!slot_0003" -o "$work/actor.glb" --json > "$work/actor.json"; rc=$?
[ $rc -eq 0 ] || fail "export --motion exited $rc"
python3 - "$work/actor.json" <<'PY' || fail "export --motion summary"
import json, sys
(m,) = json.load(open(sys.argv[1]))["models"]
s = m["summary"]
for key in ("animations", "motion_curve_max_error", "motion_rotation_max_error_deg", "motion_jumps"):
    assert key in s, key
assert s["animations"] == 2 and s["motion_jumps"] == 1, s
PY
"$bin" export "$a.mod" --motion "$work/actor/malformed/pl_0000_extra_joint.mot" -o "$work/x.glb" 2> "$work/mot.err" >/dev/null; rc=$?
[ $rc -eq 1 ] && [ ! -e "$work/x.glb" ] || fail "export --motion of a motion with a joint too many exited $rc, expected 1"
grep -q "pl_0000_extra_joint.mot does not fit the model pl_0000.mod: mot.bind-domain-mismatch" "$work/mot.err" ||
  fail "the refusal does not name both files and the code: $(cat "$work/mot.err")"
"$bin" export "$a.mod" --motion "$a.ptx" -o "$work/x.glb" 2> "$work/mot.err" >/dev/null; rc=$?
[ $rc -eq 1 ] && grep -q "pl_0000.ptx: not a MOT that parses" "$work/mot.err" || fail "export --motion FILE.ptx exited $rc"
"$bin" export "$a.mod" --motion "$work/actor/missing.mot" -o "$work/x.glb" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "export --motion of a missing file exited $rc, expected 2"
cp "${a}_idle.mot" "$work/idle-copy.mot"
"$bin" export "$a.mod" --motion "$work/idle-copy.mot" -o "$work/idle-copy.mot" --force >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && cmp -s "${a}_idle.mot" "$work/idle-copy.mot" || fail "export over its --motion exited $rc, expected 2, the motion kept"
"$bin" synth scm --seed 41 --count 1 --out "$work/stage" >/dev/null
"$bin" export "$work"/stage/*.scm --motion "${a}_idle.mot" -o "$work/x.glb" 2> "$work/mot.err" >/dev/null; rc=$?
[ $rc -eq 1 ] && grep -q "MOD models only" "$work/mot.err" || fail "export of a stage with --motion exited $rc, expected 1"
"$bin" export "$a.mod" --motion "${a}_turn.mot" --mot-mask 1 -o "$work/x.glb" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "--mot-mask 1 exited $rc, expected 2 (names only)"
"$bin" view "$a.pac" --motion "$a.pac!slot_0002" --mot-mask importer --mot-fps 30 -o "$work/actor.html" > "$work/view.out"; rc=$?
[ $rc -eq 0 ] && grep -q "1 animations" "$work/view.out" || fail "view --motion exited $rc: $(cat "$work/view.out")"
set -e

# spec FORMAT --kaitai -o F.ksy: exit 0 and a .ksy naming its format and
# meshgate's version; a format without one yet, a missing --kaitai or both
# FORMAT and --all exit 2; an existing output needs --force.
set +e
"$bin" spec dmc3-mot --kaitai -o "$work/mot.ksy" >/dev/null; rc=$?
[ $rc -eq 0 ] && grep -q '^  -meshgate-format: "dmc3-mot"$' "$work/mot.ksy" && grep -q '^  -meshgate-version: ' "$work/mot.ksy" ||
  fail "spec dmc3-mot --kaitai exited $rc or wrote no meta"
"$bin" spec dmc3-mot --kaitai -o "$work/mot.ksy" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "spec over an existing .ksy without --force exited $rc, expected 2"
"$bin" spec nikita-wear --kaitai -o "$work/wear.ksy" 2> "$work/spec.err" >/dev/null; rc=$?
[ $rc -eq 2 ] && [ ! -e "$work/wear.ksy" ] && grep -q "formats with one: .*dmc3-mot" "$work/spec.err" ||
  fail "spec of a format without a .ksy exited $rc: $(cat "$work/spec.err")"
"$bin" spec dmc3-mot -o "$work/x.ksy" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "spec without --kaitai exited $rc, expected 2"
"$bin" spec dmc3-mot --all --kaitai --out "$work/ksy" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "spec FORMAT --all exited $rc, expected 2"
set -e

# --help names an enum option's values by the words it takes, never by the
# enum's numbers (a uint8_t one printed as a control character); the numbers
# are not accepted either.
for sub in export view texture synth inspect; do
  "$bin" $sub --help > "$work/help.txt" || fail "$sub --help exited $?"
  if grep -n -e '->' -e '\\u00' "$work/help.txt" | grep -v 'stored units -> glTF'; then fail "$sub --help prints enum values"; fi
done
"$bin" export --help | grep -q -- '--texm-order ENUM:{bgra,argb}' || fail "export --help: no --texm-order ENUM:{bgra,argb}"
"$bin" export --help | grep -q -- '--wear-rows ENUM:{by-id,by-position}' || fail "export --help: no --wear-rows names"
"$bin" export --help | grep -q -- '--profile ENUM:{strict,compatible}' || fail "export --help: no --profile names"
"$bin" synth --help | grep -q -- '--sort-fold ENUM:{lower,upper}' || fail "synth --help: no --sort-fold names"
"$bin" export --help | grep -q -- '--mot-mask ENUM:{exe,importer}' || fail "export --help: no --mot-mask names"
set +e
"$bin" texture "$work/tex/tex_0000.texm" -o "$work/t.png" --texm-order 1 >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "texture --texm-order 1 exited $rc, expected 2 (names only)"
"$bin" texture "$work/tex/tex_0000.texm" -o "$work/t2.png" --texm-order argb >/dev/null; rc=$?
[ $rc -eq 0 ] || fail "texture --texm-order argb exited $rc"
set -e
# PATHs that hold no file meshgate reads: roundtrip, sweep, report, manifest
# and gate exit 1 naming them (a CI job given a wrong corpus path must not pass
# over nothing); --allow-empty accepts 0 files.
mkdir -p "$work/empty/sub" && echo "not a model" > "$work/empty/sub/notes.txt"
"$bin" manifest "$work/valid" -o "$work/valid.lock.json" >/dev/null || fail "manifest of the valid corpus exited $?"
set +e
for run in "roundtrip $work/empty" "sweep $work/empty" "report $work/empty -o $work/empty.html" \
           "manifest $work/empty -o $work/empty.lock.json" "gate $work/valid.lock.json $work/empty"; do
  "$bin" $run > /dev/null 2> "$work/empty.err"; rc=$?
  [ $rc -eq 1 ] && grep -q "no files found under $work/empty" "$work/empty.err" ||
    fail "$run over a directory with no model exited $rc: $(cat "$work/empty.err")"
done
[ ! -e "$work/empty.lock.json" ] && [ ! -e "$work/empty.html" ] || fail "a sweep of no files wrote its output"
for run in "roundtrip $work/empty" "sweep $work/empty" "manifest $work/empty -o $work/empty.lock.json"; do
  "$bin" $run --allow-empty > "$work/empty.out" 2>&1; rc=$?
  [ $rc -eq 0 ] || fail "$run --allow-empty exited $rc: $(cat "$work/empty.out")"
done
"$bin" gate "$work/empty.lock.json" "$work/empty" --allow-empty > "$work/empty.out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "PASS (0 entries" "$work/empty.out" || fail "gate --allow-empty of an empty lock exited $rc"
set -e
# Size options take units, one reading for all: --max-size 1k rejects a MOD
# over 1,024 bytes (exit 1), 64MiB reads it; fractions that are not whole
# bytes, signs, overflow, unknown units and sizes out of range are exit 2
# naming the cause, for every size option of every command.
mod0="$work/corpus/synth_0000.mod"
[ "$(stat -c %s "$mod0")" -gt 1024 ] || fail "synth_0000.mod is too small for the --max-size test"
"$bin" inspect "$mod0" --max-size 64MiB > /dev/null || fail "inspect --max-size 64MiB exited $?"
"$bin" sweep "$mod0" --max-size '64 MiB' --max-inflated 4GiB > /dev/null || fail "sweep --max-size '64 MiB' exited $?"
set +e
"$bin" inspect "$mod0" --max-size 1k > /dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "inspect --max-size 1k of a larger MOD exited $rc, expected 1 (too large)"
"$bin" inspect "$mod0" --max-size "$(stat -c %s "$mod0")B" > /dev/null 2>&1; rc=$?
[ $rc -eq 0 ] || fail "inspect --max-size of exactly its size exited $rc"
for bad in "1.5:not a whole number of bytes" "-1:a size has no sign" "18446744073709551616:more than 2^64-1 bytes" \
           "64mib:unknown unit" "lots:does not start with a number" "2TiB:outside 1..1099511627776" "0:outside 1.."; do
  "$bin" inspect "$mod0" --max-size "${bad%%:*}" > /dev/null 2> "$work/size.err"; rc=$?
  [ $rc -eq 2 ] && grep -q -F -- "${bad#*:}" "$work/size.err" ||
    fail "inspect --max-size ${bad%%:*} exited $rc: $(cat "$work/size.err")"
done
for run in "roundtrip $mod0 --max-inflated 1.5" "export $mod0 -o $work/s.glb --max-size 0.1k" \
           "view $mod0 -o $work/s.html --max-inflated x" "import $work/s.glb --as mod -o $work/s.mod --max-size 1e3" \
           "manifest $mod0 -o $work/s.lock.json --max-lock -5" "gate $work/valid.lock.json $mod0 --max-lock 65GiB"; do
  "$bin" $run > /dev/null 2> "$work/size.err"; rc=$?
  [ $rc -eq 2 ] && grep -q "is not a size\|outside" "$work/size.err" || fail "$run exited $rc: $(cat "$work/size.err")"
done
"$bin" manifest "$work/valid" -o "$work/small.lock.json" --max-lock 1KiB > /dev/null 2> "$work/size.err"; rc=$?
[ $rc -eq 2 ] && grep -q "over the 1024 a gate reads" "$work/size.err" || fail "manifest --max-lock 1KiB exited $rc"
set -e
"$bin" gate "$work/valid.lock.json" "$work/valid" --max-lock 1MB > /dev/null || fail "gate --max-lock 1MB exited $?"
"$bin" inspect --help | grep -q -- "--max-size SIZE" || fail "inspect --help does not name --max-size SIZE"
# One exit-code contract for a tree: inspect of a PAC whose member is
# rejected exits 1, as roundtrip does, and still lists the member.
set +e
python3 - "$a.pac" "$work/bad_member.pac" <<'PY'
import sys
d = bytearray(open(sys.argv[1], "rb").read())
at = d.index(b"MOD ")          # the MOD member: its magic kept, its header made nonsense
d[at + 4:at + 0x40] = b"\xff" * 0x3c
open(sys.argv[2], "wb").write(d)
PY
"$bin" roundtrip "$work/bad_member.pac" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "roundtrip of a PAC with a rejected member exited $rc, expected 1"
"$bin" inspect "$work/bad_member.pac" > "$work/bad_member.out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q "REJECTED" "$work/bad_member.out" || fail "inspect of a PAC with a rejected member exited $rc, expected 1: $(cat "$work/bad_member.out")"
"$bin" inspect "$work/bad_member.pac" --json > "$work/bad_member.json" 2>/dev/null; rc=$?
[ $rc -eq 1 ] || fail "inspect --json of a PAC with a rejected member exited $rc, expected 1"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["parse_ok"] and any(not c["parse_ok"] for c in r["children"])' "$work/bad_member.json" ||
  fail "inspect --json did not list the rejected member"
"$bin" inspect "$a.pac" >/dev/null; rc=$?
[ $rc -eq 0 ] || fail "inspect of a clean PAC exited $rc"

# synth checks every output before writing one: a file in the way, wherever
# the generator writes it, is refused (exit 2) with nothing else written.
for fmt in mod ptx mot scm dmc3; do
  "$bin" synth $fmt --seed 5 --count 3 --malformed --out "$work/synth-$fmt" >/dev/null || fail "synth $fmt exited $?"
  late=$(cd "$work/synth-$fmt" && ls malformed | sort | head -1)          # written after the whole corpus
  top=$(cd "$work/synth-$fmt" && find . -maxdepth 1 -type f | sort | tail -1)  # not the first file of the corpus
  for name in "malformed/$late" "${top#./}"; do
    rm -rf "$work/again" && mkdir -p "$work/again/malformed" && cp "$work/synth-$fmt/$name" "$work/again/$name"
    "$bin" synth $fmt --seed 5 --count 3 --malformed --out "$work/again" >/dev/null 2> "$work/again.err"; rc=$?
    [ $rc -eq 2 ] || fail "synth $fmt over $name exited $rc, expected 2"
    [ "$(cd "$work/again" && find . -type f)" = "./$name" ] ||
      fail "synth $fmt wrote files before refusing $name: $(cd "$work/again" && find . -type f | head -5)"
    grep -q "$name exists (use --force" "$work/again.err" || fail "synth $fmt did not name $name: $(cat "$work/again.err")"
  done
done
"$bin" synth mot --seed 5 --count 3 --out "$work/synth-mot" --force >/dev/null || fail "synth mot --force exited $?"

# export of an input that holds no model writes nothing and exits 1, with -o
# or --out alike.
"$bin" export "${a}_idle.mot" -o "$work/nomodel.glb" > /dev/null 2> "$work/nomodel.err"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$work/nomodel.glb" ] && grep -q "no model in the input" "$work/nomodel.err" ||
  fail "export FILE.mot -o exited $rc, expected 1: $(cat "$work/nomodel.err")"
"$bin" export "${a}_idle.mot" --out "$work/nomodel" > /dev/null 2> "$work/nomodel.err"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$work/nomodel" ] && grep -q "no model in the input" "$work/nomodel.err" ||
  fail "export FILE.mot --out exited $rc, expected 1: $(cat "$work/nomodel.err")"
set -e
echo "cli_contract: ok"
