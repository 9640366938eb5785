#!/usr/bin/env bash
# RsLi libraries end to end through their row: `synth rsli` (every method, an
# AO trailer, a Texm entry) round-trips as a tree; inspect --json lists the
# decrypted table; extract gives an entry's decoded bytes; replace, add and
# remove write a library whose every entry meshgate's own parser decodes to
# what it should hold (no outside RsLi reader exists to check against); the
# gate names a replaced texture entry; each malformed variant fails naming
# its rsli.* code. Usage: rsli_cli.sh MESHGATE
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "rsli_cli: $*" >&2; exit 1; }

"$bin" synth rsli --seed 51 --count 3 --out "$work/corpus" >/dev/null || fail "synth rsli exited $?"
lib=$work/corpus/lib_0000.rlb

# roundtrip: every library and the texture inside each, identical.
"$bin" roundtrip "$work/corpus" --json > "$work/rt.json" || fail "roundtrip of the RsLi corpus exited $?"
python3 - "$work/rt.json" <<'PY'
import json, sys
files = json.load(open(sys.argv[1]))["files"]
assert all(f["identical"] and f["parse_ok"] for f in files), [f["path"] for f in files if not f["identical"]]
assert sorted(f["format"] for f in files if "!" not in f["path"]) == ["rsli"] * 3, files
assert len([f for f in files if "!TEX_" in f["path"] and f["format"] == "nikita-texm"]) == 3, [f["path"] for f in files]
PY

# inspect --json: the table decrypted, field by field, and every method in the corpus.
"$bin" inspect "$lib" --json > "$work/inspect.json" || fail "inspect exited $?"
for f in "$work"/corpus/*.rlb; do "$bin" inspect "$f" --json; done > "$work/all.json"
python3 - "$work/inspect.json" "$work/all.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["format"] == "rsli" and r["parse_ok"], r["diagnostics"]
fields = {f["path"]: f for f in r["fields"]}
assert fields["header.magic"]["value"] == "4e4c"
n = r["summary"]["entries"]
assert n >= 7 and fields["header.entry_count"]["value"] == n
assert bytes.fromhex(fields["entries[0].name"]["value"]).rstrip(b"\0") == b"TEX_000.TEX", fields["entries[0].name"]
assert r["coverage"]["uncovered_bytes"] == 0, r["coverage"]
methods = set()
dec = json.JSONDecoder()
text, at = open(sys.argv[2]).read(), 0
while at < len(text.rstrip()):
    obj, at = dec.raw_decode(text, at)
    while at < len(text) and text[at].isspace(): at += 1
    methods |= set(obj["summary"]["methods"])
assert methods == {"stored", "xor", "lzss", "xor+lzss", "lzhuf", "xor+lzhuf", "deflate"}, methods
PY

# extract, and putting an entry back as it was: the same library.
"$bin" extract "$lib!D000_002.DAT" -o "$work/e2.bin" >/dev/null || fail "extract exited $?"
"$bin" replace "$lib!D000_002.DAT" "$work/e2.bin" -o "$work/same.rlb" >/dev/null || fail "replace with the same bytes exited $?"
cmp -s "$lib" "$work/same.rlb" || fail "putting D000_002.DAT back as it was changed the library"

# replace, add, remove: each result decodes entry by entry to what it should hold.
"$bin" manifest "$lib" -o "$work/lock.json" >/dev/null || fail "manifest exited $?"
head -c 5000 /dev/urandom > "$work/random.bin"
python3 -c 'import sys; sys.stdout.write("stone water tower " * 300)' > "$work/words.txt"
"$bin" replace "$lib!D000_003.DAT" "$work/words.txt" -o "$work/replaced.rlb" >/dev/null || fail "replace exited $?"
"$bin" add "$work/replaced.rlb" "$work/random.bin" --name AAA.BIN -o "$work/added.rlb" >/dev/null || fail "add exited $?"
"$bin" remove "$work/added.rlb!D000_001.DAT" -o "$work/removed.rlb" >/dev/null || fail "remove exited $?"
"$bin" roundtrip "$work/replaced.rlb" "$work/added.rlb" "$work/removed.rlb" >/dev/null || fail "an edited library does not round-trip"
mkdir -p "$work/before" "$work/after"
"$bin" extract "$lib" --out "$work/before" >/dev/null || fail "extract --out of the library exited $?"
"$bin" extract "$work/removed.rlb" --out "$work/after" >/dev/null || fail "extract --out of the edited library exited $?"
python3 - "$work/before" "$work/after" "$work/words.txt" "$work/random.bin" <<'PY'
import os, sys
before, after = sys.argv[1], sys.argv[2]
read = lambda d, n: open(os.path.join(d, n), "rb").read()
names_before, names_after = sorted(os.listdir(before)), sorted(os.listdir(after))
expected = sorted(set(names_before) - {"D000_001.DAT"} | {"AAA.BIN"})
assert names_after == expected, (names_before, names_after)
for n in names_after:
    want = read(before, n) if n not in ("D000_003.DAT", "AAA.BIN") else open(sys.argv[3 if n == "D000_003.DAT" else 4], "rb").read()
    assert read(after, n) == want, n
PY

# The gate against the lock names the replaced entry: a texture, which the tree descends into.
"$bin" extract "$work/corpus/lib_0001.rlb!TEX_001.TEX" -o "$work/other.texm" >/dev/null || fail "extract of a texture exited $?"
"$bin" replace "$lib!TEX_000.TEX" "$work/other.texm" -o "$work/lib_0000.rlb" >/dev/null || fail "replace of the texture exited $?"
rc=0; "$bin" gate "$work/lock.json" "$work/lib_0000.rlb" > "$work/gate.txt" || rc=$?
[ $rc -eq 1 ] || fail "gate after the replace exited $rc, expected 1: $(cat "$work/gate.txt")"
grep -qF "lib_0000.rlb!TEX_000.TEX: content changed" "$work/gate.txt" || fail "gate did not name the entry: $(cat "$work/gate.txt")"

# Refusals: a name an RsLi row cannot hold, a name already there.
rc=0; "$bin" add "$lib" "$work/random.bin" --name THIRTEEN.CHAR -o "$work/x.rlb" 2> "$work/err.txt" || rc=$?
[ $rc -ne 0 ] && grep -qF "1 to 12 bytes" "$work/err.txt" || fail "a 13-byte name was not refused ($rc): $(cat "$work/err.txt")"
[ ! -e "$work/x.rlb" ] || fail "a refused add wrote its output"

# Every malformed variant fails, naming its code.
"$bin" synth rsli --seed 51 --count 1 --malformed --out "$work/bad" >/dev/null || fail "synth rsli --malformed exited $?"
for f in "$work"/bad/malformed/malformed_*.rlb; do
  code=rsli.$(basename "$f" .rlb | sed 's/^malformed_//')
  rc=0; "$bin" inspect "$f" > "$work/bad.txt" 2>&1 || rc=$?
  [ $rc -ne 0 ] || fail "$(basename "$f") passed inspect"
  case $code in rsli.bad-magic|rsli.bad-reserved|rsli.bad-version) code=core.unknown-format ;; esac
  grep -qF "$code" "$work/bad.txt" || fail "$(basename "$f") does not name $code: $(cat "$work/bad.txt")"
done
echo "rsli_cli: ok"
