#!/usr/bin/env bash
# The gate, the outputs and the inputs as a hostile user tries them:
# each check names what broke in its failure message. Exit codes: 0 clean, 1 a finding, 2 usage / I/O.
# Usage: hardening.sh MESHGATE [sanitized]   ("sanitized": an ASan build, under
# which the address-space limit check cannot run: ASan reserves terabytes).
set -uo pipefail
bin=$1 sanitized=${2:-}
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "hardening: $*" >&2; exit 1; }
py=/usr/bin/python3
[ -x "$py" ] || py=python3
# run EXPECTED_RC NAME -- command...: runs it (stdin closed, $RUN_SECONDS s at
# most, 20 unless set), keeps stdout/stderr in $work/NAME.out / .err, fails
# unless the exit code matches.
run() {
  local want=$1 name=$2; shift 3
  timeout "${RUN_SECONDS:-20}" "$@" </dev/null >"$work/$name.out" 2>"$work/$name.err"
  local rc=$?
  [ $rc -eq "$want" ] || fail "$name: exited $rc, expected $want; stderr: $(head -c 600 "$work/$name.err")"
}
says() { grep -qF -- "$2" "$work/$1.out" "$work/$1.err" || fail "$1: does not say '$2': $(head -c 600 "$work/$1.err")"; }

corpus=$work/corpus
"$bin" synth mod --seed 3 --count 6 --out "$corpus" >/dev/null || fail "synth mod"
"$bin" synth msh --seed 3 --count 6 --out "$corpus" >/dev/null || fail "synth msh"

# ---- 1. the lock is verified -------------------------------------------------
run 0 manifest -- "$bin" manifest "$corpus" -o "$work/lock.json"
run 0 gate_clean -- "$bin" gate "$work/lock.json" "$corpus"
says gate_clean "gate: PASS"
edit() {  # edit NAME PYTHON-STATEMENT: a copy of the lock with one hand edit
  "$py" - "$work/lock.json" "$work/$1.json" "$2" <<'PY'
import json, sys
lock = json.load(open(sys.argv[1]))
files = lock["files"]
exec(sys.argv[3])
json.dump(lock, open(sys.argv[2], "w"), indent=2)
PY
}
edit fingerprint 'lock["fingerprint"] = "0" * 64'
edit xxh3 'files[0]["xxh3_64"] = "0123456789abcdef"'
edit format 'files[0]["format"] = "nres"'
edit tool 'lock["tool"]["version"] = "9.9.9"'
edit duplicate 'files.append(dict(files[0]))'
edit junk 'files.append({"path": "junk.mod"})'
edit no_uncovered 'del files[0]["expected"]["uncovered_bytes"]'
edit no_codes 'del files[1]["expected"]["diagnostic_codes"]'
edit extra_key 'files[0]["note"] = "hi"'
edit old_lock 'del lock["lock_digest"]'
for name in fingerprint xxh3 format tool; do
  run 2 "lock_$name" -- "$bin" gate "$work/$name.json" "$corpus"
  says "lock_$name" "the lock was edited by hand; re-run manifest"
done
run 2 lock_duplicate -- "$bin" gate "$work/duplicate.json" "$corpus"
says lock_duplicate "is listed twice"
for name in junk no_uncovered no_codes extra_key old_lock; do
  run 2 "lock_$name" -- "$bin" gate "$work/$name.json" "$corpus"
  says "lock_$name" "is not a meshgate.manifest.v1 lock"
done
says lock_no_uncovered 'required key "uncovered_bytes" is missing'
says lock_no_codes 'required key "diagnostic_codes" is missing'
# A lock re-sealed by someone who knows the digest (documented in the schema):
# the xxh3_64 cross-check against the file's sha256 still catches the edit.
"$py" - "$work/lock.json" "$work/resealed.json" <<'PY'
import hashlib, json, sys
lock = json.load(open(sys.argv[1]))
lock["files"][0]["xxh3_64"] = "0123456789abcdef"
dump = lambda v: json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
material = "meshgate.manifest.v1\n" + dump(lock["tool"]) + "\n" + lock["fingerprint"] + "\n"
material += "".join(dump(f) + "\n" for f in lock["files"])
lock["lock_digest"] = hashlib.sha256(material.encode()).hexdigest()
json.dump(lock, open(sys.argv[2], "w"), indent=2)
PY
run 1 lock_resealed -- "$bin" gate "$work/resealed.json" "$corpus"
says lock_resealed "although its sha256 does"

