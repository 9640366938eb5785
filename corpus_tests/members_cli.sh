#!/usr/bin/env bash
# extract, replace, add and remove end to end: a member extracted and put
# back gives the same file; a replaced member two levels deep is the only
# thing the gate names against a lock of the corpus before; --json has
# exactly {output, changed, unchanged, levels, conversion}; the exit codes
# of every refusal (a missing member naming the nearest, a MOD into a MOT
# slot, -o naming the input, a PNG, a glTF, the budgets); a volume level
# written and read back (unzip -t, zipfile); an unedited glTF export of a
# MOD slot and of an MSH entry put back with the same counts; a failed
# read-back proof leaves what was at OUT; names as roundtrip prints them
# ("\x21", "\xNN") are addresses; an outer volume is streamed from its
# file (a 96 MiB one replaced within 48 MiB of peak RSS, not under ASan).
# Usage: members_cli.sh MESHGATE [sanitized]
set -euo pipefail
bin=$1
sanitized=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "members_cli: $*" >&2; exit 1; }
# expect CODE TEXT CMD... (cli_expect.sh): CMD exits CODE and its stderr holds TEXT.
source "$(dirname "$0")/cli_expect.sh"

"$bin" synth dmc3 --seed 49 --count 2 --out "$work/corpus" >/dev/null
"$bin" synth nbz --seed 49 --count 1 --nested --out "$work/nbz" >/dev/null
"$bin" synth materials --seed 49 --count 2 --out "$work/materials" >/dev/null
pac=$work/corpus/pl_0000.pac
deep=$work/nbz/nested/nested_pac_pnst_pac.pac

# extract -o and put back: the same file, byte for byte.
"$bin" extract "$pac!slot_0000" -o "$work/s0.mod" >/dev/null || fail "extract of slot_0000 exited $?"
"$bin" replace "$pac!slot_0000" "$work/s0.mod" -o "$work/same.pac" >/dev/null || fail "replace with the same bytes exited $?"
cmp -s "$pac" "$work/same.pac" || fail "putting slot_0000 back as it was changed the container"

# extract --out [--recursive]: every member, named by its address.
"$bin" extract "$deep" --out "$work/members" --recursive >/dev/null || fail "extract --out --recursive exited $?"
for f in slot_0000.mod slot_0002.pnst slot_0002_slot_0000.mod slot_0002_slot_0002.pac slot_0002_slot_0002_slot_0000.mod; do
  [ -f "$work/members/$f" ] || fail "extract --out did not write $f: $(ls "$work/members")"
done

# replace two levels deep: the JSON's keys, the levels outward, and the gate names only the member.
cp "$deep" "$work/locked.pac"
"$bin" manifest "$work/locked.pac" -o "$work/lock.json" >/dev/null || fail "manifest exited $?"
target='slot_0002!slot_0002!slot_0000'
"$bin" replace "$deep!$target" "$work/corpus/pl_0001.mod" -o "$work/new.pac" --json > "$work/replace.json" ||
  fail "replace $target exited $?"
python3 - "$work/replace.json" "$target" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert set(r) == {"output", "changed", "unchanged", "levels", "conversion"}, sorted(r)
assert r["changed"] == ["nested_pac_pnst_pac.pac!" + sys.argv[2]], r["changed"]
assert r["conversion"] is None and r["unchanged"] >= 2, r
levels = r["levels"]
assert [l["address"].count("!") for l in levels] == [0, 1, 2, 3], levels
assert [l["format"] for l in levels] == ["dmc3-pac", "dmc3-pnst", "dmc3-pac", "dmc3-mod"], levels
for l in levels:
    assert set(l) == {"address", "format", "size_before", "size_after"}, l
