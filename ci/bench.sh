#!/usr/bin/env bash
# Performance figures in one table (and reports/bench.json):
#  1. Google Benchmark (bench/meshgate_bench): parse, write, round trip and sweep
#     of MOD (2, 35, 110, 220 KiB) and MSH (12, 1,000, 10,000 vertices) files,
#     each next to memcpy + memcmp of the same bytes in the same run; the
#     round trip also with the input's xxh3_64 (as `meshgate roundtrip` prints
#     it), the sweep also with each file's SHA-256 and xxh3_64 (evidence report,
#     manifest, gate), and SHA-256 of the same bytes alone; medians of 9
#     repetitions run interleaved, ratios = stage bytes/s / memcpy bytes/s.
#     The change path next to what it builds on: diff and diff
#     --semantic of a 220 KiB MOD pair, rebuild, import; dump and build of a
#     10,000-vertex MSH. Export --winding normals next to --winding strip
#     (target <= 1.2x) on MODs whose strips face both ways.
#     Textures: Texm parse + decode, PNG at zlib levels 1 and 6 with
#     their sizes, the textured MSH export against the untextured one.
#  2. Corpus scale: `meshgate sweep` over a generated corpus of N files (default
#     10,000: MOD and MSH) at --jobs 1 and --jobs 2, wall time and peak RSS.
#     Volumes: the sweep of 1,000 of its MODs stored and deflated in one NBZ
#     against the same files extracted, and against extracted + libdeflate
#     inflating the members alone (target <= 1.15x at --jobs 1); the deflated
#     volume at --jobs 2 against --jobs 1 (target >= 1.6x faster).
#  2b. Node count: peak RSS and wall time of every command
#     that reads a model, on generated MSH models of 1,000, 10,000 and 20,000
#     chained nodes (`meshgate synth msh --chain N`), against the bound the
#     docs/GUARANTEES.md states (16x the file + 64 MiB; view and export 48x). --nodes-only runs just this.
#  2c. Nesting (--nesting-only runs just this): one input's budgets across
#     nesting. `sweep` of volumes nested 1, 4 and 8 deep (each level a 32 MiB
#     member beside the next) and of PACs holding 10,000, 100,000 and
#     1,000,000 nested files: wall time and peak RSS against docs/GUARANTEES.md's bound
#     (the input + what it inflates, at most the budget, + 64 MiB; per nested file).
#  2d. Volume write (--volume-write-only runs just this): `meshgate replace`
#     of a MOD in a 92 KB PAC in 100 MiB and 500 MiB volumes made of the
#     generators' files (the volume streamed from its file, the output flushed
#     and read back for its proof), against `cp` + `sync` of the volume (target
#     <= 1.5x) and `cp`, with the volume writer alone (bench/zip_rewrite_bench),
#     five paired runs each, medians, peak RSS.
#  2e. Scale (--scale runs just this, ci/bench_scale.py): `sweep`, `manifest`,
#     `gate` and `report DIR/` of synthetic installs (`synth install`) of
#     --scale-sizes MB (default 100,1000; 4000 is the nightly's, not the gate's),
#     each paired with sha256sum of the same files, medians of --scale-runs
#     (default 3): the table, reports/bench.json "scale", docs/perf-scale.svg.
#  2f. Volume jobs (--volume-jobs runs just this, ci/bench_volume_jobs.py): one
#     deflated volume of generated MODs (13 and 65 MB) swept at --jobs 2 against
#     --jobs 1, next to two sha256sum of it at once against one after the other
#     (target: at least 0.9x the control's speedup, never slower than --jobs 1).
#  3. With --fuzz-seconds S: the exec/s over S seconds from the synthetic seeds
#     (each target's options) of the parse fuzzers (target 50,000), the change
#     path's (model_change_fuzzer, 200) and docs' (1,000), the median of three runs
#     (-seed=1, 2, 3), in the fuzz preset (ASan+UBSan) and the fuzz-fast
#     preset (UBSan only); builds both with clang.
# Usage: ci/bench.sh [--files N] [--fuzz-seconds S] [--nodes-only | --nesting-only | --volume-write-only |
#                    --scale [--scale-sizes 100,1000] [--scale-runs 3] | --volume-jobs]
set -euo pipefail
cd "$(dirname "$0")/.."
files=10000 fuzz_seconds=0 nodes_only=0 nesting_only=0 volume_write_only=0
scale_only=0 scale_sizes=100,1000 scale_runs=3 volume_jobs_only=0
usage="usage: ci/bench.sh [--files N] [--fuzz-seconds S] [--nodes-only | --nesting-only | --volume-write-only | --scale [--scale-sizes 100,1000] [--scale-runs 3] | --volume-jobs]"
while [ $# -gt 0 ]; do
  case $1 in
    --files) files=$2; shift 2 ;;
    --fuzz-seconds) fuzz_seconds=$2; shift 2 ;;
    --nodes-only) nodes_only=1; shift ;;
    --nesting-only) nesting_only=1 nodes_only=1; shift ;;
    --volume-write-only) volume_write_only=1; shift ;;
    --scale) scale_only=1; shift ;;
    --scale-sizes) scale_sizes=$2; shift 2 ;;
    --scale-runs) scale_runs=$2; shift 2 ;;
    --volume-jobs) volume_jobs_only=1; shift ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
out=out/bench
mkdir -p "$out" reports

