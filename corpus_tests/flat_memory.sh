#!/usr/bin/env bash
# Memory that does not grow with the number of files (issue 52): `manifest`
# and `gate` keep no swept file and no lock DOM, so what they need beyond a
# plain `sweep` of the same tree stays the same from a 5 MB synthetic install
# (58 files, 264 entries with the nested ones) to a 40 MB one (412 files,
# 1,715 entries). Before (main at 64b46b1) that extra grew by 2.1-2.5 MB
# (manifest) and 7.0 MB (gate); after, by -0.5 to +1.0 MB (the noise of one
# peak against another: three runs each). The bound here is 1.5 MB for 1,451
# more entries (about 1 KB each; the gate's index keeps ~160 bytes). The
# sweep itself is the baseline because its own peak follows the largest file
# it meets (6 MB more in the larger tree), not the count. Peak RSS is the
# child's ru_maxrss; every command at --jobs 1. Cost: about 8 s on an idle
# core (two synth installs, six sweeps).
# Usage: flat_memory.sh MESHGATE [sanitized]   (sanitized: the commands run, memory is not judged)
set -euo pipefail
bin=$1
mode=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "flat_memory: $*" >&2; exit 1; }

# Peak RSS in KiB of one command, which must exit with the code given first.
peak() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys
want, cmd = int(sys.argv[1]), sys.argv[2:]
rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode
if rc != want:
    sys.exit(f"{' '.join(cmd)} exited {rc}, expected {want}")
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
}

declare -A extra_manifest extra_gate
for scale in 5 40; do
  tree=$work/install$scale
  "$bin" synth install --scale $scale --seed 1 --out "$tree" > /dev/null || fail "synth install --scale $scale exited $?"
  sweep=$(peak 1 "$bin" sweep "$tree" --jobs 1) || fail "$sweep"
  manifest=$(peak 0 "$bin" manifest "$tree" -o "$work/lock$scale.json" --jobs 1) || fail "$manifest"
  gate=$(peak 0 "$bin" gate "$work/lock$scale.json" "$tree" --jobs 1) || fail "$gate"
  extra_manifest[$scale]=$((manifest - sweep))
  extra_gate[$scale]=$((gate - sweep))
  echo "flat_memory: ${scale} MB install: sweep ${sweep} KiB, manifest ${manifest} KiB, gate ${gate} KiB"
done
[ -z "$(find "$work" -name '.*meshgate-*')" ] || fail "a scratch file was left: $(find "$work" -name '.*meshgate-*')"

[ "$mode" = sanitized ] && { echo "flat_memory: sanitized build, memory not judged"; exit 0; }
limit=1536
for command in manifest gate; do
  declare -n extra=extra_$command
  grew=$((extra[40] - extra[5]))
  echo "flat_memory: $command needs ${extra[5]} KiB beyond the sweep at 5 MB, ${extra[40]} KiB at 40 MB (+${grew} KiB)"
  [ "$grew" -le "$limit" ] || fail "$command's memory beyond the sweep grew by $grew KiB from 5 to 40 MB of install (at most $limit)"
done
echo "flat_memory: ok"
