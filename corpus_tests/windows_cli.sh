#!/usr/bin/env bash
# meshgate.exe under wine: one check for each Windows defect a probe build
# showed (each failed under wine before its fix in platform/ or the pools):
#   rename never replaced             -> --force replaces, in place, keeping read-only
#   st_ino 0: inputs collapsed        -> two files stay two, one file twice is one
#   --jobs 2 crashed (thread_local)   -> sweep --jobs 2 exits 0, same report as --jobs 1
#   ANSI argv lost non-ASCII names    -> Cyrillic and accented paths in and out
#   CLI11 read /x as an option        -> inspect /x is a missing file, exit 2
#   CRLF on stdout                    -> no \r in JSON or text output
#   a directory was "permission denied" -> "not a regular file"
#   .gltf export's .bin               -> .gltf + .bin written, and replaced with --force
#   32-bit sizes                      -> a 5 GiB sparse file "is 5368709120 bytes", refused
#   device names as outputs (NUL...)  -> "a reserved Windows device name", exit 2
# and the gate, end to end.
#   bash corpus_tests/windows_cli.sh RUNNER   (RUNNER runs meshgate.exe: build-windows/meshgate-wine)
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "windows_cli: $*" >&2; exit 1; }
cd "$work"

"$bin" synth mod --seed 5 --count 3 --out corpus >/dev/null || fail "synth exited $?"

# --force replaces (MoveFileExW REPLACE_EXISTING); without it, "exists", exit 2.
rc=0; "$bin" synth mod --seed 5 --count 3 --out corpus >/dev/null 2>err.txt || rc=$?
[ $rc -eq 2 ] && grep -q 'exists (use --force' err.txt || fail "synth over existing files exited $rc: $(cat err.txt)"
"$bin" synth mod --seed 6 --count 3 --out corpus --force >/dev/null || fail "synth --force exited $?"
"$bin" export corpus/synth_0000.mod -o one.glb >/dev/null || fail "export exited $?"
chmod a-w one.glb  # wine shows the read-only attribute as no write bits
"$bin" export corpus/synth_0001.mod -o one.glb --force >/dev/null || fail "export --force over a read-only file exited $?"
[ "$(stat -c %a one.glb)" = 444 ] || fail "the replaced read-only file came back as mode $(stat -c %a one.glb)"
ls -a | grep -q meshgate- && fail "a temporary was left behind: $(ls -a)"

# Identity (volume serial + file index): two files are two, one file named twice is one.
"$bin" roundtrip corpus/synth_0000.mod corpus/synth_0001.mod >out.txt || fail "roundtrip of two files exited $?"
grep -q '^total: 2 files' out.txt || fail "two inputs were not two files: $(tail -1 out.txt)"
"$bin" roundtrip corpus/synth_0000.mod ./corpus/../corpus/synth_0000.mod corpus >out.txt || fail "roundtrip exited $?"
grep -q '^total: 3 files' out.txt || fail "one file named three ways was not read once: $(tail -1 out.txt)"
"$bin" export corpus/synth_0000.mod -o corpus/synth_0000.mod --force >/dev/null 2>err.txt && fail "export over its input succeeded"
grep -q 'is one of the inputs' err.txt || fail "export over its input: $(cat err.txt)"

# CON, NUL, COM1, LPT1, aux.txt... open a device in every folder: an output
# named so is refused in those words, before any work (platform::device_name_of).
case "$bin" in
  *wine* | *.exe)
    for name in NUL con.glb aux.txt COM1 'lpt1 .glb'; do
      rc=0; "$bin" export corpus/synth_0000.mod -o "$name" --force >/dev/null 2>err.txt || rc=$?
      [ $rc -eq 2 ] && grep -q 'a reserved Windows device name' err.txt || fail "export -o '$name' exited $rc: $(cat err.txt)"
    done
    rc=0; "$bin" dump corpus/synth_0000.mod -o corpus/PRN.json 2>err.txt || rc=$?
    [ $rc -eq 2 ] && grep -q 'PRN, a reserved Windows device name' err.txt || fail "dump -o PRN.json exited $rc: $(cat err.txt)"
    ;;
esac

# --jobs 2: the pools' threads start and end (a thread_local with a destructor crashed here).
"$bin" synth msh --seed 5 --count 6 --out corpus >/dev/null
"$bin" sweep corpus --jobs 1 --json j1.json >/dev/null || fail "sweep --jobs 1 exited $?"
"$bin" sweep corpus --jobs 2 --json j2.json >/dev/null || fail "sweep --jobs 2 exited $?"
cmp -s j1.json j2.json || fail "sweep --jobs 2 differs from --jobs 1"

# Names outside the ANSI code page, in and out.
mkdir 'модели é'
cp corpus/synth_0000.mod 'модели é/файл.mod'
"$bin" roundtrip 'модели é/файл.mod' --json >names.json || fail "roundtrip of a Cyrillic path exited $?"
grep -q '"path": "файл.mod"' names.json || fail "the Cyrillic name did not come back: $(grep path names.json)"
"$bin" export 'модели é/файл.mod' --format gltf -o 'модели é/вывод.gltf' >/dev/null || fail "export to a Cyrillic path exited $?"
[ -s 'модели é/вывод.gltf' ] && [ -s 'модели é/вывод.bin' ] || fail "no .gltf + .bin under the Cyrillic names: $(ls 'модели é')"
grep -q '"uri": "вывод.bin"' 'модели é/вывод.gltf' || fail "the .gltf does not name its .bin"
"$bin" export 'модели é/файл.mod' --format gltf -o 'модели é/вывод.gltf' --force >/dev/null || fail "export .gltf --force exited $?"

# "/x" is a path, not an option.
rc=0; "$bin" inspect /no-such-file.mod 2>err.txt || rc=$?
[ $rc -eq 2 ] && grep -q 'no such file or directory' err.txt || fail "inspect /no-such-file.mod exited $rc: $(cat err.txt)"

# Binary stdout: no carriage returns.
"$bin" inspect corpus/synth_0000.mod --json >crlf.json || fail "inspect --json exited $?"
"$bin" roundtrip corpus >crlf.txt || fail "roundtrip exited $?"
! grep -q $'\r' crlf.json crlf.txt || fail "a carriage return on stdout"

# A directory given as a file.
rc=0; "$bin" inspect corpus 2>err.txt || rc=$?
[ $rc -eq 2 ] && grep -q 'not a regular file' err.txt || fail "inspect of a directory exited $rc: $(cat err.txt)"

# 64-bit sizes: a sparse 5 GiB file with a MOD's magic is refused by its size, exactly.
cp corpus/synth_0000.mod big.mod && truncate -s 5G big.mod
rc=0; "$bin" inspect big.mod >err.txt 2>&1 || rc=$?
[ $rc -eq 1 ] && grep -q 'the file is 5368709120 bytes' err.txt || fail "a 5 GiB file: exit $rc, $(cat err.txt)"

# The gate: passes unchanged, fails naming the file after one byte flips.
"$bin" manifest corpus -o corpus.lock.json >/dev/null || fail "manifest exited $?"
"$bin" gate corpus.lock.json corpus >/dev/null || fail "gate of the unchanged corpus exited $?"
printf '\x5a' | dd of=corpus/synth_0002.mod bs=1 seek=100 conv=notrunc status=none
rc=0; "$bin" gate corpus.lock.json corpus >gate.txt 2>&1 || rc=$?
[ $rc -eq 1 ] && grep -q 'synth_0002.mod' gate.txt || fail "gate after a flipped byte exited $rc: $(cat gate.txt)"
echo "windows_cli: ok"
