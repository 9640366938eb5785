#!/usr/bin/env bash
# A PNG put into texture members end to end, judged by an independent
# decoder: `replace 'tex.ptx!N' smooth.png` into a DXT1 and a DXT5 entry of
# the synthetic companions (another size than the entry's), then PIL
# (python3-pil) opens each DDS meshgate wrote, at the PNG's size, and
# measures it >= 30 dB against the PNG; the JSON's conversion gives PSNR per
# level, level 0 >= 30 dB. `replace 'Textures.lib!TEX_0002'` (a 565 Texm) decodes
# back >= 30 dB. Refused: a DXT entry given a size that is not whole 4x4
# blocks (naming the rule), a PNG larger than meshgate reads, a PNG cut short.
# Fails, never skips, without PIL. Usage: texture_replace.sh MESHGATE
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "texture_replace: $*" >&2; exit 1; }

# Debian's PIL lives in the system Python; a python3 earlier on PATH may lack it.
py=
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import PIL.DdsImagePlugin' 2>/dev/null; then py=$candidate; break; fi
done
[ -n "$py" ] || fail "PIL (python3-pil, ci/install-deps.sh) is needed to decode the DDS images meshgate writes"

"$bin" synth ptx --seed 5 --count 6 --out "$work/ptx" >/dev/null
"$bin" synth texm --seed 5 --count 4 --out "$work/texm" >/dev/null

# The first DXT1 and the first DXT5 texture-object entry of the companions, and a smooth PNG of another size.
"$py" - "$work" > "$work/targets.txt" <<'PY'
import glob, struct, sys
from PIL import Image
work = sys.argv[1]
found = {}
for path in sorted(glob.glob(f"{work}/ptx/tex_*.ptx")):
    data = open(path, "rb").read()
    count = struct.unpack_from("<I", data, 0)[0]
    at = 0x800
    for i in range(count):
        blocks = struct.unpack_from("<I", data, 4 + 4 * i)[0]
        head = data[at:at + 4]
        fourcc = data[at + 0x70 + 0x54:at + 0x70 + 0x58]
        if head != b"TM2\0" and data[at + 0x70:at + 0x74] == b"DDS " and fourcc in (b"DXT1", b"DXT5"):
            found.setdefault(fourcc.decode(), (path, i))
        at += blocks * 0x800
