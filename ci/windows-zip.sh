#!/usr/bin/env bash
# The Windows archive: `cpack -G ZIP` in build-windows/ (after
# `bash ci/build.sh windows meshgate`), then checked as a user gets it:
# unpacked, its meshgate.exe runs `--version` under wine, and it holds the
# README, the --help text, the licences of what the exe links, the Blender
# add-on's zip (share/meshgate/meshgate_blender.zip) and three.js,
# from which `view` makes a page (checked by making one).
#   bash ci/windows-zip.sh        -> build-windows/meshgate-VERSION-win64.zip
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD/ci
(cd build-windows && cpack -G ZIP >/dev/null)
zip=$(ls -t build-windows/meshgate-*-win64.zip | head -1)
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$zip" "$unpacked"
root=$(find "$unpacked" -mindepth 1 -maxdepth 1 -type d | head -1)
for f in bin/meshgate.exe share/doc/meshgate/README.md share/doc/meshgate/meshgate-help.txt licenses/libpng-dev.txt \
  share/meshgate/three/three.min.js share/meshgate/meshgate_blender.zip; do
  [ -s "$root/$f" ] || { echo "ci/windows-zip.sh: $zip has no $f" >&2; exit 1; }
done
version=$(bash ci/wine-run.sh "$root/bin/meshgate.exe" --version)
case $version in
  "meshgate "*) ;;
  *) echo "ci/windows-zip.sh: the zipped meshgate.exe printed '$version'" >&2; exit 1 ;;
esac
# view from the unpacked program, with three.js from beside it.
bash ci/wine-run.sh "$root/bin/meshgate.exe" synth mod --count 1 --out "$unpacked/m" >/dev/null
(cd "$unpacked" && env -u MESHGATE_THREE_DIR bash "$here/wine-run.sh" "$root/bin/meshgate.exe" view m/synth_0000.mod -o v.html >/dev/null) ||
  { echo "ci/windows-zip.sh: view from the unpacked zip failed" >&2; exit 1; }
echo "ci/windows-zip.sh: $zip ($(stat -c %s "$zip") bytes; exe $(stat -c %s "$root/bin/meshgate.exe") bytes): $version"