PY
"$bin" roundtrip "$work/new.pac" >/dev/null || fail "the rewritten container does not round-trip"
cp "$work/new.pac" "$work/locked.pac"
rc=0; "$bin" gate "$work/lock.json" "$work/locked.pac" > "$work/gate.txt" || rc=$?
[ $rc -eq 1 ] || fail "gate after the replace exited $rc, expected 1"
grep -qF "locked.pac!$target: content changed" "$work/gate.txt" || fail "gate did not name the replaced member: $(cat "$work/gate.txt")"
python3 - "$work/gate.txt" "$target" <<'PY'
import sys
named = {l.split(": ")[1] for l in open(sys.argv[1]) if l.startswith("gate: ") and ": " in l[6:]}
# The containers on the way hold the new member; of the files inside them only the replaced member differs.
way = {"locked.pac", "locked.pac!slot_0002", "locked.pac!slot_0002!slot_0002"}
assert named == way | {"locked.pac!" + sys.argv[2]}, sorted(named)
PY

# add and remove in an NRes archive: the archive still round-trips in the strict profile.
tex=$work/materials/Textures.lib
"$bin" extract "$tex!TEX_0001" -o "$work/t1.texm" >/dev/null || fail "extract of a Texm exited $?"
"$bin" add "$tex" "$work/t1.texm" --name TEX_0999 -o "$work/added.lib" >/dev/null || fail "add exited $?"
"$bin" remove "$work/added.lib!tex_0000" -o "$work/removed.lib" >/dev/null || fail "remove exited $?"
"$bin" roundtrip --profile strict "$work/added.lib" "$work/removed.lib" >/dev/null || fail "the edited archives do not round-trip"

# Refusals: exit 1 for what is wrong with a file or an address, 2 for usage.
expect 1 "nearest of its 4 members: slot_0000" "$bin" replace "$pac!slot_0009" "$work/s0.mod" -o "$work/x.pac"
expect 1 "holds a dmc3-mot" "$bin" replace "$pac!slot_0002" "$work/s0.mod" -o "$work/x.pac"
expect 1 "already holds an entry" "$bin" add "$tex" "$work/t1.texm" --name tex_0001 -o "$work/x.lib"
expect 2 "is one of the inputs" "$bin" replace "$pac!slot_0000" "$work/s0.mod" -o "$pac"
expect 2 "is one of the inputs" "$bin" replace "$pac!slot_0000" "$work/s0.mod" -o "$work/s0.mod" --force
expect 2 "names a file, not a member" "$bin" remove "$pac" -o "$work/x.pac"
# The new file named when it cannot be read, and why (all said "cannot be read").
expect 2 "$work: not a regular file" "$bin" replace "$pac!slot_0000" "$work" -o "$work/x.pac"
expect 2 "missing.mod: no such file" "$bin" replace "$pac!slot_0000" "$work/missing.mod" -o "$work/x.pac"
# extract --out names why its folder cannot be made (here a file is in the way).
expect 2 "cannot create the directory $work/s0.mod: " "$bin" extract "$pac" --out "$work/s0.mod"
# A volume level (the volume writer, writer/zip/): a MOD in a PAC in a volume
# in a volume replaced and proven; the member reads back as put in, and
# Info-ZIP's unzip -t and Python's zipfile accept both volumes written.
vol=$work/nbz/nested/nested_volume_pac_mod.nbz
"$bin" replace "$vol!inner.nbz!GData.afs/em000.pac!slot_0000" "$work/s0.mod" -o "$work/v2.nbz" --json > "$work/v2.json" ||
  fail "replace of a MOD in a PAC in a volume in a volume exited $?"
"$bin" extract "$work/v2.nbz!inner.nbz!GData.afs/em000.pac!slot_0000" -o "$work/back.mod" >/dev/null || fail "extract from v2.nbz exited $?"
cmp -s "$work/s0.mod" "$work/back.mod" || fail "the member replaced in a volume does not read back as put in"
"$bin" extract "$work/v2.nbz!inner.nbz" -o "$work/inner2.nbz" >/dev/null || fail "extract of the inner volume exited $?"
for z in "$work/v2.nbz" "$work/inner2.nbz"; do
  unzip -tqq "$z" >/dev/null || fail "unzip -t rejects $z"
