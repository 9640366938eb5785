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
# the gate, end to end, and a file or folder dropped on meshgate.exe (EXE given):
# its page opened in the browser, while `meshgate FILE` in a console stays usage.
#   bash corpus_tests/windows_cli.sh RUNNER [EXE]   (RUNNER runs meshgate.exe: build-windows/meshgate-wine)
set -euo pipefail
bin=$1
exe=${2:-}
wine_run="$(cd "$(dirname "$0")/.." && pwd)/ci/wine-run.sh"
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
# A drop: Explorer starts meshgate.exe with one path and a console of its own;
# `wine start /wait` does the same (GetConsoleProcessList counts 1). The page
# is opened through the .html association, which wine's winebrowser hands to
# xdg-open: a fake one on PATH stands for the browser and records the page.
# Without a console of its own (a script, a pipe) `meshgate FILE` is usage.
rc=0; "$bin" corpus/synth_0000.mod >out.txt 2>err.txt || rc=$?
[ $rc -eq 2 ] && [ ! -s out.txt ] || fail "meshgate FILE from a script exited $rc (want 2, usage): $(cat out.txt err.txt)"
if [ -n "$exe" ]; then
  bash "$wine_run" reg add 'HKLM\Software\Classes\.html' /ve /d htmlfile /f >/dev/null
  mkdir fakebin
  printf '#!/bin/sh\nprintf "%%s\\n" "$1" >> "%s/opened.txt"\n' "$work" >fakebin/xdg-open
  chmod +x fakebin/xdg-open
  drop() {  # drop PATH: exit code of meshgate.exe started as Explorer starts it
    local rc=0
    PATH="$work/fakebin:$PATH" MESHGATE_DROP_HOLD=0 bash "$wine_run" start /wait /unix "$exe" "$1" || rc=$?
    return $rc
  }
  opened_page() {  # the page the browser was given, waiting for winebrowser (it runs apart)
    for _ in $(seq 50); do [ -s opened.txt ] && break; sleep 0.2; done
    local url; url=$(tail -1 opened.txt 2>/dev/null || true)
    printf '%s' "${url#file://}"
  }
  drop "$work/corpus/synth_0000.mod" || fail "a dropped MOD exited $?"
  page=$(opened_page)
  case "$page" in */drop-*/view.html) ;; *) fail "a dropped MOD opened '$page' (want a drop-*/view.html page)" ;; esac
  [ -f "$page" ] && grep -q 'synth_0000.mod' "$page" || fail "the dropped MOD's page $page does not show it"
  rm -rf opened.txt "$(dirname "$page")"
  drop "$work/corpus" || fail "a dropped folder exited $?"
  page=$(opened_page)
  case "$page" in */drop-*/report.html) ;; *) fail "a dropped folder opened '$page' (want a drop-*/report.html page)" ;; esac
  grep -q 'synth_0001.mod' "$page" || fail "the dropped folder's report $page does not list its files"
  rm -rf opened.txt "$(dirname "$page")"
  head -c 4096 /dev/urandom >noise.bin
  rc=0; drop "$work/noise.bin" || rc=$?
  [ $rc -eq 1 ] || fail "a dropped file meshgate cannot show exited $rc (want 1)"
  sleep 1; [ ! -s opened.txt ] || fail "a failed drop opened $(cat opened.txt)"
fi
echo "windows_cli: ok"
