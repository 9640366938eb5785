#!/usr/bin/env python3
"""Seeds for mat0_wear_fuzzer: every MAT0 and WEAR entry of the NRes archives
given (from `meshgate synth materials --malformed`), each prefixed with the
fuzzer's selector byte (0x00: MAT0 v6; 0x01 + version: another MAT0 version;
0x81: WEAR). Usage: material-seeds.py OUT_DIR ARCHIVE..."""
import os
import struct
import sys

MAT0, WEAR = 0x3054414D, 0x52414557


def entries(data):
    if len(data) < 16 or data[:4] != b"NRes":
        return
    count, total = struct.unpack_from("<iI", data, 8)
    base = total - 64 * count
    for i in range(max(count, 0)):
        at = base + 64 * i
        if at < 0 or at + 64 > len(data):
            return
        type_id, _, attr2, size = struct.unpack_from("<IIII", data, at)
        offset = struct.unpack_from("<I", data, at + 0x38)[0]
        payload = data[offset:offset + size]
        if type_id in (MAT0, WEAR) and len(payload) < 16384:
            yield type_id, attr2, payload
        if payload[:4] == b"NRes":
            yield from entries(payload)


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
n = 0
for path in sys.argv[2:]:
    for type_id, attr2, payload in entries(open(path, "rb").read()):
        if type_id == WEAR:
            seed = b"\x81" + payload
        elif attr2 == 6:
            seed = b"\x00" + payload
        else:
            seed = b"\x01" + bytes([attr2 & 0xFF]) + payload
        with open(os.path.join(out, "seed_%04d" % n), "wb") as f:
            f.write(seed)
        n += 1
