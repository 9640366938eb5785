#!/usr/bin/env bash
# `meshgate view` in a real browser: headless Chromium (Debian's chromium,
# WebGL through SwiftShader) opens the page made from a synthetic MOD and a
# synthetic MSH; the page must load with no error or console error, draw its
# primitives, and the model must cover a plausible share of the pixels. It
# FAILS when Chromium is missing: ci/install-deps.sh installs it. The
# textured cube must draw its textures' colours, and so must a DMC3 MOD with
# its PTX companion, which must also move under its motions. A page holds each
# texture's PNG once, however many LODs draw with it. One browser opens every
# page (headless_pages.py: a browser start costs ~3 s, and twelve of them, a DOM
# and a screenshot per page, made most of this test's time).
# Usage: viewer_browser.sh MESHGATE [SCREENSHOT_DIR]   (screenshots kept there when given)
set -euo pipefail
bin=$1 shots=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "viewer_browser: $*" >&2; exit 1; }
browser=$(command -v chromium || command -v chromium-headless-shell || true)
[ -n "$browser" ] || fail "headless Chromium is not installed (run bash ci/install-deps.sh)"

"$bin" synth mod --seed 20261203 --count 1 --out "$work/mod" >/dev/null
"$bin" synth msh --seed 3 --count 2 --out "$work/msh" >/dev/null
"$bin" view "$work/mod/synth_0000.mod" -o "$work/mod.html" >/dev/null || fail "view of a MOD exited $?"
"$bin" view "$work/msh/synth_msh_0001.msh" -o "$work/msh.html" >/dev/null || fail "view of an MSH exited $?"
grep -q 'src="http\|href="http\|import(' "$work/mod.html" && fail "the page refers to the network"
# Names are data: an MSH whose Res10 node names would end
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
# The textured cube of the generated game folder, with and without
# its libraries: textured, its pixels take the textures' colours; untextured,
# the same faces are grey.
"$bin" synth materials --seed 20261205 --count 1 --out "$work/game" >/dev/null || fail "synth materials exited $?"
"$bin" view "$work/game/showcase.msh" --game-dir "$work/game" -o "$work/textured.html" >/dev/null ||
  fail "view --game-dir exited $?"
"$bin" view "$work/game/showcase.msh" -o "$work/untextured.html" >/dev/null || fail "view of the cube exited $?"
# A generated model whose four LODs share three textures: each PNG is in the
# page once (a table the LODs' glTFs name by URI), not once per LOD that uses
# it; its last LOD (#lod=3) draws with the shared textures too.
"$bin" view "$work/game/models_0000.rlb!MODEL0000.MSH" --game-dir "$work/game" -o "$work/lods.html" >/dev/null ||
  fail "view --game-dir of a model with LODs exited $?"
python3 - "$work/lods.html" <<'PY' || fail "lods: a texture is in the page more than once"
import base64, json, re, struct, sys
page = open(sys.argv[1]).read()
data = json.loads(re.search(r'<script id="meshgate-data" type="application/json">(.*?)</script>', page, re.S).group(1))
def gltf_json(glb):
    length = struct.unpack_from("<I", glb, 12)[0]
    return json.loads(glb[20:20 + length])
glbs = [base64.b64decode(lod["glb"]) for lod in data["lods"]]
used = [{image["name"] for image in gltf_json(glb).get("images", [])} for glb in glbs]
distinct = set().union(*used)
assert len(glbs) >= 2 and sum(map(len, used)) > len(distinct), f"the LODs share no texture: {used}"
blobs = glbs + [base64.b64decode(image["png"]) for image in data.get("images", [])]
pngs = sum(blob.count(b"\x89PNG\r\n\x1a\n") for blob in blobs)
assert pngs == len(distinct), f"{pngs} PNGs embedded for {len(distinct)} distinct textures over {len(glbs)} LODs"
uris = {image["uri"] for image in data["images"]}
for glb in glbs:
    for image in gltf_json(glb).get("images", []):
        assert "bufferView" not in image and image.get("uri") in uris, image
