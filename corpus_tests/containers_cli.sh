#!/usr/bin/env bash
# PAC/PNST containers end to end: `roundtrip DIR` over loose MODs and
# containers reports every MOD inside under its nested path and exits 1 when a
# nested MOD fails; `manifest` + `gate` name the nested MOD whose byte was
# flipped; `set` and `rebuild --canonical` of a nested MOD rewrite the
# container around it; NBZ/ZIP volumes are read in place (members round-trip,
# the gate names a changed member, rebuild refuses the volume) and each
# malformed volume fails naming its zip.* code. Usage: containers_cli.sh MESHGATE
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "containers_cli: $*" >&2; exit 1; }

"$bin" synth mod --seed 28 --count 3 --out "$work/corpus" >/dev/null
"$bin" synth pac --seed 28 --count 8 --out "$work/corpus" >/dev/null
"$bin" synth pnst --seed 28 --count 8 --out "$work/corpus/pnst" >/dev/null
printf 'PNST 3 entries\nslot_0000 em000.mod\n' > "$work/corpus/em000.index"  # text metadata: not a container

# roundtrip DIR: every file and every MOD inside, all identical, exit 0.
"$bin" roundtrip "$work/corpus" --json > "$work/rt.json" || fail "roundtrip of the container corpus exited $?"
python3 - "$work/rt.json" > "$work/nested_mod.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
files = r["files"]
paths = [f["path"] for f in files]
assert not any(p.endswith(".index") for p in paths), "a text .index file was read as a container"
tops = [f for f in files if "!" not in f["path"]]
assert len(tops) == 19, len(tops)
assert all(f["identical"] and f["parse_ok"] for f in files), [f["path"] for f in files if not f["identical"]]
nested_mods = [f for f in files if "!" in f["path"] and f["format"] == "dmc3-mod"]
deep = [f for f in nested_mods if f["path"].count("!") >= 2]
formats = {f["format"] for f in files}
assert {"dmc3-mod", "dmc3-pac", "dmc3-pnst"} <= formats, formats
assert len(nested_mods) >= 10 and deep, (len(nested_mods), len(deep))
for f in nested_mods:
    assert "!slot_" in f["path"], f["path"]
print(deep[0]["path"])
PY
nested=$(cat "$work/nested_mod.txt")
container=${nested%%!*}

# inspect --json of a container: its summary.
"$bin" inspect "$work/corpus/$container" --json > "$work/inspect.json" || fail "inspect of $container exited $?"
python3 - "$work/inspect.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
assert r["format"] in ("dmc3-pac", "dmc3-pnst") and r["parse_ok"]
assert s["magic"] in ("PAC\\0", "PNST") and s["declared_slots"] == s["populated_slots"] + s["empty_slots"]
for m in s["members"]:
    assert set(m) == {"slot", "slots", "offset", "extent", "alignment_mod_16", "kind"}, m
    assert m["kind"] in ("mod", "pac", "pnst", "opaque") and m["alignment_mod_16"] == m["offset"] % 16
PY

# manifest + gate: a flipped byte inside the nested MOD fails the gate, naming it.
"$bin" manifest "$work/corpus" -o "$work/lock.json" >/dev/null || fail "manifest exited $?"
"$bin" gate "$work/lock.json" "$work/corpus" > "$work/gate.txt" || fail "gate on the unchanged corpus exited $?"
offset=$(python3 - "$work/corpus" "$nested" <<'PY'
import struct, sys
# Walk the slot path down to the MOD: its first object's bounding radius (MOD +0x40 + 0x3C).
root, path = sys.argv[1], sys.argv[2].split("!")
data = open(f"{root}/{path[0]}", "rb").read()
base = 0
for part in path[1:]:
    slot = int(part[len("slot_"):])
    base += struct.unpack_from("<I", data, base + 8 + 4 * slot)[0]
assert data[base:base + 4] == b"MOD "
print(base + 0x40 + 0x3C)
PY
)
python3 - "$work/corpus/$container" "$offset" <<'PY'
import sys
path, at = sys.argv[1], int(sys.argv[2])
b = bytearray(open(path, "rb").read()); b[at] ^= 0x01; open(path, "wb").write(b)
PY
set +e
"$bin" gate "$work/lock.json" "$work/corpus" > "$work/gate.txt"; rc=$?
set -e
[ $rc -eq 1 ] || fail "gate after a flipped byte inside $nested exited $rc, expected 1"
grep -qF "$nested: content changed" "$work/gate.txt" || fail "gate did not name the nested MOD $nested: $(cat "$work/gate.txt")"

