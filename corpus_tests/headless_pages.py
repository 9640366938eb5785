#!/usr/bin/env python3
"""One headless Chromium for many pages (viewer_browser.sh, report_browser.sh).

usage: headless_pages.py BROWSER WIDTH,HEIGHT OUT_DIR [CHROMIUM_FLAG...]
Reads lines "NAME URL_OR_PATH [WIDTH,HEIGHT]" on stdin (a page's own size, else
the browser's: a software-rendered WebGL page's cost grows with its pixels). Each page opens in a fresh tab of one
browser (started once: a start costs ~3 s, and a page given a fixed budget of
time waits it out). The page itself waits until its <pre id="status"> says
ready, or says an error once the document has loaded (a promise the driver
awaits in one DevTools call: polling from here queued a round trip per 0.1 s
behind the page's own work); then it is given SETTLE_SECONDS more for late
errors, and OUT_DIR/NAME.dom (the document, as --dump-dom writes it) and
OUT_DIR/NAME.png (the window, as --screenshot takes it) are written. One line
is printed per page: "NAME ok", or "NAME failed: WHY" (the caller decides what
a page must show; this only loads it). Every wait has a budget that stretches
with the machine's load (load_scale.py): a busy machine makes a page slow, not
wrong. The browser speaks the DevTools protocol over a pipe
(--remote-debugging-pipe: fd 3 in, fd 4 out, each message JSON ended by a NUL
byte).
"""
import base64
import fcntl
import json
import os
import pathlib
import re
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load_scale import Deadline  # noqa: E402  (beside this script)

SETTLE_SECONDS = 1.0
# Budgets on an idle machine, stretched by the load: a page to say ready, and
# any other DevTools call. The slowest page, viewer_browser's animated actor,
# said ready after 174 s at 1200x800 and 41 s at 600x400 under a load of ~18 on
# two cores (four posed frames, each ~40 s of SwiftShader at 1200x800).
PAGE_SECONDS = 60.0
CALL_SECONDS = 60.0
# A failed page stops being waited for this long after it loaded with an error.
ERROR_GRACE_MS = 3000
# Resolves once the page says ready, or has said an error for ERROR_GRACE_MS
# after its document loaded: the page's own timers look, not DevTools calls.
SETTLED = """new Promise((resolve) => {
  let erred = null;
  const look = () => {
    const status = document.getElementById("status");
    let state = {};
    try { state = JSON.parse((status && status.textContent) || "{}"); } catch (e) {}
    if (state.ready === true) return resolve("ready");
    if (document.readyState === "complete" && state.errors && state.errors.length) {
      erred = erred === null ? performance.now() : erred;
      if (performance.now() - erred > %d) return resolve("errors");
    }
    setTimeout(look, 50);
  };
  look();
})""" % ERROR_GRACE_MS


class Browser:
    def __init__(self, browser, width, height, flags):
        to_browser, self.commands = os.pipe()
        self.replies, from_browser = os.pipe()
        # The browser reads fd 3 and writes fd 4; a shell moves the pipe ends
        # there from numbers above 9, which cannot be 3 or 4 themselves.
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser, from_browser)]
        for fd in (to_browser, from_browser):
            os.close(fd)
        command = [browser, "--headless", "--no-sandbox", f"--window-size={width},{height}",
                   "--remote-debugging-pipe", *flags, "about:blank"]
        self.process = subprocess.Popen(
            ["bash", "-c", f'exec "$@" 3<&{ends[0]} 4>&{ends[1]} {ends[0]}<&- {ends[1]}>&-', "chromium", *command],
            pass_fds=ends, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        for fd in ends:
            os.close(fd)
        self.width, self.height = width, height
        self.buffer = b""
        self.next_id = 0

    def call(self, method, params=None, session=None, seconds=CALL_SECONDS):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = Deadline(seconds)
        while True:
            reply = self._read(deadline, method)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def _read(self, deadline, method):
        while b"\0" not in self.buffer:
            left = deadline.left()
            if left <= 0:
                raise TimeoutError(f"the browser did not answer {method} in {deadline.budget():.0f} s "
                                   f"({deadline.seconds:.0f} s stretched by the load)")
            # At most a second at a time: the budget grows if the load does.
            if not select.select([self.replies], [], [], min(left, 1.0))[0]:
                continue
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise RuntimeError(f"the browser exited ({self.process.wait()})")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def page(self, url, out_stem, size=None):
        width, height = size or (self.width, self.height)
        target = self.call("Target.createTarget", {"url": "about:blank"})
        target_id = target["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target_id, "flatten": True})["sessionId"]
        try:
            # The page is the window's size, as --window-size makes it for --screenshot.
            self.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
            self.call("Page.navigate", {"url": url}, session)
            self._watch(session)
            dom = self._evaluate(session, "document.documentElement.outerHTML")
            pathlib.Path(out_stem + ".dom").write_text(dom, encoding="utf-8")
            shot = self.call("Page.captureScreenshot", {"format": "png"}, session)["data"]
            pathlib.Path(out_stem + ".png").write_bytes(base64.b64decode(shot))
        finally:
            self.call("Target.closeTarget", {"targetId": target_id})

    def _evaluate(self, session, expression, seconds=CALL_SECONDS):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                           session, seconds)
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluating the page's state: {result['exceptionDetails']}")
        return result["result"].get("value")

    def _watch(self, session):
        try:
            self._evaluate(session, SETTLED, PAGE_SECONDS)
        except TimeoutError:
            pass  # the page never said ready: its DOM and screenshot say how far it got
        time.sleep(SETTLE_SECONDS)

    def close(self):
        try:
            self.call("Browser.close", seconds=10)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    browser, size, out = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    width, height = (int(v) for v in size.split(","))
    chrome = Browser(browser, width, height, sys.argv[4:])
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            name, target = line.strip().split(" ", 1)
            size = None
            if re.fullmatch(r".* \d+,\d+", target):
                target, size = target.rsplit(" ", 1)
                size = tuple(int(v) for v in size.split(","))
            url = target if "://" in target else pathlib.Path(target).resolve().as_uri()
            try:
                chrome.page(url, str(out / name), size)
                print(f"{name} ok", flush=True)
            except (RuntimeError, TimeoutError, OSError, ValueError) as e:
                print(f"{name} failed: {e}", flush=True)
    finally:
        chrome.close()


if __name__ == "__main__":
    main()
