#!/usr/bin/env python3
"""The scale bench drawn: time and peak memory against corpus size, one line per command.

Reads the "scale" rows `ci/bench.sh --scale` writes into reports/bench.json (each row: scale_mb,
command, seconds, peak_rss_mb, control_seconds) and writes a plain SVG (no third-party packages):
two panels side by side, time (s) and peak RSS (MB) against the install's size (MB), both axes
linear from zero, so a cost that grows linearly is a straight line and a flat memory a flat one.
The control (`sha256sum` of the same files) is drawn dashed in the time panel.
usage: bench_plot.py BENCH_JSON OUT_SVG   (exit 0 written; 2 the JSON is unreadable or holds no scale rows)
"""
import json
import math
import statistics
import sys
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 860, 360
PANEL_W, PANEL_H = 330, 250
MARGIN_LEFT, MARGIN_TOP = 70, 40
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
CONTROL = "sha256sum"
REQUIRED = ("scale_mb", "command", "seconds", "peak_rss_mb", "control_seconds")


class PlotError(Exception):
    pass


def load_rows(path):
    try:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
    except OSError as e:
        raise PlotError(f"cannot read {path}: {e.strerror}")
    except ValueError as e:
        raise PlotError(f"{path} is not JSON: {e}")
    rows = document.get("scale", {}).get("rows") if isinstance(document, dict) else None
    if not isinstance(rows, list) or not rows:
        raise PlotError(f"{path} has no scale rows (run ci/bench.sh --scale)")
    for i, row in enumerate(rows):
        missing = [k for k in REQUIRED if not isinstance(row, dict) or k not in row]
        if missing:
            raise PlotError(f"{path}: scale row {i} lacks {', '.join(missing)}")
        if not all(isinstance(row[k], (int, float)) and row[k] >= 0 for k in REQUIRED if k != "command"):
            raise PlotError(f"{path}: scale row {i} has a value that is not a number >= 0")
    return rows


def series(rows, value):
    """{line name: [(size MB, value)] by size}; in the time panel the control is a line of its own, at each
    size the median of the controls paired with that size's commands."""
    lines, controls = {}, {}
    for row in rows:
        lines.setdefault(row["command"], {})[row["scale_mb"]] = row[value]
        controls.setdefault(row["scale_mb"], []).append(row["control_seconds"])
    if value == "seconds":
        lines[CONTROL] = {size: statistics.median(c) for size, c in controls.items()}
    return {name: sorted(points.items()) for name, points in lines.items()}


def nice_top(value):
    """The axis' end: the first 1, 2 or 5 times a power of ten at or above value."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= value)


def panel(x0, title, unit, lines, colour_of, max_size):
    top = nice_top(max(v for pts in lines.values() for _, v in pts))
    right = nice_top(max_size)
    px = lambda size: x0 + PANEL_W * size / right
    py = lambda v: MARGIN_TOP + PANEL_H - PANEL_H * v / top
    out = [f'<g class="panel" data-value="{escape(unit)}">',
           f'<text x="{x0 + PANEL_W / 2}" y="{MARGIN_TOP - 14}" text-anchor="middle" font-weight="bold">{escape(title)}</text>',
           f'<rect x="{x0}" y="{MARGIN_TOP}" width="{PANEL_W}" height="{PANEL_H}" fill="none" stroke="#888"/>']
    for i in range(5):
        v, s = top * i / 4, right * i / 4
        out.append(f'<text x="{x0 - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
        out.append(f'<text x="{px(s):.1f}" y="{MARGIN_TOP + PANEL_H + 16}" text-anchor="middle">{s:g}</text>')
    out.append(f'<text x="{x0 + PANEL_W / 2}" y="{MARGIN_TOP + PANEL_H + 34}" text-anchor="middle">install size (MB)</text>')
    for name, pts in lines.items():
        points = " ".join(f"{px(s):.1f},{py(v):.1f}" for s, v in pts)
        dash = ' stroke-dasharray="6 4"' if name == CONTROL else ""
        out.append(f'<polyline class="line" data-command="{escape(name)}" points="{points}" fill="none" '
                   f'stroke="{colour_of[name]}" stroke-width="2"{dash}/>')
        out += [f'<circle cx="{px(s):.1f}" cy="{py(v):.1f}" r="3" fill="{colour_of[name]}"/>' for s, v in pts]
    out.append("</g>")
    return out


def svg(rows):
    times, memory = series(rows, "seconds"), series(rows, "peak_rss_mb")
    names = list(memory) + [CONTROL]
    colour_of = {n: ("#444" if n == CONTROL else COLOURS[i % len(COLOURS)]) for i, n in enumerate(names)}
    max_size = max(row["scale_mb"] for row in rows)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    out += panel(MARGIN_LEFT, "wall time (s)", "seconds", times, colour_of, max_size)
    out += panel(MARGIN_LEFT + PANEL_W + 90, "peak RSS (MB)", "peak_rss_mb", memory, colour_of, max_size)
    for i, name in enumerate(names):
        x = MARGIN_LEFT + i * 130
        dash = ' stroke-dasharray="6 4"' if name == CONTROL else ""
        out.append(f'<line x1="{x}" y1="{HEIGHT - 14}" x2="{x + 24}" y2="{HEIGHT - 14}" stroke="{colour_of[name]}" '
                   f'stroke-width="2"{dash}/>')
        out.append(f'<text x="{x + 30}" y="{HEIGHT - 10}">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 3:
        print("usage: bench_plot.py BENCH_JSON OUT_SVG", file=sys.stderr)
        return 2
    try:
        text = svg(load_rows(argv[1]))
    except PlotError as e:
        print(f"bench_plot: {e}", file=sys.stderr)
        return 2
    with open(argv[2], "w", encoding="utf-8") as f:
        f.write(text)
    print(f"bench_plot: wrote {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