# set of a nested MOD field: the container is rewritten around it (same size).
field="${nested#*!}!objects[0].bounding_radius"
"$bin" set "$work/corpus/$container" "$field=0.25" -o "$work/set.pac" > "$work/set.txt" || fail "set $field exited $?"
[ "$(wc -c < "$work/set.pac")" -eq "$(wc -c < "$work/corpus/$container")" ] || fail "set changed the container's size"
"$bin" roundtrip "$work/set.pac" >/dev/null || fail "the edited container does not round-trip"

# rebuild --canonical of a container: laid out afresh, the alignment stated, same model.
"$bin" rebuild "$work/corpus/$container" --canonical -o "$work/canonical.pac" > "$work/rebuild.txt" ||
  fail "rebuild --canonical of $container exited $?: $(cat "$work/rebuild.txt")"
grep -q "16-aligned" "$work/rebuild.txt" || fail "rebuild did not state the alignment it used"
grep -q "same model as the input" "$work/rebuild.txt" || fail "rebuild did not find the same model"

# A nested MOD that no longer parses: roundtrip DIR exits 1 and names it.
python3 - "$work/corpus/$container" "$offset" <<'PY'
import struct, sys
path, at = sys.argv[1], int(sys.argv[2])
b = bytearray(open(path, "rb").read())
mod = at - 0x40 - 0x3C
struct.pack_into("<I", b, mod + 0x20, 0xFFFFFFF0)  # document_offset far outside the MOD
open(path, "wb").write(b)
PY
set +e
"$bin" roundtrip "$work/corpus" > "$work/rt.txt"; rc=$?
set -e
[ $rc -eq 1 ] || fail "roundtrip with a broken nested MOD exited $rc, expected 1"
grep -qF "$nested" "$work/rt.txt" || fail "roundtrip did not name $nested"

# ==== NBZ/ZIP volumes: read in place, never rewritten ===========================
vol=$work/volumes
"$bin" synth nbz --seed 28 --count 3 --out "$vol" >/dev/null
"$bin" roundtrip "$vol" --json > "$work/vrt.json" || fail "roundtrip of volumes exited $?"
python3 - "$work/vrt.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
tops = [f for f in r["files"] if "!" not in f["path"]]
assert len(tops) == 3 and all(f["format"] == "zip-volume" and f["read_only"] and f["parse_ok"] for f in tops), tops
members = [f for f in r["files"] if "!" in f["path"]]
assert any(f["path"] == "volume_0000.nbz!GData.afs/em000_0.pac" for f in members), [f["path"] for f in members]
assert all(f["identical"] for f in members if not f["read_only"])
assert r["totals"]["read_only"] == 3 and r["totals"]["failed"] == 0, r["totals"]
PY
"$bin" roundtrip "$vol" | grep -q "read-only container" || fail "roundtrip does not say a volume is a read-only container"
# synth nbz --nested (the fuzzers' nested seeds): every level is reached and every model in it round-trips.
"$bin" synth nbz --seed 28 --count 0 --nested --out "$work/nested" >/dev/null
"$bin" roundtrip "$work/nested/nested" --json > "$work/nrt.json" || fail "roundtrip of the nested seeds exited $?"
python3 - "$work/nrt.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
files = {f["path"]: f for f in r["files"]}
for path, fmt in [("nested_volume_pac_mod.nbz!inner.nbz!GData.afs/em000.pac!slot_0000", "dmc3-mod"),  # volume > volume > PAC > MOD
                  ("nested_volumes.zip!a.nbz!pl000.mod", "dmc3-mod"), ("nested_volumes.zip!b.zip!em000.pac!slot_0000", "dmc3-mod"),
                  ("nested_volumes.zip!c.nbz!pl001.mod", "dmc3-mod"),  # a bzip2 volume in a volume
                  ("nested_bzip2.nbz!inner.zip!pl001.mod", "dmc3-mod"), ("nested_bzip2.nbz!em000.pac!slot_0000", "dmc3-mod"),
                  ("nested_pac_pnst_pac.pac!slot_0002!slot_0002!slot_0000", "dmc3-mod"),  # PAC > PNST > PAC > MOD
                  ("nested_volume_pac_pnst_pac.nbz!em000.pac!slot_0002", "dmc3-pnst")]:
    assert path in files and files[path]["format"] == fmt, (path, sorted(files))
