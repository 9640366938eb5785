#!/usr/bin/env bash
# The README's test command: install, build, run every CTest suite twice —
# in the release build and in the ASan+UBSan build, where the malformed-file,
# offset-matrix and fuzz-replay suites double as the crash / out-of-bounds
# oracle — then a few-second smoke run of every libFuzzer target (fuzz preset).
# Set MESHGATE_CORPUS=/path/to/your/files to also gate a real corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
for preset in release asan; do
  bash ci/build.sh "$preset"
  ctest --preset "$preset" --parallel "$(nproc)"
done
bash ci/fuzz-smoke.sh
