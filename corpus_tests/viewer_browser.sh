#!/usr/bin/env bash
# `meshgate view` in a real browser: headless Chromium (Debian's chromium,
# WebGL through SwiftShader) opens the page made from a synthetic MOD and a
# synthetic MSH; the page must load with no error or console error, draw its
# primitives, and the model must cover a plausible share of the pixels. It
# FAILS when Chromium is missing: ci/install-deps.sh installs it. The
# textured cube (issue 29) must draw its textures' colours.
# Usage: viewer_browser.sh MESHGATE [SCREENSHOT_DIR]   (screenshots kept there when given)
set -euo pipefail
bin=$1 shots=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "viewer_browser: $*" >&2; exit 1; }
browser=$(command -v chromium || command -v chromium-headless-shell || true)
[ -n "$browser" ] || fail "headless Chromium is not installed (run bash ci/install-deps.sh)"
chrome() {
  timeout 120 "$browser" --headless --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader \
    --window-size=1200,800 --virtual-time-budget=5000 --user-data-dir="$work/profile" "$@" 2>>"$work/chrome.log"
}

"$bin" synth mod --seed 20261203 --count 1 --out "$work/mod" >/dev/null
"$bin" synth msh --seed 3 --count 2 --out "$work/msh" >/dev/null
"$bin" view "$work/mod/synth_0000.mod" -o "$work/mod.html" >/dev/null || fail "view of a MOD exited $?"
"$bin" view "$work/msh/synth_msh_0001.msh" -o "$work/msh.html" >/dev/null || fail "view of an MSH exited $?"
grep -q 'src="http\|href="http\|import(' "$work/mod.html" && fail "the page refers to the network"
# Names are data (issue 26, item 12): an MSH whose Res10 node names would end
# or disable the page's script, made from a generated model through export ->
# (node names edited in the glTF) -> import; the page must still run and show
# each name as text.
"$bin" export "$work/msh/synth_msh_0000.msh" --format gltf -o "$work/hostile.gltf" >/dev/null || fail "export for the hostile names"
python3 - "$work/hostile.gltf" <<'PY' || fail "naming the glTF's nodes"
import json, sys
g = json.load(open(sys.argv[1]))
names = ["<!--<script>", "</script><script>alert(1)</script>", "<!-- </script> -->&amp;\u2028"]
assert len(g["nodes"]) >= len(names), len(g["nodes"])
for node, name in zip(g["nodes"], names):
    node["name"] = name
json.dump(g, open(sys.argv[1], "w"))
PY
"$bin" import "$work/hostile.gltf" --as msh -o "$work/hostile.msh" >/dev/null || fail "import of the hostile names exited $?"
"$bin" view "$work/hostile.msh" -o "$work/hostile.html" >/dev/null || fail "view of the hostile names exited $?"
grep -qF '<!--<script>' "$work/hostile.html" && fail "the page holds the node name as markup"
# Issue 29: the textured cube of the generated game folder, with and without
# its libraries: textured, its pixels take the textures' colours; untextured,
# the same faces are grey.
"$bin" synth materials --seed 20261205 --count 1 --out "$work/game" >/dev/null || fail "synth materials exited $?"
"$bin" view "$work/game/showcase.msh" --game-dir "$work/game" -o "$work/textured.html" >/dev/null ||
  fail "view --game-dir exited $?"
"$bin" view "$work/game/showcase.msh" -o "$work/untextured.html" >/dev/null || fail "view of the cube exited $?"
for kind in mod msh hostile textured untextured; do
  chrome --dump-dom "$work/$kind.html" > "$work/$kind.dom" || fail "$kind: chromium exited $?"
  python3 - "$work/$kind.dom" "$kind" <<'PY' || fail "$kind: the page's state"
import html, json, re, sys
dom, kind = open(sys.argv[1]).read(), sys.argv[2]
m = re.search(r'<pre id="status">([^<]*)</pre>', dom)
assert m, "no status element: the page's script did not run"
state = json.loads(html.unescape(m.group(1)))
print(kind, state)
assert state["ready"] is True, state
assert state["errors"] == [], state["errors"]
assert state["primitives"] > 0, state
# The synthetic MSH parts are long thin ribbons (writer/msh/msh_synth.cpp strip_batch): a small share.
low = 0.05 if kind in ("mod", "textured", "untextured") else 0.005  # hostile: the synthetic MSH, renamed
assert low <= state["coverage"] <= 0.95, f"the model covers {state['coverage']:.4f} of the pixels (expected >= {low})"
if kind == "msh":
    assert state["lods"][0] == "LOD 0", state
if kind == "textured":
    assert state["textures"] == 6, state  # one texture per face: formats 0, 565, 4444, 888, 8888, 556
    assert state["colourful"] >= 0.3, f"only {state['colourful']:.3f} of the cube's pixels are coloured: textures not drawn"
if kind == "untextured":
    assert state["textures"] == 0, state
    assert state["colourful"] <= 0.02, f"{state['colourful']:.3f} of an untextured cube's pixels are coloured"
if kind == "hostile":
    # The page's own script ran (state above) and lists the names as text (its field table).
    text = re.sub(r"<script.*?</script>", "", dom, flags=re.S)
    assert "<script>alert" not in text and "<!--<script>" not in text, "a node name became markup"
    for name in ["<!--<script>", "</script><script>alert(1)</script>", "<!-- </script> -->&amp;"]:
        assert html.escape(name, quote=False) in text, f"the page does not show {name!r} as text"
PY
  chrome --screenshot="$work/$kind.png" "$work/$kind.html" >/dev/null || fail "$kind: screenshot exited $?"
  [ "$(stat -c %s "$work/$kind.png")" -gt 20000 ] || fail "$kind: the screenshot is (nearly) blank"
  [ -z "$shots" ] || cp "$work/$kind.png" "$shots/view-$kind.png"
done
echo "viewer_browser: ok"
