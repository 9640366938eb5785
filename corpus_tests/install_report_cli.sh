#!/usr/bin/env bash
# A whole install (issue 52), at the command line: `synth install` writes a
# tree of the size asked (within its stated overshoot), the same bytes for
# the same seed, moved into place whole (no staging folder left, an existing
# tree refused untouched); `report DIR -o FOLDER/` writes index.html (with
# every file, under 5 MB), a page for each file with something to show (all
# with --all-pages) and its shared scripts, refuses a folder in the way
# without --force, a former report holding an input even with it, and a
# folder holding more than a report writes (an index.html is not enough); the
# single page refuses a corpus over 64 MB before sweeping it.
# Usage: install_report_cli.sh MESHGATE
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_report_cli: $*" >&2; exit 1; }
no_staging() { [ -z "$(find "$work" -maxdepth 2 -name '.*.partial-*')" ] || fail "a staging folder was left: $*"; }

# 1. synth install: size, determinism, the malformed share, every part of the tree.
"$bin" synth install --scale 12 --seed 5 --out "$work/inst" > "$work/inst.out" || fail "synth install exited $?"
"$bin" synth install --scale 12 --seed 5 --out "$work/again" > /dev/null || fail "synth install (again) exited $?"
diff -r "$work/inst" "$work/again" > /dev/null || fail "the same seed and scale gave different trees"
bytes=$(find "$work/inst" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
[ "$bytes" -ge 12000000 ] && [ "$bytes" -lt 15000000 ] || fail "--scale 12 wrote $bytes bytes (expected 12 MB to 15 MB)"
files=$(find "$work/inst" -type f | wc -l)
bad=$(find "$work/inst" -type f -name 'bad_*' | wc -l)
[ "$bad" -eq $((files / 50)) ] || fail "$bad malformed of $files files, expected one in 50"
grep -q "wrote $files files ($bad malformed), $bytes bytes" "$work/inst.out" || fail "summary: $(cat "$work/inst.out")"
for part in dmc3/data dmc3/chr dmc3/stage dmc3/em nikita misc; do [ -d "$work/inst/$part" ] || fail "no $part/ in the tree"; done
no_staging "after synth install"

# Refusals: exit 2, the tree in the way untouched, nothing left beside it.
set +e
before=$(find "$work/inst" -type f | sort | md5sum)
"$bin" synth install --scale 2 --out "$work/inst" > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "exists and is not empty; nothing written" "$work/err" || fail "synth install over a tree exited $rc: $(cat "$work/err")"
[ "$(find "$work/inst" -type f | sort | md5sum)" = "$before" ] || fail "the refused run changed the tree"
for args in "--scale 2 --count 3" "--scale 2 --malformed" "--scale 2 --force" "--scale 0" "--scale 5000" ""; do
  "$bin" synth install $args --out "$work/never" > /dev/null 2>&1; rc=$?
  [ $rc -eq 2 ] && [ ! -e "$work/never" ] || fail "synth install $args exited $rc, expected 2 with nothing written"
done
"$bin" synth mod --scale 2 --out "$work/never" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] || fail "synth mod --scale exited $rc, expected 2"
# A write that fails names the file and the cause (EFBIG under a file-size limit here; a full disk, ENOSPC).
(trap '' XFSZ; ulimit -f 64; "$bin" synth install --scale 2 --out "$work/capped") > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "cannot write .*: File too large" "$work/err" && [ ! -e "$work/capped" ] ||
  fail "synth install past a file-size limit exited $rc: $(cat "$work/err")"
set -e
mkdir "$work/empty" && "$bin" synth install --scale 1 --out "$work/empty" > /dev/null || fail "synth install into an empty folder exited $?"
no_staging "after the refusals"

# 2. report -o FOLDER/: exit 1 (the tree holds malformed files), the index and the pages.
set +e
"$bin" report "$work/inst" -o "$work/rep/" --jobs 2 > "$work/rep.out"; rc=$?
set -e
[ $rc -eq 1 ] || fail "report of the install exited $rc, expected 1 (malformed files)"
[ -f "$work/rep/index.html" ] && [ -f "$work/rep/references.js" ] && [ -f "$work/rep/file_view.js" ] && [ -f "$work/rep/report.css" ] ||
  fail "the folder lacks index.html or its scripts: $(ls "$work/rep")"
