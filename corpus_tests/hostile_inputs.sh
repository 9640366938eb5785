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

# ==== end import ================================================================


# ==== build, dump, docs, lock: JSON and Markdown inputs (items 6, 7, 11, 15) ===

# ==== end JSON ==================================================================


# ==== outputs: export, set, docs update, --force (items 8-10, 15) ==============
# The output rule (README "Guarantees", outputs): every path a command writes
# is known before it starts and is never an input or another output; an
# existing output is refused unless --force; --in-place and docs update
# replace the file named, through a symlink its target, keeping mode and owner.
o=$work/outputs
mkdir -p "$o"
mod=$corpus/synth_0000.mod msh=$corpus/synth_msh_0000.msh
sha() { sha256sum < "$1"; }
no_temporaries() { ! find "$1" -name '.*.meshgate-*' | grep -q . || fail "$2: a temporary was left: $(find "$1" -name '.*.meshgate-*')"; }

# -- item 8: a full disk (a file size limit, SIGXFSZ ignored: writes fail with
#    EFBIG) is exit 2 and leaves the previous .gltf and .bin as they were.
full_disk=(bash -c 'trap "" XFSZ; ulimit -f "$0"; exec "$@"')  # KiB command...
run 0 out_gltf_first -- "$bin" export "$mod" --format gltf -o "$o/m.gltf"
gltf_sum=$(sha "$o/m.gltf") bin_sum=$(sha "$o/m.bin")
for kb in 1 4 16; do  # 16 KiB: the .bin fits, the .gltf does not (0 would silence stderr too)
  run 2 "out_gltf_full_$kb" -- "${full_disk[@]}" "$kb" "$bin" export "$msh" --format gltf -o "$o/m.gltf" --force
  says "out_gltf_full_$kb" "File too large"
  [ "$(sha "$o/m.gltf")" = "$gltf_sum" ] && [ "$(sha "$o/m.bin")" = "$bin_sum" ] ||
    fail "item 8: a full disk (${kb} KiB) changed the previous .gltf/.bin"
done
no_temporaries "$o" "item 8"
run 0 out_gltf_room -- "$bin" export "$msh" --format gltf -o "$o/m.gltf" --force
[ "$(sha "$o/m.bin")" != "$bin_sum" ] || fail "item 8: with room, the .bin was not replaced"
run 0 out_glb_first -- "$bin" export "$mod" -o "$o/m.glb"
glb_sum=$(sha "$o/m.glb")
run 2 out_glb_full -- "${full_disk[@]}" 1 "$bin" export "$msh" -o "$o/m.glb" --force
[ "$(sha "$o/m.glb")" = "$glb_sum" ] || fail "item 8: a full disk changed the previous .glb"
run 0 out_dump_first -- "$bin" dump "$mod" -o "$o/m.json"
dump_sum=$(sha "$o/m.json")
run 2 out_dump_full -- "${full_disk[@]}" 1 "$bin" dump "$msh" -o "$o/m.json" --force
[ "$(sha "$o/m.json")" = "$dump_sum" ] || fail "item 8: a full disk changed the previous dump"
no_temporaries "$o" "item 8"

