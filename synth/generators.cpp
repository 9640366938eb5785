#include "synth/generators.hpp"

#include <array>

#include "synth/dmc3/actor_synth.hpp"
#include "synth/material/material_synth.hpp"
#include "synth/mod/mod_synth.hpp"
#include "synth/mot/mot_synth.hpp"
#include "synth/msh/msh_synth.hpp"
#include "synth/pac/pac_synth.hpp"
#include "synth/scm/scm_synth.hpp"
#include "synth/ptx/ptx_synth.hpp"
#include "synth/texm/texm_synth.hpp"
#include "synth/zip/zip_synth.hpp"

namespace meshgate {

namespace {

using nres::SortFold;

// Generators that take no sort fold, adapted to the table's one signature.
template <void (*Corpus)(uint64_t, uint64_t, const SynthSink&)>
void without_fold(uint64_t seed, uint64_t count, SortFold, const SynthSink& sink) {
  Corpus(seed, count, sink);
}
template <pac::Kind K>
void pac_corpus(uint64_t seed, uint64_t count, SortFold, const SynthSink& sink) {
  pac::synth_pac_corpus(K, seed, count, sink);
}
std::vector<ViolationCase> msh_violations(uint64_t) { return msh::semantic_violation_msh_cases(); }

const std::array kGenerators{
    SynthGenerator{"mod", without_fold<mod::synth_mod_corpus>, mod::malformed_mod_cases,
                   mod::semantic_violation_mod_cases, nullptr, nullptr, false, mod::synth_mod_records, mod::kMaxMeshes},
    SynthGenerator{"nres", nres::synth_nres_corpus, nres::malformed_nres_cases, nullptr, nullptr, nullptr, true},
    SynthGenerator{"msh", msh::synth_msh_corpus, msh::malformed_msh_cases, msh_violations, nullptr,
                   msh::synth_msh_chain, true, nullptr, 0, msh::synth_msh_slots, msh::synth_msh_batches,
                   msh::kMaxSlotRecords},
    SynthGenerator{"pac", pac_corpus<pac::Kind::pac>, pac::malformed_pac_cases, nullptr, nullptr, nullptr, false},
    SynthGenerator{"pnst", pac_corpus<pac::Kind::pnst>, pac::malformed_pac_cases, nullptr, nullptr, nullptr, false},
    SynthGenerator{"nbz", without_fold<zip::synth_volume_corpus>, zip::malformed_volume_cases, nullptr,
                   zip::nested_volume_files, nullptr, false},
    SynthGenerator{"texm", without_fold<texm::synth_texm_corpus>, texm::malformed_texm_cases, nullptr, nullptr,
                   nullptr, false},
    SynthGenerator{"ptx", without_fold<ptx::synth_ptx_corpus>, ptx::malformed_ptx_cases, nullptr, nullptr, nullptr,
                   false},
    SynthGenerator{"mot", without_fold<mot::synth_mot_corpus>, mot::malformed_mot_cases, nullptr, nullptr, nullptr,
                   false, mot::synth_mot_records, mot::kMaxTracks},
    SynthGenerator{"scm", without_fold<scm::synth_scm_corpus>, scm::malformed_scm_cases, nullptr, nullptr, nullptr,
                   false, scm::synth_scm_records, scm::kMaxMeshes},
    SynthGenerator{"dmc3", without_fold<dmc3::synth_actor_corpus>, dmc3::malformed_actor_cases, nullptr, nullptr,
                   nullptr, false},
    SynthGenerator{"materials", without_fold<material::synth_materials_corpus>, material::malformed_material_cases,
                   nullptr, nullptr, nullptr, false},
};

}  // namespace

std::span<const SynthGenerator> synth_generators() { return kGenerators; }

const SynthGenerator* synth_generator(std::string_view name) {
  for (const SynthGenerator& g : kGenerators)
    if (g.name == name) return &g;
  return nullptr;
}

}  // namespace meshgate
