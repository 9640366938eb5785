#!/usr/bin/env bash
# The Blender add-on (meshgate_blender) end to end in headless Blender 3.4:
# `ci/blender-addon.sh` zips it, corpus_tests/blender_addon.py installs the zip
# with bpy.ops.preferences.addon_install into a temporary user folder, imports a
# synthetic DMC3 actor (MOD, PTX and one MOT from its PAC) and a Nikita MSH from
# its NRes archive, edits a vertex, a bone's key and a texel, exports back, and
# checks the new files' exports carry the edits and that two refused exports are
# error reports. Then `meshgate gate` against a lock of the corpus before the
# edit must name exactly the changed members. It FAILS when blender is missing
# (ci/install-deps.sh installs it), as blender_client does.
set -euo pipefail
bin=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "blender_addon: $*" >&2; exit 1; }
command -v blender >/dev/null || fail "blender is not installed (run bash ci/install-deps.sh)"

bash "$source/ci/blender-addon.sh" "$work/meshgate_blender.zip" >/dev/null
"$bin" synth dmc3 --seed 20261207 --count 1 --out "$work/corpus/dmc3" >/dev/null
"$bin" synth msh --seed 20261207 --count 1 --out "$work/corpus/nikita" >/dev/null
"$bin" manifest "$work/corpus" -o "$work/before.lock.json" >/dev/null
mkdir -p "$work/out" "$work/home"
# The add-on is installed into, and Blender reads its settings from, folders of
# this run only: never the user's ~/.config/blender.
HOME="$work/home" BLENDER_USER_SCRIPTS="$work/user/scripts" BLENDER_USER_CONFIG="$work/user/config" \
  bash "$source/corpus_tests/run_scaled.sh" 240 blender -b --factory-startup --python-exit-code 1 \
  --python "$source/corpus_tests/blender_addon.py" -- "$work/meshgate_blender.zip" "$bin" "$work" \
  > "$work/blender.txt" 2>&1 || { tail -n 40 "$work/blender.txt" >&2; fail "the add-on's loop failed in Blender"; }
grep -q "^BLENDER_ADDON ok" "$work/blender.txt" || { tail -n 40 "$work/blender.txt" >&2; fail "Blender did not finish the loop"; }
! grep -q "Traceback" "$work/blender.txt" || { grep -B2 -A8 "Traceback" "$work/blender.txt" >&2; fail "a Python traceback in Blender's output"; }
grep "^BLENDER_ADDON " "$work/blender.txt" | sed 's/^BLENDER_ADDON /blender_addon: /'

# The edited files in place of the originals: the gate names what changed.
cp "$work/out/pl_0000.pac" "$work/corpus/dmc3/pl_0000.pac"
cp "$work/out/synth_pack_0000.rlb" "$work/corpus/nikita/synth_pack_0000.rlb"
set +e
"$bin" gate "$work/before.lock.json" "$work/corpus" > "$work/gate.txt" 2>&1
status=$?
set -e
[ "$status" = 1 ] || { cat "$work/gate.txt" >&2; fail "gate exited $status, not 1"; }
changed=$(sed -n 's/^gate: \([^ ]*\): content changed .*/\1/p' "$work/gate.txt" | sort | tr '\n' ' ')
expected="dmc3/pl_0000.pac dmc3/pl_0000.pac!slot_0000 dmc3/pl_0000.pac!slot_0001 dmc3/pl_0000.pac!slot_0001!0 "
expected+="dmc3/pl_0000.pac!slot_0002 nikita/synth_pack_0000.rlb nikita/synth_pack_0000.rlb!MODEL01.MSH "
[ "$changed" = "$expected" ] || { cat "$work/gate.txt" >&2; fail "gate named '$changed', expected '$expected'"; }
others=$(grep -v -e ': content changed ' -e '^gate: FAIL' "$work/gate.txt" || true)
[ -z "$others" ] || { cat "$work/gate.txt" >&2; fail "gate reported more than changed content: $others"; }
echo "blender_addon: gate names exactly $changed"
echo "blender_addon: ok"