assert all(f["identical"] for f in files.values() if not f["read_only"]), files
assert r["totals"]["failed"] == 0 and r["totals"]["read_only"] == 9, r["totals"]
PY
set +e
"$bin" synth mod --seed 28 --count 1 --nested --out "$work/nested_mod" > /dev/null 2>&1; rc=$?
set -e
[ $rc -eq 2 ] || fail "synth mod --nested exited $rc, expected 2 (--nested is for nbz)"
# A sweep of clean volumes is clean: a volume is read, not rewritten, which is no difference.
"$bin" sweep "$vol" > "$work/vsweep.txt" || fail "sweep of clean volumes exited $?: $(head -c 600 "$work/vsweep.txt")"
grep -q "DIFFERS\|REJECTED" "$work/vsweep.txt" && fail "sweep lists a clean volume: $(head -c 600 "$work/vsweep.txt")"
"$bin" inspect "$vol/volume_0000.nbz" --json > "$work/vin.json" || fail "inspect of a volume exited $?"
python3 - "$work/vin.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
assert r["format"] == "zip-volume" and r["parse_ok"] and s["read_only"], r
assert s["members"] == 6 and s["read_members"] == 4, s
kinds = {m["name"]: m["kind"] for m in s["list"]}
assert kinds["GData.afs/em000_0.ptx"] == "opaque" and kinds["GData.afs/pl000_0.mod"] == "dmc3-mod", kinds
PY
# A changed member: the gate names it under the volume; an opaque member (a
# texture meshgate does not read) by the central directory's CRC-32, and a
# member added to the volume.
"$bin" manifest "$vol" -o "$work/vol.lock.json" >/dev/null || fail "manifest of volumes"
python3 - "$vol/volume_0000.nbz" <<'PY'
import sys, zipfile
path = sys.argv[1]
entries = [(i, zipfile.ZipFile(path).read(i.filename)) for i in zipfile.ZipFile(path).infolist()]
with zipfile.ZipFile(path, "w") as out:
    for info, data in entries:
        if info.filename.endswith("pl001_0.mod") or info.filename.endswith(".ptx"):
            data = data[:200] + bytes([data[200] ^ 1]) + data[201:]
        out.writestr(info, data)
    out.writestr("GData.afs/new.snd", b"added")
PY
set +e
"$bin" gate "$work/vol.lock.json" "$vol" > "$work/vgate.txt"; rc=$?
set -e
[ $rc -eq 1 ] || fail "gate over a changed volume exited $rc, expected 1"
grep -qF 'volume_0000.nbz!GData.afs/pl001_0.mod: content changed' "$work/vgate.txt" || fail "gate did not name the member: $(cat "$work/vgate.txt")"
grep -qE 'volume_0000.nbz!GData.afs/em000_0.ptx: content changed \(crc32 [0-9a-f]{8} -> [0-9a-f]{8}, size 700 -> 700\)' "$work/vgate.txt" ||
  fail "gate did not name the opaque member: $(cat "$work/vgate.txt")"
