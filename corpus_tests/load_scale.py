"""Deadlines that stretch with the machine's load (headless_pages.py, run_scaled.sh).

A suite's budget is what a step needs, with margin, on an idle machine. When the
run queue holds N times as many runnable tasks as there are cores, each task gets
about 1/N of a core and the same step takes about N times as long: a fixed
budget then fails a correct page because CI shares its cores (issue 48 item 18:
one DevTools call over 60 s while two other suites ran). A Deadline's budget is
multiplied by the highest such N (the one-minute load average over the core
count, at least 1) seen since it started, so a hung page or process still
fails, once it has had what the loaded machine needed.
"""
import os
import time


def load_factor():
    """How many times slower than alone a CPU-bound step runs now (>= 1)."""
    cores = os.cpu_count() or 1
    return max(1.0, os.getloadavg()[0] / cores)


class Deadline:
    def __init__(self, seconds):
        self.start = time.monotonic()
        self.seconds = seconds
        self.factor = load_factor()

    def left(self):
        """Seconds left, the budget stretched by the highest load seen so far."""
        self.factor = max(self.factor, load_factor())
        return self.start + self.seconds * self.factor - time.monotonic()

    def budget(self):
        """The stretched budget, for messages."""
        return self.seconds * self.factor