# 2e. Scale and 2f. volume jobs: meshgate alone is built; each writes its rows into reports/bench.json.
if [ "$scale_only" = 1 ] || [ "$volume_jobs_only" = 1 ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release --target meshgate
  if [ "$scale_only" = 1 ]; then
    exec python3 ci/bench_scale.py build/meshgate "$out/scale" "$scale_sizes" "$scale_runs"
  fi
  exec python3 ci/bench_volume_jobs.py build/meshgate "$out/volume-jobs"
fi

# 2d. Volume write: a MOD in a 92 KB PAC in 100 MiB and 500 MiB volumes
# replaced, against cp + sync, added to reports/bench.json as "volume_write".
volume_write() {
  cmake --preset release >/dev/null
  cmake --build --preset release --target zip_rewrite_bench meshgate
  python3 - "$out/volume-write" <<'PY'
import json, os, statistics, struct, subprocess, sys, time, zipfile
d, mg = sys.argv[1], "build/meshgate"
os.makedirs(d, exist_ok=True)
# The members are meshgate's own generated files (`synth mod|pac|ptx|nbz --count 200 --seed 7`) under
# game-like names, every third deflated and the rest stored, repeated until the volume reaches its size;
# half-way in, GData.afs/em000.pac: a PAC of generated MODs of about 100 KB (92,456 bytes, 20 slots).
files = []
for fmt in ("mod", "pac", "ptx", "nbz"):
    sub = os.path.join(d, "synth", fmt)
    if not os.path.isdir(sub):
        subprocess.run([mg, "synth", fmt, "--count", "200", "--seed", "7", "--out", sub], check=True, stdout=subprocess.DEVNULL)
    for name in sorted(os.listdir(sub)):
        p = os.path.join(sub, name)
        if os.path.isfile(p) and os.path.getsize(p) > 0:
            files.append((name, open(p, "rb").read()))
mods = sorted((b for n, b in files if n.endswith(".mod")), key=len)
slots, size = [], 0
for b in mods:
    if size + len(b) > 100_000: continue
    slots.append(b); size += len(b)
    if size > 90_000: break
offsets, at = [], 8 + 4 * len(slots)
for b in slots:
    offsets.append(at); at += len(b)
em000 = b"PAC\0" + struct.pack("<I", len(slots)) + b"".join(struct.pack("<I", o) for o in offsets) + b"".join(slots)
new_slot = os.path.join(d, "new-slot0.mod")
open(new_slot, "wb").write(min((b for b in mods if b != slots[0]), key=lambda b: abs(len(b) - len(slots[0]))))
open(os.path.join(d, "em000.pac"), "wb").write(em000)
def make_volume(path, mib):
    if os.path.exists(path): return
    limit, i, placed = mib << 20, 0, False
    with zipfile.ZipFile(path + ".tmp", "w") as z:
        while z.fp.tell() < limit:
            name, data = files[i % len(files)]
            info = zipfile.ZipInfo(f"GData.afs/{i:05}_{name}", (1980, 1, 1, 0, 0, 0))
            z.writestr(info, data, zipfile.ZIP_DEFLATED if i % 3 == 0 else zipfile.ZIP_STORED)
            i += 1
            if not placed and z.fp.tell() >= limit // 2:
                z.writestr(zipfile.ZipInfo("GData.afs/em000.pac", (1980, 1, 1, 0, 0, 0)), em000, zipfile.ZIP_DEFLATED)
                placed = True
    os.replace(path + ".tmp", path)
def timed(cmd):
    start = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return time.monotonic() - start, int(proc.stderr.strip().splitlines()[-1])
rows = []
for mib in (100, 500):
    volume = os.path.join(d, f"v{mib}.nbz")
    make_volume(volume, mib)
    out_rewrite, out_cp = os.path.join(d, "rewritten.nbz"), os.path.join(d, "copied.nbz")
    # Paired runs, five of each in turn: cp (not flushed), cp + sync of the copy (every meshgate output is
    # flushed: the like-for-like baseline), the volume writer alone (bench/zip_rewrite_bench: the PAC
    # member replaced, streamed from the file, flushed), and `meshgate replace` of the MOD in the PAC,
    # its read-back proof included.
    t = {"cp": [], "cp_sync": [], "writer": [], "command": []}
    rss = {"writer": [], "command": []}
    for _ in range(5):
        t["cp"].append(timed(["cp", volume, out_cp])[0]); os.remove(out_cp)
        t["cp_sync"].append(timed(["sh", "-c", 'cp "$0" "$1" && sync "$1"', volume, out_cp])[0]); os.remove(out_cp)
        s, kib = timed(["build/bench/zip_rewrite_bench", volume, "GData.afs/em000.pac", os.path.join(d, "em000.pac"), out_rewrite])
        t["writer"].append(s), rss["writer"].append(kib), os.remove(out_rewrite)
        s, kib = timed([mg, "replace", f"{volume}!GData.afs/em000.pac!slot_0000", new_slot, "-o", out_rewrite])
        t["command"].append(s), rss["command"].append(kib), os.remove(out_rewrite)
    med = {k: statistics.median(v) for k, v in t.items()}
    row = {"volume_bytes": os.path.getsize(volume), "member_bytes": len(em000),
           **{f"{k}_seconds": sorted(round(x, 3) for x in v) for k, v in t.items()},
           **{f"{k}_median": round(v, 3) for k, v in med.items()},
           "writer_ratio_to_cp_sync": round(med["writer"] / med["cp_sync"], 2),
           "command_ratio_to_cp_sync": round(med["command"] / med["cp_sync"], 2),
           "command_ratio_to_cp": round(med["command"] / med["cp"], 2),
           "writer_peak_rss_mb": round(max(rss["writer"]) / 1024, 1), "command_peak_rss_mb": round(max(rss["command"]) / 1024, 1)}
    row["command_target_met"] = row["command_ratio_to_cp_sync"] <= 1.5
    rows.append(row)
    print(f"\nvolume write, {row['volume_bytes'] / 2**20:.0f} MiB volume: meshgate replace {med['command']:.2f} s "
          f"(median of 5): {row['command_ratio_to_cp_sync']:.2f}x cp + sync {med['cp_sync']:.2f} s (target <= 1.5x"
          f"{'' if row['command_target_met'] else ', NOT MET'}), {row['command_ratio_to_cp']:.2f}x cp {med['cp']:.2f} s, "
          f"peak RSS {row['command_peak_rss_mb']} MB; the writer alone {med['writer']:.2f} s "
          f"({row['writer_ratio_to_cp_sync']:.2f}x cp + sync), {row['writer_peak_rss_mb']} MB")
report = json.load(open("reports/bench.json")) if os.path.exists("reports/bench.json") else {}
report["volume_write"] = rows
json.dump(report, open("reports/bench.json", "w"), indent=2, sort_keys=True)
print("added the volume_write rows to reports/bench.json")
PY
}
if [ "$volume_write_only" = 1 ]; then
  volume_write
  exit 0
fi
if [ "$nodes_only" = 0 ]; then
bash ci/install-deps.sh libbenchmark-dev
cmake --preset release >/dev/null
cmake --build --preset release --parallel "$(nproc)" --target meshgate meshgate_bench
# Repetitions interleaved in random order: this project's VMs slow down for
# seconds at a time, and back-to-back repetitions let one such spell take all
# of one benchmark's samples (and not its memcpy baseline's).
build/bench/meshgate_bench --benchmark_repetitions=9 --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.1 --benchmark_format=json \
  --benchmark_out="$out/gbench.json" >/dev/null

corpus=$out/corpus-$files
if [ ! -d "$corpus" ]; then
  ./build/meshgate synth mod --seed 7 --count $((files / 2)) --out "$corpus" >/dev/null
  ./build/meshgate synth msh --seed 7 --count $((files * 5 / 11)) --out "$corpus" >/dev/null  # + count/10 outer packs
fi
python3 - "$out/gbench.json" "$corpus" "$files" <<'PY'
import json, resource, subprocess, sys, time, os
gbench, corpus, files = sys.argv[1], sys.argv[2], int(sys.argv[3])
runs = json.load(open(gbench))["benchmarks"]
median = {r["run_name"]: r for r in runs if r.get("aggregate_name") == "median"}
rows = []
for name, r in sorted(median.items()):
    fmt_stage, size = name.split("/")[0:2], name.split("/")[-1]
    fmt, stage = name.split("/")[0], name.split("/")[1]
    base = median.get(f"{fmt}/memcpy/{size}")
    rows.append({"format": fmt, "stage": stage, "size_arg": int(size), "file_bytes": int(r["file_bytes"]),
                 "bytes_per_second": r["bytes_per_second"],
                 "ratio_to_memcpy": r["bytes_per_second"] / base["bytes_per_second"] if base else None,
                 "real_time_us": r["real_time"] / (1000.0 if r["time_unit"] == "ns" else 1.0)})
print(f"{'format':6} {'stage':14} {'size':>6} {'file bytes':>10} {'MB/s':>9} {'x memcpy':>9} {'us/file':>9}")
for row in rows:
    ratio = f"{row['ratio_to_memcpy']:.4f}" if row["ratio_to_memcpy"] is not None else "-"
    print(f"{row['format']:6} {row['stage']:14} {row['size_arg']:>6} {row['file_bytes']:>10} "
          f"{row['bytes_per_second'] / 1e6:>9.1f} {ratio:>9} {row['real_time_us']:>9.1f}")
# Against the project's throughput targets: round trip >= 0.25x memcpy, sweep with
# observations >= 0.1x. "roundtrip" is parse + write + compare;
# "roundtrip_xxh3" adds the input's xxh3_64 that `meshgate roundtrip` prints.
# "sweep" is a file as `meshgate sweep PATH` handles it (no digests: its
# summary cites none); "sweep_digests" adds the SHA-256 and xxh3_64 the
# evidence report, manifest and gate cite; SHA-256 alone runs at a few
# hundredths of memcpy (the "sha256" row).
targets = []
by = {(r["format"], r["stage"], r["size_arg"]): r for r in rows}
print(f"\n{'format':6} {'size':>6} {'roundtrip x':>11} {'rt+xxh3 x':>9} {'sweep x':>8} {'sweep+digests x':>15} {'sha256 x':>9}")
for (fmt, stage, size), r in sorted(by.items()):
    if stage != "memcpy":
        continue
    rt, rtx, sw, swd, sha = (by.get((fmt, s, size)) for s in ("roundtrip", "roundtrip_xxh3", "sweep", "sweep_digests", "sha256"))
    if not (rt and rtx and sw and swd and sha):
        continue
    entry = {"format": fmt, "size_arg": size, "roundtrip_ratio": rt["ratio_to_memcpy"],
             "roundtrip_xxh3_ratio": rtx["ratio_to_memcpy"], "sweep_ratio": sw["ratio_to_memcpy"],
             "sweep_digests_ratio": swd["ratio_to_memcpy"], "sha256_ratio": sha["ratio_to_memcpy"],
             "roundtrip_target_met": rt["ratio_to_memcpy"] >= 0.25, "roundtrip_xxh3_target_met": rtx["ratio_to_memcpy"] >= 0.25,
             "sweep_target_met": sw["ratio_to_memcpy"] >= 0.1, "sweep_digests_target_met": swd["ratio_to_memcpy"] >= 0.1}
    targets.append(entry)
    print(f"{fmt:6} {size:>6} {rt['ratio_to_memcpy']:>11.3f} {rtx['ratio_to_memcpy']:>9.3f} {sw['ratio_to_memcpy']:>8.3f} "
          f"{swd['ratio_to_memcpy']:>15.3f} {sha['ratio_to_memcpy']:>9.3f}")
# Export (parse + glTF asset + .glb in memory) against parse of the same file
# (at most 10x at MOD 220 KiB and MSH 10,000 vertices), and how
# much of it is building the asset (export_asset) rather than serialising.
export_vs_parse = []
print(f"\n{'format':6} {'size':>6} {'parse us':>9} {'export us':>10} {'x parse':>8} {'asset us':>9}")
for (fmt, stage, size), r in sorted(by.items()):
    if stage != "export":
        continue
    parse, asset = by.get((fmt, "parse", size)), by.get((fmt, "export_asset", size))
    entry = {"format": fmt, "size_arg": size, "parse_us": parse["real_time_us"], "export_us": r["real_time_us"],
             "export_asset_us": asset["real_time_us"] if asset else None,
             "ratio_to_parse": r["real_time_us"] / parse["real_time_us"]}
    export_vs_parse.append(entry)
    print(f"{fmt:6} {size:>6} {entry['parse_us']:>9.1f} {entry['export_us']:>10.1f} {entry['ratio_to_parse']:>8.1f} "
          f"{entry['export_asset_us'] or 0:>9.1f}")
# The change path against the work each command builds on: diff
# reads two listings (inspect), dump one; build turns JSON text back into
# the file; rebuild re-lays a parsed model (baseline: the round trip); import
# reads a .glb and builds the MOD (baseline: the export that wrote it).
change_path = []
print(f"\n{'format':6} {'command':14} {'size':>6} {'us':>10} {'baseline':>12} {'x baseline':>10}")
for fmt, stage, size, base in (("mod", "diff", 220, "inspect"), ("mod", "diff_semantic", 220, "inspect"),
                               ("mod", "rebuild", 220, "roundtrip"), ("mod", "import", 220, "export"),
                               ("msh", "dump", 10000, "inspect"), ("msh", "build", 10000, "roundtrip"),
                               ("msh", "rebuild", 10000, "roundtrip")):
    r, b = by.get((fmt, stage, size)), by.get((fmt, base, size))
    if not r or not b:
        continue
    entry = {"format": fmt, "command": stage, "size_arg": size, "us": r["real_time_us"], "baseline": base,
             "baseline_us": b["real_time_us"], "ratio": r["real_time_us"] / b["real_time_us"]}
    change_path.append(entry)
    print(f"{fmt:6} {stage:14} {size:>6} {entry['us']:>10.1f} {base:>12} {entry['ratio']:>10.1f}")
# Export --winding normals against --winding strip on strips that
# face both ways (target <= 1.2x), the .glb serialised in both.
winding = []
print(f"\n{'format':6} {'size':>6} {'strip us':>9} {'normals us':>11} {'x strip':>8}")
for size in (35, 220):
    st, nm = by.get(("mod", "export_winding_strip", size)), by.get(("mod", "export_winding_normals", size))
    if not st or not nm:
        continue
    entry = {"format": "mod", "size_arg": size, "strip_us": st["real_time_us"], "normals_us": nm["real_time_us"],
             "ratio": nm["real_time_us"] / st["real_time_us"]}
    entry["target_met"] = entry["ratio"] <= 1.2
    winding.append(entry)
    print(f"{'mod':6} {size:>6} {entry['strip_us']:>9.1f} {entry['normals_us']:>11.1f} {entry['ratio']:>8.3f}")
# A Texm's parse + decode of level 0 (MB/s of the file), its PNG at
# zlib level 1 (what meshgate writes) and 6 (zlib's default) with their sizes,
# and the textured MSH export as a multiple of the untextured one (a fresh
# texture cache: the first model that uses the texture pays its PNG; cached:
# every later one).
textures = []
print(f"\n{'side':>6} {'decode MB/s':>11} {'png1 us':>9} {'png1 bytes':>10} {'png6 us':>9} {'png6 bytes':>10}")
for size in (256, 1024):
    dec, p1, p6 = (by.get(("texm", s, size)) for s in ("parse_decode", "png", "png_level6"))
    if not dec or not p1 or not p6:
        continue
    raw = {r["run_name"]: r for r in runs if r.get("aggregate_name") == "median"}
    b1, b6 = raw[f"texm/png/{size}"].get("png_bytes"), raw[f"texm/png_level6/{size}"].get("png_bytes")
    entry = {"side": size, "parse_decode_mb_s": dec["bytes_per_second"] / 1e6, "png_level1_us": p1["real_time_us"],
             "png_level1_bytes": b1, "png_level6_us": p6["real_time_us"], "png_level6_bytes": b6}
    textures.append(entry)
    print(f"{size:>6} {entry['parse_decode_mb_s']:>11.1f} {entry['png_level1_us']:>9.1f} {b1 or 0:>10.0f} "
          f"{entry['png_level6_us']:>9.1f} {b6 or 0:>10.0f}")
print(f"\n{'format':6} {'size':>6} {'export us':>10} {'textured us':>12} {'x export':>9} {'cached us':>10} {'x export':>9}")
for size in (1000, 10000):
    ex, tx, tc = (by.get(("msh", s, size)) for s in ("export", "export_textured", "export_textured_cached"))
    if not ex or not tx or not tc:
        continue
    entry = {"size_arg": size, "export_us": ex["real_time_us"], "textured_us": tx["real_time_us"],
             "textured_cached_us": tc["real_time_us"], "textured_ratio": tx["real_time_us"] / ex["real_time_us"],
             "textured_cached_ratio": tc["real_time_us"] / ex["real_time_us"]}
    textures.append(entry)
    print(f"{'msh':6} {size:>6} {entry['export_us']:>10.1f} {entry['textured_us']:>12.1f} {entry['textured_ratio']:>9.2f} "
          f"{entry['textured_cached_us']:>10.1f} {entry['textured_cached_ratio']:>9.2f}")
# A MOD read from an NBZ/ZIP volume (stored, deflated) against the
# same MOD loose: the cost of libzip's open, the peek and the inflate.
volume = []
print(f"\n{'format':6} {'size':>6} {'loose us':>9} {'stored us':>10} {'x loose':>8} {'deflate us':>11} {'x loose':>8}")
for size in (35, 220):
    lo = by.get(("mod", "roundtrip", size))
    st, de = by.get(("mod", "volume_roundtrip_stored", size)), by.get(("mod", "volume_roundtrip_deflate", size))
    if not lo or not st or not de:
        continue
    entry = {"format": "mod", "size_arg": size, "loose_us": lo["real_time_us"], "stored_us": st["real_time_us"],
             "deflate_us": de["real_time_us"], "stored_ratio": st["real_time_us"] / lo["real_time_us"],
             "deflate_ratio": de["real_time_us"] / lo["real_time_us"]}
    volume.append(entry)
    print(f"{'mod':6} {size:>6} {entry['loose_us']:>9.1f} {entry['stored_us']:>10.1f} {entry['stored_ratio']:>8.2f} "
          f"{entry['deflate_us']:>11.1f} {entry['deflate_ratio']:>8.2f}")
# Does per-file cost grow linearly with size? A least-squares line through
# each stage's us/file against file bytes: intercept = fixed cost per file,
# slope = cost per KiB, r2 = how well a line fits the sizes measured.
linearity = []
print(f"\n{'format':6} {'stage':14} {'fixed us':>9} {'us/KiB':>8} {'r2':>6}")
for fmt in sorted({r["format"] for r in rows}):
    for stage in ("parse", "write", "roundtrip", "roundtrip_xxh3", "sweep", "sweep_digests"):
        pts = [(r["file_bytes"] / 1024, r["real_time_us"]) for r in rows if r["format"] == fmt and r["stage"] == stage]
        if len(pts) < 2:
            continue
        n = len(pts)
        mx, my = sum(x for x, _ in pts) / n, sum(y for _, y in pts) / n
        sxx = sum((x - mx) ** 2 for x, _ in pts)
        sxy = sum((x - mx) * (y - my) for x, y in pts)
        slope = sxy / sxx
        fixed = my - slope * mx
        ss_res = sum((y - (fixed + slope * x)) ** 2 for x, y in pts)
        ss_tot = sum((y - my) ** 2 for _, y in pts)
        r2 = 1 - ss_res / ss_tot if ss_tot > 0 else 1.0
        linearity.append({"format": fmt, "stage": stage, "fixed_us": fixed, "us_per_kib": slope, "r2": r2, "sizes": n})
        print(f"{fmt:6} {stage:14} {fixed:>9.2f} {slope:>8.3f} {r2:>6.3f}")
scale = []
count = sum(len(f) for _, _, f in os.walk(corpus))
size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(corpus) for f in fs)
# One untimed pass first, so both timed runs read the corpus from the page cache.
subprocess.run(["./build/meshgate", "sweep", corpus, "--jobs", "2"], capture_output=True)
# Each at --jobs 1 and 2: the plain sweep (summary only, no digests), and the
# sweep writing the evidence report (--json: SHA-256 and xxh3_64 of every
# file, the report streamed a file at a time), as a CI job that keeps the
# evidence runs it.
# Then `meshgate report` (at most 2x `sweep --json`), and the report's size.
for evidence in (False, True, "report"):
    for jobs in (1, 2):
        command = ["sweep", corpus]
        if evidence is True:
            command += ["--json", os.path.join(os.path.dirname(corpus), "evidence-corpus.json"), "--force"]
        if evidence == "report":
            # The folder form: the single page refuses a corpus over 64 MB.
            command = ["report", corpus, "-o", os.path.join(os.path.dirname(corpus), "report-corpus") + "/", "--force"]
        start = time.monotonic()
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", "./build/meshgate"] + command + ["--jobs", str(jobs)],
                              capture_output=True, text=True)
        wall = time.monotonic() - start
        peak_kib = int(proc.stderr.strip().splitlines()[-1])
        scale.append({"jobs": jobs, "evidence_json": evidence, "files": count, "bytes": size, "wall_seconds": round(wall, 3),
                      "peak_rss_mb": round(peak_kib / 1024, 1), "exit_code": proc.returncode,
                      "summary": next((l for l in proc.stdout.splitlines() if l.startswith("sweep:")), "")})
        if evidence == "report":
            scale[-1]["report_bytes"] = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(command[3]) for f in fs)
            scale[-1]["index_bytes"] = os.path.getsize(os.path.join(command[3], "index.html"))
        label = " --json" if evidence is True else (" (meshgate report)" if evidence == "report" else "")
        print(f"sweep of {count} files ({size / 1e6:.1f} MB), --jobs {jobs}{label}: "
              f"{wall:.2f} s wall, {peak_kib / 1024:.1f} MB peak RSS, exit {proc.returncode}")
