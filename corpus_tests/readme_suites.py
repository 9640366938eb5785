#!/usr/bin/env python3
"""corpus_tests/README.md lists every suite corpus_tests/CMakeLists.txt builds, and no other.

A suite is a GoogleTest source file of an add_executable (`name_tests.cpp`) or an add_test NAME.
The README's table names each in the first cell of a row, in backticks (a script test may be named
by its script, `name.sh`); helper files named there (`.py`, `.hpp`, or any name after a " + ", such as
a script the suite sources) must exist in corpus_tests/.
usage: readme_suites.py [CORPUS_TESTS_DIR]   (exit 0 when both lists agree, 1 naming each mismatch)
"""
import pathlib
import re
import sys

here = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent)
cmake = (here / "CMakeLists.txt").read_text(encoding="utf-8")
readme = (here / "README.md").read_text(encoding="utf-8")

# A name made in a loop (meshgate_tests_shard_${shard}: the GoogleTest sources' shards) is no suite of its own.
built = set(re.findall(r"add_test\(\s*NAME\s+([A-Za-z0-9_]+)(?![A-Za-z0-9_$])", cmake))
# The GoogleTest sources: every .cpp the file names (the executable's source list).
built.update(re.findall(r"(?<![A-Za-z0-9_/.])([A-Za-z0-9_]+\.cpp)\b", cmake))

listed, helpers = set(), set()
for line in readme.splitlines():
    if not line.startswith("| `"):
        continue
    suites, *helper_cells = line.split("|")[1].split(" + ")
    helpers.update(name for cell in helper_cells for name in re.findall(r"`([^`]+)`", cell))
    for name in re.findall(r"`([^`]+)`", suites):
        if name.endswith((".py", ".hpp")):
            helpers.add(name)
        else:
            listed.add(name[:-3] if name.endswith(".sh") else name)

problems = [f"corpus_tests/README.md does not list the suite {name}" for name in sorted(built - listed)]
problems += [f"corpus_tests/README.md lists {name}, which corpus_tests/CMakeLists.txt does not build"
             for name in sorted(listed - built)]
problems += [f"corpus_tests/README.md names {name}, which is not in corpus_tests/"
             for name in sorted(helpers) if not (here / name).is_file()]
if not built:
    problems.append("found no suite in corpus_tests/CMakeLists.txt: has its form changed?")
for problem in problems:
    print(f"readme_suites: {problem}", file=sys.stderr)
if not problems:
    print(f"readme_suites: all {len(built)} suites listed")
sys.exit(1 if problems else 0)
