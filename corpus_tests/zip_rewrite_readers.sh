#!/usr/bin/env bash
# Independent readers of every volume meshgate's volume writer writes
# (writer/zip/, docs/spec/dmc3-containers.md §2.1): the GoogleTest cases
# ZipRewrite.* save each volume they write with the members it must hold
# (MESHGATE_ZIP_REWRITE_DUMP); Info-ZIP's `unzip -t` tests each one, and
# Python's zipfile runs testzip() and reads every member, whose CRC-32, size
# and name must be the ones meant. A missing unzip or python3 fails the
# suite (ci/install-deps.sh installs both). Usage: zip_rewrite_readers.sh MESHGATE_TESTS
set -euo pipefail
tests=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "zip_rewrite_readers: $*" >&2; exit 1; }
command -v unzip >/dev/null || fail "unzip (Info-ZIP) is not installed: ci/install-deps.sh installs it"
command -v python3 >/dev/null || fail "python3 is not installed"

MESHGATE_ZIP_REWRITE_DUMP="$work" "$tests" --gtest_filter='ZipRewrite.*' >"$work/gtest.log" 2>&1 ||
  { cat "$work/gtest.log" >&2; fail "ZipRewrite.* failed"; }
count=0
for volume in "$work"/*.zip; do
  [ -e "$volume" ] || fail "the tests wrote no volume"
  # A volume of no member is only warned about ("zipfile is empty", exit 1).
  if unzip -tqq "$volume" >"$work/unzip.log" 2>&1; then :
  elif [ ! -s "${volume%.zip}.members" ] && grep -q "zipfile is empty" "$work/unzip.log"; then :
  else cat "$work/unzip.log" >&2; fail "unzip -t rejects $(basename "$volume")"; fi
  count=$((count + 1))
done
python3 - "$work" <<'PY' || fail "Python's zipfile disagrees"
import glob, os, sys, zipfile, zlib
volumes = sorted(glob.glob(os.path.join(sys.argv[1], "*.zip")))
for path in volumes:
    expected = {}
    with open(path[:-4] + ".members", encoding="utf-8") as f:
        for line in f:
            crc, size, name = line.rstrip("\n").split(" ", 2)
            expected[name] = (int(crc, 16), int(size))
    with zipfile.ZipFile(path) as z:
        bad = z.testzip()
        assert bad is None, f"{path}: testzip fails at {bad}"
        got = {}
        for info in z.infolist():
            data = z.read(info)
            got[info.filename] = (zlib.crc32(data), len(data))
    assert got == expected, f"{os.path.basename(path)}: {sorted(set(got.items()) ^ set(expected.items()))}"
print(f"zip_rewrite_readers: {len(volumes)} volumes read by zipfile")
PY
[ "$count" -ge 14 ] || fail "only $count volumes written (expected at least 14)"
echo "zip_rewrite_readers: $count volumes pass unzip -t and zipfile"