# -- item 9: every output path, sidecars and per-model names included, checked
#    against the inputs (device and inode) and each other before any work.
mkdir -p "$o/i9" && cp "$mod" "$o/i9/model.bin"
in_sum=$(sha "$o/i9/model.bin")
run 2 out_sidecar_is_input -- "$bin" export "$o/i9/model.bin" --format gltf -o "$o/i9/model.gltf" --force
says out_sidecar_is_input "the output $o/i9/model.bin is one of the inputs"
[ "$(sha "$o/i9/model.bin")" = "$in_sum" ] || fail "item 9: export replaced its input with the glTF buffer"
[ ! -e "$o/i9/model.gltf" ] || fail "item 9: export wrote the .gltf though its .bin is the input"
mkdir -p "$o/col" && cp "$mod" "$o/col/x" && cp "$corpus/synth_0001.mod" "$o/col/x.glb"
x_sum=$(sha "$o/col/x.glb")
run 2 out_dir_is_input -- "$bin" export "$o/col" --out "$o/col" --force
says out_dir_is_input "$o/col/x.glb is one of the inputs"
[ "$(sha "$o/col/x.glb")" = "$x_sum" ] || fail "item 9: export --out overwrote the input x.glb"
[ "$(ls -A "$o/col" | tr '\n' ' ')" = "x x.glb " ] || fail "item 9: export --out wrote before checking: $(ls -A "$o/col")"
run 2 out_same_bin -- "$bin" export "$mod" --format gltf -o "$o/same.bin"
says out_same_bin "are the same output file"
[ ! -e "$o/same.bin" ] || fail "item 9: -o same.bin wrote same.bin"
ln -s "i9/model.bin" "$o/to_input.glb"
run 2 out_link_to_input -- "$bin" export "$o/i9/model.bin" -o "$o/to_input.glb" --force
says out_link_to_input "is one of the inputs"
[ "$(sha "$o/i9/model.bin")" = "$in_sum" ] || fail "item 9: export wrote through a symlink to its input"
# import: the files a glTF's URIs name are inputs too.
mkdir -p "$o/imp" && run 0 out_imp_src -- "$bin" export "$mod" --format gltf -o "$o/imp/src.gltf"
uri_sum=$(sha "$o/imp/src.bin")
run 2 out_import_uri -- "$bin" import "$o/imp/src.gltf" --as mod -o "$o/imp/src.bin" --force
says out_import_uri "is one of the inputs"
[ "$(sha "$o/imp/src.bin")" = "$uri_sum" ] || fail "item 9: import replaced the buffer its glTF names"
run 2 out_import_like -- "$bin" import "$o/imp/src.gltf" --as mod --like "$o/i9/model.bin" -o "$o/i9/model.bin" --force
says out_import_like "is one of the inputs"
# Every other command that writes: its input as its output is refused, whatever --force says.
run 0 out_dump_src -- "$bin" dump "$mod" -o "$o/i9.json"
cp "$mod" "$o/self.mod"
self_sum=$(sha "$o/self.mod")
run 2 out_self_set -- "$bin" set "$o/self.mod" objects[0].bounding_radius=0.5 -o "$o/./self.mod" --force
run 2 out_self_build -- "$bin" build "$o/i9.json" -o "$o/i9.json" --force
run 2 out_self_dump -- "$bin" dump "$o/self.mod" -o "$o/self.mod" --force
run 2 out_self_rebuild -- "$bin" rebuild "$o/self.mod" --canonical -o "$o/self.mod" --force
run 2 out_self_view -- "$bin" view "$o/self.mod" -o "$o/self.mod" --force
cp "$mod" "$o/self.svg"
run 2 out_self_bytemap -- "$bin" bytemap "$o/self.svg" -o "$o/self.svg" --force
run 2 out_self_manifest -- "$bin" manifest "$o/self.mod" -o "$o/self.mod" --force
run 2 out_self_sweep -- "$bin" sweep "$o/self.mod" --json "$o/self.mod" --force
run 2 out_self_report -- "$bin" report "$o/self.mod" -o "$o/self.mod" --force
for c in set build dump rebuild view bytemap manifest sweep report; do says "out_self_$c" "is one of the inputs"; done
[ "$(sha "$o/self.mod")" = "$self_sum" ] || fail "item 9: a command replaced its input"
run 2 out_sweep_twice -- "$bin" sweep "$o/self.mod" --json "$o/r.out" --html "$o/../outputs/r.out"
says out_sweep_twice "are the same output file"
run 0 out_ev -- "$bin" sweep "$corpus" --json "$o/ev.json"
ev_sum=$(sha "$o/ev.json")
run 2 out_docs_is_evidence -- "$bin" docs update "$o/ev.json" --evidence "$o/ev.json"
says out_docs_is_evidence "is one of the inputs"
[ "$(sha "$o/ev.json")" = "$ev_sum" ] || fail "item 9: docs update rewrote its evidence"
printf 'Files: <!-- meshgate:value totals.files -->0<!-- /meshgate -->\n' > "$o/doc.md"
run 2 out_docs_twice -- "$bin" docs update "$o/doc.md" "$o/./doc.md" --evidence "$o/ev.json"
says out_docs_twice "are the same output file"

# -- item 10: a replaced file keeps its mode (and, as root, owner and group); a
#    symlink given to --in-place / docs update edits its target, the link stays.
cp "$mod" "$o/private.mod" && chmod 0600 "$o/private.mod"
owner=$(id -u):$(id -g)
if [ "$(id -u)" = 0 ]; then chown 1000:1000 "$o/private.mod"; owner=1000:1000; fi
run 0 out_inplace_mode -- "$bin" set "$o/private.mod" objects[0].bounding_radius=0.5 --in-place
[ "$(stat -c '%a %u:%g' "$o/private.mod")" = "600 $owner" ] ||
  fail "item 10: set --in-place made $(stat -c '%a %u:%g' "$o/private.mod") of 600 $owner"