done
python3 - "$work/v2.json" "$work/v2.nbz" "$work/inner2.nbz" <<'PY' || fail "the volume level's JSON or zipfile disagrees"
import json, sys, zipfile
r = json.load(open(sys.argv[1]))
assert [l["format"] for l in r["levels"]][:3] == ["zip-volume", "zip-volume", "dmc3-pac"], r["levels"]
for path in sys.argv[2:]:
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None, path
        for info in z.infolist():
            z.read(info)
PY
# The outer volume is read from its file a member at a time, never whole: a MOD in a PAC in a volume of 96
# stored megabytes of noise beside the synthetic corpus's files is replaced within 48 MiB of peak RSS (half
# the volume: a whole-volume buffer cannot fit), the output proven, read back as put in, unzip -t accepts it.
python3 - "$work/big.nbz" "$pac" "$work/corpus" <<'PY'
import os, random, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for name in sorted(os.listdir(sys.argv[3])):
        z.write(os.path.join(sys.argv[3], name), "GData.afs/" + name, zipfile.ZIP_DEFLATED)
    for i in range(96):
        z.writestr(zipfile.ZipInfo(f"GData.afs/blob{i:03}.bin", (1980, 1, 1, 0, 0, 0)), random.Random(i).randbytes(1 << 20))
        if i == 48:
            z.write(sys.argv[2], "GData.afs/em000.pac", zipfile.ZIP_DEFLATED)
PY
peak=$(python3 -c '
import resource, subprocess, sys
rc = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if rc == 0 else "exit %d" % rc)' \
  "$bin" replace "$work/big.nbz!GData.afs/em000.pac!slot_0000" "$work/corpus/pl_0001.mod" -o "$work/big2.nbz")
case $peak in exit*) fail "replace in a 96 MiB volume: $peak";; esac
[ -n "$sanitized" ] || [ "$peak" -le $((48 * 1024)) ] ||
  fail "replace in a 96 MiB volume peaked at $peak KiB of RSS: the volume was held whole (bound 49152 KiB)"
"$bin" extract "$work/big2.nbz!GData.afs/em000.pac!slot_0000" -o "$work/big-back.mod" >/dev/null || fail "extract from big2.nbz exited $?"
cmp -s "$work/corpus/pl_0001.mod" "$work/big-back.mod" || fail "the member replaced in the large volume does not read back as put in"
unzip -tqq "$work/big2.nbz" >/dev/null || fail "unzip -t rejects the large volume rewritten"
rm -f "$work/big.nbz" "$work/big2.nbz"
printf '\x89PNG\r\n\x1a\n0000' > "$work/x.png"
# A PNG into a texture is encoded (texture_replace.sh): one libpng cannot read is refused as such; into a
# member that is no texture, as a file of the wrong kind.
expect 1 "not a readable PNG" "$bin" replace "$work/corpus/pl_0000.ptx!0" "$work/x.png" -o "$work/x.ptx"
expect 1 "encodes a PNG into a texture member only" "$bin" replace "$pac!slot_0000" "$work/x.png" -o "$work/x.pac"
# A glTF in place of a model member, imported like it (import --like the member): an unedited export of a
# PAC's MOD slot (a .glb) and of an MSH in an NRes archive (a .gltf + .bin: its uri read as import reads it)
# put back give models with the counts the members had (export's meshes, primitives, vertices, triangles),
# and the proof passes; the JSON's conversion says what was done.
counts() {
  "$bin" export "$1" -o "$work/counted.glb" --force --json | python3 -c '
import json, sys
s = json.load(sys.stdin)["models"][0]["summary"]
print(s["meshes"], s["primitives"], s["vertices"], s["triangles"])'
}
rlb=$work/materials/models_0000.rlb
mkdir -p "$work/gl"
"$bin" export "$pac!slot_0000" -o "$work/s0.glb" >/dev/null || fail "export of slot_0000 exited $?"
"$bin" export "$rlb!MODEL0000.MSH" --format gltf -o "$work/gl/m.gltf" >/dev/null || fail "export of MODEL0000.MSH exited $?"
for case in "$pac!slot_0000 $work/s0.glb $work/g.pac dmc3-mod" "$rlb!MODEL0000.MSH $work/gl/m.gltf $work/g.rlb nres-msh"; do
  read -r address gltf out format <<< "$case"
  "$bin" replace "$address" "$gltf" -o "$out" --json > "$work/g.json" || fail "replace $address with an unedited glTF exited $?"
  python3 - "$work/g.json" "$gltf" "$format" "$(basename "${address%%!*}")!${address#*!}" <<'PY' || fail "replace $address: the JSON's conversion"
