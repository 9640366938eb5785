#!/usr/bin/env python3
"""docs/TESTING.md's layout table names every folder of the source tree, and no folder that is gone.

Every top-level folder must have a row (its own, or one of a folder below it); every format folder of
parser/ and writer/ (a format is one folder in each) must have its own row; every other folder that holds a
file has a row of its own or is named in the row of the folder above it (`synth/core/`; a format's folder
by `ROOM/<format>/`, as in `synth/<format>/`); every path a row names must exist. The row of fuzz/ must state the number of fuzz targets (fuzz/*_fuzzer.cpp), and the row of
docs/spec/ name every specification in it.
usage: testing_layout.py [SOURCE_DIR]   (exit 0 when the table is true, 1 naming each mismatch)
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
text = (root / "docs" / "TESTING.md").read_text(encoding="utf-8")
layout = text[text.index("## Layout"):]
rows = {}
for line in layout.splitlines():
    if line.startswith("| `"):
        cells = line.split("|")
        for name in re.findall(r"`([^`]+)`", cells[1]):
            rows[name.rstrip("/")] = cells[2]


def tracked_folders():
    """The folders that hold a file git knows (a build tree or a stray folder is not the source)."""
    try:
        files = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True,
                               check=True).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):  # not a checkout (a source archive): what is on disk
        files = [str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and "build" not in p.parts[0]]
    return {str(pathlib.PurePosixPath(f).parent) for f in files if "/" in f}


folders = tracked_folders()
top = {f.split("/")[0] for f in folders}
formats = {"/".join(f.split("/")[:2]) for f in folders if f.split("/")[0] in ("parser", "writer") and f.count("/") >= 1}

problems = []
for name in sorted(top):
    if not any(row == name or row.startswith(name + "/") for row in rows):
        problems.append(f"the layout table has no row for {name}/")
for name in sorted(formats):
    if name not in rows:
        problems.append(f"the layout table has no row for {name}/ (a format's folder has its own row)")
format_names = {f.split("/")[1] for f in formats if f.split("/")[1] not in ("core", "detect", "gltf")}


def named_above(folder):
    """Whether the row of the nearest folder above `folder` names it (or its kind, `ROOM/<format>/`)."""
    above = folder
    while "/" in above:
        above = above.rsplit("/", 1)[0]
        if above in rows:
            names = {n.rstrip("/") for n in re.findall(r"`([^`]+)`", rows[above])}
            kind = folder.rsplit("/", 1)[0] + "/<format>"
            return folder in names or (folder.rsplit("/", 1)[1] in format_names and kind in names)
    return False


for name in sorted(folders - top - formats):
    if name not in rows and not named_above(name):
        problems.append(f"the layout table has no row for {name}/, nor does the row above it name it")
for name in sorted(rows):
    if "<format>" in name:
        continue
    if not (root / name).exists():
        problems.append(f"the layout table names {name}/, which is not in the tree")
targets = len(list((root / "fuzz").glob("*_fuzzer.cpp")))
stated = re.search(r"(\d+) libFuzzer targets", rows.get("fuzz", ""))
if not stated or int(stated.group(1)) != targets:
    problems.append(f"the fuzz/ row says {stated.group(1) if stated else 'no number of'} libFuzzer targets; "
                    f"fuzz/ has {targets}")
for spec in sorted((root / "docs" / "spec").glob("*.md")):
    if f"`{spec.name}`" not in rows.get("docs/spec", ""):
        problems.append(f"the docs/spec/ row does not name {spec.name}")
for problem in problems:
    print(f"testing_layout: {problem}", file=sys.stderr)
if not problems:
    print(f"testing_layout: {len(rows)} rows cover {len(top)} top-level folders and {len(formats)} format folders")
sys.exit(1 if problems else 0)
