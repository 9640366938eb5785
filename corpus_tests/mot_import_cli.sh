#!/usr/bin/env bash
# import --as mot and replace of a MOT member by a glTF animation, end to
# end on the actor of `synth dmc3`: an unedited export -> import of both its
# motions exits 0 within the default tolerance (the summary and --json name
# the largest error per channel), round-trips and exports again; replace of
# the PAC's MOT slot writes the same bytes as import with that slot as
# --like; the refusals exit 1 naming the cause (no animation, a node that is
# not a joint, a NaN key, decreasing times, more keys than a u16 span holds,
# a channel the like file's mask does not carry, an error above the
# tolerance) and write nothing; usage errors exit 2. Usage: mot_import_cli.sh MESHGATE
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "mot_import_cli: $*" >&2; exit 1; }
# expect CODE TEXT CMD... (cli_expect.sh): -o's file ($out) is not written.
out=$work/refused.mot expect_unwritten=$work/refused.mot
source "$(dirname "$0")/cli_expect.sh"

"$bin" synth dmc3 --seed 50 --count 1 --out "$work/c" >/dev/null
mod=$work/c/pl_0000.mod
for motion in idle turn; do
  like=$work/c/pl_0000_$motion.mot
  "$bin" export "$mod" --motion "$like" -o "$work/$motion.glb" >/dev/null || fail "export --motion $motion exited $?"
  "$bin" import "$work/$motion.glb" --as mot --like "$like" -o "$work/$motion.mot" > "$work/$motion.txt" ||
    fail "import of the unedited $motion export exited $?: $(cat "$work/$motion.txt")"
  grep -q "max error against the glTF: translation .* units (joint .*), rotation .* degrees" "$work/$motion.txt" ||
    fail "import did not print the measured error: $(cat "$work/$motion.txt")"
  "$bin" roundtrip "$work/$motion.mot" >/dev/null || fail "the imported $motion MOT does not round-trip"
  "$bin" export "$mod" --motion "$work/$motion.mot" -o "$work/$motion-again.glb" >/dev/null ||
    fail "export of the imported $motion MOT exited $?"
  "$bin" import "$work/$motion.glb" --as mot --like "$like" -o "$work/$motion-json.mot" --json > "$work/$motion.json" ||
    fail "import --json exited $?"
  cmp -s "$work/$motion.mot" "$work/$motion-json.mot" || fail "import --json wrote other bytes than import"
  python3 - "$work/$motion.json" <<'PY' || fail "import --json ($motion): keys or errors"
import json, sys
r = json.load(open(sys.argv[1]))
assert set(r) == {"output", "as", "like", "written", "warnings", "errors", "accuracy", "log"}, sorted(r)
assert r["written"] is True and r["as"] == "mot" and r["errors"] == [], r
a = r["accuracy"]
assert set(a) == {"animation", "units_per_second", "mask_reading", "tolerance", "max_error"}, sorted(a)
m = a["max_error"]
assert m["translation"]["units"] <= 1e-3 and m["scale"]["factor"] <= 1e-3 and m["rotation"]["degrees"] <= 0.05, m
assert m["rotation"]["probes"] > 0 and set(m["rotation"]) == {"degrees", "joint", "time_units", "probes"}, m
PY
done

# replace: the PAC's MOT slot takes the glTF animation, imported with the slot as --like.
pac=$work/c/pl_0000.pac
"$bin" extract "$pac!slot_0002" -o "$work/slot2.mot" >/dev/null || fail "extract slot_0002 exited $?"
cmp -s "$work/slot2.mot" "$work/c/pl_0000_idle.mot" || fail "slot_0002 of the actor's PAC is not its idle MOT"
"$bin" replace "$pac!slot_0002" "$work/idle.glb" -o "$work/new.pac" > "$work/replace.txt" ||
  fail "replace of the MOT slot with a glTF exited $?: $(cat "$work/replace.txt")"
grep -qF "as a dmc3-mot like pl_0000.pac!slot_0002 (import --as mot --like)" "$work/replace.txt" ||
  fail "replace did not say what it imported: $(cat "$work/replace.txt")"
grep -qF "max error against the glTF" "$work/replace.txt" || fail "replace did not print the measured error"
"$bin" extract "$work/new.pac!slot_0002" -o "$work/new-slot2.mot" >/dev/null || fail "extract of the new slot exited $?"
cmp -s "$work/new-slot2.mot" "$work/idle.mot" || fail "replace wrote other bytes than import --like the slot"
"$bin" replace "$pac!slot_0002" "$work/idle.glb" -o "$work/new2.pac" --json > "$work/replace.json" || fail "replace --json exited $?"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["conversion"]; a=c["accuracy"]; assert c["importer"]=="import --as mot --like" and a["max_error"]["rotation"]["degrees"]<=0.05, c' \
  "$work/replace.json" || fail "replace --json: the conversion's accuracy"