ln -s private.mod "$o/link.mod"
before=$(sha "$o/private.mod")
run 0 out_inplace_link -- "$bin" set "$o/link.mod" objects[0].bounding_radius=0.25 --in-place
[ -L "$o/link.mod" ] || fail "item 10: set --in-place replaced the symlink by a file"
[ "$(sha "$o/private.mod")" != "$before" ] || fail "item 10: set --in-place through a symlink did not edit its target"
[ "$(stat -c '%a %u:%g' "$o/private.mod")" = "600 $owner" ] || fail "item 10: the symlink's target lost its mode"
mkdir -p "$o/docs" && cp "$o/doc.md" "$o/docs/real.md" && chmod 0640 "$o/docs/real.md" && ln -s docs/real.md "$o/doc-link.md"
run 0 out_docs_link -- "$bin" docs update "$o/doc-link.md" --evidence "$o/ev.json"
[ -L "$o/doc-link.md" ] || fail "item 10: docs update replaced the symlink by a file"
grep -q 'totals.files -->[1-9]' "$o/docs/real.md" || fail "item 10: docs update through a symlink did not edit its target"
[ "$(stat -c '%a' "$o/docs/real.md")" = 640 ] || fail "item 10: docs update made $(stat -c '%a' "$o/docs/real.md") of 0640"
ln -s nowhere.mod "$o/dangling.mod"
run 2 out_dangling -- "$bin" set "$mod" objects[0].bounding_radius=0.5 -o "$o/dangling.mod" --force
says out_dangling "symlink to a missing file"
[ ! -e "$o/nowhere.mod" ] || fail "item 10: set created the file a dangling symlink names"
no_temporaries "$o" "item 10"

# -- item 15: 1e400 is past the f32 range as 1e39 is; no leading spaces.
for v in 1e400 -1e400 1e39; do
  run 2 "out_f32_$v" -- "$bin" set "$mod" "objects[0].bounding_radius=$v" -o "$o/f32.mod"
  says "out_f32_$v" "beyond the f32 range"
done
run 2 out_f32_space -- "$bin" set "$mod" "objects[0].bounding_radius= 1" -o "$o/f32.mod"
says out_f32_space "is not a number"
[ ! -e "$o/f32.mod" ] || fail "item 15: a refused value was written"
# -- item 15: one rule for every command that writes: an existing output is
#    refused (exit 2, unchanged) unless --force; --in-place needs no --force.
mkdir -p "$o/rule"
run 0 out_rule_src -- "$bin" export "$mod" -o "$o/rule/src.glb"
run 0 out_rule_dump -- "$bin" dump "$mod" -o "$o/rule/src.json"
rule() {  # NAME OUTPUT command... : refused while OUTPUT exists, then replaced with --force
  local name=$1 out=$2; shift 2
  echo "previous $name" > "$out"
  echo "previous $name" > "$o/rule.previous"
  run 2 "out_rule_$name" -- "$@"
  says "out_rule_$name" "exists (use --force to replace it)"
  cmp -s "$out" "$o/rule.previous" || fail "item 15: $name replaced an existing output without --force"
  run 0 "out_rule_${name}_force" -- "$@" --force
  ! cmp -s "$out" "$o/rule.previous" || fail "item 15: $name --force did not replace the output"
}
rule set "$o/rule/set.mod" "$bin" set "$mod" objects[0].bounding_radius=0.5 -o "$o/rule/set.mod"
rule export "$o/rule/e.glb" "$bin" export "$mod" -o "$o/rule/e.glb"
rule export_bin "$o/rule/g.bin" "$bin" export "$mod" --format gltf -o "$o/rule/g.gltf"
mkdir -p "$o/rule/dir"
rule export_out "$o/rule/dir/synth_0000.mod.glb" "$bin" export "$mod" --out "$o/rule/dir"
rule import "$o/rule/i.mod" "$bin" import "$o/rule/src.glb" --as mod -o "$o/rule/i.mod"
rule build "$o/rule/b.mod" "$bin" build "$o/rule/src.json" -o "$o/rule/b.mod"
rule dump "$o/rule/d.json" "$bin" dump "$mod" -o "$o/rule/d.json"
rule rebuild "$o/rule/r.mod" "$bin" rebuild "$mod" --canonical -o "$o/rule/r.mod"
rule view "$o/rule/v.html" "$bin" view "$mod" -o "$o/rule/v.html"
rule bytemap "$o/rule/m.svg" "$bin" bytemap "$mod" -o "$o/rule/m.svg"
rule manifest "$o/rule/c.lock.json" "$bin" manifest "$mod" -o "$o/rule/c.lock.json"
rule sweep "$o/rule/s.md" "$bin" sweep "$mod" --json "$o/rule/s.json" --markdown "$o/rule/s.md"
rule report "$o/rule/p.html" "$bin" report "$mod" -o "$o/rule/p.html"
cp "$mod" "$o/rule/edit.mod"
run 0 out_rule_in_place -- "$bin" set "$o/rule/edit.mod" objects[0].bounding_radius=0.5 --in-place
no_temporaries "$o" "item 15"

# ==== end outputs ===============================================================


# ==== what people read: HTML pages and terminal lines (items 12, 14) ===========

# ==== end display ===============================================================


# ==== node count: memory and time (item 13) ====================================

# ==== end node count ============================================================

echo "hostile_inputs: ok"
