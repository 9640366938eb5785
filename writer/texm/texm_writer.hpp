// Serialises a parsed Texm from the model only: header, palette, each level,
// the Page chunk. The OutputImage fails on any byte the model does not produce.
#pragma once

#include "parser/texm/texm_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::texm {

[[nodiscard]] WriteResult write_texm(const Texture& texture, const PartObserver* observer = nullptr);

}  // namespace meshgate::texm