# A smooth picture: two gradients and a slow alpha ramp (opaque for DXT1's one-bit alpha).
w, h = 96, 64
for name, translucent in (("smooth_opaque", False), ("smooth_alpha", True)):
    img = Image.new("RGBA", (w, h))
    img.putdata([(40 + x * 150 // w, 60 + y * 120 // h, 200 - (x + y) * 80 // (w + h),
                  (120 + x * 120 // w) if translucent else 255) for y in range(h) for x in range(w)])
    img.save(f"{work}/{name}.png")
img.crop((0, 0, 30, 32)).save(f"{work}/odd.png")
for kind in ("DXT1", "DXT5"):
    path, i = found[kind]
    print(kind, path, i)
PY

judge_dds() {  # KIND PTX INDEX PNG JSON: PIL decodes the entry's DDS at the PNG's size, >= 30 dB
  "$py" - "$@" <<'PY' || fail "PIL's reading of the $1 entry meshgate wrote"
import io, json, math, struct, sys
from PIL import Image
kind, ptx, index, png, report = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
data = open(ptx, "rb").read()
at = 0x800 + 0x800 * sum(struct.unpack_from("<I", data, 4 + 4 * i)[0] for i in range(index))
size = struct.unpack_from("<I", data, at + 0x64)[0]
dds = Image.open(io.BytesIO(data[at + 0x70:at + 0x70 + size]))
dds.load()
want = Image.open(png).convert("RGBA")
assert dds.size == want.size, (dds.size, want.size)
got = dds.convert("RGBA").tobytes()
ref = want.tobytes()
mse = sum((a - b) ** 2 for a, b in zip(got, ref)) / len(ref)
psnr = math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)
assert psnr >= 30, f"{kind}: PIL decodes the entry at {psnr:.2f} dB against the PNG"
conv = json.load(open(report))["conversion"]
assert conv["format"] == kind, conv
levels = conv["levels"]
assert len(levels) == conv["mip_count"] and levels[0]["width"] == want.size[0], conv
# Every level is measured; the >= 30 dB of every level is texture_encode_tests' (on the generators' smooth
# pictures): this script's gradient is steep, so its 6x4 and 3x2 levels hold a whole ramp in a block or two.
assert all(l["exact"] or l["psnr_db"] > 0 for l in levels) and levels[0]["psnr_db"] >= 30, levels
print(f"{kind}: PIL {psnr:.2f} dB at level 0; meshgate {levels[0]['psnr_db']:.2f} dB; {len(levels)} levels")
PY
}

while read -r kind ptx index; do
  png=$work/smooth_opaque.png
  [ "$kind" = DXT5 ] && png=$work/smooth_alpha.png
  "$bin" replace "$ptx!$index" "$png" -o "$work/new_$kind.ptx" --json > "$work/$kind.json" ||
    fail "replace of a PNG into the $kind entry $ptx!$index exited $?"
  judge_dds "$kind" "$work/new_$kind.ptx" "$index" "$png" "$work/$kind.json"
  "$bin" roundtrip "$work/new_$kind.ptx" >/dev/null || fail "the PTX with the new $kind entry does not round-trip"
  # A DXT entry holds whole 4x4 blocks: 30x32 is refused naming the rule, and nothing is written.
  set +e
  "$bin" replace "$ptx!$index" "$work/odd.png" -o "$work/odd_$kind.ptx" 2> "$work/odd.err"
  code=$?
  set -e
  [ "$code" = 1 ] || fail "a 30x32 PNG into a $kind entry exited $code, not 1"
  grep -q "multiples of 4" "$work/odd.err" || fail "the 30x32 refusal does not name the rule: $(cat "$work/odd.err")"
  [ ! -e "$work/odd_$kind.ptx" ] || fail "a refused replace wrote its output"
done < "$work/targets.txt"

# A Texm in Textures.lib (TEX_0002 is format 565): decoded back by meshgate's own texture command.
"$bin" replace "$work/texm/Textures.lib!TEX_0002" "$work/smooth_opaque.png" -o "$work/new.lib" --json > "$work/texm.json" ||
  fail "replace of a PNG into Textures.lib!TEX_0002 exited $?"
"$bin" texture "$work/new.lib!TEX_0002" -o "$work/back.png" >/dev/null || fail "the new Texm does not decode"
"$py" - "$work/back.png" "$work/smooth_opaque.png" "$work/texm.json" <<'PY' || fail "the 565 Texm meshgate wrote"
import json, math, sys
from PIL import Image
got = Image.open(sys.argv[1]).convert("RGB").tobytes()
ref = Image.open(sys.argv[2]).convert("RGB").tobytes()
mse = sum((a - b) ** 2 for a, b in zip(got, ref)) / len(ref)
assert mse > 0 and 10 * math.log10(255 * 255 / mse) >= 30, mse
conv = json.load(open(sys.argv[3]))["conversion"]
assert conv["format"] == "Texm 565" and conv["levels"][0]["psnr_db"] >= 30, conv
PY

# A PNG larger than meshgate reads (its IHDR says 20000 wide), and one cut short: refused, nothing written.
read -r _ ptx index < "$work/targets.txt"
"$py" - "$work/smooth_opaque.png" "$work/huge.png" "$work/cut.png" <<'PY'
import struct, sys, zlib
original = open(sys.argv[1], "rb").read()
open(sys.argv[3], "wb").write(original[:len(original) // 2])
data = bytearray(original)
struct.pack_into(">I", data, 16, 20000)
struct.pack_into(">I", data, 29, zlib.crc32(bytes(data[12:29])) & 0xFFFFFFFF)
open(sys.argv[2], "wb").write(data)
PY
for case in huge cut; do
  set +e
  "$bin" replace "$ptx!$index" "$work/$case.png" -o "$work/$case.ptx" 2> "$work/$case.err"
  code=$?
  set -e
  [ "$code" = 1 ] || fail "the $case PNG exited $code, not 1"
  [ ! -e "$work/$case.ptx" ] || fail "the $case PNG's refusal wrote its output"
done
grep -q "20000x64: wider or taller than the 16384 pixels meshgate reads" "$work/huge.err" || fail "huge: $(cat "$work/huge.err")"
grep -q "not a readable PNG" "$work/cut.err" || fail "cut: $(cat "$work/cut.err")"
echo "texture_replace: ok"
