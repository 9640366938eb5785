#!/usr/bin/env python3
"""`ci/bench.sh --volume-jobs`: one deflated volume swept at --jobs 2 against --jobs 1, beside its control.

The control is what two threads can gain on this machine at that moment: two `sha256sum` processes at once
on the same volume against the two one after the other. Each hashes the volume k times, k chosen so one
hash takes about as long as the --jobs 1 sweep (a 13 MB volume hashes in 10 ms, where start-up and the
scheduler's noise would be the figure). The four runs of a round go back to back, in an order that
rotates, so the load other processes put on the 2-core VM weighs on all four; each figure is the median
of the rounds, and "of control" is the median of each round's speedup over its control's.
Target (issue 52): --jobs 2's speedup at least 0.9x the control's for any volume over 10 MB, and never
slower than --jobs 1. Adds the rows to reports/bench.json as "volume_jobs".
usage: bench_volume_jobs.py MESHGATE WORK_DIR [MEMBERS,...] [ROUNDS]
"""
import json
import os
import statistics
import subprocess
import sys
import time
import zipfile


def volume(mg, work, members):
    """A deflated NBZ of the first `members` generated MODs under a game's folder name."""
    path = os.path.join(work, f"mods-{members}.nbz")
    if os.path.exists(path):
        return path
    mods = os.path.join(work, "mods")
    if not os.path.isdir(mods):
        subprocess.run([mg, "synth", "mod", "--seed", "7", "--count", "3000", "--out", mods], check=True,
                       stdout=subprocess.DEVNULL)
    names = sorted(f for f in os.listdir(mods) if f.endswith(".mod"))[:members]
    with zipfile.ZipFile(path + ".tmp", "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            z.write(os.path.join(mods, name), f"GData.afs/{name}")
    os.replace(path + ".tmp", path)
    return path


def wall(commands):
    """Seconds for the commands run at once (one command: alone)."""
    start = time.monotonic()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for c in commands]
    codes = [p.wait() for p in procs]
    if any(code not in (0, 1) for code in codes):
        sys.exit(f"bench_volume_jobs: {commands[0]} exited {codes}")
    return time.monotonic() - start


def measure(mg, path, rounds):
    sweep = lambda jobs: [mg, "sweep", path, "--jobs", str(jobs)]
    wall([sweep(2)])  # untimed: the volume into the page cache
    once = statistics.median(wall([sweep(1)]) for _ in range(3))
    one_hash = statistics.median(wall([["sha256sum", path]]) for _ in range(3))
    k = max(1, round(once / max(one_hash, 1e-3)))
    hashes = ["sha256sum"] + [path] * k
    runs = {"jobs1": lambda: wall([sweep(1)]), "jobs2": lambda: wall([sweep(2)]),
            "apart": lambda: wall([hashes]) + wall([hashes]), "together": lambda: wall([hashes, hashes])}
    order = list(runs)
    times = {name: [] for name in runs}
    for r in range(rounds):
        for name in order[r % 4:] + order[:r % 4]:
            times[name].append(runs[name]())
    speedups = [a / b for a, b in zip(times["jobs1"], times["jobs2"])]
    controls = [a / b for a, b in zip(times["apart"], times["together"])]
    med = {name: statistics.median(v) for name, v in times.items()}
    row = {"volume_bytes": os.path.getsize(path), "hash_repeats": k, "rounds": rounds,
           **{f"{name}_seconds": round(v, 3) for name, v in med.items()},
           "speedup": round(statistics.median(speedups), 3), "control_speedup": round(statistics.median(controls), 3),
           "of_control": round(statistics.median(s / c for s, c in zip(speedups, controls)), 3),
           "speedup_runs": [round(s, 3) for s in speedups], "control_runs": [round(c, 3) for c in controls]}
    row["target_met"] = row["of_control"] >= 0.9 and row["speedup"] >= 1.0
    return row


def main(mg, work, members, rounds):
    os.makedirs(work, exist_ok=True)
    load_before = os.getloadavg()[0]
    rows = []
    print(f"{'members':>7} {'MB':>6} {'jobs1 s':>8} {'jobs2 s':>8} {'speedup':>8} {'control':>8} {'of ctrl':>8}")
    for n in members:
        row = {"members": n, **measure(mg, volume(mg, work, n), rounds)}
        rows.append(row)
        print(f"{n:>7} {row['volume_bytes'] / 1e6:>6.1f} {row['jobs1_seconds']:>8.3f} {row['jobs2_seconds']:>8.3f} "
              f"{row['speedup']:>7.2f}x {row['control_speedup']:>7.2f}x {row['of_control']:>8.2f}"
              f"{'' if row['target_met'] else '  NOT MET (target >= 0.9 of control, >= 1.0x)'}", flush=True)
    load_after = os.getloadavg()[0]
    print(f"medians of {rounds} rounds, load average {load_before:.1f} -> {load_after:.1f}")
    path = "reports/bench.json"
    report = json.load(open(path)) if os.path.exists(path) else {}
    report["volume_jobs"] = {"rows": rows, "load_average": [round(load_before, 2), round(load_after, 2)]}
    with open(path, "w") as f:
        json.dump(report, f, indent=2, sort_keys=True)
    print(f"added the volume_jobs rows to {path}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4, 5):
        sys.exit("usage: bench_volume_jobs.py MESHGATE WORK_DIR [MEMBERS,...] [ROUNDS]")
    members = [int(n) for n in sys.argv[3].split(",")] if len(sys.argv) > 3 else [300, 1500]
    sys.exit(main(sys.argv[1], sys.argv[2], members, int(sys.argv[4]) if len(sys.argv) > 4 else 9))