# ---- 2, 3. report paths are unambiguous --------------------------------------
mkdir -p "$work/two/A" "$work/two/B"
cp "$corpus/synth_0000.mod" "$work/two/A/x.mod"
cp "$corpus/synth_0001.mod" "$work/two/B/x.mod"
run 0 two_roots -- "$bin" manifest "$work/two/A" "$work/two/B" -o "$work/two.json"
"$py" - "$work/two.json" <<'PY' || fail "two roots' files are not kept apart"
import json, sys
paths = [f["path"] for f in json.load(open(sys.argv[1]))["files"]]
assert paths == ["A/x.mod", "B/x.mod"], paths
PY
mkdir -p "$work/same1/data" "$work/same2/data"
cp "$corpus/synth_0000.mod" "$work/same1/data/x.mod"
cp "$corpus/synth_0001.mod" "$work/same2/data/x.mod"
run 2 same_label -- "$bin" manifest "$work/same1/data" "$work/same2/data" -o "$work/same.json"
says same_label "would both be reported as data/x.mod"
[ ! -e "$work/same.json" ] || fail "a colliding manifest was written"
mkdir -p "$work/bang"
cp "$(ls "$corpus"/synth_pack_*.rlb | head -n 1)" "$work/bang/a.rlb"
cp "$corpus/synth_msh_0000.msh" "$work/bang/a.rlb!MODEL00.MSH"
cp "$corpus/synth_0002.mod" "$work/bang/$(printf '\xCC').mod"
cp "$corpus/synth_0003.mod" "$work/bang/\\xCC.mod"
run 0 bang -- "$bin" manifest "$work/bang" -o "$work/bang.json"
"$py" - "$work/bang.json" <<'PY' || fail "'!' or escapes are ambiguous"
import json, sys
files = {f["path"]: f for f in json.load(open(sys.argv[1]))["files"]}
assert "a.rlb\\x21MODEL00.MSH" in files, sorted(files)   # a real '!' is escaped: not nested
assert "\\xCC.mod" in files and "\\\\xCC.mod" in files, sorted(files)  # byte 0xCC vs the text \xCC
assert all(p.startswith("a.rlb!") for p in files if "!" in p)
PY
fp() { "$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["fingerprint"])' "$1"; }
before=$(fp "$work/bang.json")
printf 'x' >> "$work/bang/a.rlb!MODEL00.MSH"
run 0 bang2 -- "$bin" manifest "$work/bang" -o "$work/bang2.json"
[ "$before" != "$(fp "$work/bang2.json")" ] || fail "a top-level file named with '!' is not in the fingerprint"

# ---- 4. spellings and repeats --------------------------------------------------
mkdir -p "$work/spell/sub"
cp "$corpus/synth_0004.mod" "$work/spell/sub/m.mod"
(cd "$work/spell" && "$bin" manifest sub/m.mod -o ../spell.json >/dev/null) || fail "manifest of a relative file"
run 0 spell_abs -- "$bin" gate "$work/spell.json" "$work/spell/sub/m.mod"
(cd "$work/spell/sub" && timeout 20 "$bin" gate ../../spell.json ../sub/./m.mod >/dev/null) || fail "gate with ../ spelling"
run 0 twice -- "$bin" manifest "$corpus" "$corpus/" "$corpus/../corpus" -o "$work/twice.json"
"$py" - "$work/lock.json" "$work/twice.json" <<'PY' || fail "a directory given three times is swept more than once"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert [f["path"] for f in a["files"]] == [f["path"] for f in b["files"]]
PY

# ---- 5. case-fold collisions are warned ----------------------------------------
mkdir -p "$work/case"
cp "$corpus/synth_0000.mod" "$work/case/Model.mod"
cp "$corpus/synth_0001.mod" "$work/case/model.MOD"
run 0 case_manifest -- "$bin" manifest "$work/case" -o "$work/case.json"
says case_manifest "warning: paths differ only by case"
run 0 case_sweep -- "$bin" sweep "$work/case"
says case_sweep "Model.mod, model.MOD"

# ---- 6. outputs are atomic ---------------------------------------------------------
"$bin" synth mod --seed 8 --count 1500 --out "$work/big" >/dev/null || fail "synth big"
# 1,500 files, each hashed and checked vertex by vertex: under ASan on a busy
# 2-core runner this takes far longer than one file's commands.
RUN_SECONDS=180 run 0 big_first -- "$bin" sweep "$work/big" --json "$work/big.json"
cp "$work/big.json" "$work/big.before.json"
for delay in 0.05 0.15 0.3 0.5; do
  "$bin" sweep "$work/big" --json "$work/big.json" --force --jobs 1 >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  cmp -s "$work/big.json" "$work/big.before.json" || "$py" -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/big.json" ||
    fail "kill -9 after ${delay}s left a truncated report"
done
rm -f "$work"/.big.json.meshgate-*  # what a killed run may leave: never the report itself
ls -A "$work" | grep -q 'meshgate-' && fail "a successful run left a temporary file"

# ---- 7. output paths -----------------------------------------------------------------
cp "$corpus/synth_0000.mod" "$work/keep.mod"
sum=$(sha256sum < "$corpus/synth_0000.mod")
run 2 out_is_input -- "$bin" sweep "$corpus" --json "$corpus/synth_0000.mod"
says out_is_input "is one of the inputs"
[ "$(sha256sum < "$corpus/synth_0000.mod")" = "$sum" ] || fail "an input was overwritten"
run 2 out_twice -- "$bin" sweep "$corpus" --json "$work/x.out" --markdown "$work/./x.out"
says out_twice "are the same output file"
run 2 out_empty -- "$bin" sweep "$corpus" --json ''
run 2 out_empty_manifest -- "$bin" manifest "$corpus" -o ''

# ---- 8. synth never clobbers or follows symlinks -----------------------------------------
mkdir -p "$work/s8"
echo victim > "$work/victim.txt"
ln -s "$work/victim.txt" "$work/s8/synth_0000.mod"
run 2 synth_exists -- "$bin" synth mod --seed 1 --count 2 --out "$work/s8"
says synth_exists "exists (use --force to replace it)"
[ "$(cat "$work/victim.txt")" = victim ] || fail "synth wrote through a planted symlink"
# --force replaces files, never a symlink: a planted one is refused, not followed.
run 2 synth_force -- "$bin" synth mod --seed 1 --count 2 --out "$work/s8" --force
says synth_force "is a symlink; not replacing it and not writing through it"
[ "$(cat "$work/victim.txt")" = victim ] || fail "synth --force wrote through a planted symlink"
[ -L "$work/s8/synth_0000.mod" ] || fail "--force replaced the symlink by a file"
mkdir -p "$work/s8b" "$work/elsewhere"
ln -s "$work/elsewhere" "$work/s8b/malformed"
run 2 synth_malformed_link -- "$bin" synth mod --seed 1 --count 1 --out "$work/s8b" --malformed
says synth_malformed_link "is a symlink; not following it"
[ -z "$(ls -A "$work/elsewhere")" ] || fail "synth wrote through a planted directory symlink"

# ---- 9. FIFOs and devices ------------------------------------------------------------------
mkfifo "$work/fifo"
run 2 fifo_inspect -- "$bin" inspect "$work/fifo"
says fifo_inspect "not a regular file"
run 2 fifo_gate -- "$bin" gate "$work/fifo" "$corpus"
says fifo_gate "not a regular file"
run 2 zero_inspect -- "$bin" inspect /dev/zero
says zero_inspect "not a regular file"
run 2 fifo_sweep -- "$bin" sweep "$work/fifo"
says fifo_sweep "not a regular file"

# ---- 10. no aborts --------------------------------------------------------------------------
run 2 synth_out_file -- "$bin" synth mod --count 1 --out "$work/keep.mod"
says synth_out_file "is not a directory"
run 2 synth_out_empty -- "$bin" synth mod --count 1 --out ''
run 2 synth_out_unwritable -- "$bin" synth mod --count 1 --out /proc/meshgate-nowhere/x
says synth_out_unwritable "cannot create"
run 2 gate_dir_lock -- "$bin" gate "$work" "$corpus"
says gate_dir_lock "not a regular file"
if [ "$sanitized" != sanitized ]; then
  # An allocation refused under an address-space limit is a message and exit 2.
  head -c 40000000 /dev/urandom > "$work/huge.mod"
  printf 'MOD ' | dd of="$work/huge.mod" conv=notrunc status=none
  ( ulimit -v 60000; exec timeout 20 "$bin" inspect "$work/huge.mod" --json ) >"$work/oom.out" 2>"$work/oom.err"
  rc=$?
  [ $rc -le 2 ] || fail "inspect under a memory limit exited $rc (abort?): $(head -c 300 "$work/oom.err")"
fi

# ---- 11. size limits before reading -----------------------------------------------------------
truncate -s 3G "$work/sparse.rlb"
printf 'NRes\x00\x01\x00\x00' | dd of="$work/sparse.rlb" conv=notrunc status=none
start=$(date +%s%N)
run 1 sparse -- /usr/bin/env "$bin" inspect "$work/sparse.rlb" --json
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $ms -lt 3000 ] || fail "rejecting a 3 GiB sparse file took $ms ms"
"$py" - "$work/sparse.out" <<'PY' || fail "the sparse file's report"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["format"] == "nres" and r["size"] == 3 << 30 and r["parse_ok"] is False, r
assert r["diagnostics"][0]["code"] == "core.file-too-large", r["diagnostics"]
PY
run 1 max_size -- "$bin" inspect "$corpus/synth_0000.mod" --max-size 100
says max_size "core.file-too-large"
run 1 max_size_sweep -- "$bin" sweep "$corpus/synth_0000.mod" --max-size 100
says max_size_sweep "core.file-too-large"

