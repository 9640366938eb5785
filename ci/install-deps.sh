#!/usr/bin/env bash
# Installs meshgate's dependencies from Debian packages when they are missing
# (Debian 12, as root or with sudo). Idempotent and quiet when everything is
# present. Extra packages can be named as arguments.
#   bash ci/install-deps.sh           build and test dependencies (ci/test.sh)
#   bash ci/install-deps.sh --build   only what building the program needs (ci/main-job.sh)
# Build: compiler, CMake, Ninja, ccache and the libraries meshgate links or reads.
# (libimagequant-dev: the palette of a PNG put into an indexed Texm.)
# Test: GoogleTest, PIL (python3-pil: decodes the DXT entries meshgate writes), clang 14 with its sanitizer and libFuzzer runtimes and lld (the
# asan tree), jsonschema, Node with the Khronos glTF validator and the Kaitai Struct
# compiler, its runtime and js-yaml (the .ksy proof) pinned by
# ci/js/package-lock.json, Chromium (the viewer and report pages) and dpkg-dev
# (dpkg-shlibdeps for `cpack -G DEB`; dpkg-source for ci/windows-deps.sh) and Blender (its own glTF importer as a client of the exports);
# mingw-w64 and wine64 for the Windows tree (the cross build and its tests under wine).
set -euo pipefail
with_tests=1
if [ "${1:-}" = --build ]; then
  with_tests=0
  shift
fi
packages=(cmake ninja-build g++ pkg-config ccache nlohmann-json3-dev libxxhash-dev libcli11-dev libssl-dev libtinygltf-dev libpng-dev libzip-dev libdeflate-dev libbz2-dev libsquish-dev libimagequant-dev libjs-three)
if [ "$with_tests" = 1 ]; then
  packages+=(python3 libgtest-dev python3-jsonschema python3-pil clang-14 libclang-rt-14-dev lld-14 nodejs chromium dpkg-dev file blender python3-numpy unzip)
  # The Windows tree: mingw-w64 (posix threads), its zlib, and wine64 to run what it builds.
  packages+=(mingw-w64 g++-mingw-w64-x86-64-posix gcc-mingw-w64-x86-64-posix libz-mingw-w64-dev wine64)
fi
packages+=("$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
  echo "ci/install-deps.sh: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
[ "$with_tests" = 1 ] || exit 0
# Debian's nodejs comes without npm (a NodeSource nodejs has it built in).
if ! command -v npm >/dev/null; then
  echo "ci/install-deps.sh: installing npm"
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends npm >/dev/null
fi
# The test tools from npm (the Khronos glTF validator), pinned by ci/js/package-lock.json.
js=$(cd "$(dirname "$0")/js" && pwd)
if ! cmp -s "$js/package-lock.json" "$js/node_modules/.meshgate-installed-lock" 2>/dev/null; then
  echo "ci/install-deps.sh: npm ci in ci/js"
  (cd "$js" && npm ci --no-audit --no-fund --loglevel=error >/dev/null && cp package-lock.json node_modules/.meshgate-installed-lock)
fi
