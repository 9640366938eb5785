#!/usr/bin/env bash
# `cmake --install` and `cpack -G DEB` of a build tree: the
# installed bin/meshgate is stripped and runs, share/doc/meshgate holds the
# README and the --help of the program and of its subcommands, and the Debian
# package's Depends come from dpkg-shlibdeps (libc6, libstdc++6, the libraries linked);
# both ship share/meshgate/meshgate_blender.zip, the Blender add-on.
# Usage: install_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_package: $*" >&2; exit 1; }
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; fail "cmake --install failed"; }
bin=$work/prefix/bin/meshgate
[ -x "$bin" ] || fail "no bin/meshgate"
file "$bin" | grep -q ", stripped" || fail "bin/meshgate is not stripped: $(file "$bin")"
"$bin" --version | grep -q "^meshgate " || fail "installed meshgate --version does not run"
doc=$work/prefix/share/doc/meshgate
[ -f "$doc/README.md" ] || fail "no share/doc/meshgate/README.md"
# Every relative link of the installed README resolves beside it (docs/*.md).
for link in $(grep -o '](docs/[^)#]*' "$doc/README.md" | sed 's/^](//' | sort -u); do
  [ -e "$doc/$link" ] || fail "the installed README links to $link, which is not installed"
done
help=$doc/meshgate-help.txt
grep -q "^==== meshgate --help ====" "$help" || fail "meshgate-help.txt lacks the program's --help"
for command in inspect roundtrip synth sweep export import rebuild; do
  grep -q "^==== meshgate $command --help ====" "$help" || fail "meshgate-help.txt lacks meshgate $command --help"
done
echo "install_package: bin/meshgate $(stat -c %s "$bin") bytes, stripped; $(grep -c '^==== ' "$help") help texts"
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack -G DEB failed"; }
deb=$(find "$work/deb" -maxdepth 1 -name 'meshgate_*.deb' | head -n 1)
[ -n "$deb" ] || fail "cpack made no meshgate_*.deb"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libstdc++6 libssl3 libxxhash0 libpng16-16 libtinygltf; do
  grep -q "$lib" <<< "$depends" || fail "Depends of $(basename "$deb") lacks $lib (shlibdeps): $depends"
done
dpkg-deb -c "$deb" > "$work/contents.txt"
grep -q "/usr/bin/meshgate$" "$work/contents.txt" || fail "$(basename "$deb") lacks /usr/bin/meshgate"
# The Blender add-on's zip, as Blender installs it: meshgate_blender/__init__.py with bl_info.
grep -q "/usr/share/meshgate/meshgate_blender.zip$" "$work/contents.txt" ||
  fail "$(basename "$deb") lacks /usr/share/meshgate/meshgate_blender.zip"
python3 - "$work/prefix/share/meshgate/meshgate_blender.zip" <<'PY' || fail "the installed meshgate_blender.zip is not the add-on"
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
init = zipfile.ZipFile(sys.argv[1]).read("meshgate_blender/__init__.py").decode()
assert "bl_info" in init and "meshgate_blender/export_operator.py" in names, names
PY
echo "install_package: $(basename "$deb"), Depends: $depends"
