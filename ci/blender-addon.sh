#!/usr/bin/env bash
# The Blender add-on as Blender installs it (Preferences > Add-ons > Install...):
# build/meshgate_blender.zip holding meshgate_blender/*.py, with fixed
# timestamps so the same sources give the same bytes.
#   bash ci/blender-addon.sh [OUT.zip]     (default build/meshgate_blender.zip)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/meshgate_blender.zip}
mkdir -p "$(dirname "$out")"
python3 - "$out" meshgate_blender <<'PY'
import pathlib, sys, zipfile
out, package = sys.argv[1], pathlib.Path(sys.argv[2])
files = sorted(package.glob("*.py"))
assert any(f.name == "__init__.py" for f in files), "meshgate_blender/__init__.py is missing"
with zipfile.ZipFile(out + ".tmp", "w", zipfile.ZIP_DEFLATED) as archive:
    for f in files:
        info = zipfile.ZipInfo(f"{package.name}/{f.name}", date_time=(2026, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        archive.writestr(info, f.read_bytes(), zipfile.ZIP_DEFLATED)
pathlib.Path(out + ".tmp").replace(out)
print(f"ci/blender-addon.sh: {out} ({len(files)} files, {pathlib.Path(out).stat().st_size} bytes)")
PY