# ---- 12. synth counts are bounded ---------------------------------------------------------------
run 2 count_huge -- "$bin" synth mod --count 18446744073709551615 --out "$work/c12"
run 2 count_negative -- "$bin" synth mod --count -1 --out "$work/c12"
[ ! -e "$work/c12" ] || [ -z "$(ls -A "$work/c12")" ] || fail "a refused count wrote files"

# ---- 13. unreadable paths and symlinks in trees ---------------------------------------------------
mkdir -p "$work/t13/locked"
cp "$corpus/synth_0000.mod" "$corpus/synth_0001.mod" "$work/t13/"
cp "$corpus/synth_0002.mod" "$work/t13/locked/in.mod"
run 0 t13_manifest -- "$bin" manifest "$work/t13" -o "$work/t13.json"
ln -s "$work/t13/nowhere" "$work/t13/dangling.mod"
ln -s loop.mod "$work/t13/loop.mod"
run 0 t13_skipped -- "$bin" sweep "$work/t13"
says t13_skipped "skipped 2 path(s)"
chmod 000 "$work/t13/locked" "$work/t13/synth_0001.mod"
drop=()
[ "$(id -u)" -eq 0 ] && drop=(setpriv --bounding-set=-dac_override,-dac_read_search)  # root reads anything otherwise
run 2 t13_sweep -- "${drop[@]}" "$bin" sweep "$work/t13"
says t13_sweep "locked"
run 2 t13_roundtrip -- "${drop[@]}" "$bin" roundtrip "$work/t13"
run 2 t13_manifest2 -- "${drop[@]}" "$bin" manifest "$work/t13" -o "$work/t13b.json"
run 1 t13_gate -- "${drop[@]}" "$bin" gate "$work/t13.json" "$work/t13"
says t13_gate "locked/in.mod: unreadable"
says t13_gate "synth_0001.mod: unreadable"
grep -q "missing" "$work/t13_gate.out" && fail "gate calls an unreadable file missing"
chmod 755 "$work/t13/locked"; chmod 644 "$work/t13/synth_0001.mod"