# Malformed animations: exit 1 naming the cause, nothing written.
"$bin" export "$mod" -o "$work/still.glb" >/dev/null
expect 1 "the glTF has no animation" "$bin" import "$work/still.glb" --as mot --like "$work/c/pl_0000_idle.mot" -o "$out"
expect 1 "no animation" "$bin" replace "$pac!slot_0002" "$work/still.glb" -o "$work/x.pac"
mkdir "$work/g"
"$bin" export "$mod" --motion "$work/c/pl_0000_idle.mot" --format gltf -o "$work/g/idle.gltf" >/dev/null
# edit CASE: a copy of the .gltf (and its .bin) with one thing broken, at $work/g/CASE.gltf.
edit() {
  python3 - "$work/g" "$1" <<'PY'
import json, struct, sys, os
folder, case = sys.argv[1], sys.argv[2]
g = json.load(open(os.path.join(folder, "idle.gltf")))
data = bytearray(open(os.path.join(folder, g["buffers"][0]["uri"]), "rb").read())
a = g["animations"][0]
def span(acc):
    x = g["accessors"][acc]; v = g["bufferViews"][x["bufferView"]]
    return v.get("byteOffset", 0) + x.get("byteOffset", 0)
rot = next(c for c in a["channels"] if c["target"]["path"] == "rotation")
s = a["samplers"][rot["sampler"]]
if case == "nonjoint":
    g["nodes"].append({"name": "extra"})
    g["scenes"][0]["nodes"].append(len(g["nodes"]) - 1)
    rot["target"]["node"] = len(g["nodes"]) - 1
elif case == "nan":
    struct.pack_into("<f", data, span(s["output"]), float("nan"))
elif case == "decreasing":
    at = span(s["input"]); t0, t1 = struct.unpack_from("<ff", data, at)
    struct.pack_into("<ff", data, at, t1, t0)
    g["accessors"][s["input"]].pop("min", None); g["accessors"][s["input"]].pop("max", None)
elif case == "manykeys":
    n = 9000  # a compression-3 track holds 8187 keys in its u16 span
    extra = b"".join(struct.pack("<f", k / 60) for k in range(n)) + struct.pack("<ffff", 0, 0, 0, 1) * n
    g["buffers"].append({"uri": "many.bin", "byteLength": len(extra)})
    open(os.path.join(folder, "many.bin"), "wb").write(extra)
    b = len(g["buffers"]) - 1
    g["bufferViews"] += [{"buffer": b, "byteOffset": 0, "byteLength": 4 * n}, {"buffer": b, "byteOffset": 4 * n, "byteLength": 16 * n}]
    v = len(g["bufferViews"])
    g["accessors"] += [{"bufferView": v - 2, "componentType": 5126, "count": n, "type": "SCALAR", "min": [0], "max": [(n - 1) / 60]},
                       {"bufferView": v - 1, "componentType": 5126, "count": n, "type": "VEC4"}]
    s["input"], s["output"] = len(g["accessors"]) - 2, len(g["accessors"]) - 1
elif case == "step":
    for x in a["samplers"]:
        if x["interpolation"] == "LINEAR": x["interpolation"] = "STEP"
name = case + ".bin"
g["buffers"][0]["uri"] = name
open(os.path.join(folder, name), "wb").write(data)
json.dump(g, open(os.path.join(folder, case + ".gltf"), "w"))
PY
}
idle=$work/c/pl_0000_idle.mot
for case in nonjoint nan decreasing manykeys step; do edit $case; done
expect 1 "which is not a joint of the MOD" "$bin" import "$work/g/nonjoint.gltf" --as mot --like "$idle" -o "$out"
expect 1 "not finite" "$bin" import "$work/g/nan.gltf" --as mot --like "$idle" -o "$out"
expect 1 "key times do not increase at key 1" "$bin" import "$work/g/decreasing.gltf" --as mot --like "$idle" -o "$out"
expect 1 "more than a compression-3 track's u16 span holds (8187)" "$bin" import "$work/g/manykeys.gltf" --as mot --like "$idle" -o "$out"
expect 1 "above the tolerance" "$bin" import "$work/g/step.gltf" --as mot --like "$idle" -o "$out"
"$bin" import "$work/g/step.gltf" --as mot --like "$idle" --max-error 1000,360 -o "$work/step.mot" >/dev/null ||
  fail "--max-error 1000,360 did not allow the STEP animation: exit $?"
# The idle motion moves every joint's rotation; the turn's masks do not carry them all.
expect 1 "does not carry" "$bin" import "$work/idle.glb" --as mot --like "$work/c/pl_0000_turn.mot" -o "$out"
grep -q "joint [0-9]* (nodes\[[0-9]*\])" "$work/err.txt" || fail "the mask refusal did not name the joint: $(cat "$work/err.txt")"

# Usage: exit 2.
expect 2 "--as mot needs --like" "$bin" import "$work/idle.glb" --as mot -o "$out"
expect 2 "not UNITS,DEGREES" "$bin" import "$work/idle.glb" --as mot --like "$idle" --max-error 0.1 -o "$out"
expect 2 "not UNITS,DEGREES" "$bin" import "$work/idle.glb" --as mot --like "$idle" --max-error nan,1 -o "$out"
expect 2 "not a MOT meshgate accepts" "$bin" import "$work/idle.glb" --as mot --like "$mod" -o "$out"
cp "$idle" "$work/like-copy.mot"
expect 2 "" "$bin" import "$work/idle.glb" --as mot --like "$work/like-copy.mot" -o "$work/like-copy.mot" --force
cmp -s "$idle" "$work/like-copy.mot" || fail "import -o naming its --like changed it"
echo "mot_import_cli: ok"
