#!/usr/bin/env bash
# The README's test command: install, build, run every CTest suite.
# Set MESHGATE_CORPUS=/path/to/your/files to also gate a real corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/build.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)"
