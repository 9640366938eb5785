#!/usr/bin/env bash
# The picture docs/USAGE.md shows: a synthetic DMC3 actor (`synth dmc3 --seed 1`)
# imported with its PTX and a motion through the Blender add-on, posed and
# rendered by headless Blender (Workbench, textured). Blender's user folders are
# temporary: the user's own are never touched.
#   bash ci/blender-picture.sh [MESHGATE] [OUT.png]   (defaults build/meshgate, docs/img/blender-actor.png)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-build/meshgate}")
out=$(realpath -m "${2:-docs/img/blender-actor.png}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash ci/blender-addon.sh "$work/meshgate_blender.zip" >/dev/null
"$bin" synth dmc3 --seed 1 --count 1 --out "$work/actor" >/dev/null
HOME="$work" BLENDER_USER_SCRIPTS="$work/user/scripts" BLENDER_USER_CONFIG="$work/user/config" \
  blender -b --factory-startup --python-exit-code 1 --python ci/blender_picture.py -- \
  "$work/meshgate_blender.zip" "$bin" "$work/actor/pl_0000.pac" "$out" > "$work/blender.txt" 2>&1 ||
  { tail -n 30 "$work/blender.txt" >&2; echo "ci/blender-picture.sh: Blender failed" >&2; exit 1; }
echo "ci/blender-picture.sh: $out ($(stat -c %s "$out") bytes)"