grep -qF 'volume_0000.nbz!GData.afs/new.snd: added (not in the manifest)' "$work/vgate.txt" || fail "gate did not name the added member: $(cat "$work/vgate.txt")"
# Read-only: rebuild and dump refuse a volume and write nothing.
set +e
"$bin" rebuild "$vol/volume_0001.nbz" --canonical -o "$work/r.nbz" 2> "$work/vrb.err"; rc=$?
set -e
[ $rc -eq 1 ] && [ ! -e "$work/r.nbz" ] && grep -q "read-only" "$work/vrb.err" || fail "rebuild of a volume: exit $rc, $(cat "$work/vrb.err")"
# view FILE!NESTED shows that model; view FILE lists the models to pick from.
"$bin" view "$vol/volume_0001.nbz!GData.afs/pl001_1.mod" -o "$work/v.html" > "$work/view.txt" || fail "view FILE!NESTED exited $?"
grep -qF 'view: volume_0001.nbz!GData.afs/pl001_1.mod ->' "$work/view.txt" || fail "view FILE!NESTED: $(cat "$work/view.txt")"
"$bin" view "$vol/volume_0001.nbz" -o "$work/v2.html" > "$work/view2.txt" || fail "view of a volume exited $?"
grep -qF "  $vol/volume_0001.nbz!GData.afs/pl001_1.mod" "$work/view2.txt" || fail "view of a volume lists no nested model: $(cat "$work/view2.txt")"
set +e
"$bin" view "$vol/volume_0001.nbz!nope.mod" -o "$work/v3.html" 2> "$work/view3.err"; rc=$?
set -e
[ $rc -eq 2 ] && [ ! -e "$work/v3.html" ] && grep -q "holds no model at nope.mod" "$work/view3.err" || fail "view of a missing nested model: exit $rc, $(cat "$work/view3.err")"
# Hostile volumes: each malformed variant is a clear failure naming its code.
"$bin" synth nbz --seed 28 --count 0 --malformed --out "$work/badvol" >/dev/null
for code in unreadable member-too-large inflated-limit member-unreadable size-mismatch; do
  set +e
  "$bin" roundtrip "$work/badvol/malformed/malformed_volume.$code.nbz" > "$work/bad.txt" 2>&1; rc=$?
  set -e
  [ $rc -eq 1 ] || fail "malformed volume $code: exit $rc"
  grep -q "zip.$code" "$work/bad.txt" || fail "malformed volume $code: no zip.$code in $(head -c 400 "$work/bad.txt")"
done
# One address: inspect, dump, set -o, diff, bytemap and rebuild take
# FILE!NESTED, for a container's member, an NRes entry (in any case) and a
# volume's member; set -o writes the whole outer file with only the member's
# bytes changed, and refuses a member of a volume (read-only).
"$bin" synth texm --seed 28 --count 2 --out "$work/tex" >/dev/null
"$bin" synth pac --seed 28 --count 8 --out "$work/addr" >/dev/null
member=$(python3 - "$work/rt.json" <<'PY'
import json, sys
files = json.load(open(sys.argv[1]))["files"]
print(next(f["path"] for f in files
           if f["path"].count("!") == 1 and f["format"] == "dmc3-mod" and f["path"].split("!")[0].endswith(".pac")
           and "/" not in f["path"].split("!")[0]))
PY
)
cp "$work/addr/${member%%!*}" "$work/addr_outer.pac"  # the generator's copy: the gate test above flipped a byte in its own
addr_pac="$work/addr_outer.pac!${member#*!}"
addr_tex="$work/tex/Textures.lib!tex_0001"  # entry TEX_0001, named in another case
addr_vol="$vol/volume_0001.nbz!GData.afs/pl001_1.mod"
for addr in "$addr_pac" "$addr_tex" "$addr_vol"; do
  "$bin" inspect "$addr" --json > "$work/addr_inspect.json" || fail "inspect $addr exited $?"
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["parse_ok"] and r["fields"], r.get("diagnostics")' \
    "$work/addr_inspect.json" || fail "inspect $addr: not a parsed file with fields"
  rm -f "$work/addr_dump.json" "$work/addr_map.png"
  "$bin" dump "$addr" -o "$work/addr_dump.json" >/dev/null || fail "dump $addr exited $?"
  "$bin" bytemap "$addr" -o "$work/addr_map.png" >/dev/null || fail "bytemap $addr exited $?"
  "$bin" diff "$addr" "$addr" > "$work/addr_diff.txt" || fail "diff $addr with itself exited $?"
  grep -q "diff: equal" "$work/addr_diff.txt" || fail "diff $addr: $(cat "$work/addr_diff.txt")"
