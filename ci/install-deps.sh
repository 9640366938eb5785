#!/usr/bin/env bash
# Installs meshgate's build and test dependencies from Debian packages when
# they are missing (Debian 12, as root or with sudo). Idempotent and quiet when
# everything is present. Extra packages can be named as arguments.
set -euo pipefail
packages=(cmake ninja-build g++ pkg-config python3 libgtest-dev nlohmann-json3-dev libxxhash-dev libcli11-dev libssl-dev python3-jsonschema clang-14 libclang-rt-14-dev "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "ci/install-deps.sh: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
