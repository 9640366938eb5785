#!/usr/bin/env python3
"""`ci/bench.sh --scale`: how time and memory grow from a 100 MB to a multi-GB synthetic install.

For each size (MB) it makes `meshgate synth install --scale N` once (kept under out/bench/install-N), then
times `sweep`, `manifest`, `gate` (against the manifest) and `report DIR/`, each run paired with its
control, `sha256sum` of the same files (the floor: every byte read and hashed once), back to back in
alternating order so that the machine's load at that moment weighs on both. Each figure is the median of
--runs such pairs: wall seconds, MB/s, peak RSS (GNU time's maximum resident set), and the median of the
pairs' ratios to the control. Prints the table (and its Markdown form for docs/PERFORMANCE.md), adds the
rows to reports/bench.json as "scale" and draws docs/perf-scale.svg with ci/bench_plot.py.
Every command runs at --jobs 1: the control is one sha256sum process.
usage: bench_scale.py MESHGATE WORK_DIR SIZES_MB RUNS
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

OK_EXITS = (0, 1)  # 1: the install holds malformed files by design (one in 50)


def timed(argv):
    """Wall seconds and peak RSS (MB) of one run; a crash or usage error stops the bench."""
    start = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    if proc.returncode not in OK_EXITS:
        sys.exit(f"bench_scale: {' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return wall, int(proc.stderr.strip().splitlines()[-1]) / 1024


def install(mg, work, size_mb):
    """The synthetic install of size_mb MB (made once; a half-made one is never kept: synth renames it into place)."""
    tree = os.path.join(work, f"install-{size_mb}")
    if not os.path.isdir(tree):
        start = time.monotonic()
        subprocess.run([mg, "synth", "install", "--scale", str(size_mb), "--out", tree], check=True, stdout=subprocess.DEVNULL)
        print(f"synth install --scale {size_mb}: {time.monotonic() - start:.0f} s")
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(tree) for f in fs)
    listing = os.path.join(work, f"install-{size_mb}.files")
    with open(listing, "wb") as f:
        f.write(b"\0".join(p.encode() for p in files) + b"\0")
    return tree, listing, len(files), sum(os.path.getsize(p) for p in files)


def commands(mg, tree, work, size_mb):
    lock = os.path.join(work, f"install-{size_mb}.lock.json")
    report = os.path.join(work, f"report-{size_mb}") + "/"
    jobs = ["--jobs", "1"]
    return lock, [("sweep", [mg, "sweep", tree] + jobs),
                  ("manifest", [mg, "manifest", tree, "-o", os.path.join(work, "timed.lock.json"), "--force"] + jobs),
                  ("gate", [mg, "gate", lock, tree] + jobs),
                  ("report", [mg, "report", tree, "-o", report, "--force"] + jobs)]


def measure(mg, work, size_mb, runs):
    tree, listing, files, size = install(mg, work, size_mb)
    control = ["sh", "-c", 'xargs -0 sha256sum < "$0" > /dev/null', listing]
    lock, plan = commands(mg, tree, work, size_mb)
    subprocess.run([mg, "manifest", tree, "-o", lock, "--force"], stdout=subprocess.DEVNULL, check=False)
    timed(control)  # untimed: the install into the page cache
    rows = []
    for name, argv in plan:
        pairs = []
        for run in range(runs):
            if run % 2 == 0:
                ctrl, (secs, rss) = timed(control), timed(argv)
            else:
                (secs, rss), ctrl = timed(argv), timed(control)
            pairs.append((secs, rss, ctrl[0]))
        secs = statistics.median(p[0] for p in pairs)
        rows.append({"scale_mb": size_mb, "files": files, "bytes": size, "command": name, "jobs": 1,
                     "seconds": round(secs, 3), "seconds_runs": [round(p[0], 3) for p in pairs],
                     "mb_per_s": round(size / 1e6 / secs, 1), "peak_rss_mb": round(max(p[1] for p in pairs), 1),
                     "control_seconds": round(statistics.median(p[2] for p in pairs), 3),
                     "ratio_to_control": round(statistics.median(p[0] / p[2] for p in pairs), 2)})
        r = rows[-1]
        print(f"{size_mb:>6} {files:>7} {name:9} {r['seconds']:>8.2f} {r['mb_per_s']:>7.1f} {r['peak_rss_mb']:>8.1f} "
              f"{r['control_seconds']:>8.2f} {r['ratio_to_control']:>6.2f}", flush=True)
    shutil.rmtree(os.path.join(work, f"report-{size_mb}"), ignore_errors=True)
    return rows


def markdown(rows):
    lines = ["| size | files | command | time (s) | MB/s | peak RSS (MB) | sha256sum (s) | x control |",
             "|---:|---:|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['bytes'] / 1e6:,.0f} MB | {r['files']:,} | `{r['command']}` | {r['seconds']:.2f} | "
                     f"{r['mb_per_s']:.0f} | {r['peak_rss_mb']:.0f} | {r['control_seconds']:.2f} | {r['ratio_to_control']:.2f} |")
    return "\n".join(lines)


def main(mg, work, sizes, runs):
    os.makedirs(work, exist_ok=True)
    load_before = os.getloadavg()[0]
    print(f"{'MB':>6} {'files':>7} {'command':9} {'s':>8} {'MB/s':>7} {'peak MB':>8} {'ctrl s':>8} {'x ctrl':>6}")
    rows = [row for size in sizes for row in measure(mg, work, size, runs)]
    load_after = os.getloadavg()[0]
    print(f"\nmedians of {runs} paired runs, --jobs 1, load average {load_before:.1f} -> {load_after:.1f}\n")
    print(markdown(rows))
    path = "reports/bench.json"
    report = json.load(open(path)) if os.path.exists(path) else {}
    report["scale"] = {"rows": rows, "runs": runs, "load_average": [round(load_before, 2), round(load_after, 2)]}
    with open(path, "w") as f:
        json.dump(report, f, indent=2, sort_keys=True)
    print(f"added the scale rows to {path}")
    plot = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_plot.py")
    return subprocess.run([sys.executable, plot, path, "docs/perf-scale.svg"]).returncode


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: bench_scale.py MESHGATE WORK_DIR SIZES_MB RUNS")
    sys.exit(main(sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3].split(",")], int(sys.argv[4])))
