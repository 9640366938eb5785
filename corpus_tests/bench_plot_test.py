#!/usr/bin/env python3
"""ci/bench_plot.py (the scale bench's SVG in docs/PERFORMANCE.md) on a small bench JSON built here.

Given rows for two commands at three sizes, the SVG parses as XML and each panel (time, peak RSS) holds
one polyline per command (and the sha256sum control's dashed line in the time panel) whose points run left
to right with the sizes and stand higher for larger values, in the same order as the figures; a corrupt
JSON, or one without scale rows, is exit 2 with a message that says so, and no SVG is written.
usage: bench_plot_test.py PATH/TO/bench_plot.py   (exit 0 pass, 1 naming each failure)
"""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
SIZES = (100, 1000, 4000)
# Times grow with size, memory is flat for sweep and grows for report: the plot must keep both shapes.
FIGURES = {"sweep": ([1.0, 9.5, 40.0], [30.0, 31.0, 30.5]), "report": ([2.0, 21.0, 80.0], [50.0, 90.0, 300.0])}
CONTROL = [0.8, 8.0, 33.0]

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def rows():
    out = []
    for command, (seconds, rss) in FIGURES.items():
        for i, size in enumerate(SIZES):
            out.append({"scale_mb": size, "files": size * 10, "command": command, "seconds": seconds[i],
                        "peak_rss_mb": rss[i], "control_seconds": CONTROL[i]})
    return out


def run(plot, json_text, work):
    source, target = os.path.join(work, "bench.json"), os.path.join(work, "plot.svg")
    if os.path.exists(target):
        os.remove(target)
    with open(source, "w", encoding="utf-8") as f:
        f.write(json_text)
    proc = subprocess.run([sys.executable, plot, source, target], capture_output=True, text=True)
    return proc, target


def points(line):
    return [tuple(float(v) for v in p.split(",")) for p in line.get("points").split()]


def check_panel(panel, expected, name):
    lines = {l.get("data-command"): l for l in panel.iter(SVG + "polyline")}
    check(set(lines) == set(expected), f"{name} panel: lines {sorted(lines)}, expected {sorted(expected)}")
    for command, values in expected.items():
        if command not in lines:
            continue
        pts = points(lines[command])
        check(len(pts) == len(SIZES), f"{name} panel, {command}: {len(pts)} points for {len(SIZES)} sizes")
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        check(xs == sorted(xs) and len(set(xs)) == len(xs), f"{name} panel, {command}: x not increasing with size {xs}")
        # SVG's y grows downwards: a larger value is a smaller y, the same order as the figures.
        by_value = sorted(range(len(values)), key=lambda i: values[i])
        by_height = sorted(range(len(ys)), key=lambda i: -ys[i])
        check(by_value == by_height, f"{name} panel, {command}: heights {ys} not in the order of {values}")
    dashed = [c for c, l in lines.items() if l.get("stroke-dasharray")]
    check(dashed == (["sha256sum"] if "sha256sum" in expected else []), f"{name} panel: dashed lines {dashed}")


def main(plot):
    with tempfile.TemporaryDirectory() as work:
        proc, svg = run(plot, json.dumps({"other": [1], "scale": {"rows": rows(), "load_average": [1.0, 1.2]}}), work)
        check(proc.returncode == 0, f"valid JSON: exit {proc.returncode}, stderr {proc.stderr.strip()!r}")
        if proc.returncode == 0:
            root = ET.parse(svg).getroot()
            panels = {p.get("data-value"): p for p in root.iter(SVG + "g") if p.get("class") == "panel"}
            check(set(panels) == {"seconds", "peak_rss_mb"}, f"panels {sorted(panels)}")
            if "seconds" in panels:
                check_panel(panels["seconds"], {**{c: t for c, (t, _) in FIGURES.items()}, "sha256sum": CONTROL}, "time")
            if "peak_rss_mb" in panels:
                check_panel(panels["peak_rss_mb"], {c: m for c, (_, m) in FIGURES.items()}, "memory")
        for label, text, says in (("corrupt JSON", '{"scale": {"rows": [', "is not JSON"),
                                  ("no scale rows", '{"scale": {"rows": []}}', "has no scale rows"),
                                  ("a row without its time", json.dumps({"scale": {"rows": [{"scale_mb": 1, "command": "sweep"}]}}),
                                   "scale row 0 lacks seconds")):
            proc, svg = run(plot, text, work)
            check(proc.returncode == 2, f"{label}: exit {proc.returncode}, expected 2")
            check(says in proc.stderr, f"{label}: stderr {proc.stderr.strip()!r} does not say {says!r}")
            check(not os.path.exists(svg), f"{label}: an SVG was written")
    for failure in failures:
        print(f"bench_plot: {failure}", file=sys.stderr)
    if not failures:
        print("bench_plot: the SVG holds every command's lines in both panels; bad JSON is refused")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: bench_plot_test.py PATH/TO/bench_plot.py", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
