#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh the way ClusterFuzzLite's build step does
# (this checkout as $SRC/meshgate, the script as $SRC/build.sh, run by bash from
# $SRC/meshgate with $CXX, $CXXFLAGS, $LIB_FUZZING_ENGINE, $OUT and $WORK as the
# ASan job sets them), with clang 14 into temporary directories, then checks
# that $OUT holds one runnable fuzzer per fuzz/<name>_fuzzer.cpp, so the
# distributed fuzzing cannot break silently. MESHGATE_CFLITE_KEEP=DIR keeps $OUT there.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src" "$tmp/out" "$tmp/work"
ln -s "$root" "$tmp/src/meshgate"
cp "$root/.clusterfuzzlite/build.sh" "$tmp/src/build.sh"
# OSS-Fuzz's flags for sanitizer=address, engine=libfuzzer (clang 14 here).
(cd "$tmp/src/meshgate" && env SRC="$tmp/src" OUT="$tmp/out" WORK="$tmp/work" \
   CC=clang-14 CXX=clang++-14 LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address FUZZING_ENGINE=libfuzzer \
   CXXFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link -stdlib=libc++" \
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
