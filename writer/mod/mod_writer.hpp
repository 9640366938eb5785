// Serialises a parsed MOD model. It takes the model only (never the source
// bytes), places every part through mod_layout.hpp, and fails when the model
// does not account for every output byte, so a byte-identical round trip
// proves the model is complete.
#pragma once

#include "parser/mod/mod_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::mod {

// `observer`, when given, sees each part of the output as it is produced.
[[nodiscard]] WriteResult write_mod(const Model& model, const PartObserver* observer = nullptr);

}  // namespace meshgate::mod
