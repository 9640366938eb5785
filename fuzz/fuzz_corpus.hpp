// A small synthetic corpus swept in memory, shared by the targets that need
// what a sweep gives (docs_fuzzer's default evidence, lock_fuzzer's gate):
// `meshgate synth mod --seed 3 --count 3` and `synth msh --seed 3 --count 2`,
// the same files fuzz/make-seed-corpus.sh sweeps for those targets' seeds, so a
// seed lock matches it and the gate's comparisons run, not only its refusals.
#pragma once

#include "analysis/sweep.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/msh/msh_synth.hpp"

namespace meshgate::fuzzing {

inline const SweepResult& small_swept_corpus() {
  static const SweepResult swept = [] {
    SweepResult r;
    std::vector<SynthFile> files = mod::synth_mod_corpus(3, 3);
    for (SynthFile& f : msh::synth_msh_corpus(3, 2)) files.push_back(std::move(f));
    std::sort(files.begin(), files.end(), [](const SynthFile& a, const SynthFile& b) { return a.name < b.name; });
    for (const SynthFile& f : files) sweep_file(f.name, f.bytes, ParseProfile::compatible, r);
    return r;
  }();
  return swept;
}

}  // namespace meshgate::fuzzing
