#!/usr/bin/env bash
# Configures and builds meshgate (release-with-debug-info) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh
cmake -S . -B build -G Ninja -DMESHGATE_BUILD_TESTS=ON >/dev/null
cmake --build build --parallel "$(nproc)"
