#!/usr/bin/env bash
# Runs a Windows program under Debian's wine64, for the windows tree's tests
# (CMAKE_CROSSCOMPILING_EMULATOR) and the wine suites:
#   bash ci/wine-run.sh build-windows/meshgate.exe --version
# - one prefix, kept in the cache (its first creation takes ~6 s), unless
#   WINEPREFIX is set;
# - no debugger: a crash is a failure (exit code), not a winedbg prompt;
# - no wine diagnostics on stderr: tests compare what the program says;
# - a wineserver kept running (-p) for the whole test run: a server started
#   by a child that inherits CTest's pipes would keep them open, and CTest
#   would wait for it; `bash ci/wine-run.sh --stop` ends it (ci/test.sh does,
#   after the Windows suites);
# - the prefix made once under a lock: tests that start together wait for
#   the first to finish making it.
set -euo pipefail
export WINEPREFIX=${WINEPREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/meshgate/wine-prefix}
export WINEDEBUG=-all WINEARCH=win64
export WINEDLLOVERRIDES="winedbg.exe=d;mscoree=d;mshtml=d"
wine=/usr/lib/wine/wine64
if [ ! -x "$wine" ]; then
  echo "ci/wine-run.sh: $wine not found (apt-get install wine64)" >&2
  exit 2
fi
server=/usr/lib/wine/wineserver64
if [ "${1:-}" = --stop ]; then
  "$server" -k >/dev/null 2>&1 || true
  exit 0
fi
mkdir -p "$(dirname "$WINEPREFIX")"
(
  flock 9
  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    "$wine" wineboot --init >/dev/null 2>&1 || { echo "ci/wine-run.sh: wineboot failed in $WINEPREFIX" >&2; exit 2; }
    "$server" -w  # the registry is on disk once the server that wrote it has ended
  fi
  # The kept server, and wine's own services (winedevice, plugplay) started
  # by a program whose output goes nowhere: started by the caller's program,
  # they would hold its stdout open for as long as the server lives, and a
  # caller reading that pipe to its end ($(...), | tail) would wait forever.
  if ! "$server" -k0 2>/dev/null; then  # signal 0: is a server of this prefix running?
    "$server" -p >/dev/null 2>&1 </dev/null 9>&- || true
    "$wine" cmd /c exit >/dev/null 2>&1 </dev/null 9>&- || true
  fi
) 9>"$WINEPREFIX.lock"
exec "$wine" "$@"
