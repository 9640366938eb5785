#!/usr/bin/env bash
# meshgate.exe (under wine) and the Linux meshgate write the same bytes: the
# synthetic corpus of every generator, its `roundtrip --json` and
# `sweep --json` evidence, a textured, animated actor's .glb (PNG textures
# inside), a texture's PNG and the textured MSH models of a game folder
# exported through the material chain. Each is compared byte for byte (cmp), both
# programs run in one folder with the same relative paths.
#   bash corpus_tests/windows_parity.sh LINUX_MESHGATE WINDOWS_RUNNER
set -euo pipefail
linux=$1 windows=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "windows_parity: $*" >&2; exit 1; }
cd "$work"
# Built from one commit (the evidence names it): two trees configured at
# different commits differ in that field alone, and say so here first.
[ "$("$linux" --version)" = "$("$windows" --version)" ] ||
  fail "the builds differ: '$("$linux" --version)' and '$("$windows" --version)'; configure both at one commit"

# Both generate every format's corpus; the files must be the same bytes.
generate() {  # program, folder
  local program=$1 out=$2 format
  for format in mod nres msh pac pnst nbz texm ptx mot scm dmc3 materials; do
    "$program" synth "$format" --seed 7 --count 3 --out "$out/$format" --malformed >/dev/null ||
      fail "$out: synth $format exited $?"
  done
}
generate "$linux" lin
generate "$windows" win
diff -r lin win >/dev/null || fail "the generated corpora differ: $(diff -rq lin win | head -3)"
files=$(find lin -type f | wc -l)

# The evidence over one corpus (relative paths, so that both name files alike).
cd lin
# Exit 1 is expected: the malformed variants are findings.
run() {  # name, program, arguments...
  local name=$1 rc=0
  shift
  "$@" || rc=$?
  [ $rc -le 1 ] || fail "$name exited $rc"
}
run "linux roundtrip" "$linux" roundtrip . --json >../rt.lin.json
run "windows roundtrip" "$windows" roundtrip . --json >../rt.win.json
run "linux sweep" "$linux" sweep . --json ../sweep.lin.json --jobs 2 >/dev/null
run "windows sweep" "$windows" sweep . --json ../sweep.win.json --jobs 2 >/dev/null
actor=$(ls dmc3/*.mod | head -1)
"$linux" export "$actor" --textures "${actor%.mod}.ptx" --motion "${actor%.mod}_idle.mot" -o ../actor.lin.glb >/dev/null ||
  fail "linux export exited $?"
"$windows" export "$actor" --textures "${actor%.mod}.ptx" --motion "${actor%.mod}_idle.mot" -o ../actor.win.glb >/dev/null ||
  fail "windows export exited $?"
"$linux" texture "${actor%.mod}.ptx!0" -o ../tex.lin.png >/dev/null || fail "linux texture exited $?"
"$windows" texture "${actor%.mod}.ptx!0" -o ../tex.win.png >/dev/null || fail "windows texture exited $?"
# Textured MSH models through the material chain, from a game folder with a
# name outside ASCII, every model of it into --out: the library and WEAR
# paths the extras record are spelled alike.
cp -r materials 'игра é'
"$linux" export 'игра é' --game-dir 'игра é' --out ../chain.lin >/dev/null || fail "linux chain export exited $?"
"$windows" export 'игра é' --game-dir 'игра é' --out ../chain.win >/dev/null || fail "windows chain export exited $?"
cd ..
[ "$(ls chain.lin | wc -l)" -gt 2 ] || fail "the chain export wrote $(ls chain.lin | wc -l) files"
diff -r chain.lin chain.win >/dev/null || fail "the material chain's exports differ: $(diff -rq chain.lin chain.win | head -2)"
for pair in rt:json sweep:json actor:glb tex:png; do
  name=${pair%%:*} ext=${pair#*:}
  [ -s "$name.lin.$ext" ] || fail "$name.lin.$ext is empty"
  cmp -s "$name.lin.$ext" "$name.win.$ext" || fail "$name.$ext differs: $(cmp "$name.lin.$ext" "$name.win.$ext" | head -1)"
done
echo "windows_parity: ok ($files generated files, roundtrip and sweep JSON, .glb $(stat -c %s actor.lin.glb) bytes, PNG $(stat -c %s tex.lin.png) bytes identical)"
