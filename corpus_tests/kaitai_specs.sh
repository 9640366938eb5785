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

while read -r format _ path; do
  ksy="$work/ksy/$(basename "$path")"
  corpus="$work/corpus-$format"
  # The files with the format's extension: the valid ones of the format (told
  # by inspect), and every malformed variant (a broken one may not be told as
  # the format).
  valid=() malformed=()
  for pair in $(generators_of "$format"); do
    IFS=: read -r g extension type_id count <<< "$pair"
    "$bin" synth "$g" --seed 20261206 --count "${count:-8}" --malformed --out "$corpus/$g" >/dev/null || fail "synth $g exited $?"
    [ -z "$type_id" ] || extract_entries "$corpus/$g" "$extension" "$type_id" "$format"
    [ -z "$type_id" ] || extension=$format
    while IFS= read -r -d '' f; do
      [ -e "$f.inspect.json" ] || "$bin" inspect "$f" --json > "$f.inspect.json" 2>/dev/null || true
      case $f in
        */malformed/*) malformed+=("$f") ;;
        *) grep -q "^  \"format\": \"$format\",\$" "$f.inspect.json" && valid+=("$f") ;;
      esac
    done < <(find "$corpus/$g" -type f -name "*.$extension" ! -name '*.inspect.json' -print0 | sort -z)
  done
  [ ${#valid[@]} -gt 0 ] || fail "$format: the synthetic corpus holds no file of the format"
  node "$source/ci/js/kaitai-check.mjs" "$ksy" "${valid[@]}" --malformed "${malformed[@]}" || fail "$format: the .ksy disagrees with meshgate"
done < "$work/specs.txt"
echo "kaitai_specs: ok"
