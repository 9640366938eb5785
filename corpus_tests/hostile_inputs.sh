#!/usr/bin/env bash
# Issue 26: every command on every input kind it reads, fed a small hostile set
# (the cases of the issue), in the release tree and under ASan+UBSan. Each case
# states the exit code and a phrase of the message; a sanitizer report, a
# crash, a hang (RUN_SECONDS) or another exit code fails the test.
# Usage: hostile_inputs.sh MESHGATE [sanitized]
set -uo pipefail
bin=$1 sanitized=${2:-}
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "hostile_inputs: $*" >&2; exit 1; }
py=/usr/bin/python3
[ -x "$py" ] || py=python3
# run EXPECTED_RC NAME -- command...: stdin closed, $RUN_SECONDS s at most (30
# unless set); stdout/stderr kept in $work/NAME.out / .err; a sanitizer report
# in stderr fails even with the expected exit code.
run() {
  local want=$1 name=$2; shift 3
  timeout "${RUN_SECONDS:-30}" "$@" </dev/null >"$work/$name.out" 2>"$work/$name.err"
  local rc=$?
  grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$work/$name.err" &&
    fail "$name: sanitizer report: $(grep -m 3 -E 'Sanitizer|runtime error' "$work/$name.err")"
  [ $rc -eq "$want" ] || fail "$name: exited $rc, expected $want; stderr: $(head -c 600 "$work/$name.err")"
}
says() { grep -qF -- "$2" "$work/$1.out" "$work/$1.err" || fail "$1: does not say '$2': $(head -c 600 "$work/$1.err")"; }
corpus=$work/corpus
"$bin" synth mod --seed 26 --count 4 --out "$corpus" >/dev/null || fail "synth mod"
"$bin" synth msh --seed 26 --count 4 --out "$corpus" >/dev/null || fail "synth msh"

# ==== import: glTF, GLB and what their URIs name (items 1-5) ====================

# ==== end import ================================================================


# ==== build, dump, docs, lock: JSON and Markdown inputs (items 6, 7, 11, 15) ===
# Every JSON input goes through one reader (reports/json_input.hpp: 64 levels,
# no duplicate key) and its JSON Schema before a key is read.
jmod=$(find "$corpus" -name '*.mod' | sort | head -n 1)
"$bin" dump "$jmod" -o "$work/j.json" >/dev/null || fail "dump $jmod"
# edit NAME PYTHON: $work/NAME.json is j.json after PYTHON ran on it as `d` (items by path in `by`).
edit() {
  "$py" - "$work/j.json" "$work/$1.json" "$2" <<'PY' || fail "edit $1"
import json, sys
d = json.load(open(sys.argv[1]))
by = {i["path"]: i for i in d["items"]}
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
PY
}
# Item 6: a value nesting 100,000 arrays overflowed the stack; 50,000 nested dumps grew quadratic paths.
"$py" - "$work/j.json" "$work/deep_value.json" <<'PY'
import sys
t = open(sys.argv[1]).read()
at = t.index('"value":') + len('"value":')
end = min(i for i in (t.find(",", at), t.find("}", at)) if i >= 0)
open(sys.argv[2], "w").write(t[:at] + "[" * 100000 + "0" + "]" * 100000 + t[end:])
PY
run 2 build_deep_value -- "$bin" build "$work/deep_value.json" -o "$work/out.mod"
says build_deep_value "nesting deeper than 64 levels"
"$py" -c '
import sys
n = 50000
head = "{\"schema\":\"meshgate.dump.v1\",\"name\":\"x\",\"format\":\"nres\",\"size\":1,\"items\":[{\"path\":\"p\",\"offset\":0,\"type\":\"nres\",\"size\":1,\"nested\":"
open(sys.argv[1], "w").write(head * n + "{}" + "}]}" * n)' "$work/nested_dumps.json"
run 2 build_nested_dumps -- "$bin" build "$work/nested_dumps.json" -o "$work/out.mod"
says build_nested_dumps "nesting deeper than 64 levels"
# Item 7: an f32 without value was written as 0.0 (exit 0); a nested item without size read a missing key.
edit no_value 'del by["objects[0].bounding_radius"]["value"]'
run 2 build_no_value -- "$bin" build "$work/no_value.json" -o "$work/out.mod"
says build_no_value "(objects[0].bounding_radius)"
says build_no_value "has none of value | elements | hex | nested+size"
[ -e "$work/out.mod" ] && fail "build_no_value: wrote $work/out.mod"
edit nested_no_size 'd["items"] = [{"path": "payload", "offset": 0, "type": "nres", "nested": json.load(open(sys.argv[1]))}]'
run 2 build_nested_no_size -- "$bin" build "$work/nested_no_size.json" -o "$work/out.mod"
says build_nested_no_size "/items/0 (payload): has none of"
# Item 15: "stoul" for bad bits, "out of memory" for bytes[2^40]; both now say what and where.
edit bad_bits 'by["objects[0].bounding_radius"]["bits"] = "0xZZ"'
run 2 build_bad_bits -- "$bin" build "$work/bad_bits.json" -o "$work/out.mod"
says build_bad_bits "/bits: does not match"
grep -q stoul "$work/build_bad_bits.err" && fail "build_bad_bits: says stoul"
edit huge_count 'by["header.magic"]["type"] = "bytes[1099511627776]"'
run 2 build_huge_count -- "$bin" build "$work/huge_count.json" -o "$work/out.mod"
says build_huge_count "(header.magic): [0, +1099511627776) runs past the end"
grep -q "out of memory" "$work/build_huge_count.err" && fail "build_huge_count: says out of memory"
# Item 15: a 200 MB bad value (20 MB under the sanitizers) was echoed whole.
mb=200; [ -n "$sanitized" ] && mb=20
edit long_value "by['header.magic']['value'] = '7' * ($mb << 20)"
run 2 build_long_value -- "$bin" build "$work/long_value.json" -o "$work/out.mod"
says build_long_value "(header.magic): value is $((mb << 20)) characters"
[ "$(wc -c <"$work/build_long_value.err")" -lt 1000 ] || fail "build_long_value: $(wc -c <"$work/build_long_value.err")-byte message"
rm -f "$work/long_value.json"
# Item 15: overlapping items were accepted silently (the later won): exit 1 naming both.
edit overlap 'x = dict(by["objects[0].bounding_radius"]); x["path"] = "second radius"; d["items"].append(x)'
run 1 build_overlap -- "$bin" build "$work/overlap.json" -o "$work/out.mod"
says build_overlap "(second radius)"
says build_overlap "overlaps items["
# Item 15: duplicate keys, in a dump too.
sed 's/"schema":/"size": 1, "schema":/' "$work/j.json" >"$work/dup_dump.json"
run 2 build_duplicate_key -- "$bin" build "$work/dup_dump.json" -o "$work/out.mod"
says build_duplicate_key 'key "size" appears twice'

