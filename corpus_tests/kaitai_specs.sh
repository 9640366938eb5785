#!/usr/bin/env bash
# Every generated .ksy (meshgate spec --all --kaitai) proven by running it:
# generated twice (byte-stable), compiled by the reference Kaitai Struct
# compiler (npm, pinned by ci/js/package-lock.json), run over the synthetic
# corpus of its format and its malformed variants, and every leaf compared
# with `meshgate inspect --json` (ci/js/kaitai-check.mjs). It FAILS when node
# or the npm packages are missing: ci/install-deps.sh installs them.
# Usage: kaitai_specs.sh MESHGATE SOURCE_DIR
set -euo pipefail
bin=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "kaitai_specs: $*" >&2; exit 1; }
command -v node >/dev/null || fail "node is not installed (run bash ci/install-deps.sh)"
[ -f "$source/ci/js/node_modules/kaitai-struct-compiler/package.json" ] ||
  fail "the Kaitai Struct compiler is not installed (run bash ci/install-deps.sh)"

"$bin" spec --all --kaitai --out "$work/ksy" > "$work/specs.txt" || fail "spec --all --kaitai exited $?"
"$bin" spec --all --kaitai --out "$work/again" >/dev/null || fail "spec --all --kaitai (again) exited $?"
diff -r "$work/ksy" "$work/again" >/dev/null || fail "two runs wrote different .ksy files"
[ -s "$work/specs.txt" ] || fail "spec --all wrote no .ksy"

# The generators whose files (valid and malformed) exercise a format, and
# the extension they give its files; with a third part, a format that lives
# only inside NRes archives: the entries of that type id are taken out; a
# fourth is how many valid files to make (8 unless a format needs more to
# reach all its layouts).
generators_of() {
  case $1 in
    dmc3-mot) echo "mot:mot dmc3:mot" ;;
    dmc3-mod) echo "mod:mod" ;;
    dmc3-pac) echo "pac:pac" ;;
    dmc3-pnst) echo "pnst:pnst" ;;
    dmc3-scm) echo "scm:scm" ;;
    dmc3-ptx) echo "ptx:ptx dmc3:ptx" ;;
    nres) echo "nres:rlb" ;;
    nres-msh) echo "msh:msh::24" ;;  # one model in ten is extended (Res18, Res20): 24 make three
    nikita-texm) echo "texm:texm" ;;
    rsli) echo "rsli:rlb" ;;
    nikita-mat0) echo "materials:lib:0x3054414D" ;;  # entries of Material.lib, by NRes type
    *) fail "no synthetic corpus named for $1: add its generators here" ;;
  esac
}
# Each entry of type TYPE_ID of every *.EXTENSION archive under DIR as a file
# of its own (ARCHIVE.NAME.FORMAT), with inspect's reading of it by address.
extract_entries() {
  local dir=$1 extension=$2 type_id=$3 format=$4
  while IFS= read -r -d '' lib; do
    "$bin" inspect "$lib" --json > "$lib.json" 2>/dev/null || continue
    python3 - "$lib" "$lib.json" "$type_id" "$format" <<'PY' | while IFS= read -r name; do
import json, sys
lib, listing, type_id, fmt = sys.argv[1], json.load(open(sys.argv[2])), int(sys.argv[3], 16), sys.argv[4]
data = open(lib, "rb").read()
fields = {f["path"]: f for f in listing.get("fields", [])}
i = 0
while f"entries[{i}].type_id" in fields:
    if fields[f"entries[{i}].type_id"]["value"] == type_id:
        name = bytes.fromhex(fields[f"entries[{i}].name"]["value"]).split(b"\0")[0].decode("latin-1")
        payload = fields[f"entries[{i}].payload"]
        open(f"{lib}.{name}.{fmt}", "wb").write(data[payload["offset"]:payload["offset"] + payload["size"]])
        print(name)
    i += 1
PY
      "$bin" inspect "$lib!$name" --json > "$lib.$name.$format.inspect.json" 2>/dev/null || true
    done
  done < <(find "$dir" -type f -name "*.$extension" -print0)
}

# Layouts a .ksy switches to that no generator writes, derived from the
# format's first valid file that has what they change; prints the files made.
# nres-msh: Res1 as 24-byte nodes (MTCHECK.MSH's: each node's header and
# first 8 slot words; the payloads laid out again). dmc3-ptx: a TM2 entry
# whose dds_size is 0 (no DDS; the rest of the entry is its body).
derive_layouts() {
  local format=$1
  shift
  case $format in nres-msh | dmc3-ptx) ;; *) return 0 ;; esac
  python3 - "$format" "$@" <<'PY'
