#!/usr/bin/env bash
# Generates the synthetic seed corpora (valid + malformed) and replays them,
# plus every minimized crasher in fuzz/regressions/, through each fuzz target's
# entry point (standalone replay main()). Usage: replay_seeds.sh MESHGATE REPLAY...
set -euo pipefail
meshgate=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$meshgate" synth mod --seed 3 --count 30 --malformed --out "$work/seeds/mod" >/dev/null
"$meshgate" synth nres --seed 3 --count 30 --malformed --out "$work/seeds/nres" >/dev/null
"$meshgate" synth msh --seed 3 --count 30 --malformed --out "$work/seeds/msh" >/dev/null
"$meshgate" synth pac --seed 3 --count 20 --malformed --out "$work/seeds/pac" >/dev/null
"$meshgate" synth pnst --seed 3 --count 10 --out "$work/seeds/pnst" >/dev/null
"$meshgate" synth nbz --seed 3 --count 4 --malformed --nested --out "$work/seeds/nbz" >/dev/null
"$meshgate" synth texm --seed 3 --count 16 --malformed --out "$work/seeds/texm" >/dev/null
"$meshgate" synth materials --seed 3 --count 2 --malformed --out "$work/seeds/game" >/dev/null
bash "$here/gltf-seeds.sh" "$meshgate" "$work/seeds/gltf" 3  # gltf_import_fuzzer's kind of input
inputs=("$work/seeds")
[ -d "$here/regressions" ] && inputs+=("$here/regressions")
# The JSON and Markdown targets' own seeds (dumps, documents, evidence, locks),
# made by make-seed-corpus.sh: each replay also gets its target's directory.
bash "$here/make-seed-corpus.sh" "$meshgate" "$work/targets"
# model_change_fuzzer dumps, builds and rebuilds every file it accepts: over all
# the seeds that is 178 s under ASan (6.6 MB of containers at ~40 KB/s), so it
# replays its own seeds (every MOD/MSH/NRes code), the containers up to 64 KiB
# (sparse, nested, zero-slot, each malformed code) and the regressions.
change=$work/change
mkdir -p "$change"
find "$work/seeds/pac" "$work/seeds/pnst" -type f -size -65537c -exec cp --backup=numbered -t "$change" {} +
for replay in "$@"; do
  printf '%s: ' "$(basename "$replay")"
  own="$work/targets/$(basename "$replay" _replay)"
  case $(basename "$replay") in
    dump_build_fuzzer_replay|docs_fuzzer_replay|lock_fuzzer_replay|mat0_wear_fuzzer_replay) "$replay" "${inputs[@]}" "$own" ;;
    model_change_fuzzer_replay) "$replay" "$own" "$change" "${inputs[@]:1}" ;;
    *) "$replay" "${inputs[@]}" ;;
  esac
done