"$bin" sweep "$corpus" --json "$work/ev.json" >/dev/null 2>&1 || fail "sweep --json"
# Item 7: an evidence holding only "schema" crashed docs check in 1 of 60 runs.
echo '{"schema": "meshgate.evidence.v1"}' >"$work/ev_schema_only.json"
printf 'x <!-- meshgate:value totals.files -->1<!-- /meshgate -->\n' >"$work/doc.md"
run 2 docs_schema_only -- "$bin" docs check "$work/doc.md" --evidence "$work/ev_schema_only.json"
says docs_schema_only 'required key "fields" is missing'
# Item 15: a stray closing marker was accepted.
printf '# t\n\ntext\n<!-- /meshgate -->\n' >"$work/stray.md"
cp "$work/stray.md" "$work/stray.before"
run 2 docs_stray_close -- "$bin" docs update "$work/stray.md" --evidence "$work/ev.json"
says docs_stray_close "stray.md:4: a closing <!-- /meshgate --> with no block open"
cmp -s "$work/stray.md" "$work/stray.before" || fail "docs_stray_close: the document was rewritten"
# Item 15: a duplicate key in the evidence.
sed '0,/"schema":/s//"schema": "x", "schema":/' "$work/ev.json" >"$work/ev_dup.json"
run 2 docs_duplicate_key -- "$bin" docs check "$work/doc.md" --evidence "$work/ev_dup.json"
says docs_duplicate_key 'key "schema" appears twice'
# Item 11: 200,000 blocks within the 64 MiB limit ran for hours (line_of rescanned); seconds now.
"$py" -c '
import sys
open(sys.argv[1], "w").write("".join("line %d <!-- meshgate:value totals.files -->0<!-- /meshgate -->\n" % i for i in range(200000)))' "$work/many.md"
start=$EPOCHREALTIME
RUN_SECONDS=60 run 1 docs_200k_blocks -- "$bin" docs check "$work/many.md" --evidence "$work/ev.json"
says docs_200k_blocks "docs check: 200000 blocks in 1 documents, some stale"
echo "hostile_inputs: docs check of 200,000 blocks: $(awk "BEGIN { printf \"%.2f\", $EPOCHREALTIME - $start }") s"

# Item 15: a duplicate key in a lock (a fake sha256 before the real one) passed the gate.
"$bin" manifest "$corpus" -o "$work/lock.json" >/dev/null || fail "manifest"
"$py" - "$work/lock.json" "$work/lock_dup.json" <<'PY'
import sys
t = open(sys.argv[1]).read()
at = t.index('"sha256":', t.index('"files"'))
open(sys.argv[2], "w").write(t[:at] + '"sha256": "' + "0" * 64 + '",\n      ' + t[at:])
PY
run 2 gate_duplicate_key -- "$bin" gate "$work/lock_dup.json" "$corpus"
says gate_duplicate_key '/files/0: key "sha256" appears twice'
run 0 gate_sound_lock -- "$bin" gate "$work/lock.json" "$corpus"

# ==== end JSON ==================================================================


# ==== outputs: export, set, docs update, --force (items 8-10, 15) ==============

# ==== end outputs ===============================================================


# ==== what people read: HTML pages and terminal lines (items 12, 14) ===========

# ==== end display ===============================================================


# ==== node count: memory and time (item 13) ====================================

# ==== end node count ============================================================

echo "hostile_inputs: ok"