import json, re, struct, sys
fmt, files = sys.argv[1], sys.argv[2:]

def short_nodes(data):
    magic, version, count, total = struct.unpack_from("<4sIiI", data, 0)
    entries = [list(struct.unpack_from("<IIIII36sII", data, total - 64 * (count - i))) for i in range(count)]
    out, payloads = bytearray(16), []
    for e in entries:  # type_id, attr1, attr2, size, attr3, name, data_offset, sort_index
        p = data[e[6]:e[6] + e[3]]
        if e[0] == 1:
            p = b"".join(p[k:k + 24] for k in range(0, len(p), 38))
            e[1], e[4] = len(p) // 24, 24
        payloads.append(p)
    for e, p in zip(entries, payloads):
        e[3], e[6] = len(p), len(out)
        out += p + bytes(-len(p) % 8)
    for e in entries:
        out += struct.pack("<IIIII36sII", *e)
    struct.pack_into("<4sIiI", out, 0, magic, version, count, len(out))
    return out

def tm2_without_dds(data, listing):
    for f in listing["fields"]:
        if re.fullmatch(r"entries\[\d+\]\.head\.record_count", f["path"]):
            at = f["offset"] - 4 + 0x3C  # the TM2 head's dds_size
            return data[:at] + bytes(4) + data[at + 4:]
    return None

for f in files:
    data = open(f, "rb").read()
    made = short_nodes(data) if fmt == "nres-msh" else tm2_without_dds(data, json.load(open(f + ".inspect.json")))
    if made is not None:
        out = re.sub(r"(\.[a-z0-9]+)$", r".derived\1", f)
        open(out, "wb").write(made)
        print(out)
        break
PY
}

# other_formats_file INSPECT_JSON FORMAT: inspect read the file as a known
# format other than FORMAT.
other_formats_file() {
  local told
  told=$(sed -n 's/^  "format": "\(.*\)",$/\1/p' "$1")
  [ -n "$told" ] && [ "$told" != "$2" ] && [ "$told" != unknown ]
}
while read -r format _ path; do
  ksy="$work/ksy/$(basename "$path")"
  corpus="$work/corpus-$format"
  # The files with the format's extension: the valid ones of the format (told
  # by inspect), and every malformed variant (a broken one may not be told as
  # the format) but one made to be another format's file (NRes's
  # unsupported-container is an RsLi header), which that format's spec reads.
  valid=() malformed=()
  for pair in $(generators_of "$format"); do
    IFS=: read -r g extension type_id count <<< "$pair"
    "$bin" synth "$g" --seed 20261206 --count "${count:-8}" --malformed --out "$corpus/$g" >/dev/null || fail "synth $g exited $?"
    [ -z "$type_id" ] || extract_entries "$corpus/$g" "$extension" "$type_id" "$format"
    [ -z "$type_id" ] || extension=$format
    while IFS= read -r -d '' f; do
      [ -e "$f.inspect.json" ] || "$bin" inspect "$f" --json > "$f.inspect.json" 2>/dev/null || true
      case $f in
        */malformed/*) other_formats_file "$f.inspect.json" "$format" || malformed+=("$f") ;;
        *) grep -q "^  \"format\": \"$format\",\$" "$f.inspect.json" && valid+=("$f") ;;
      esac
    done < <(find "$corpus/$g" -type f -name "*.$extension" ! -name '*.inspect.json' -print0 | sort -z)
  done
  [ ${#valid[@]} -gt 0 ] || fail "$format: the synthetic corpus holds no file of the format"
  while IFS= read -r f; do
    "$bin" inspect "$f" --json > "$f.inspect.json" 2>/dev/null || true
    grep -q "^  \"format\": \"$format\",\$" "$f.inspect.json" || fail "$format: the derived $(basename "$f") is not read as one"
    valid+=("$f")
  done < <(derive_layouts "$format" "${valid[@]}")
  node "$source/ci/js/kaitai-check.mjs" "$ksy" "${valid[@]}" --malformed "${malformed[@]}" || fail "$format: the .ksy disagrees with meshgate"
done < "$work/specs.txt"
echo "kaitai_specs: ok"
