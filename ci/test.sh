#!/usr/bin/env bash
# The README's test command. Installs the dependencies once, then two compiler trees:
# - release (GCC -O3, the program and the benchmarks): headless Chromium (viewer and report
#   pages), the Node glTF validator, Blender's glTF importer, the docs check,
#   install_package, the memory and time measures of hardening and hostile_inputs,
#   the vector clones and evidence_gate (label optimised);
# - asan (clang 14 -O1, ASan+UBSan, with libFuzzer's coverage hooks): every
#   suite but those (labels browser, node, docs, package, blender) and
#   its own fuzz smoke (label fuzz: the smoke below runs the shipped binaries), with
#   the malformed-file, offset-matrix, hostile-input and fuzz-replay suites
#   (every target's entry point over the seeds and regressions) as the crash /
#   out-of-bounds oracle; hostile_inputs_records there at smaller record
#   counts (the limits and their memory and time are the release tree's:
#   docs/TESTING.md, "CI's phases and what they cost"); it also compiles the
#   libFuzzer binaries.
# Then .clusterfuzzlite/build.sh as ClusterFuzzLite calls it (ci/cflite-build.sh),
# in the asan tree (same flags: it reconfigures, links and installs, checking that
# it ships every fuzz target), and the fuzz smoke on exactly those binaries
# (ci/fuzz-smoke.sh: each target a few seconds from the synthetic seeds).
# Then the Windows tree (preset windows): meshgate.exe and the GoogleTest
# binary under wine, the CLI suites against meshgate.exe, the parity check
# with the release build, and the zip archive (ci/windows-zip.sh).
# Set MESHGATE_CORPUS=/path/to/your/files to also gate a real corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's wall time, printed as it ends (the 15-minute budget is theirs).
phase() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "ci/test.sh: $name took $((SECONDS - start)) s (total $SECONDS s)"
}
phase install-deps bash ci/install-deps.sh
export MESHGATE_DEPS_INSTALLED=1
# Both trees build with every warning an error (GCC and clang).
export MESHGATE_WERROR=ON
# The GoogleTest cases run as 16 CTest tests, not one process per case: under
# ASan each process costs ~0.1 s to start and to scan for leaks, ~400 times
# (corpus_tests/CMakeLists.txt).
export MESHGATE_GTEST_SHARDS=16
# Each suite runs once, in the tree that can judge it. The release tree builds
# the program (and the benchmarks, so that they keep compiling) and runs what
# tests meshgate's output or the optimised build itself (the release-only
# preset: labels browser, node, docs, package, blender, optimised); the asan
# tree builds everything and runs every other suite, GoogleTest included,
# under ASan+UBSan. `ctest --preset release` on a full release build still
# runs every suite, as a developer expects.
phase "build release" bash ci/build.sh release meshgate meshgate_bench
phase "ctest release" ctest --preset release-only --parallel "$(nproc)"
phase "build asan" bash ci/build.sh asan
phase "ctest asan" ctest --preset asan --parallel "$(nproc)"
shipped=$(mktemp -d)
trap 'rm -rf "$shipped"' EXIT
phase cflite-build env MESHGATE_CFLITE_KEEP="$shipped/out" MESHGATE_CFLITE_TREE=build-asan bash ci/cflite-build.sh
phase fuzz-smoke bash ci/fuzz-smoke.sh build/meshgate "$shipped/out" out/fuzz-smoke
# The Windows tree: meshgate.exe and the test binary cross-built with
# mingw-w64 (its libraries from ci/windows-deps.sh's cached prefix), the wine
# suites and the byte parity with the release tree's program, then the zip.
phase "build windows" bash ci/build.sh windows meshgate meshgate_tests
phase "ctest windows" ctest --preset windows --parallel "$(nproc)"
phase "windows zip" bash ci/windows-zip.sh
bash ci/wine-run.sh --stop  # the wineserver the suites kept running
