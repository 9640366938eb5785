// Serialises a parsed SCM from the model only, every part at the offset its
// record names, the gaps as they were. The OutputImage fails on any byte the
// model does not produce. rebuild_canonical lays the same content out afresh
// by the spec §6 placement (rebuild --canonical).
#pragma once

#include <string>
#include <vector>

#include "parser/scm/scm_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::scm {

[[nodiscard]] WriteResult write_scm(const Model& model, const PartObserver* observer = nullptr);

// The model with every layout field set to the canonical placement and every
// gap zero; written by write_scm. `notes` says what the fresh layout dropped.
struct CanonicalModel {
  Model model;
  std::vector<std::string> notes;
};
[[nodiscard]] CanonicalModel canonical_model(const Model& model);

}  // namespace meshgate::scm
