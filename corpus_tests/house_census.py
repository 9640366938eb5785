#!/usr/bin/env python3
"""The house census (issue 51): which source files outside a format's own places name a format.

A file names a format when it holds `Format::ID` (an enumerator of parser/detect/formats.def but `unknown`)
or `NS::` (a namespace formats.def's FORMAT lines name: mod::, nres::, msh::, ...). Counted over the C++
sources git tracks, or would (.cpp .hpp .h .def .inc; a new file not yet added counts), every occurrence, comments included. The allowed places:
  - parser/detect/: formats.def and detection;
  - the rows: pipeline/format_rows.hpp and everything under pipeline/formats/;
  - a format's own folders: ROOM/F/ for any top-level ROOM, where F is a format folder of parser/ (every
    folder of parser/ but core/, detect/ and gltf/: mod, nres, rsli, material, ...);
  - tests, fuzz targets and benchmarks: corpus_tests/, fuzz/, bench/.
Any other file that names a format must be listed in ci/house-allowlist.txt ("count path"), with exactly
its count: more fails (the list does not grow), fewer fails too (the list only shrinks: who clears a file
lowers or deletes its line; `--write` rewrites the list from the tree). Prints the total, the issue's measure.
usage: house_census.py [SOURCE_DIR] [--write]   (exit 0 when the tree matches the list, 1 naming each
mismatch, 77 when SOURCE_DIR is not a git checkout: the census counts what git tracks)
"""
import collections
import pathlib
import re
import subprocess
import sys

SOURCES = (".cpp", ".hpp", ".h", ".def", ".inc")
NOT_FORMAT_FOLDERS = {"core", "detect", "gltf"}  # parser/'s shared folders: no format's own
ALWAYS_ALLOWED = ("parser/detect/", "pipeline/formats/", "corpus_tests/", "fuzz/", "bench/")
ROW_FILES = {"pipeline/format_rows.hpp"}
ALLOWLIST = "ci/house-allowlist.txt"


def tracked_files(root):
    """The files git tracks or would (a new file not yet added counts), or None when root is no checkout."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return sorted({name for name in out.decode("utf-8").split("\0") if name and (root / name).is_file()})


def format_names(root):
    """The pattern of what names a format, from formats.def's FORMAT lines."""
    lines = [line for line in (root / "parser/detect/formats.def").read_text(encoding="utf-8").splitlines()
             if line.startswith("FORMAT(")]
    ids = {line[len("FORMAT("):].split(",")[0].strip() for line in lines} - {"unknown"}
    spaces = {ns for line in lines for ns in re.findall(r"\b([a-z][a-z0-9_]*)::", line)}
    if not ids or not spaces:
        sys.exit("house_census: found no FORMAT line in parser/detect/formats.def: has its form changed?")
    alternation = lambda names: "|".join(sorted(names, key=len, reverse=True))
    return re.compile(rf"\bFormat::(?:{alternation(ids)})\b|\b(?:{alternation(spaces)})::"), ids, spaces


def format_folders(files):
    return {f.split("/")[1] for f in files if f.startswith("parser/") and f.count("/") >= 2} - NOT_FORMAT_FOLDERS


def allowed(path, folders):
    parts = path.split("/")
    own_folder = len(parts) >= 3 and parts[1] in folders
    return path in ROW_FILES or path.startswith(ALWAYS_ALLOWED) or own_folder


def census(root, files):
    pattern, ids, spaces = format_names(root)
    folders = format_folders(files)
    counts = collections.Counter()
    for path in files:
        if path.endswith(SOURCES) and not allowed(path, folders):
            found = len(pattern.findall((root / path).read_text(encoding="utf-8", errors="replace")))
            if found:
                counts[path] = found
    return counts, ids, spaces, folders


def read_allowlist(root):
    listed = {}
    for number, line in enumerate((root / ALLOWLIST).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            count, path = line.split(None, 1)
            if path in listed:
                sys.exit(f"house_census: {ALLOWLIST}:{number} lists {path} twice")
            listed[path] = int(count)
    return listed


def write_allowlist(root, counts):
    head = [line for line in (root / ALLOWLIST).read_text(encoding="utf-8").splitlines() if line.startswith("#")] \
        if (root / ALLOWLIST).exists() else []
    body = [f"{counts[path]} {path}" for path in sorted(counts)]
    (root / ALLOWLIST).write_text("\n".join(head + body) + "\n", encoding="utf-8")


def compare(counts, listed):
    problems = []
    for path in sorted(set(counts) | set(listed)):
        have, may = counts.get(path, 0), listed.get(path)
        if may is None:
            problems.append(f"{path} names a format {have} times and is no format's place (move the branch into "
                            f"the format's row or folders; see HACKING.md, 'The house')")
        elif have > may:
            problems.append(f"{path} names a format {have} times, {ALLOWLIST} allows {may}: the list never grows")
        elif have < may:
            problems.append(f"{path} names a format {have} times, {ALLOWLIST} says {may}: lower its line "
                            f"(or delete it at 0) so the list keeps what you cleared")
    return problems


def main():
    args = [a for a in sys.argv[1:] if a != "--write"]
    root = pathlib.Path(args[0] if args else pathlib.Path(__file__).parent.parent).resolve()
    files = tracked_files(root)
    if files is None:
        print(f"house_census: {root} is not a git checkout; the census counts the files git tracks "
              f"(git ls-files): run it in a clone", file=sys.stderr)
        return 77
    counts, ids, spaces, folders = census(root, files)
    if "--write" in sys.argv:
        write_allowlist(root, counts)
    problems = compare(counts, read_allowlist(root))
    for problem in problems:
        print(f"house_census: {problem}", file=sys.stderr)
    print(f"house_census: {sum(counts.values())} references to a format in {len(counts)} files outside the "
          f"formats' places ({len(ids)} Format ids, namespaces {', '.join(sorted(spaces))}; "
          f"format folders {', '.join(sorted(folders))})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