read -r pages rows < <(sed -n 's/.*index.html, \([0-9]*\) of \([0-9]*\) files with a page.*/\1 \2/p' "$work/rep.out")
[ -n "$pages" ] || fail "no summary line: $(tail -3 "$work/rep.out")"
[ "$(find "$work/rep/files" -name '*.html' | wc -l)" -eq "$pages" ] || fail "$pages pages said, $(ls "$work/rep/files" | wc -l) written"
[ "$pages" -ge "$bad" ] && [ "$pages" -lt "$rows" ] || fail "$pages pages for $rows files ($bad malformed)"
python3 - "$work/rep" "$rows" "$pages" "$(dirname "$0")" <<'PY'
import json, os, re, sys
folder, rows, pages = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
sys.path.insert(0, sys.argv[4])
from paged_index import read_index
index = open(os.path.join(folder, "index.html")).read()
paths, cells = read_index(os.path.join(folder, "index.html"))
assert len(paths) == len(cells) == rows, (len(paths), rows)
with_page = [i for i, r in enumerate(cells) if r[4]]
assert len(with_page) == pages
assert sorted(os.listdir(os.path.join(folder, "files"))) == sorted(f"{i}.html" for i in with_page)
verdicts = {r[1] for r in cells}
assert "clean" in verdicts and "rejected" in verdicts, verdicts
assert all(r[1] != "clean" or r[5] == [] or r[4] for r in cells), "a file with diagnostics has no page"
assert all(r[4] for r in cells if r[1] in ("rejected", "differs", "overlap")), "a file that is not clean has no page"
# A page holds its file's map and diagnostics, and names its shared scripts relative to itself.
page = open(os.path.join(folder, "files", f"{with_page[0]}.html")).read()
data = json.loads(re.search(r'id="page">(.*?)</script>', page, re.S).group(1))
assert data["path"] == paths[with_page[0]], data["path"]
assert '<script src="../file_view.js">' in page and '<script src="../references.js">' in page
assert 'src="http' not in index + page and 'href="http' not in index + page, "the report refers to the network"
PY
no_staging "after report -o FOLDER/"

# In the way: refused without --force; a former report replaced with it; an input inside it never.
set +e
"$bin" report "$work/inst/misc" "$work/inst/dmc3/stage" -o "$work/rep/" > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "use --force" "$work/err" || fail "report over a former report exited $rc: $(cat "$work/err")"
"$bin" report "$work/inst/dmc3/stage" -o "$work/rep/" --force > /dev/null; rc=$?
[ $rc -le 1 ] && [ "$(find "$work/rep/files" -name '*.html' 2>/dev/null | wc -l)" -lt "$pages" ] || fail "report --force over a former report exited $rc"
# (a model under a page's name: files are told by their magic, and a former report holds only pages there)
cp "$(find "$work/inst/dmc3/chr" -name '*.mod' | head -1)" "$work/rep/files/input.html"
"$bin" report "$work/rep/files/input.html" -o "$work/rep" --force > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && grep -q "lies inside the report folder" "$work/err" && [ -f "$work/rep/files/input.html" ] ||
  fail "report --force over a folder holding its input exited $rc: $(cat "$work/err")"
mkdir "$work/other" && touch "$work/other/notes.txt"
"$bin" report "$work/inst/dmc3/stage" -o "$work/other/" --force > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && [ -f "$work/other/notes.txt" ] || fail "report --force over a folder that is no report exited $rc"
# An index.html does not make a report: a folder holding more than a report writes (a web site, notes
# beside a report) is left as it was by --force.
mkdir -p "$work/site/img" && touch "$work/site/index.html" "$work/site/thesis.docx" "$work/site/img/logo.png"
"$bin" report "$work/inst/dmc3/stage" -o "$work/site/" --force > /dev/null 2> "$work/err"; rc=$?
[ $rc -eq 2 ] && [ -f "$work/site/thesis.docx" ] && [ -f "$work/site/img/logo.png" ] ||
  fail "report --force over a folder holding an index.html and more exited $rc: $(cat "$work/err")"
set -e
no_staging "after the refused reports"

# --all-pages: a page for every file.
set +e
"$bin" report "$work/inst/nikita" -o "$work/all/" --all-pages > "$work/all.out"; rc=$?
set -e
[ $rc -le 1 ] || fail "report --all-pages exited $rc"
read -r pages rows < <(sed -n 's/.*index.html, \([0-9]*\) of \([0-9]*\) files with a page.*/\1 \2/p' "$work/all.out")
[ "$pages" -eq "$rows" ] && [ "$(ls "$work/all/files" | wc -l)" -eq "$rows" ] || fail "--all-pages wrote $pages pages for $rows files"

# 3. The single page refuses a corpus over 64 MB before sweeping it; a small one it still writes.
"$bin" synth install --scale 70 --seed 2 --out "$work/big" > /dev/null
set +e
"$bin" report "$work/big" -o "$work/big.html" > /dev/null 2> "$work/err"; rc=$?
set -e
[ $rc -eq 2 ] && [ ! -e "$work/big.html" ] && grep -q "a single-page report holds at most 64000000 (64 MB). Write a folder instead: -o DIR/" "$work/err" ||
  fail "the single page of 70 MB exited $rc: $(cat "$work/err")"
set +e
"$bin" report "$work/inst/dmc3/stage" -o "$work/small.html" > /dev/null; rc=$?
set -e
[ $rc -le 1 ] && [ -s "$work/small.html" ] || fail "the single page of a small corpus exited $rc"
echo "install_report_cli: ok ($files files, $bytes bytes, $bad malformed)"