done
grep -q '"format": "nikita-texm"' <("$bin" inspect "$addr_tex" --json) || fail "inspect $addr_tex is not the texture"
# set -o on a container's member: the outer file, same size, only the member's bytes changed.
"$bin" set "$addr_pac" "objects[0].bounding_radius=0.5" -o "$work/addr_set.pac" > "$work/addr_set.txt" ||
  fail "set $addr_pac exited $?: $(cat "$work/addr_set.txt")"
python3 - "$work/addr_outer.pac" "$work/addr_set.pac" <<'PY' || fail "set FILE!NESTED changed more than the member's field"
import sys
a, b = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
assert len(a) == len(b), (len(a), len(b))
diff = [i for i in range(len(a)) if a[i] != b[i]]
assert 0 < len(diff) <= 4 and diff[-1] - diff[0] < 4, diff
PY
"$bin" inspect "$work/addr_set.pac!${member#*!}" --json > "$work/addr_set.json" || fail "inspect of the edited member exited $?"
grep -q '"value": 0.5' "$work/addr_set.json" || fail "the edited member does not read 0.5"
set +e
"$bin" set "$addr_vol" "objects[0].bounding_radius=0.5" -o "$work/addr_set.nbz" 2> "$work/addr_vol.err"; rc=$?
"$bin" inspect "$work/addr_outer.pac!slot_9999" 2> "$work/addr_missing.err"; rc_missing=$?
set -e
# inspect ARCHIVE lists its nested files with their formats and verdicts (--json: with their diagnostics).
"$bin" inspect "$work/addr_outer.pac" --json > "$work/addr_children.json" || fail "inspect of a container exited $?"
python3 - "$work/addr_children.json" "$work/addr_outer.pac!${member#*!}" <<'PY' || fail "inspect of a container lists no children"
import json, os, sys
r = json.load(open(sys.argv[1]))
kids = r["children"]
assert kids and all({"path", "format", "parse_ok", "identical", "diagnostics"} <= set(k) for k in kids), kids[:1]
assert any(k["path"] == sys.argv[2] for k in kids), [k["path"] for k in kids][:5]
PY
"$bin" inspect "$work/addr_outer.pac" > "$work/addr_children.txt" || fail "inspect (text) of a container exited $?"
grep -q "nested files:" "$work/addr_children.txt" || fail "inspect (text) of a container lists no children"
"$bin" synth materials --seed 28 --count 1 --out "$work/game" >/dev/null
"$bin" inspect "$work/game/Material.lib!DEFAULT" --json > "$work/addr_mat0.json" || fail "inspect of a MAT0 entry exited $?"
grep -q '"format": "nikita-mat0"' "$work/addr_mat0.json" || fail "inspect Material.lib!DEFAULT is not a MAT0"
[ $rc -eq 2 ] && [ ! -e "$work/addr_set.nbz" ] && grep -q "read-only" "$work/addr_vol.err" ||
  fail "set on a volume's member: exit $rc, $(cat "$work/addr_vol.err")"