# ---- 14. messages and codes ---------------------------------------------------------------------
run 2 no_manifest -- "$bin" gate "$work/none.json" "$corpus"
says no_manifest "no such file"
echo '{"hello": 1}' > "$work/notlock.json"
run 2 not_manifest -- "$bin" gate "$work/notlock.json" "$corpus"
says not_manifest "is not a meshgate.manifest.v1 lock"
echo 'garbage' > "$work/unknown.bin"
run 1 unknown -- "$bin" inspect "$work/unknown.bin" --json
"$py" - "$work/unknown.out" <<'PY' || fail "unknown magic"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["format"] == "unknown" and r["diagnostics"][0]["code"] == "core.unknown-format", r
PY
"$bin" synth msh --seed 5 --count 3 --out "$work/upper" --sort-fold upper >/dev/null || fail "synth msh --sort-fold upper"
run 1 strict_msh -- "$bin" inspect "$work/upper/synth_msh_0000.msh" --profile strict --json
"$py" -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["format"]=="nres-msh" and not r["parse_ok"], r["format"]' \
  "$work/strict_msh.out" || fail "a strict-rejected model is not reported as nres-msh"
run 1 strict_msh_rt -- "$bin" roundtrip "$work/upper/synth_msh_0000.msh" --profile strict --json
"$py" -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["files"][0]["format"]=="nres-msh", r' \
  "$work/strict_msh_rt.out" || fail "roundtrip --profile strict calls a model nres"
