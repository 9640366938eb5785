#!/usr/bin/env bash
# `timeout SECONDS COMMAND...` whose SECONDS stretch with the machine's load.
# Usage: run_scaled.sh SECONDS COMMAND [ARG...]
# Runs COMMAND (stdin, stdout and stderr its own) and exits with its status.
# Once SECONDS, multiplied by the highest load factor seen since it started
# (the one-minute load average over the core count, at least 1: when the run
# queue holds N tasks per core a CPU-bound step takes about N times as long),
# have passed, its process group is killed and the status is 124, as
# timeout(1) gives. The browser and Blender suites' guard against a hang: a
# fixed `timeout` failed them on a busy machine (issue 48 item 18). Bash, not
# Python: a pyenv interpreter puts its own directory first on PATH, and a
# Blender started under it no longer found Debian's numpy.
# headless_pages.py stretches its own waits the same way (load_scale.py).
set -uo pipefail
seconds=$1
shift
cores=$(nproc)
# In hundredths: bash has integers only.
factor() {
  local load
  read -r load _ </proc/loadavg
  load=$(( 10#${load%.*} * 100 + 10#${load#*.} ))
  local f=$(( load / cores ))
  echo $(( f > 100 ? f : 100 ))
}
worst=$(factor) start=$SECONDS
setsid "$@" <&0 &  # its own process group, killed whole (a browser's helpers too)
pid=$!
trap 'kill -KILL -- -$pid 2>/dev/null; exit 143' TERM INT HUP
while kill -0 "$pid" 2>/dev/null; do
  f=$(factor)
  [ "$f" -le "$worst" ] || worst=$f
  if [ $(( (SECONDS - start) * 100 )) -gt $(( seconds * worst )) ]; then
    echo "run_scaled: $1 still ran after $(( seconds * worst / 100 )) s ($seconds s stretched by the load); killed" >&2
    kill -KILL -- -"$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    exit 124
  fi
  sleep 1 &
  wait $!  # a trap runs during wait, not during a foreground sleep
done
wait "$pid"
