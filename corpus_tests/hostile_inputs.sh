#!/usr/bin/env bash
# Issue 26: every command on every input kind it reads, fed a small hostile set
# (the cases of the issue), in the release tree and under ASan+UBSan. Each case
# states the exit code and a phrase of the message; a sanitizer report, a
# crash, a hang (RUN_SECONDS) or another exit code fails the test.
# Usage: hostile_inputs.sh MESHGATE [sanitized]
set -uo pipefail
bin=$1 sanitized=${2:-}
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "hostile_inputs: $*" >&2; exit 1; }
py=/usr/bin/python3
[ -x "$py" ] || py=python3
# run EXPECTED_RC NAME -- command...: stdin closed, $RUN_SECONDS s at most (30
# unless set); stdout/stderr kept in $work/NAME.out / .err; a sanitizer report
# in stderr fails even with the expected exit code.
run() {
  local want=$1 name=$2; shift 3
  timeout "${RUN_SECONDS:-30}" "$@" </dev/null >"$work/$name.out" 2>"$work/$name.err"
  local rc=$?
  grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$work/$name.err" &&
    fail "$name: sanitizer report: $(grep -m 3 -E 'Sanitizer|runtime error' "$work/$name.err")"
  [ $rc -eq "$want" ] || fail "$name: exited $rc, expected $want; stderr: $(head -c 600 "$work/$name.err")"
}
says() { grep -qF -- "$2" "$work/$1.out" "$work/$1.err" || fail "$1: does not say '$2': $(head -c 600 "$work/$1.err")"; }
corpus=$work/corpus
"$bin" synth mod --seed 26 --count 4 --out "$corpus" >/dev/null || fail "synth mod"
"$bin" synth msh --seed 26 --count 4 --out "$corpus" >/dev/null || fail "synth msh"

