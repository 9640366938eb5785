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

# ==== end display ===============================================================


# ==== node count: memory and time (item 13) ====================================

# ==== end node count ============================================================

echo "hostile_inputs: ok"
