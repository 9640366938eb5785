// `meshgate rebuild --canonical` for a MOD: the parsed model's content handed
// to the layout builder (mod_layout_builder.hpp), which lays it out afresh the
// retail way: offsets, the node block's array offsets, workspace positions
// and alignment padding are recomputed; every field that says what the model
// is (flags, reserved and undecoded bytes, floats by their bits, streams,
// workspace bytes) is carried over exactly.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "parser/mod/mod_model.hpp"
#include "writer/mod/mod_layout_builder.hpp"

namespace meshgate::mod {

// The builder's description of `model`: the inverse of build_mod for
// everything but layout.
[[nodiscard]] TransformDescription describe_transform(const TransformRecord& record);
[[nodiscard]] ModDescription describe_model(const Model& model);

struct CanonicalMod {
  std::vector<std::byte> bytes;
  // What the fresh layout could not carry, one line each (gap bytes that are
  // not the padding fill: the builder pads with one byte value).
  std::vector<std::string> not_placed;
};

[[nodiscard]] CanonicalMod rebuild_canonical(const Model& model);

}  // namespace meshgate::mod
