// A DMC3 model folder as a modder has one (`meshgate synth dmc3`): a MOD, its
// PTX companion (one vivid entry per texture slot, DXT1 and uncompressed in
// turn), two MOTs made for its joints, and a PAC holding all four. The
// fixture of `export MODEL.mod --textures C.ptx --motion A.mot`: a textured,
// moving model whose every value comes from meshgate's own generators.
// - pl_NNNN_idle.mot: Hermite tracks (compression 3) on every joint's
//   rotation and joint 0's translation, wholly set triplets.
// - pl_NNNN_turn.mot: linear tracks (compression 2), partly set triplets
//   (where the mask readings differ), a time offset, a scale channel and
//   one run of equal key times (a jump no glTF curve can hold).
// Its malformed variants are motions that do not fit pl_0000.mod: the
// binding's codes (export refuses them, naming both files).
// Never derived from game data.
#pragma once

#include <cstdint>
#include <vector>

#include "parser/mot/mot_model.hpp"
#include "synth/core/synth_file.hpp"

namespace meshgate::dmc3 {

// The motion for a model of `joints` nodes: the idle or the turn above.
[[nodiscard]] mot::Motion actor_motion(uint64_t seed, uint64_t index, uint64_t joints, bool turn);
// Files pl_NNNN.mod, .ptx, _idle.mot, _turn.mot and .pac, per actor.
void synth_actor_corpus(uint64_t seed, uint64_t count, const SynthSink& sink);
[[nodiscard]] std::vector<MalformedCase> malformed_actor_cases(uint64_t seed);

}  // namespace meshgate::dmc3