import json, sys
r = json.load(open(sys.argv[1]))
c = r["conversion"]
assert set(c) == {"from", "format", "importer", "like", "lod", "root_removed", "warnings", "accuracy"}, sorted(c)
assert c["accuracy"] is None, c  # a MOT's measured error; a model has none
assert c["from"] == sys.argv[2] and c["format"] == sys.argv[3] and c["like"] == sys.argv[4], c
assert c["importer"] == "import --as " + ("mod" if sys.argv[3] == "dmc3-mod" else "msh") + " --like", c
assert c["warnings"] == [] and r["levels"][-1]["format"] == sys.argv[3], r
PY
  before=$(counts "$address") after=$(counts "$out!${address#*!}")
  [ -n "$before" ] && [ "$before" = "$after" ] || fail "replace $address with its unedited glTF: counts $after, were $before"
  "$bin" roundtrip "$out" >/dev/null || fail "$out does not round-trip"
done
"$bin" replace "$pac!slot_0000" "$work/s0.glb" -o "$work/g2.pac" > "$work/g.txt" || fail "replace with a glTF (text) exited $?"
grep -qF "imported $work/s0.glb as a dmc3-mod like pl_0000.pac!slot_0000 (import --as mod --like)" "$work/g.txt" ||
  fail "replace with a glTF did not say what it imported: $(cat "$work/g.txt")"
