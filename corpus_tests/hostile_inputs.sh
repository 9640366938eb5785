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

# ==== end JSON ==================================================================


# ==== outputs: export, set, docs update, --force (items 8-10, 15) ==============

# ==== end outputs ===============================================================


# ==== what people read: HTML pages and terminal lines (items 12, 14) ===========
# Item 14: a name is text, never a terminal command. A file whose name holds an
# OSC window title (ESC ] ... BEL), a clear screen (ESC [2J) and CSI as a raw
# byte (0x9B) and as a UTF-8 C1 character (C2 9B), and an NRes entry name
# holding the same (set with `meshgate set`), go through every command that
# prints names: no byte 0x1B, 0x07 or 0x9B may reach stdout or stderr (they are
# spelled \u001B, \u0007, \x9B, \u009B), and --json output stays valid JSON.
# (The browser side of item 12 is viewer_browser.sh and report_browser.sh.)
read_dir=$work/read
mkdir -p "$read_dir/corpus" "$read_dir/other"
evil=$(printf 'x\033]0;pwned\007\033[2J\233\302\233y')
cp "$corpus/synth_msh_0000.msh" "$read_dir/corpus/evil${evil}.msh"
"$bin" synth msh --seed 26 --count 2 --out "$read_dir/gen" >/dev/null || fail "display: synth msh"
pack=$read_dir/gen/synth_pack_0000.rlb
# entries[0].name is 36 bytes: a hostile name, NUL-padded, as hex.
name_hex() { local h; h=$(printf 'E\033]0;pwned\007\033[2J\233\302\233.%s' "$1" | od -An -v -tx1 | tr -d ' \n'); printf '%s%0*d' "$h" $((72 - ${#h})) 0; }
run 0 display-set -- "$bin" set "$pack" "entries[0].name=$(name_hex MSH)" -o "$read_dir/corpus/pack${evil}.rlb" --force
# the same archive with that entry named otherwise: diff names both
run 0 display-set-other -- "$bin" set "$pack" "entries[0].name=$(name_hex MSX)" -o "$read_dir/other/pack${evil}.rlb" --force
run 0 display-inspect -- "$bin" inspect "$read_dir/corpus/evil${evil}.msh"
says display-inspect 'evilx\u001B]0;pwned\u0007\u001B[2J\x9B\u009By.msh'
run 0 display-inspect-pack -- "$bin" inspect "$read_dir/corpus/pack${evil}.rlb"
run 0 display-inspect-json -- "$bin" inspect --json "$read_dir/corpus/pack${evil}.rlb"
run 0 display-roundtrip -- "$bin" roundtrip "$read_dir/corpus"
run 0 display-roundtrip-json -- "$bin" roundtrip --json "$read_dir/corpus"
run 0 display-sweep -- "$bin" sweep "$read_dir/corpus" --markdown "$read_dir/evidence.md" --json "$read_dir/evidence.json"
run 1 display-diff -- "$bin" diff "$read_dir/corpus/pack${evil}.rlb" "$read_dir/other/pack${evil}.rlb"
says display-diff 'E\u001B]0;pwned\u0007\u001B[2J\x9B\u009B.MSH'
run 1 display-diff-json -- "$bin" diff --json "$read_dir/corpus/pack${evil}.rlb" "$read_dir/other/pack${evil}.rlb"
run 0 display-view -- "$bin" view "$read_dir/corpus/pack${evil}.rlb" -o "$read_dir/pack.html"
run 2 display-missing -- "$bin" inspect "$read_dir/missing${evil}.msh"
run 2 display-bad-option -- "$bin" inspect "--bad${evil}"
"$py" - "$work" "$read_dir/evidence.md" <<'PY' || fail "display: a control byte reached the terminal"
import glob, json, os, sys
work, markdown = sys.argv[1], sys.argv[2]
outputs = sorted(glob.glob(os.path.join(work, "display-*.out")) + glob.glob(os.path.join(work, "display-*.err")))
assert len(outputs) == 2 * 13, outputs
for path in outputs + [markdown]:
    data = open(path, "rb").read()
    for byte in (0x1B, 0x07, 0x9B):
        assert byte not in data, f"{os.path.basename(path)} holds byte 0x{byte:02X}: {data[:300]!r}"
for name in ("display-inspect-json", "display-roundtrip-json", "display-diff-json"):
    json.load(open(os.path.join(work, name + ".out"), "rb"))  # still valid JSON
# The entry's name in JSON is the name itself (nlohmann escapes what JSON must): the escaping is for terminals only.
fields = json.load(open(os.path.join(work, "display-inspect-json.out")))["fields"]
assert any(f["path"] == "entries[0].payload" and f["value"] == "E\x1b]0;pwned\x07\x1b[2J\\x9B\u009b.MSH" for f in fields), \
    [f for f in fields if f["path"] == "entries[0].payload"]
PY

# ==== end display ===============================================================


# ==== node count: memory and time (item 13) ====================================

# ==== end node count ============================================================

echo "hostile_inputs: ok"
