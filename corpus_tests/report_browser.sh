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

# 4. The paged report (report -o DIR/) of 10,000 files: the index loads, is
# under 5 MB, and filters by verdict and by search within seconds (its own
# measure, in the page, stretched by the machine's load); one file page
# opens at a byte. The corpus is cheap on purpose, the index is what is
# tested: a few generated MOTs and their malformed variants, copied 10,000
# times into 100 folders.
"$bin" synth mot --seed 4 --count 6 --malformed --out "$work/motgen" >/dev/null
python3 - "$work/motgen" "$work/many" <<'PY'
import os, shutil, sys
src, dst = sys.argv[1], sys.argv[2]
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(src) for f in fs)
for i in range(10000):
    folder = os.path.join(dst, f"d{i // 100:02d}")
    os.makedirs(folder, exist_ok=True)
    shutil.copyfile(files[i % len(files)], os.path.join(folder, f"m{i:05d}_" + os.path.basename(files[i % len(files)])))
PY
"$bin" report "$work/many" -o "$work/paged/" --jobs 2 > "$work/paged.out" || [ $? -eq 1 ] || fail "report -o DIR/ exited $? ($(tail -2 "$work/paged.out"))"
index_bytes=$(stat -c %s "$work/paged/index.html")
[ "$index_bytes" -le 5000000 ] || fail "the index of 10,000 files is $index_bytes bytes (at most 5,000,000)"
expect=$(python3 - "$work/paged/index.html" "$here" <<'PY'
import sys
sys.path.insert(0, sys.argv[2])
from paged_index import read_index
paths, rows = read_index(sys.argv[1])
assert len(rows) == 10000, len(rows)
rejected = [i for i, r in enumerate(rows) if r[1] == "rejected"]
assert rejected and all(rows[i][4] for i in rejected), "a rejected file without its page"
code = rows[rejected[0]][5][0]
print(len(rejected), sum(1 for r in rows if code in r[5]), code, rejected[0], paths[rejected[0]])
PY
) || fail "reading the paged index"
read -r n_rejected n_code code first_rejected first_path <<< "$expect"
check_index() {  # check_index OUT EXPECTED_MATCHES: the index state after a filter
  python3 - "$1" "$2" "$here" <<'PY' || fail "the paged index ($1): $(head -c 600 "$1")"
import json, sys
sys.path.insert(0, sys.argv[3])
s = json.load(open(sys.argv[1]))
assert s["ready"] is True and s["errors"] == [] and s["view"] == "index", s
assert s["rows"] == 10000 and s["matches"] == int(sys.argv[2]) and s["shown"] == min(1000, int(sys.argv[2])), s
from load_scale import load_factor
assert s["filter_ms"] < 3000 * load_factor(), f"filtering took {s['filter_ms']:.0f} ms"
PY
}
state "" "$work/paged-all.json" "$work/paged/index.html"
check_index "$work/paged-all.json" 10000
state "verdict=rejected" "$work/paged-rejected.json" "$work/paged/index.html"
check_index "$work/paged-rejected.json" "$n_rejected"
state "q=$code" "$work/paged-code.json" "$work/paged/index.html"
check_index "$work/paged-code.json" "$n_code"
state "offset=0" "$work/paged-file.json" "$work/paged/files/$first_rejected.html"
python3 - "$work/paged-file.json" "$first_path" <<'PY' || fail "the paged report's file page: $(head -c 600 "$work/paged-file.json")"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["ready"] is True and s["errors"] == [] and s["view"] == "file", s
assert s["file"] == sys.argv[2], s
PY

# The screenshots of the planted byte's view and of the corpus view.
cp "$work/pages/planted.json.png" "$work/report-file.png"
cp "$work/pages/corpus.json.png" "$work/report-corpus.png"
for shot in report-file report-corpus; do
  [ "$(stat -c %s "$work/$shot.png")" -gt 20000 ] || fail "$shot: the screenshot is (nearly) blank"
  [ -z "$shots" ] || cp "$work/$shot.png" "$shots/$shot.png"
done
echo "report_browser: ok ($(stat -c %s "$work/report.html") bytes; paged index of 10,000 files: $index_bytes bytes)"