# Refused, exit 1: into a member that is no model (naming both kinds), a glTF the import refuses (naming the
# cause: cut short; a uri leading out of its folder), and exit 2 for -o naming a file a uri names.
head -c 2000 "$work/s0.glb" > "$work/cut.glb"
python3 - "$work/gl/m.gltf" "$work/gl/out.gltf" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
g["buffers"][0]["uri"] = "../m.bin"
json.dump(g, open(sys.argv[2], "w"))
PY
expect 1 "is a glTF: \`replace\` imports a glTF into a model or motion member only" "$bin" replace "$pac!slot_0001" "$work/s0.glb" -o "$work/x.pac"
grep -qF "holds a dmc3-ptx" "$work/err.txt" || fail "a glTF into a PTX slot did not name the PTX: $(cat "$work/err.txt")"
# A MOT slot takes a glTF animation (mot_import_cli.sh); a glTF without one is refused naming the cause.
expect 1 "the glTF has no animation" "$bin" replace "$pac!slot_0002" "$work/s0.glb" -o "$work/x.pac"
expect 1 "cut.glb: not a glTF 2.0 file meshgate reads" "$bin" replace "$pac!slot_0000" "$work/cut.glb" -o "$work/x.pac"
expect 1 "'..' leads out of the glTF's folder" "$bin" replace "$rlb!MODEL0000.MSH" "$work/gl/out.gltf" -o "$work/x.lib"
cp "$work/gl/m.bin" "$work/m.bin.before"
expect 2 "is one of the inputs" "$bin" replace "$rlb!MODEL0000.MSH" "$work/gl/m.gltf" -o "$work/gl/m.bin" --force
cmp -s "$work/gl/m.bin" "$work/m.bin.before" || fail "replace wrote over the buffer its glTF names"
expect 1 "is a glTF" "$bin" add "$rlb" "$work/s0.glb" --name NEW.MSH -o "$work/x.lib"
expect 1 "past --max-nested 2" "$bin" replace "$deep!$target" "$work/s0.mod" -o "$work/x.pac" --max-nested 2
expect 1 "--max-inflated" "$bin" extract "$work/nbz/nested/nested_volume_pac_mod.nbz!inner.nbz" -o "$work/x.nbz" --max-inflated 10
# A member of a file that holds none: its format named with its article.
expect 1 "pl_0000.mod is a dmc3-mod file, not a container" "$bin" replace "$work/corpus/pl_0000.mod!slot_0000" "$work/s0.mod" -o "$work/x.pac"
head -c 64 /dev/zero > "$work/zeros.bin"
expect 1 "zeros.bin is an unknown file, not a container" "$bin" extract "$work/zeros.bin!x" -o "$work/x.nbz"
# add names a container: a file that holds no members is refused as such (it once crashed the command).
expect 1 "pl_0000.mod is a dmc3-mod file, not a container" "$bin" add "$work/corpus/pl_0000.mod" "$work/s0.mod" --name X -o "$work/x.pac"
expect 1 "zeros.bin is an unknown file, not a container" "$bin" add "$work/zeros.bin" "$work/s0.mod" --name X -o "$work/x.nbz"
[ ! -e "$work/x.pac" ] && [ ! -e "$work/x.lib" ] && [ ! -e "$work/x.nbz" ] && [ ! -e "$work/x.ptx" ] || fail "a refused command wrote its output"
# A failed read-back proof leaves what was at OUT (the file is proven before it is moved there): a PTX's
# only entry removed gives a PTX that does not parse, and an older output named with --force stays.
cp "$work/corpus/pl_0000.ptx" "$work/one.ptx"
while "$bin" remove "$work/one.ptx!1" -o "$work/fewer.ptx" --force >/dev/null 2>&1; do mv "$work/fewer.ptx" "$work/one.ptx"; done
echo "an older output" > "$work/kept.ptx"
expect 1 "read-back proof failed" "$bin" remove "$work/one.ptx!0" -o "$work/kept.ptx" --force
[ "$(cat "$work/kept.ptx")" = "an older output" ] || fail "a failed proof removed or replaced what was at OUT"
# An address is spelled as roundtrip prints it, here as in inspect and texture: an NRes entry whose name is
# not UTF-8 ("\xD2...") or holds "!" ("\x21") is extracted and removed by that spelling, and added under it.
"$bin" add "$tex" "$work/t1.texm" --name $'\xd2\xc5\xca' -o "$work/cp.lib" >/dev/null || fail "add of a name that is not UTF-8 exited $?"
"$bin" add "$work/cp.lib" "$work/t1.texm" --name 'A!B' -o "$work/bang.lib" >/dev/null || fail "add of a name holding ! exited $?"
"$bin" roundtrip "$work/bang.lib" > "$work/rt.txt" || fail "roundtrip of the named entries exited $?"
for name in '\xD2\xC5\xCA' 'A\x21B'; do
  grep -qF "bang.lib!$name" "$work/rt.txt" || fail "roundtrip does not print bang.lib!$name: $(cat "$work/rt.txt")"
  "$bin" extract "$work/bang.lib!$name" -o "$work/named.texm" --force >/dev/null || fail "extract bang.lib!$name exited $?"
  cmp -s "$work/t1.texm" "$work/named.texm" || fail "extract bang.lib!$name did not give the entry added"
  "$bin" remove "$work/bang.lib!$name" -o "$work/less.lib" --force >/dev/null || fail "remove bang.lib!$name exited $?"
done
echo "members_cli: ok"
