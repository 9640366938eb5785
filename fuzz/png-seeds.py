#!/usr/bin/env python3
"""Seeds for png_fuzzer in the PNG colour types and depths meshgate itself never writes (meshgate's own
RGB and RGBA pictures come from `meshgate texture`): grey at 1, 2, 4, 8 and 16 bits, grey + alpha, RGB and
RGBA at 16 bits, a palette with and without tRNS, a grey tRNS key. Written with the standard library only
(zlib, struct), smooth gradients, a few dozen pixels each.
usage: png-seeds.py OUT_DIR"""
import pathlib
import struct
import sys
import zlib


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width, height, depth, colour, rows, extra=b""):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    raw = b"".join(b"\0" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def packed(values, depth):
    """A row of `depth`-bit samples, packed high bits first."""
    if depth >= 8:
        return b"".join(v.to_bytes(depth // 8, "big") for v in values)
    out, acc, bits = bytearray(), 0, 0
    for v in values:
        acc, bits = acc << depth | v, bits + depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def gradient(w, h, depth, channels):
    top = (1 << depth) - 1
    return [packed([min(top, ((x + y + c * 3) * top) // (w + h + 6)) for x in range(w) for c in range(channels)], depth)
            for y in range(h)]


out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
for depth in (1, 2, 4, 8, 16):
    (out / f"grey{depth}.png").write_bytes(png(9, 7, depth, 0, gradient(9, 7, depth, 1)))
(out / "grey8_alpha.png").write_bytes(png(8, 5, 8, 4, gradient(8, 5, 8, 2)))
(out / "grey16_alpha.png").write_bytes(png(8, 5, 16, 4, gradient(8, 5, 16, 2)))
(out / "rgb16.png").write_bytes(png(6, 6, 16, 2, gradient(6, 6, 16, 3)))
(out / "rgba16.png").write_bytes(png(8, 8, 16, 6, gradient(8, 8, 16, 4)))
palette = chunk(b"PLTE", bytes(v for i in range(16) for v in (i * 16, 255 - i * 16, 128)))
rows = [packed([(x + y) % 16 for x in range(12)], 4) for y in range(4)]
(out / "palette4.png").write_bytes(png(12, 4, 4, 3, rows, palette))
(out / "palette4_trns.png").write_bytes(png(12, 4, 4, 3, rows, palette + chunk(b"tRNS", bytes(range(0, 256, 16)))))
(out / "grey8_trns.png").write_bytes(png(9, 7, 8, 0, gradient(9, 7, 8, 1), chunk(b"tRNS", b"\0\x10")))
