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
# the extension they give its files.
generators_of() {
  case $1 in
    dmc3-mot) echo "mot:mot dmc3:mot" ;;
    dmc3-pac) echo "pac:pac" ;;
    dmc3-pnst) echo "pnst:pnst" ;;
    nres) echo "nres:rlb" ;;
    nikita-texm) echo "texm:texm" ;;
    *) fail "no synthetic corpus named for $1: add its generators here" ;;
  esac
}
while read -r format _ path; do
  ksy="$work/ksy/$(basename "$path")"
  corpus="$work/corpus-$format"
  # The files with the format's extension: the valid ones of the format (told
  # by inspect), and every malformed variant (a broken one may not be told as
  # the format).
  valid=() malformed=()
  for pair in $(generators_of "$format"); do
    g=${pair%%:*} extension=${pair#*:}
    "$bin" synth "$g" --seed 20261206 --count 8 --malformed --out "$corpus/$g" >/dev/null || fail "synth $g exited $?"
    while IFS= read -r -d '' f; do
      "$bin" inspect "$f" --json > "$f.inspect.json" 2>/dev/null || true
      case $f in
        */malformed/*) malformed+=("$f") ;;
        *) grep -q "^  \"format\": \"$format\",\$" "$f.inspect.json" && valid+=("$f") ;;
      esac
    done < <(find "$corpus/$g" -type f -name "*.$extension" -print0 | sort -z)
  done
  [ ${#valid[@]} -gt 0 ] || fail "$format: the synthetic corpus holds no file of the format"
  node "$source/ci/js/kaitai-check.mjs" "$ksy" "${valid[@]}" --malformed "${malformed[@]}" || fail "$format: the .ksy disagrees with meshgate"
done < "$work/specs.txt"
echo "kaitai_specs: ok"
