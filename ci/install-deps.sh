#!/usr/bin/env bash
# Installs meshgate's build and test dependencies from Debian packages when
# they are missing (Debian 12, as root or with sudo). Idempotent and quiet when
# everything is present. Extra packages can be named as arguments.
set -euo pipefail
packages=(cmake ninja-build g++ pkg-config python3 libgtest-dev nlohmann-json3-dev libxxhash-dev libcli11-dev libssl-dev python3-jsonschema clang-14 libclang-rt-14-dev libtinygltf-dev libpng-dev libjs-three nodejs chromium "$@")
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
