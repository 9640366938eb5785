#!/usr/bin/env bash
# The README's test command. Installs the dependencies once, then two compiler trees:
# - release (GCC -O3): every CTest suite, including headless Chromium (viewer and
#   report pages), the Node glTF validator, Blender's glTF importer, the docs check and install_package;
# - asan (clang 14 -O1, ASan+UBSan, coverage hooks): the same suites but those
#   five (labels browser, node, docs, package, blender), with the malformed-file, offset-matrix,
#   hostile-input and fuzz-replay suites as the crash / out-of-bounds oracle, and
#   fuzz_smoke: every libFuzzer target built in that tree for a few seconds.
# Then .clusterfuzzlite/build.sh as ClusterFuzzLite calls it (ci/cflite-build.sh),
# checking that it ships every fuzz target.
# Set MESHGATE_CORPUS=/path/to/your/files to also gate a real corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh
export MESHGATE_DEPS_INSTALLED=1
for preset in release asan; do
  bash ci/build.sh "$preset"
  ctest --preset "$preset" --parallel "$(nproc)"
done
bash ci/cflite-build.sh