report_vs_json = {}
for jobs in (1, 2):
    json_run = next(r for r in scale if r["evidence_json"] is True and r["jobs"] == jobs)
    report_run = next(r for r in scale if r["evidence_json"] == "report" and r["jobs"] == jobs)
    report_vs_json[f"jobs{jobs}"] = {"sweep_json_seconds": json_run["wall_seconds"], "report_seconds": report_run["wall_seconds"],
                                     "ratio": round(report_run["wall_seconds"] / json_run["wall_seconds"], 2),
                                     "report_bytes": report_run["report_bytes"]}
    print(f"report vs sweep --json, --jobs {jobs}: {report_run['wall_seconds']:.2f} s / {json_run['wall_seconds']:.2f} s = "
          f"{report_vs_json[f'jobs{jobs}']['ratio']}x (target <= 2x), report {report_run['report_bytes'] / 1e6:.1f} MB")
# `meshgate sweep` of an NBZ/ZIP volume against the sweep of the
# same members extracted into a folder: the corpus's first 1,000 MODs, stored
# and deflated, medians of 5 alternating runs. At --jobs 1 the deflated volume
# is held to 1.15x of the extracted sweep plus libdeflate inflating the same
# members alone (in this process, through ctypes: the floor meshgate's
# inflate can reach); at --jobs 2 its members walk on two threads, held to
# 1.6x faster than --jobs 1 (ratios from the same run). Wall time is shared
# with whatever else runs on the machine: CPU seconds and the load average
# are printed beside it.
import ctypes, shutil, statistics, struct, zipfile
vol_dir = os.path.join(os.path.dirname(corpus), "volume-sweep")
mods = sorted(f for f in os.listdir(corpus) if f.endswith(".mod"))[:1000]
extracted = os.path.join(vol_dir, "extracted", "GData.afs")
if not os.path.isdir(extracted):
    os.makedirs(extracted)
    for f in mods:
        shutil.copy(os.path.join(corpus, f), extracted)
    for name, method in (("stored", zipfile.ZIP_STORED), ("deflate", zipfile.ZIP_DEFLATED)):
        with zipfile.ZipFile(os.path.join(vol_dir, f"{name}.nbz"), "w", method) as z:
            for f in mods:
                z.write(os.path.join(extracted, f), f"GData.afs/{f}")
