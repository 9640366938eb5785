#!/usr/bin/env bash
# The AVX2 / AVX-512 clones of MESHGATE_ELEMENT_KERNEL functions must not hand
# dirty upper vector state to SSE code: on the project's VMs every later SSE
# instruction (libcrypto's SHA-NI included) then pays a transition penalty.
# GCC once called an out-of-line helper from a clone without the vzeroupper it
# owed, and a MOD sweep ran 10% slower. This walks each clone's instructions
# in order and fails on a call to a non-clone function, or a return, made
# after a ymm/zmm write with no vzeroupper since (straight-line, so it can
# over-report a path that is never taken; it did not miss the case above).
# Usage: vector_clones_clean.sh BINARY. Skips (77) without objdump.
set -euo pipefail
binary=$1
command -v objdump >/dev/null || { echo "objdump not found: skipped"; exit 77; }
objdump -d --no-show-raw-insn -C "$binary" | python3 -c '
import re, sys
function, dirty, clones, found = None, False, 0, []
clone = re.compile(r"\[clone \.(arch_x86_64_v4|avx2)\]")
for line in sys.stdin:
    header = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
    if header:
        function, dirty = header.group(1), False
        clones += bool(clone.search(function))
        continue
    if function is None or not clone.search(function):
        continue
    if "vzeroupper" in line:
        dirty = False
    elif re.search(r"%[yz]mm", line):
        dirty = True
    elif dirty and re.search(r"\t(ret|call) ", line):
        target = line.split("<", 1)[-1]
        if not clone.search(target):
            found.append(function[:100] + ": " + line.strip()[:120])
print(f"{clones} vector clones checked")
for f in found:
    print("dirty upper state leaves " + f)
sys.exit(1 if found else 0)
'
