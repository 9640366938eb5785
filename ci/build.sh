#!/usr/bin/env bash
# Configures and builds meshgate with a CMake preset (default: release into
# build/; `bash ci/build.sh asan` builds the clang ASan+UBSan tree, with the
# libFuzzer binaries, into build-asan/). Targets after the preset build only
# those. Installs the build and test dependencies first unless the caller
# already did (MESHGATE_DEPS_INSTALLED=1, as ci/test.sh sets).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
shift || true
[ "${MESHGATE_DEPS_INSTALLED:-}" = 1 ] || bash ci/install-deps.sh
# MESHGATE_WERROR=ON (ci/test.sh): every compiler warning is an error.
# MESHGATE_GTEST_SHARDS=N (ci/test.sh): GoogleTest's cases as N CTest tests.
cmake --preset "$preset" -DMESHGATE_WERROR="${MESHGATE_WERROR:-OFF}" \
  -DMESHGATE_GTEST_SHARDS="${MESHGATE_GTEST_SHARDS:-0}" >/dev/null
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake --build --preset "$preset" --parallel "$(nproc)" "${targets[@]}"
