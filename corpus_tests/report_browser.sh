#!/usr/bin/env bash
# `meshgate report` in a real browser: headless Chromium opens the report of a
# small synthetic corpus holding a planted non-zero gap (every fifth generated
# MOD carries non-zero padding) and a planted invariant violation (a MOD whose
# bounding radius is halved). The page must load with no error or console
# error; the invariant table must link to the violation's field; opening the
# planted byte must highlight it in the hex view and name it "uncovered
# non-zero" in its tooltip text. FAILS when Chromium is missing. One browser
# opens every page (headless_pages.py, beside this script, as a coprocess: a
# browser start costs ~3 s, and each page's DOM and screenshots started six).
# Usage: report_browser.sh MESHGATE [SCREENSHOT_DIR]
set -euo pipefail
bin=$1 shots=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
stop_pages() {  # closes the driver's input: it closes the browser and exits
  [ -n "${pages_PID:-}" ] || return 0
  eval "exec ${pages[1]}>&-"
  wait "$pages_PID" 2>/dev/null || true
}
trap 'stop_pages; rm -rf "$work"' EXIT
fail() { echo "report_browser: $*" >&2; exit 1; }
browser=$(command -v chromium || command -v chromium-headless-shell || true)
[ -n "$browser" ] || fail "headless Chromium is not installed (run bash ci/install-deps.sh)"
mkdir -p "$work/pages"
coproc pages { bash "$here/run_scaled.sh" 600 python3 "$here/headless_pages.py" "$browser" 1200,900 "$work/pages" \
  --user-data-dir="$work/profile" 2>>"$work/chrome.log"; }
open_page() {  # open_page NAME URL: the page's DOM in $work/pages/NAME.dom, its screenshot in NAME.png
  local reply
  echo "$1 $2" >&"${pages[1]}"
  read -r reply <&"${pages[0]}" || fail "the browser driver stopped on $2"
  [ "$reply" = "$1 ok" ] || fail "$reply"
}

"$bin" synth mod --seed 1 --count 6 --malformed --out "$work/gen" >/dev/null
mkdir -p "$work/corpus"
cp "$work"/gen/synth_*.mod "$work/corpus/"
cp "$work/gen/malformed/violates_mod.bound-sphere-contains.mod" "$work/corpus/"
"$bin" synth msh --seed 3 --count 2 --out "$work/corpus/msh" >/dev/null
"$bin" report "$work/corpus" -o "$work/report.html" > "$work/report.out" || fail "report exited $? ($(cat "$work/report.out"))"
grep -q 'src="http\|href="http' "$work/report.html" && fail "the report refers to the network"

# The browser's view of a URL: the page's published state.
state() {  # state FRAGMENT OUT [PAGE]
  open_page "$(basename "$2")" "file://${3:-$work/report.html}#$1"
  cp "$work/pages/$(basename "$2").dom" "$2.dom"
  python3 - "$2.dom" > "$2" <<'PY' || fail "no state for #$1"
import html, json, re, sys
dom = open(sys.argv[1]).read()
m = re.search(r'<pre id="status">([^<]*)</pre>', dom)
assert m, "no status element: the report's script did not run"
print(json.dumps(json.loads(html.unescape(m.group(1)))))
PY
}

# 1. The corpus view: no errors, the violated invariant links to its field.
state "" "$work/corpus.json"
link=$(python3 - "$work/corpus.json" "$work/corpus.json.dom" <<'PY'
import html, json, re, sys
state = json.load(open(sys.argv[1]))
assert state["ready"] is True and state["errors"] == [] and state["view"] == "corpus", state
dom = open(sys.argv[2]).read()
m = re.search(r'<a class="violation" data-invariant="mod.bound-sphere-contains" href="#([^"]+)">', dom)
assert m, "the invariant table has no link to the planted violation"
assert "violates_mod.bound-sphere-contains.mod!objects[0].bounding_radius" in dom
print(html.unescape(m.group(1)))
PY
) || fail "corpus view"
state "$link" "$work/violation.json"
python3 - "$work/violation.json" <<'PY' || fail "the violation link"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["errors"] == [] and s["view"] == "file", s
assert s["file"] == "violates_mod.bound-sphere-contains.mod", s
assert s["path"] == "objects[0].bounding_radius", s
assert "status EXE_CONFIRMED" in s["info"] and "value  " in s["info"], s["info"]
PY

