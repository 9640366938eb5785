"""The file list of a paged report's index.html (report -o DIR/), read back
for the CLI and browser suites: the tables its rows name by number
(reports/paged_index.hpp) resolved into each row's path and cells."""
import json
import re


def read_index(path):
    """(paths, rows) of the index at `path`; a row is [format, verdict,
    coverage in tenths of a percent or None, size, has a page, diagnostic
    codes, invariants violated]."""
    text = open(path, encoding="utf-8").read()
    index = json.loads(re.search(r'<script type="application/json" id="index">(.*?)</script>', text, re.S).group(1))
    named = lambda table, sets: [[index[table][n] for n in s] for s in sets]
    codes, invariants = named("codes", index["code_sets"]), named("invariants", index["invariant_sets"])
    paths = [index["folders"][r[0]] + r[1] for r in index["rows"]]
    rows = [[index["formats"][r[2]], index["verdicts"][r[3]], r[4], r[5], r[6] == 1, codes[r[7]], invariants[r[8]]]
            for r in index["rows"]]
    return paths, rows
