#!/usr/bin/env bash
# The README's main job: build, generate the synthetic corpus (MOD files, NRes
# archives, MSH models and outer .rlb archives of models), round-trip every
# file and print the summary; show how each malformed variant is reported; then
# sweep the corpus into an evidence report and pin it with a manifest and gate.
# Exit 0 iff every valid file round-trips byte-identically and sweeps clean.
# Needs only the build dependencies and builds only the program (the test
# suites, Chromium and Node belong to ci/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh --build
cmake --preset release -DMESHGATE_BUILD_TESTS=OFF >/dev/null
cmake --build --preset release --parallel "$(nproc)" --target meshgate
out=${MESHGATE_OUT:-out}
seed=${MESHGATE_SEED:-20261202}
rm -rf "$out/synth" "$out/malformed"
./build/meshgate synth mod --seed "$seed" --count "${MESHGATE_COUNT:-200}" --out "$out/synth"
./build/meshgate synth nres --seed "$seed" --count "${MESHGATE_NRES_COUNT:-40}" --out "$out/synth"
./build/meshgate synth msh --seed "$seed" --count "${MESHGATE_MSH_COUNT:-200}" --out "$out/synth"
./build/meshgate synth mod --seed "$seed" --count 0 --malformed --out "$out/malformed"
./build/meshgate synth nres --seed "$seed" --count 0 --malformed --out "$out/malformed"
./build/meshgate synth msh --seed "$seed" --count 0 --malformed --out "$out/malformed"
echo "== malformed variants: first diagnostic of each =="
for f in "$out"/malformed/malformed/*; do
  ./build/meshgate inspect "$f" | grep -m 1 -E " (error|warning) " | sed 's#^ *##' | cut -c1-170 || true
done
echo "== round trip of the synthetic corpus =="
./build/meshgate roundtrip "$out/synth" > "$out/roundtrip.txt" || { cat "$out/roundtrip.txt"; exit 1; }
tail -n 1 "$out/roundtrip.txt"
echo "== coverage sweep, evidence report and corpus manifest =="
# --force: a re-run replaces the previous run's evidence and lock (an existing output is refused otherwise).
./build/meshgate sweep "$out/synth" --jobs "$(nproc)" --json "$out/evidence.json" --markdown "$out/evidence.md" --force
./build/meshgate manifest "$out/synth" -o "$out/corpus.lock.json" --force
./build/meshgate gate "$out/corpus.lock.json" "$out/synth" | tail -n 1
echo "evidence: $out/evidence.json, $out/evidence.md; manifest: $out/corpus.lock.json"