def sweep_seconds(target, jobs=1):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(["./build/meshgate", "sweep", target, "--jobs", str(jobs)], capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return time.monotonic() - start, cpu
def deflate_streams(path):
    raw = open(path, "rb").read()
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            name_len, extra_len = struct.unpack("<HH", raw[info.header_offset + 26:info.header_offset + 30])
            start = info.header_offset + 30 + name_len + extra_len
            yield raw[start:start + info.compress_size], info.file_size
libdeflate = ctypes.CDLL("libdeflate.so.0")
libdeflate.libdeflate_alloc_decompressor.restype = ctypes.c_void_p
libdeflate.libdeflate_deflate_decompress.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p,
                                                     ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
streams = list(deflate_streams(os.path.join(vol_dir, "deflate.nbz")))
decompressor = libdeflate.libdeflate_alloc_decompressor()
inflated = ctypes.create_string_buffer(max(size for _, size in streams))
def inflate_only_seconds():
    got = ctypes.c_size_t()
    start, cpu = time.monotonic(), time.process_time()
    for data, size in streams:
        if libdeflate.libdeflate_deflate_decompress(decompressor, data, len(data), inflated, size, ctypes.byref(got)) != 0:
            raise SystemExit("libdeflate could not inflate a member of deflate.nbz")
    return time.monotonic() - start, time.process_time() - cpu
# What two threads can gain on this machine now: two sha256sum of the volume
# at once against one after the other (the other agents' and builds' load
# takes its share of the cores from any run).
def two_hashes_seconds(together):
    command = ["sha256sum", os.path.join(vol_dir, "deflate.nbz")]
    start = time.monotonic()
    if together:
        procs = [subprocess.Popen(command, stdout=subprocess.DEVNULL) for _ in range(2)]
        for p in procs:
            p.wait()
    else:
        for _ in range(2):
            subprocess.run(command, stdout=subprocess.DEVNULL)
    return time.monotonic() - start, 0.0
volume_sweep = []
runs = {k: [] for k in ("extracted", "stored", "deflate", "inflate_only", "deflate_jobs2", "hashes_apart", "hashes_together")}
load_before = os.getloadavg()[0]
for _ in range(5):
    runs["extracted"].append(sweep_seconds(os.path.join(vol_dir, "extracted")))
    runs["stored"].append(sweep_seconds(os.path.join(vol_dir, "stored.nbz")))
    runs["deflate"].append(sweep_seconds(os.path.join(vol_dir, "deflate.nbz")))
    runs["inflate_only"].append(inflate_only_seconds())
    runs["deflate_jobs2"].append(sweep_seconds(os.path.join(vol_dir, "deflate.nbz"), 2))
    runs["hashes_apart"].append(two_hashes_seconds(False))
    runs["hashes_together"].append(two_hashes_seconds(True))
load_after = os.getloadavg()[0]
med = {k: statistics.median(w for w, _ in v) for k, v in runs.items()}
cpu = {k: statistics.median(c for _, c in v) for k, v in runs.items()}
floor = med["extracted"] + med["inflate_only"]
floor_ratio, jobs2_speedup = med["deflate"] / floor, med["deflate"] / med["deflate_jobs2"]
two_threads_gain = med["hashes_apart"] / med["hashes_together"]
mod_bytes = sum(os.path.getsize(os.path.join(extracted, f)) for f in mods)
print(f"\nsweep of {len(mods)} MODs ({mod_bytes / 1e6:.1f} MB), medians of 5 (load average {load_before:.1f} -> {load_after:.1f}), "
      f"wall s (CPU s): extracted {med['extracted']:.3f} ({cpu['extracted']:.3f}), stored volume {med['stored']:.3f} "
      f"({cpu['stored']:.3f}), deflated volume {med['deflate']:.3f} ({cpu['deflate']:.3f}), libdeflate inflate alone "
      f"{med['inflate_only']:.3f} ({cpu['inflate_only']:.3f})")
print(f"deflated volume, --jobs 1: {floor_ratio:.2f}x extracted + inflate alone (target <= 1.15x; CPU "
      f"{cpu['deflate'] / (cpu['extracted'] + cpu['inflate_only']):.2f}x); --jobs 2 {med['deflate_jobs2']:.3f} s "
      f"({cpu['deflate_jobs2']:.3f} CPU s): {jobs2_speedup:.2f}x faster than --jobs 1 (target >= 1.6x; two sha256sum "
      f"at once gained {two_threads_gain:.2f}x over one after the other in the same runs)")
for k in ("stored", "deflate"):
    volume_sweep.append({"members": len(mods), "member_bytes": mod_bytes, "volume": k, "volume_seconds": round(med[k], 3),
                         "extracted_seconds": round(med["extracted"], 3), "ratio": round(med[k] / med["extracted"], 3),
                         "cpu_seconds": round(cpu[k], 3)})
volume_sweep[-1].update({"inflate_only_seconds": round(med["inflate_only"], 3), "floor_ratio": round(floor_ratio, 3),
                         "floor_target_met": floor_ratio <= 1.15, "jobs2_seconds": round(med["deflate_jobs2"], 3),
                         "jobs2_speedup": round(jobs2_speedup, 3), "jobs2_target_met": jobs2_speedup >= 1.6,
                         "two_threads_gain": round(two_threads_gain, 3),
                         "load_average": [round(load_before, 2), round(load_after, 2)]})
json.dump({"benchmarks": rows, "targets": targets, "export_vs_parse": export_vs_parse, "linearity": linearity, "corpus_sweep": scale,
           "report_vs_sweep_json": report_vs_json, "change_path": change_path, "export_winding": winding,
           "volume_roundtrip": volume, "volume_sweep": volume_sweep, "textures": textures},
          open("reports/bench.json", "w"), indent=2, sort_keys=True)
print("wrote reports/bench.json")
PY
else
  cmake --preset release >/dev/null
  cmake --build --preset release --parallel "$(nproc)" --target meshgate
fi

# 2c. Nesting: one input's budgets across nesting, added to reports/bench.json as "nesting".
nesting=$out/nesting
mkdir -p "$nesting"
python3 - "$nesting" <<'PY'
import io, json, os, struct, subprocess, sys, time, zipfile
d = sys.argv[1]
mg = "./build/meshgate"
MIB = 1 << 20
def zipped(members):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(name, data)
    return buf.getvalue()
def pac(members):
    table = 8 + 4 * len(members)
    offsets, body, at = [], [], table
    for m in members:
        offsets.append(at)
        body.append(m)
        at += len(m)
    return b"PAC\0" + struct.pack("<I", len(members)) + b"".join(struct.pack("<I", o) for o in offsets) + b"".join(body)
inputs = []
member = b"MOD " + bytes(32 * MIB - 4)
for depth in (1, 4, 8):
    level = zipped([("level.mod", member)])
    for _ in range(depth - 1):
        level = zipped([("level.mod", member), ("next.nbz", level)])
    path = os.path.join(d, f"depth_{depth}.zip")
    open(path, "wb").write(level)
    inputs.append((f"volumes {depth} deep", path, depth * 32 * MIB, depth))
for files in (10_000, 100_000, 1_000_000):
    leaves = [pac([b"MOD "] * min(8192, files - i)) for i in range(0, files, 8192)]
    path = os.path.join(d, f"nested_{files}.pac")
    open(path, "wb").write(pac(leaves))
    inputs.append((f"{files:,} nested files", path, 0, files + len(leaves)))
rows = []
for name, path, inflated, nested in inputs:
    size = os.path.getsize(path)
    start = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", mg, "sweep", path], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    peak_kib = int(proc.stderr.strip().splitlines()[-1])
    bound = size + min(inflated, 4 << 30) + 64 * MIB
    rows.append({"input": name, "file_bytes": size, "inflated_bytes": inflated, "nested_files": nested,
                 "peak_rss_mb": round(peak_kib / 1024, 1), "wall_seconds": round(wall, 3), "exit_code": proc.returncode,
                 "rss_bytes_per_nested_file": round(max(0, peak_kib * 1024 - size - 64 * MIB) / nested) if not inflated else None,
                 "within_bound": inflated == 0 or peak_kib * 1024 <= bound})
print(f"\n{'sweep of':24} {'file MB':>8} {'inflated MB':>11} {'nested':>9} {'peak MB':>8} {'s':>7} {'B/file':>7} {'exit':>4}")
for r in rows:
    per = r["rss_bytes_per_nested_file"]
    print(f"{r['input']:24} {r['file_bytes'] / 1e6:>8.2f} {r['inflated_bytes'] / MIB:>11.0f} {r['nested_files']:>9} "
          f"{r['peak_rss_mb']:>8.1f} {r['wall_seconds']:>7.2f} {'' if per is None else per:>7} {r['exit_code']:>4}"
          f"{'' if r['within_bound'] else '  OVER'}")
report = json.load(open("reports/bench.json")) if os.path.exists("reports/bench.json") else {}
report["nesting"] = rows
json.dump(report, open("reports/bench.json", "w"), indent=2, sort_keys=True)
print("added the nesting rows to reports/bench.json")
PY
[ "$nesting_only" = 0 ] || exit 0
[ "$nodes_only" = 1 ] || volume_write

# 2b. Node count: every command that reads a model, on chained-node models,
# added to reports/bench.json as "node_count".
chains=$out/chains
mkdir -p "$chains"
for nodes in 1000 10000 20000; do
  [ -f "$chains/chain_$(printf %05d $nodes).msh" ] || ./build/meshgate synth msh --chain $nodes --out "$chains" >/dev/null
done
python3 - "$chains" <<'PY'
import json, os, subprocess, sys, time
chains = sys.argv[1]
mg = "./build/meshgate"
def commands(f, w):
    """Each command that reads a model, as a user runs it on file f (outputs under w)."""
    return [("inspect", ["inspect", f]), ("inspect --json", ["inspect", f, "--json"]), ("roundtrip", ["roundtrip", f]),
            ("sweep", ["sweep", f]), ("diff", ["diff", f, f]), ("diff --semantic", ["diff", "--semantic", f, f]),
            ("set", ["set", f, "res1[0].flags=64", "-o", w + "/set.msh"]), ("dump", ["dump", f, "-o", w + "/dump.json"]),
            ("build", ["build", w + "/dump.json", "-o", w + "/built.msh"]),
            ("rebuild --canonical", ["rebuild", f, "--canonical", "-o", w + "/rebuilt.msh"]),
            ("view", ["view", f, "-o", w + "/view.html"]), ("bytemap", ["bytemap", f, "-o", w + "/map.png"]),
            ("export", ["export", f, "-o", w + "/model.glb"])]
rows = []
for nodes in (1000, 10000, 20000):
    f = os.path.join(chains, f"chain_{nodes:05d}.msh")
    w = os.path.join(chains, f"work-{nodes}")
    os.makedirs(w, exist_ok=True)
    size = os.path.getsize(f)
    for name, argv in commands(f, w):
        # The bounds in docs/GUARANTEES.md: view and export serialise glTF JSON through tinygltf's JSON DOM.
        bound_kib = ((48 if name in ("view", "export") else 16) * size + 64 * 1024 * 1024) // 1024
        for out in ("set.msh", "built.msh", "rebuilt.msh", "view.html", "map.png", "model.glb"):
            if out in " ".join(argv) and os.path.exists(os.path.join(w, out)):
                os.remove(os.path.join(w, out))  # outputs are refused without --force
        start = time.monotonic()
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", mg] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.monotonic() - start
        peak_kib = int(proc.stderr.strip().splitlines()[-1])
        rows.append({"command": name, "nodes": nodes, "file_bytes": size, "peak_rss_mb": round(peak_kib / 1024, 1),
                     "wall_seconds": round(wall, 3), "exit_code": proc.returncode, "bound_mb": round(bound_kib / 1024, 1),
                     "within_bound": peak_kib <= bound_kib, "rss_per_file_byte": round(peak_kib * 1024 / size, 1)})
print(f"\n{'command':20} {'nodes':>6} {'file MB':>8} {'peak MB':>8} {'bound MB':>8} {'x file':>7} {'s':>7} {'exit':>4}")
for r in rows:
    print(f"{r['command']:20} {r['nodes']:>6} {r['file_bytes'] / 1e6:>8.2f} {r['peak_rss_mb']:>8.1f} {r['bound_mb']:>8.1f} "
          f"{r['rss_per_file_byte']:>7.1f} {r['wall_seconds']:>7.2f} {r['exit_code']:>4}{'' if r['within_bound'] else '  OVER'}")
report = json.load(open("reports/bench.json")) if os.path.exists("reports/bench.json") else {}
report["node_count"] = rows
json.dump(report, open("reports/bench.json", "w"), indent=2, sort_keys=True)
print("added the node_count rows to reports/bench.json")
PY

# 3. Fuzzer throughput, added to reports/bench.json as "fuzz".
[ "$fuzz_seconds" -gt 0 ] || exit 0
targets="mod_parse_fuzzer nres_parse_fuzzer msh_parse_fuzzer model_change_fuzzer docs_fuzzer"
bash fuzz/make-seed-corpus.sh build/meshgate "$out/seeds" >/dev/null
: > "$out/fuzz.tsv"
for preset in fuzz fuzz-fast; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" --parallel "$(nproc)" --target $targets >/dev/null
  # Three runs per target, the median quoted: which inputs a run's corpus
  # grows into, and how busy this VM is, move one run's rate by up to 40%.
  for run in 1 2 3; do
    for target in $targets; do
      options=fuzz/$target.options
      dict=$(sed -n 's/^dict = //p' "$options")
      rm -rf "$out/fuzz-corpus" && mkdir -p "$out/fuzz-corpus"
      "build-$preset/fuzz/$target" -seed=$run -max_total_time="$fuzz_seconds" -print_final_stats=1 \
        -max_len="$(sed -n 's/^max_len = //p' "$options")" -rss_limit_mb=512 -malloc_limit_mb=128 \
        ${dict:+-dict=fuzz/dict/$dict} "$out/fuzz-corpus" "$out/seeds/$target" > "$out/$preset-$target.log" 2>&1
      rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/$preset-$target.log")
      printf '%s\t%s\t%s\n' "$preset" "$target" "$rate" >> "$out/fuzz.tsv"
      echo "fuzz: $preset $target run $run: $rate exec/s over $fuzz_seconds s"
    done
  done
done
python3 - "$out/fuzz.tsv" "$fuzz_seconds" <<'PY'
import json, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
runs = {}
for p, t, r in rows:
    runs.setdefault((p, t), []).append(int(r))
report = json.load(open("reports/bench.json"))
report["fuzz"] = []
# What each target must reach: a parse is cheap; the change path runs dump, JSON
# text, the schema check, build and two rebuilds per input; docs syncs twice.
goals = {"model_change_fuzzer": 200, "docs_fuzzer": 1000}
for (p, t), rates in runs.items():
    median = sorted(rates)[len(rates) // 2]
    goal = goals.get(t, 50000)
    report["fuzz"].append({"preset": p, "target": t, "seconds": int(sys.argv[2]), "runs_exec_per_second": rates,
                           "exec_per_second": median, "goal_exec_per_second": goal, "target_met": median >= goal})
    print(f"fuzz: {p} {t}: median {median} exec/s of {rates} (target {goal:,})")
json.dump(report, open("reports/bench.json", "w"), indent=2, sort_keys=True)
print("added the fuzz rows to reports/bench.json")
PY