[ $rc_missing -eq 2 ] && grep -q "no file" "$work/addr_missing.err" || fail "inspect of a missing address: exit $rc_missing"
# Every command that takes a file takes an address, the sweeps too: the
# addressed file and what it holds are the input, reported under the address.
# An actor's PAC holds its MOD (slot 0), PTX (1) and motions (2, 3).
"$bin" synth dmc3 --seed 41 --count 1 --out "$work/actor" >/dev/null
apac="$work/actor/pl_0000.pac"
"$bin" roundtrip "$apac!slot_0000" --json > "$work/addr_rt.json" || fail "roundtrip of an address exited $?"
python3 - "$work/addr_rt.json" <<'PY' || fail "roundtrip of an address: $(cat "$work/addr_rt.json" | head -c 600)"
import json, sys
r = json.load(open(sys.argv[1]))
assert [f["path"] for f in r["files"]] == ["pl_0000.pac!slot_0000"], [f["path"] for f in r["files"]]
assert r["files"][0]["format"] == "dmc3-mod" and r["files"][0]["identical"]
assert r["totals"]["files"] == 1 and r["totals"]["bytes"] == r["files"][0]["size"], r["totals"]
PY
"$bin" sweep "$apac!slot_0000" --json "$work/addr_sweep.json" > "$work/addr_sweep.txt" || fail "sweep of an address exited $?"
grep -q "^sweep: 1 files (1 with nested)" "$work/addr_sweep.txt" || fail "sweep of an address: $(cat "$work/addr_sweep.txt")"
"$bin" report "$apac!slot_0001" -o "$work/addr_report.html" >/dev/null || fail "report of an address exited $?"
"$bin" manifest "$apac!slot_0000" "$apac!slot_0002" -o "$work/addr.lock.json" > "$work/addr_manifest.txt" ||
  fail "manifest of two addresses exited $?"
grep -q "manifest: 2 entries" "$work/addr_manifest.txt" || fail "manifest of two addresses: $(cat "$work/addr_manifest.txt")"
"$bin" gate "$work/addr.lock.json" "$apac!slot_0000" "$apac!slot_0002" > "$work/addr_gate.txt" ||
  fail "gate of the same addresses exited $?: $(cat "$work/addr_gate.txt")"
set +e
"$bin" gate "$work/addr.lock.json" "$apac!slot_0000" "$apac!slot_0003" > "$work/addr_gate.txt"; rc=$?
set -e
[ $rc -eq 1 ] && grep -q "pl_0000.pac!slot_0003" "$work/addr_gate.txt" || fail "gate of another address exited $rc"
# export and view: the model, its PTX companion and a motion, each named by its slot.
"$bin" export "$apac!slot_0000" --textures "$apac!slot_0001" --motion "$apac!slot_0002" -o "$work/addr.glb" --json \
  > "$work/addr_export.json" || fail "export of addresses exited $?"
python3 - "$work/addr_export.json" <<'PY' || fail "export of addresses: $(head -c 600 "$work/addr_export.json")"
import json, sys
(m,) = json.load(open(sys.argv[1]))["models"]
assert m["path"] == "pl_0000.pac!slot_0000", m["path"]
assert m["summary"]["animations"] == 1 and m["summary"]["textures"] > 0, m["summary"]
PY
"$bin" export "$apac!slot_0000" --out "$work/addr_out" >/dev/null || fail "export --out of an address exited $?"
[ "$(ls "$work/addr_out")" != "" ] || fail "export --out of an address wrote nothing"
"$bin" view "$apac!slot_0000" --textures "$apac!slot_0001" -o "$work/addr.html" >/dev/null || fail "view of addresses exited $?"
"$bin" import "$work/addr.glb" --as mod --like "$apac!slot_0000" -o "$work/addr_import.mod" >/dev/null ||
  fail "import --like an address exited $?"
set +e
"$bin" roundtrip "$apac!slot_0009" 2> "$work/addr_missing.err" >/dev/null; rc=$?
set -e
[ $rc -eq 2 ] && grep -q 'no file "pl_0000.pac!slot_0009"' "$work/addr_missing.err" ||
  fail "roundtrip of a missing address exited $rc: $(cat "$work/addr_missing.err")"

# A volume's members are named exactly: UPPER.MOD and upper.mod are two
# files, each found by its own name, and a third spelling finds neither.
python3 - "$work/corpus/synth_0000.mod" "$work/corpus/synth_0001.mod" "$work/cases.zip" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[3], "w") as z:
    z.writestr("UPPER.MOD", open(sys.argv[1], "rb").read())
    z.writestr("upper.mod", open(sys.argv[2], "rb").read())
