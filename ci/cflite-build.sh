#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh the way ClusterFuzzLite's build step does
# (this checkout as $SRC/meshgate, the script as $SRC/build.sh, run by bash from
# $SRC/meshgate with $CXX, $CXXFLAGS, $LIB_FUZZING_ENGINE, $OUT and $WORK as the
# ASan job sets them), with clang 14 into temporary directories, then checks
# that $OUT holds one runnable fuzzer per fuzz/<name>_fuzzer.cpp, so the
# distributed fuzzing cannot break silently. MESHGATE_CFLITE_KEEP=DIR keeps $OUT there.
# $CXXFLAGS are the asan preset's (OSS-Fuzz's address flags, plus UBSan), with
# the -stdlib=libc++ the infrastructure adds and build.sh must take out.
# MESHGATE_CFLITE_TREE=DIR (ci/test.sh: build-asan) makes DIR build.sh's build
# tree: the asan tree already compiled every library and fuzz target with
# these flags, so build.sh reconfigures it (tests and CLI off), links and
# installs, instead of compiling everything a third time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/out" "$tmp/work"
ln -s "$root" "$tmp/src/meshgate"
flags=$(python3 -c 'import json, sys
presets = json.load(open(sys.argv[1]))["configurePresets"]
print(next(p for p in presets if p["name"] == "asan")["cacheVariables"]["CMAKE_CXX_FLAGS"])' "$root/CMakePresets.json")
if [ -n "${MESHGATE_CFLITE_TREE:-}" ]; then
  tree=$(cd "$MESHGATE_CFLITE_TREE" && pwd)
  ln -s "$tree" "$tmp/work/meshgate-build"
fi
cp "$root/.clusterfuzzlite/build.sh" "$tmp/src/build.sh"
# As ClusterFuzzLite's ASan job calls it (engine libfuzzer, clang 14 here).
# A reused tree is configured from the checkout's own path: run from the link,
# CMake would name every source through it (it keeps $PWD's logical path) and
# the compile commands, no longer the tree's, would all run again.
from=$tmp/src/meshgate
[ -z "${MESHGATE_CFLITE_TREE:-}" ] || from=$root
(cd "$from" && env SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work" \
   CC=clang-14 CXX=clang++-14 LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address FUZZING_ENGINE=libfuzzer \
   CXXFLAGS="$flags -stdlib=libc++" \
   bash "$tmp/src/build.sh") > "$tmp/build.log" 2>&1 || { tail -n 60 "$tmp/build.log"; echo "cflite-build: build.sh FAILED" >&2; exit 1; }
expected=() built=0 missing=()
for source in "$root"/fuzz/*_fuzzer.cpp; do expected+=("$(basename "$source" .cpp)"); done
for target in "${expected[@]}"; do
  # -runs=0 only loads the (empty) corpus: the binary links, starts and finds its engine.
  if [ -x "$tmp/out/$target" ] && "$tmp/out/$target" -runs=0 >/dev/null 2>&1; then
    built=$((built + 1))
  else
    missing+=("$target")
  fi
done
options=$(find "$tmp/out" -maxdepth 1 -name '*_fuzzer.options' | wc -l)
echo "cflite-build: $built of ${#expected[@]} fuzz targets built and started, $options .options files in \$OUT"
if [ ${#missing[@]} -gt 0 ] || [ "$options" -ne "${#expected[@]}" ]; then
  echo "cflite-build: FAILED: not shipped or not runnable: ${missing[*]:-none}; .options: $options" >&2
  exit 1
fi
[ -z "${MESHGATE_CFLITE_KEEP:-}" ] || { rm -rf "$MESHGATE_CFLITE_KEEP"; cp -r "$tmp/out" "$MESHGATE_CFLITE_KEEP"; }