run 0 version -- "$bin" --version
says version "meshgate 0."

# ---- 17. both sort folds can be written ---------------------------------------------------------
"$bin" synth nres --seed 5 --count 12 --out "$work/lower17" >/dev/null || fail "synth nres"
"$bin" synth nres --seed 5 --count 12 --out "$work/upper17" --sort-fold upper >/dev/null || fail "synth nres upper"
run 0 lower17 -- "$bin" sweep "$work/lower17" --json "$work/lower17.json"
run 0 upper17 -- "$bin" sweep "$work/upper17" --json "$work/upper17.json"
"$py" - "$work/lower17.json" "$work/upper17.json" <<'PY' || fail "--sort-fold"
import json, sys
codes = lambda p: {c for f in json.load(open(p))["files"] for c in f.get("diagnostic_codes", [])}
lower, upper = codes(sys.argv[1]), codes(sys.argv[2])
assert "nres.sort-order-uppercase-fold" not in lower, lower
assert "nres.sort-order-uppercase-fold" in upper, upper
PY
run 1 upper17_strict -- "$bin" sweep "$work/upper17" --profile strict
run 2 fold_mod -- "$bin" synth mod --count 1 --out "$work/f17" --sort-fold upper

# ---- 18. no output replaces a file the command read ---------------------------------------------
# Every file a command reads is an input, not only the files it names among
# its inputs: the model, a PTX companion, Material.lib and Textures.lib, the
# WEAR beside an MSH, a motion, a lock, evidence, a glTF's buffer. An output
# onto any of them, by any name (a hard link, a symlink), is exit 2 whatever
# --force says, and the file keeps its bytes. One row per command and per
# kind of file it reads.
never_replaced() {  # NAME VICTIM -- command...
  local name=$1 victim=$2 before
  shift 2
  before=$(sha256sum < "$victim")
  run 2 "$name" "$@"
  says "$name" "is one of the inputs"
  [ "$(sha256sum < "$victim")" = "$before" ] || fail "$name: $victim was replaced"
}
actor=$work/actor18 game=$work/game18
"$bin" synth dmc3 --seed 41 --count 1 --out "$actor" >/dev/null || fail "synth dmc3"
"$bin" synth materials --seed 29 --count 1 --out "$game" >/dev/null || fail "synth materials"
a=$actor/pl_0000 msh=$game/showcase.msh
ln "$a.ptx" "$work/hard18.ptx"
ln "$a.ptx" "$work/hard18.png"
ln -s "$game/Material.lib" "$work/material18.html"
cp "$corpus/synth_0000.mod" "$work/self18.mod"
ln "$work/self18.mod" "$work/self18.svg"
run 0 dump18 -- "$bin" dump "$work/self18.mod" -o "$work/dump18.json"
run 0 gltf18 -- "$bin" export "$work/self18.mod" --format gltf -o "$work/gltf18.gltf"
run 0 ev18 -- "$bin" sweep "$actor" --json "$work/ev18.json"
never_replaced view_ptx "$a.ptx" -- "$bin" view "$a.mod" --textures "$a.ptx" -o "$a.ptx" --force
never_replaced view_ptx_hard_link "$a.ptx" -- "$bin" view "$a.mod" --textures "$a.ptx" -o "$work/hard18.ptx" --force
never_replaced export_ptx "$a.ptx" -- "$bin" export "$a.mod" --textures "$a.ptx" -o "$a.ptx" --force
never_replaced texture_ptx "$a.ptx" -- "$bin" texture "$a.ptx!0" -o "$work/hard18.png" --force
never_replaced view_motion "${a}_idle.mot" -- "$bin" view "$a.mod" --motion "${a}_idle.mot" -o "${a}_idle.mot" --force
never_replaced export_motion "${a}_idle.mot" -- "$bin" export "$a.mod" --motion "${a}_idle.mot" -o "${a}_idle.mot" --force
never_replaced view_textures_lib "$game/Textures.lib" -- "$bin" view "$msh" --game-dir "$game" -o "$game/Textures.lib" --force
never_replaced view_material_lib "$game/Material.lib" -- "$bin" view "$msh" --game-dir "$game" -o "$game/Material.lib" --force
never_replaced view_material_link "$game/Material.lib" -- "$bin" view "$msh" --game-dir "$game" -o "$work/material18.html" --force
never_replaced view_materials_option "$game/Textures.lib" -- "$bin" view "$msh" --materials "$game/Material.lib" \
  --textures "$game/Textures.lib" -o "$game/Textures.lib" --force