PY
hash_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["xxh3_64"])' "$1"; }
"$bin" inspect "$work/cases.zip!upper.mod" --json > "$work/case_lower.json" || fail "inspect cases.zip!upper.mod exited $?"
"$bin" inspect "$work/corpus/synth_0001.mod" --json > "$work/case_loose.json"
[ "$(hash_of "$work/case_lower.json")" = "$(hash_of "$work/case_loose.json")" ] || fail "cases.zip!upper.mod is not upper.mod"
set +e
"$bin" diff "$work/cases.zip!UPPER.MOD" "$work/cases.zip!upper.mod" > "$work/case_diff.txt" 2>&1; rc=$?
"$bin" inspect "$work/cases.zip!Upper.Mod" > /dev/null 2> "$work/case_other.err"; rc_other=$?
set -e
[ $rc -eq 1 ] || fail "diff of UPPER.MOD and upper.mod exited $rc: $(tail -2 "$work/case_diff.txt")"
[ $rc_other -eq 2 ] && grep -q "no file" "$work/case_other.err" || fail "cases.zip!Upper.Mod exited $rc_other"

# --textures that cannot be used names the file and why, not a missing Material.lib.
head -c 300 "$work/actor/pl_0000.ptx" > "$work/short.ptx"
set +e
for t in "$work/actor/missing.ptx" "$work/actor" "$work/short.ptx" "$apac!slot_0009"; do
  "$bin" export "$work/actor/pl_0000.mod" --textures "$t" -o "$work/t.glb" > /dev/null 2> "$work/tex.err"; rc=$?
  [ $rc -eq 2 ] && [ ! -e "$work/t.glb" ] && grep -q -F -- "$(basename "$t")" "$work/tex.err" &&
    ! grep -q "Material.lib" "$work/tex.err" || fail "export --textures $t exited $rc: $(cat "$work/tex.err")"
done
# A PTX cut inside its header is still told as one (its count table closes) and names its code.
"$bin" export "$work/actor/pl_0000.mod" --textures "$work/short.ptx" -o "$work/t.glb" > /dev/null 2> "$work/tex.err"
grep -q "short.ptx: tex.companion-invalid" "$work/tex.err" &&
  grep -q "ptx.truncated-header" "$work/tex.err" || fail "export --textures of a short PTX: $(cat "$work/tex.err")"
echo "no texture here" > "$work/notex.bin"
"$bin" export "$work/actor/pl_0000.mod" --textures "$work/notex.bin" -o "$work/t.glb" > /dev/null 2> "$work/tex.err"; rc=$?
[ $rc -eq 2 ] && grep -q "notex.bin: neither a Textures.lib (an NRes archive) nor a DMC3 PTX companion that parses" "$work/tex.err" &&
  grep -q "ptx\." "$work/tex.err" || fail "export --textures of a file that is no texture exited $rc: $(cat "$work/tex.err")"
"$bin" export "$work/actor/pl_0000.mod" --textures "$work/actor" -o "$work/t.glb" > /dev/null 2> "$work/tex.err"
# (a directory is "not a regular file"; Windows may refuse opening one as "permission denied")
grep -q "not a regular file\\|permission denied" "$work/tex.err" || fail "export --textures DIR: $(cat "$work/tex.err")"
set -e
# Budgets stop an address, never make it missing: texture honours
# --max-inflated and --max-nested, and every command that resolves
# FILE!NESTED says which budget stopped it (exit 1, as inspect reports a
# budget finding), never "no file" with a list of what the container holds.
python3 - "$work/tex/Textures.lib" "$work/texvol.zip" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
    z.write(sys.argv[1], "Textures.lib")
PY
"$bin" texture "$work/texvol.zip!Textures.lib!TEX_0001" -o "$work/budget_ok.png" >/dev/null || fail "texture through a volume exited $?"
budget_case() {  # budget_case NAME CODE OPTION ARGS...: exit 1, the budget named, nothing claimed missing, nothing written
  local name=$1 code=$2 option=$3; shift 3
  set +e
  "$@" 2> "$work/budget_$name.err" > /dev/null; local rc=$?
  set -e
  [ $rc -eq 1 ] || fail "$name: exit $rc, expected 1: $(cat "$work/budget_$name.err")"
  grep -qF -- "$code" "$work/budget_$name.err" && grep -qF -- "$option" "$work/budget_$name.err" ||
    fail "$name: the budget is not named: $(cat "$work/budget_$name.err")"
  ! grep -qE "no file|holds no|its textures|its models" "$work/budget_$name.err" || fail "$name: claims the file is missing: $(cat "$work/budget_$name.err")"
  for written in "$work/budget_$name".*; do [ "$written" = "$work/budget_$name.err" ] || fail "$name: wrote $written"; done
}
budget_case texture_inflated zip.inflated-limit --max-inflated \
  "$bin" texture "$work/texvol.zip!Textures.lib!TEX_0001" -o "$work/budget_texture_inflated.png" --max-inflated 1