# ==== import: glTF, GLB and what their URIs name (items 1-5) ====================
# Fixtures written by python (no game file): a .gltf over a 36-byte
# three-vertex buffer, in variants; each case one line with its exit code and
# the phrase its message must say. Peak RSS (GNU time) for the memory cases.
imp=$work/import
mkdir -p "$imp/model/sub" "$imp/model/fifo"
"$py" - "$imp" <<'PY' || fail "import fixtures"
import base64, json, struct, sys, zlib
imp = sys.argv[1]
verts = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
def gltf(uri, length=36, count=3, images=None, version="2.0"):
    g = {"asset": {"version": version}, "buffers": [{"uri": uri, "byteLength": length}],
         "bufferViews": [{"buffer": 0, "byteLength": 36}],
         "accessors": [{"bufferView": 0, "componentType": 5126, "count": count, "type": "VEC3"}],
         "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}], "nodes": [{"mesh": 0}]}
    if images is not None:
        g["images"] = images
    return json.dumps(g)
def write(name, text):
    open(f"{imp}/model/{name}", "w").write(text)
data = "data:application/octet-stream;base64," + base64.b64encode(verts).decode()
open(f"{imp}/model/m.bin", "wb").write(verts)
open(f"{imp}/secret.bin", "wb").write(verts)
write("ok.gltf", gltf("m.bin"))
write("count.gltf", gltf(data, count=2**62))                         # item 1
write("dotdot.gltf", gltf("../../../../etc/passwd"))                 # item 2
write("pct.gltf", gltf("%2e%2e/secret.bin"))
write("abs.gltf", gltf("/etc/passwd"))
write("scheme.gltf", gltf("file:///etc/passwd"))
write("link.gltf", gltf("link.bin"))
write("image_abs.gltf", gltf(data, images=[{"uri": "../secret.bin"}]))
write("fifo.gltf", gltf("fifo/pipe.bin"))                            # item 3
write("image_fifo.gltf", gltf(data, images=[{"uri": "fifo/pipe.png"}]))
write("sparse.gltf", gltf("sparse.bin"))                             # item 4
write("dir.gltf", gltf("sub"))                                       # item 15
write("huge.gltf", gltf("m.bin", length=2**40))
write("v1.gltf", gltf(data, version="1.0"))
write("baddata.gltf", gltf("data:application/octet-stream;base64,@@@@"))
write("deep.gltf", gltf(data)[:-1] + ',"extras":' + "[" * 100000 + "]" * 100000 + "}")
# A GLB of version 1 (glTF 1.0's binary container).
j = gltf(data).encode()
j += b" " * (-len(j) % 4)
open(f"{imp}/model/v1.glb", "wb").write(b"glTF" + struct.pack("<III", 1, 20 + len(j), len(j)) + b"JSON" + j)
# Item 4: a 16000 x 16000 PNG nobody uses, inside a GLB (zeros: ~1 MB compressed).
row = b"\x00" + b"\x00" * 16000 * 3
raw = zlib.compress(row * 16000, 9)
def chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16000, 16000, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
png += b"\x00" * (-len(png) % 4)
binary = verts + png
g = json.loads(gltf("", length=len(binary)))
del g["buffers"][0]["uri"]
g["bufferViews"].append({"buffer": 0, "byteOffset": 36, "byteLength": len(png)})
g["images"] = [{"bufferView": 1, "mimeType": "image/png"}]
j = json.dumps(g).encode()
j += b" " * (-len(j) % 4)
open(f"{imp}/model/png.glb", "wb").write(b"glTF" + struct.pack("<III", 2, 28 + len(j) + len(binary), len(j)) + b"JSON" + j +
                                          struct.pack("<I", len(binary)) + b"BIN\x00" + binary)
# Item 4: a 20 MB data: URI (the issue's 200 MB case is measured by hand).
big = verts + b"\x00" * (20_000_000 - 36)
write("bigdata.gltf", gltf("data:application/octet-stream;base64," + base64.b64encode(big).decode(), length=len(big)))
PY
ln -s "$imp/secret.bin" "$imp/model/link.bin"
mkfifo "$imp/model/fifo/pipe.bin" "$imp/model/fifo/pipe.png"
truncate -s 1G "$imp/model/sparse.bin"
dd if="$imp/model/m.bin" of="$imp/model/sparse.bin" conv=notrunc status=none
m=$imp/model
run 0 imp_ok -- "$bin" import "$m/ok.gltf" --as mod -o "$imp/ok.mod"
run 1 imp_count -- "$bin" import "$m/count.gltf" --as mod -o "$imp/x.mod";        says imp_count "accessors[0]: count 4611686018427387904"
run 1 imp_count_msh -- "$bin" import "$m/count.gltf" --as msh -o "$imp/x.msh";    says imp_count_msh "accessors[0]"
run 2 imp_dotdot -- "$bin" import "$m/dotdot.gltf" --as mod -o "$imp/x.mod";      says imp_dotdot "'../../../../etc/passwd': '..' leads out of the glTF's folder"
run 2 imp_pct -- "$bin" import "$m/pct.gltf" --as mod -o "$imp/x.mod";            says imp_pct "'..' leads out"
run 2 imp_abs -- "$bin" import "$m/abs.gltf" --as mod -o "$imp/x.mod";            says imp_abs "an absolute path"
run 2 imp_scheme -- "$bin" import "$m/scheme.gltf" --as mod -o "$imp/x.mod";      says imp_scheme "'file:' uri"
run 2 imp_link -- "$bin" import "$m/link.gltf" --as mod -o "$imp/x.mod";          says imp_link "symlink that leads out"
run 2 imp_image_abs -- "$bin" import "$m/image_abs.gltf" --as mod -o "$imp/x.mod"; says imp_image_abs "images[0].uri '../secret.bin'"
RUN_SECONDS=10 run 2 imp_fifo -- "$bin" import "$m/fifo.gltf" --as mod -o "$imp/x.mod";             says imp_fifo "a FIFO, not a regular file"
RUN_SECONDS=10 run 2 imp_image_fifo -- "$bin" import "$m/image_fifo.gltf" --as mod -o "$imp/x.mod"; says imp_image_fifo "images[0].uri 'fifo/pipe.png': a FIFO"
run 2 imp_dir -- "$bin" import "$m/dir.gltf" --as mod -o "$imp/x.mod";            says imp_dir "buffers[0].uri 'sub': a directory, not a regular file"
run 2 imp_huge -- "$bin" import "$m/huge.gltf" --as mod -o "$imp/x.mod";          says imp_huge "buffers[0].byteLength 1099511627776"
run 2 imp_v1glb -- "$bin" import "$m/v1.glb" --as mod -o "$imp/x.mod";            says imp_v1glb "GLB version 1: a glTF 1.0 file"
run 2 imp_v1 -- "$bin" import "$m/v1.gltf" --as mod -o "$imp/x.mod";              says imp_v1 "glTF 1.0 is another format"
run 2 imp_baddata -- "$bin" import "$m/baddata.gltf" --as mod -o "$imp/x.mod";    says imp_baddata "not base64"
run 2 imp_deep -- "$bin" import "$m/deep.gltf" --as mod -o "$imp/x.mod";          says imp_deep "nests deeper than 64"
[ -e "$imp/x.mod" ] || [ -e "$imp/x.msh" ] && fail "a refused import wrote its output"
# Item 4, memory: peak RSS within 4x the input + 64 MiB (README "Guarantees", import).
peak_within() {  # NAME INPUT_BYTES -- command...
  local name=$1 input=$2; shift 3
  [ -n "$sanitized" ] && { run 0 "$name" -- "$@"; return; }  # ASan's shadow memory is no measure
  run 0 "$name" -- /usr/bin/time -f 'peak_kb %M' "$@"
  local kb
  kb=$(awk '/^peak_kb/ {print $2}' "$work/$name.err")
  [ -n "$kb" ] || fail "$name: no peak RSS from /usr/bin/time"
  [ "$kb" -le $(( (4 * input + (64 << 20)) / 1024 )) ] || fail "$name: peak RSS $kb KiB for a $input-byte input"
}
peak_within imp_sparse 36 -- "$bin" import "$m/sparse.gltf" --as mod -o "$imp/sparse.mod"
peak_within imp_png "$(stat -c %s "$m/png.glb")" -- "$bin" import "$m/png.glb" --as msh -o "$imp/png.msh"
peak_within imp_bigdata "$(stat -c %s "$m/bigdata.gltf")" -- "$bin" import "$m/bigdata.gltf" --as msh -o "$imp/bigdata.msh"

# ==== end import ================================================================


# ==== build, dump, docs, lock: JSON and Markdown inputs (items 6, 7, 11, 15) ===

# ==== end JSON ==================================================================


# ==== outputs: export, set, docs update, --force (items 8-10, 15) ==============

# ==== end outputs ===============================================================


# ==== what people read: HTML pages and terminal lines (items 12, 14) ===========
# Item 14: a name is text, never a terminal command. A file whose name holds an
# OSC window title (ESC ] ... BEL), a clear screen (ESC [2J) and CSI as a raw
# byte (0x9B) and as a UTF-8 C1 character (C2 9B), and an NRes entry name
# holding the same (set with `meshgate set`), go through every command that
# prints names: no byte 0x1B, 0x07 or 0x9B may reach stdout or stderr (they are
# spelled \u001B, \u0007, \x9B, \u009B), and --json output stays valid JSON.
# (The browser side of item 12 is viewer_browser.sh and report_browser.sh.)
read_dir=$work/read
mkdir -p "$read_dir/corpus" "$read_dir/other"
evil=$(printf 'x\033]0;pwned\007\033[2J\233\302\233y')
cp "$corpus/synth_msh_0000.msh" "$read_dir/corpus/evil${evil}.msh"
"$bin" synth msh --seed 26 --count 2 --out "$read_dir/gen" >/dev/null || fail "display: synth msh"
pack=$read_dir/gen/synth_pack_0000.rlb
# entries[0].name is 36 bytes: a hostile name, NUL-padded, as hex.
name_hex() { local h; h=$(printf 'E\033]0;pwned\007\033[2J\233\302\233.%s' "$1" | od -An -v -tx1 | tr -d ' \n'); printf '%s%0*d' "$h" $((72 - ${#h})) 0; }
run 0 display-set -- "$bin" set "$pack" "entries[0].name=$(name_hex MSH)" -o "$read_dir/corpus/pack${evil}.rlb" --force
# the same archive with that entry named otherwise: diff names both
run 0 display-set-other -- "$bin" set "$pack" "entries[0].name=$(name_hex MSX)" -o "$read_dir/other/pack${evil}.rlb" --force
run 0 display-inspect -- "$bin" inspect "$read_dir/corpus/evil${evil}.msh"
says display-inspect 'evilx\u001B]0;pwned\u0007\u001B[2J\x9B\u009By.msh'
run 0 display-inspect-pack -- "$bin" inspect "$read_dir/corpus/pack${evil}.rlb"
run 0 display-inspect-json -- "$bin" inspect --json "$read_dir/corpus/pack${evil}.rlb"
run 0 display-roundtrip -- "$bin" roundtrip "$read_dir/corpus"
run 0 display-roundtrip-json -- "$bin" roundtrip --json "$read_dir/corpus"
run 0 display-sweep -- "$bin" sweep "$read_dir/corpus" --markdown "$read_dir/evidence.md" --json "$read_dir/evidence.json"
run 1 display-diff -- "$bin" diff "$read_dir/corpus/pack${evil}.rlb" "$read_dir/other/pack${evil}.rlb"
says display-diff 'E\u001B]0;pwned\u0007\u001B[2J\x9B\u009B.MSH'
run 1 display-diff-json -- "$bin" diff --json "$read_dir/corpus/pack${evil}.rlb" "$read_dir/other/pack${evil}.rlb"
run 0 display-view -- "$bin" view "$read_dir/corpus/pack${evil}.rlb" -o "$read_dir/pack.html"
run 2 display-missing -- "$bin" inspect "$read_dir/missing${evil}.msh"
run 2 display-bad-option -- "$bin" inspect "--bad${evil}"
"$py" - "$work" "$read_dir/evidence.md" <<'PY' || fail "display: a control byte reached the terminal"
import glob, json, os, sys
work, markdown = sys.argv[1], sys.argv[2]
outputs = sorted(glob.glob(os.path.join(work, "display-*.out")) + glob.glob(os.path.join(work, "display-*.err")))
assert len(outputs) == 2 * 13, outputs
for path in outputs + [markdown]:
    data = open(path, "rb").read()
    for byte in (0x1B, 0x07, 0x9B):
        assert byte not in data, f"{os.path.basename(path)} holds byte 0x{byte:02X}: {data[:300]!r}"
for name in ("display-inspect-json", "display-roundtrip-json", "display-diff-json"):
    json.load(open(os.path.join(work, name + ".out"), "rb"))  # still valid JSON
# The entry's name in JSON is the name itself (nlohmann escapes what JSON must): the escaping is for terminals only.
fields = json.load(open(os.path.join(work, "display-inspect-json.out")))["fields"]
assert any(f["path"] == "entries[0].payload" and f["value"] == "E\x1b]0;pwned\x07\x1b[2J\\x9B\u009b.MSH" for f in fields), \
    [f for f in fields if f["path"] == "entries[0].payload"]
PY

# ==== end display ===============================================================


# ==== node count: memory and time (item 13) ====================================

# ==== end node count ============================================================

echo "hostile_inputs: ok"
