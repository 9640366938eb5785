#!/usr/bin/env bash
# Regenerate (update) or verify (check) docs/evidence-example.md from the
# evidence of its synthetic corpus. CTest runs `check`; after a change that
# moves a figure, run `bash ci/docs-example.sh update` and commit the page.
# usage: ci/docs-example.sh update|check [MESHGATE_BINARY]
set -euo pipefail
mode="${1:?usage: ci/docs-example.sh update|check [meshgate]}"
here="$(cd "$(dirname "$0")/.." && pwd)"
bin="${2:-$here/build/meshgate}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" synth mod --seed 1 --count 20 --out "$work/corpus/mod" >/dev/null
"$bin" synth msh --seed 1 --count 10 --out "$work/corpus/msh" >/dev/null
# The paths in the evidence are relative to the corpus argument, so the page
# does not depend on where the corpus was made.
"$bin" sweep "$work/corpus" --json "$work/evidence.json" >/dev/null
"$bin" docs "$mode" "$here/docs/evidence-example.md" --evidence "$work/evidence.json"