PY
# A DMC3 actor (synth dmc3) as a modder opens it: the model inside its PAC,
# its PTX companion, one motion named by its PAC slot and one loose. The MOD
# must draw its companion's colours, and each motion must move the picture.
"$bin" synth dmc3 --seed 20261206 --count 1 --out "$work/actor" >/dev/null || fail "synth dmc3 exited $?"
"$bin" view "$work/actor/pl_0000.pac" --textures "$work/actor/pl_0000.ptx" --motion "$work/actor/pl_0000.pac!slot_0002" \
  --motion "$work/actor/pl_0000_turn.mot" -o "$work/actor.html" >/dev/null || fail "view of the DMC3 actor exited $?"
kinds=(mod msh hostile textured untextured lods actor)
mkdir -p "$work/pages"
for kind in "${kinds[@]}"; do
  page="$work/$kind.html"
  [ "$kind" != lods ] || page="file://$page#lod=3"  # a URL: a path keeps '#' as part of the name
  # The actor at a quarter of the pixels: its synthetic motions pose the mesh
  # across the whole window, and SwiftShader took ~40 s per posed frame at
  # 1200x800 on a busy machine (8 s at 600x400), four such frames per page.
  [ "$kind" != actor ] || page="$page 600,400"
  echo "$kind $page"
done | bash "$here/run_scaled.sh" 600 python3 "$here/headless_pages.py" "$browser" 1200,800 "$work/pages" \
  --use-angle=swiftshader --enable-unsafe-swiftshader --user-data-dir="$work/profile" > "$work/pages.txt" 2>>"$work/chrome.log" ||
  fail "the browser driver exited $?: $(cat "$work/pages.txt")"
for kind in "${kinds[@]}"; do
  grep -qx "$kind ok" "$work/pages.txt" || fail "$kind: $(grep "^$kind " "$work/pages.txt" || echo "not opened")"
  python3 - "$work/pages/$kind.dom" "$kind" <<'PY' || fail "$kind: the page's state"
import html, json, re, sys
dom, kind = open(sys.argv[1]).read(), sys.argv[2]
m = re.search(r'<pre id="status">([^<]*)</pre>', dom)
assert m, "no status element: the page's script did not run"
state = json.loads(html.unescape(m.group(1)))
print(kind, state)
assert state["ready"] is True, state
assert state["errors"] == [], state["errors"]
assert state["primitives"] > 0, state
# The synthetic MSH parts are long thin ribbons (synth/msh/msh_synth.cpp strip_batch): a small share.
low = 0.05 if kind in ("mod", "textured", "untextured") else 0.005  # hostile: the synthetic MSH, renamed
low = 0.0005 if kind == "lods" else low  # a small generated model, seen whole
low = 0.01 if kind == "actor" else low  # a synthetic MOD's scattered strips
assert low <= state["coverage"] <= 0.95, f"the model covers {state['coverage']:.4f} of the pixels (expected >= {low})"
if kind == "msh":
    assert state["lods"][0] == "LOD 0", state
if kind == "textured":
    assert state["textures"] == 6, state  # one texture per face: formats 0, 565, 4444, 888, 8888, 556
    assert state["colourful"] >= 0.3, f"only {state['colourful']:.3f} of the cube's pixels are coloured: textures not drawn"
if kind == "lods":
    assert state["shown"] == state["lods"][3] and state["images"] == 3, state  # the page's three PNGs
    assert state["textures"] > 0, f"the last LOD draws no texture: {state}"
if kind == "actor":
    assert state["textures"] > 0 and state["colourful"] >= 0.3, f"the MOD does not draw its PTX companion: {state}"
    assert len(state["animations"]) == 2, state
    for name, change in zip(state["animations"], state["motion_change"]):
        assert change >= 0.01, f"the animation {name} changes {change:.4f} of the pixels: the model does not move"
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
  [ "$(stat -c %s "$work/pages/$kind.png")" -gt 20000 ] || fail "$kind: the screenshot is (nearly) blank"
  [ -z "$shots" ] || cp "$work/pages/$kind.png" "$shots/view-$kind.png"
done
echo "viewer_browser: ok"
