#!/usr/bin/env bash
# Configures and builds meshgate with a CMake preset (default: release into
# build/; `bash ci/build.sh asan` builds the ASan+UBSan tree into build-asan/).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
bash ci/install-deps.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --parallel "$(nproc)"