budget_case texture_nested core.nested-file-limit --max-nested \
  "$bin" texture "$work/texvol.zip!Textures.lib!TEX_0001" -o "$work/budget_texture_nested.png" --max-nested 0
budget_case inspect_inflated zip.inflated-limit --max-inflated "$bin" inspect "$addr_vol" --max-inflated 1
budget_case inspect_nested core.nested-file-limit --max-nested "$bin" inspect "$addr_pac" --max-nested 0
budget_case dump_nested core.nested-file-limit --max-nested "$bin" dump "$addr_pac" -o "$work/budget_dump_nested.json" --max-nested 0
budget_case view_inflated zip.inflated-limit --max-inflated "$bin" view "$addr_vol" -o "$work/budget_view_inflated.html" --max-inflated 1
budget_case view_nested core.nested-file-limit --max-nested "$bin" view "$addr_pac" -o "$work/budget_view_nested.html" --max-nested 0
budget_case set_nested core.nested-file-limit --max-nested \
  "$bin" set "$addr_pac" "objects[0].bounding_radius=0.5" -o "$work/budget_set_nested.pac" --max-nested 0
# A set on a container's member is judged as the same edit of the loose file:
# one that leaves the member no format (a MOT's header_size 0, a MOD's magic,
# a PTX's texture count 600) is refused, exit 1, nothing written.
"$bin" synth dmc3 --seed 28 --count 1 --out "$work/set_actor" >/dev/null
actor_pac=$(ls "$work/set_actor"/*.pac | head -1)
"$bin" roundtrip "$actor_pac" --json > "$work/actor_rt.json" || fail "roundtrip of the actor's PAC exited $?"
for edit in "dmc3-mot header.header_size=0" "dmc3-mod header.magic=58585858" "dmc3-ptx header.texture_count=600"; do
  format=${edit%% *}; assignment=${edit#* }
  slot=$(python3 -c 'import json,sys; print(next(f["path"].split("!")[1] for f in json.load(open(sys.argv[1]))["files"] if f["format"] == sys.argv[2]))' \
    "$work/actor_rt.json" "$format")
  rm -f "$work/nested_set.pac"
  set +e
  "$bin" set "$actor_pac!$slot" "$assignment" -o "$work/nested_set.pac" > "$work/nested_set.txt" 2>&1; rc=$?
  set -e
  [ $rc -eq 1 ] && [ ! -e "$work/nested_set.pac" ] || fail "set $slot $assignment: exit $rc, $(cat "$work/nested_set.txt")"
  grep -qF "!$slot" "$work/nested_set.txt" || fail "set $slot $assignment does not name the member: $(cat "$work/nested_set.txt")"
done
# The same through a field path inside the container (a MOD member's).
mod_slot=$(python3 -c 'import json,sys; print(next(f["path"].split("!")[1] for f in json.load(open(sys.argv[1]))["files"] if f["format"] == "dmc3-mod"))' \
  "$work/actor_rt.json")
set +e
"$bin" set "$actor_pac" "$mod_slot!header.magic=58585858" -o "$work/nested_set.pac" > "$work/nested_set.txt" 2>&1; rc=$?
set -e
[ $rc -eq 1 ] && [ ! -e "$work/nested_set.pac" ] && grep -qF "!$mod_slot" "$work/nested_set.txt" ||
  fail "set $mod_slot!header.magic: exit $rc, $(cat "$work/nested_set.txt")"
echo "containers_cli: ok"