# 2. The planted non-zero byte: found from the report's own data, opened, highlighted.
target=$(python3 - "$work/report.html" "$work/corpus" <<'PY'
import json, re, sys, os
text = open(sys.argv[1]).read()
corpus = json.loads(re.search(r'id="corpus">(.*?)</script>', text, re.S).group(1).replace("<\\/", "</"))
nonzero = next(i for i, c in enumerate(corpus["references"]["classes"]) if c["role"] == "nonzero")
for i, path in enumerate(corpus["files"]):
    page = json.loads(re.search(r'id="m%d">(.*?)</script>' % i, text, re.S).group(1).replace("<\\/", "</"))
    runs = page["runs"] or []
    for k in range(0, len(runs), 3):
        if runs[k + 2] == nonzero and path.startswith("synth_"):
            data = open(os.path.join(sys.argv[2], path), "rb").read()
            offset = next(o for o in range(runs[k], runs[k] + runs[k + 1]) if data[o] != 0)
            print(f"file={i}&offset={offset} {data[offset]:02x}")
            sys.exit(0)
sys.exit("no planted non-zero gap in the generated corpus")
PY
) || fail "finding the planted byte"
fragment=${target% *} byte=${target#* }
state "$fragment" "$work/planted.json"
python3 - "$work/planted.json" "$work/planted.json.dom" "$byte" <<'PY' || fail "the planted byte"
import json, re, sys
s = json.load(open(sys.argv[1]))
assert s["errors"] == [] and s["view"] == "file", s
assert s["class"] == "uncovered non-zero", s
assert "class  uncovered non-zero" in s["info"] and "(no field: uncovered)" in s["info"], s["info"]
dom = open(sys.argv[2]).read()
m = re.search(r'<span class="sel" id="selected-byte">([0-9a-f]{2})</span>', dom)
assert m and m.group(1) == sys.argv[3], f"the hex view highlights {m and m.group(1)}, the file holds {sys.argv[3]}"
PY

# 3. Names are data: a file named "<!--<script>.msh" and an
# NRes entry (set with `meshgate set`) named "</script><script>alert(1)</script>"
# would, embedded as they are, end or disable the report's script. The report
# must still run, list both as text, and open the file with the entry's name.
mkdir -p "$work/hostile"
cp "$work/corpus/msh/synth_msh_0000.msh" "$work/hostile/<!--<script>.msh"
entry_hex=$(printf '</script><script>alert(1)</script>' | od -An -v -tx1 | tr -d ' \n')
while [ ${#entry_hex} -lt 72 ]; do entry_hex+=00; done  # the name field is 36 bytes, NUL-padded
"$bin" set "$work/corpus/msh/synth_pack_0000.rlb" "entries[0].name=$entry_hex" -o "$work/hostile/pack.rlb" --force >/dev/null ||
  fail "naming an entry exited $?"
"$bin" report "$work/hostile" -o "$work/hostile.html" > "$work/hostile.out" || [ $? -eq 1 ] || fail "report of the hostile names"
grep -qF '<!--<script>' "$work/hostile.html" && fail "the report holds a name as markup"
state "" "$work/hostile-corpus.json" "$work/hostile.html"
entry=$(python3 - "$work/hostile-corpus.json" "$work/hostile-corpus.json.dom" <<'PY'
import html, json, re, sys
state = json.load(open(sys.argv[1]))
assert state["ready"] is True and state["errors"] == [] and state["view"] == "corpus", state
dom = open(sys.argv[2]).read()
text = re.sub(r"<script.*?</script>", "", dom, flags=re.S)
assert "<!--<script>" not in text and "<script>alert" not in text, "a name became markup"
# A '!' in a file name is spelled \x21 in reports (it separates nested paths).
for name in ["<\\x21--<script>.msh", "pack.rlb!</script><script>alert(1)</script>"]:
    m = re.search(r'<a href="#(file=\d+)">' + re.escape(html.escape(name, quote=False)) + "</a>", text)
    assert m, f"the file list does not show {name!r} as text"
print(m.group(1))
PY
) || fail "the hostile names' corpus view: $(head -c 800 "$work/hostile-corpus.json")"
state "$entry" "$work/hostile-entry.json" "$work/hostile.html"
python3 - "$work/hostile-entry.json" <<'PY' || fail "opening the hostile entry"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["errors"] == [] and s["view"] == "file", s
assert s["file"] == "pack.rlb!</script><script>alert(1)</script>", s
PY

# The screenshots of the planted byte's view and of the corpus view.
cp "$work/pages/planted.json.png" "$work/report-file.png"
cp "$work/pages/corpus.json.png" "$work/report-corpus.png"
for shot in report-file report-corpus; do
  [ "$(stat -c %s "$work/$shot.png")" -gt 20000 ] || fail "$shot: the screenshot is (nearly) blank"
  [ -z "$shots" ] || cp "$work/$shot.png" "$shots/$shot.png"
done
echo "report_browser: ok ($(stat -c %s "$work/report.html") bytes)"
