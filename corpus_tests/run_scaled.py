#!/usr/bin/env python3
"""`timeout SECONDS COMMAND...` whose SECONDS stretch with the machine's load.

usage: run_scaled.py SECONDS COMMAND [ARG...]
Runs COMMAND (stdin, stdout and stderr its own) and exits with its status; if it
is still running once SECONDS, multiplied by the highest load factor seen
(load_scale.py), have passed, its process group is killed and the exit status
is 124, as timeout(1) says it. The browser and Blender suites' guard against a
hang: a fixed `timeout` failed them on a busy machine.
"""
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load_scale import Deadline  # noqa: E402  (beside this script)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    deadline = Deadline(float(sys.argv[1]))
    process = subprocess.Popen(sys.argv[2:], start_new_session=True)
    # Its own process group (killed whole: a browser's helpers too) no longer
    # hears the terminal's or CTest's signals: pass them on.
    def stop(signum, _frame):
        os.killpg(process.pid, signal.SIGKILL)
        sys.exit(128 + signum)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    while True:
        try:
            return process.wait(timeout=max(0.1, min(1.0, deadline.left())))
        except subprocess.TimeoutExpired:
            if deadline.left() > 0:
                continue
        print(f"run_scaled: {sys.argv[2]} still ran after {deadline.budget():.0f} s "
              f"({sys.argv[1]} s stretched by the load); killed", file=sys.stderr)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return 124


if __name__ == "__main__":
    sys.exit(main())