never_replaced export_material_lib "$game/Material.lib" -- "$bin" export "$msh" --game-dir "$game" -o "$game/Material.lib" --force
never_replaced view_wear "$game/showcase.wea" -- "$bin" view "$msh" --game-dir "$game" -o "$game/showcase.wea" --force
never_replaced export_wear "$game/showcase.wea" -- "$bin" export "$msh" --game-dir "$game" -o "$game/showcase.wea" --force
never_replaced export_model "$work/self18.mod" -- "$bin" export "$work/self18.mod" -o "$work/self18.mod" --force
never_replaced dump_model "$work/self18.mod" -- "$bin" dump "$work/self18.mod" -o "$work/self18.mod" --force
never_replaced rebuild_model "$work/self18.mod" -- "$bin" rebuild "$work/self18.mod" --canonical -o "$work/self18.mod" --force
never_replaced set_model "$work/self18.mod" -- "$bin" set "$work/self18.mod" objects[0].bounding_radius=0.5 -o "$work/self18.mod" --force
never_replaced bytemap_model "$work/self18.mod" -- "$bin" bytemap "$work/self18.mod" -o "$work/self18.svg" --force
never_replaced build_dump "$work/dump18.json" -- "$bin" build "$work/dump18.json" -o "$work/dump18.json" --force
never_replaced import_buffer "$work/gltf18.bin" -- "$bin" import "$work/gltf18.gltf" --as mod -o "$work/gltf18.bin" --force
never_replaced manifest_member "$a.mod" -- "$bin" manifest "$actor" -o "$a.mod" --force
never_replaced sweep_member "${a}_idle.mot" -- "$bin" sweep "$actor" --markdown "${a}_idle.mot" --force
never_replaced report_member "$a.pac" -- "$bin" report "$actor" -o "$a.pac" --force
never_replaced docs_evidence "$work/ev18.json" -- "$bin" docs update "$work/ev18.json" --evidence "$work/ev18.json"
ls -A "$actor" "$game" | grep -q 'meshgate-' && fail "a refused output left a temporary"

# ---- 19. a symlink at a name the command chooses is refused ----------------------------------------
# spec --all and export --out choose the names they write inside DIR: a
# symlink at one of them was planted there, and following it would replace a
# file outside DIR. Refused before anything is written, --force or not.
echo precious > "$work/precious.txt"
mkdir -p "$work/spec19" "$work/export19"
ln -s ../precious.txt "$work/spec19/dmc3_mot.ksy"
run 2 spec_planted -- "$bin" spec --all --kaitai --out "$work/spec19" --force
says spec_planted "dmc3_mot.ksy: is a symlink"
[ "$(ls -A "$work/spec19")" = dmc3_mot.ksy ] || fail "spec_planted: wrote before refusing: $(ls -A "$work/spec19")"
ln -s ../precious.txt "$work/export19/synth_0003.mod.glb"
run 2 export_planted -- "$bin" export "$corpus" --out "$work/export19" --force
says export_planted "synth_0003.mod.glb: is a symlink"
[ "$(ls -A "$work/export19")" = synth_0003.mod.glb ] || fail "export_planted: wrote before refusing: $(ls -A "$work/export19")"
[ "$(cat "$work/precious.txt")" = precious ] || fail "a symlink at a chosen name was written through"
run 0 spec_plain -- "$bin" spec --all --kaitai --out "$work/spec19b"
[ -f "$work/spec19b/dmc3_mot.ksy" ] || fail "spec --all did not write dmc3_mot.ksy: $(ls -A "$work/spec19b")"

echo "hardening: ok"
