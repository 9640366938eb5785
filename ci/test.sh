#!/usr/bin/env bash
# The README's test command: install, build, run every CTest suite twice —
# in the release build and in the ASan+UBSan build, where the malformed-file
# and mutation suites double as the crash / out-of-bounds oracle.
# Set MESHGATE_CORPUS=/path/to/your/files to also gate a real corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
for preset in release asan; do
  bash ci/build.sh "$preset"
  ctest --preset "$preset" --parallel "$(nproc)"
done
