#!/usr/bin/env bash
# Issue 28, PAC/PNST containers end to end: `roundtrip DIR` over loose MODs and
# containers reports every MOD inside under its nested path and exits 1 when a
# nested MOD fails; `manifest` + `gate` name the nested MOD whose byte was
# flipped; `set` and `rebuild --canonical` of a nested MOD rewrite the
# container around it. Usage: containers_cli.sh MESHGATE
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
echo "containers_cli: ok"
