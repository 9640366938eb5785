#!/usr/bin/env bash
# Configures and builds meshgate with a CMake preset (default: release into
# build/; `bash ci/build.sh asan` builds the clang ASan+UBSan tree, with the
# libFuzzer binaries, into build-asan/; `bash ci/build.sh windows` cross-builds
# meshgate.exe and the test binary with mingw-w64 into build-windows/). Targets after the preset build only
# those. Installs the build and test dependencies first unless the caller
# already did (MESHGATE_DEPS_INSTALLED=1, as ci/test.sh sets).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
shift || true
[ "${MESHGATE_DEPS_INSTALLED:-}" = 1 ] || bash ci/install-deps.sh
# The Windows cross build (`bash ci/build.sh windows`): its libraries from the
# cached prefix ci/windows-deps.sh builds (cmake/mingw-w64.cmake reads it).
if [ "$preset" = windows ] && [ -z "${MESHGATE_WINDOWS_DEPS:-}" ]; then
  MESHGATE_WINDOWS_DEPS=$(bash ci/windows-deps.sh)
  export MESHGATE_WINDOWS_DEPS
fi
# MESHGATE_WERROR=ON (ci/test.sh): every compiler warning is an error.
# MESHGATE_GTEST_SHARDS=N (ci/test.sh): GoogleTest's cases as N CTest tests.
cmake --preset "$preset" -DMESHGATE_WERROR="${MESHGATE_WERROR:-OFF}" \
  -DMESHGATE_GTEST_SHARDS="${MESHGATE_GTEST_SHARDS:-0}" >/dev/null
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake --build --preset "$preset" --parallel "$(nproc)" "${targets[@]}"
