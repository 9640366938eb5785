// A DMC3 MOD's invariants (its row's `invariants`): structural ones over the
// parsed model (workspaces, stream alignment, skin words, the node block) in
// mod_invariant_tally.cpp, semantic ones (bounds against vertices, unit normals,
// skin indices, strip facing) in mod_semantic_tally.cpp.
#pragma once

#include <span>
#include <string>

#include "parser/mod/mod_model.hpp"
#include "pipeline/format_rows.hpp"

namespace meshgate::mod_row {

extern const RowInvariants kInvariants;

// The semantic invariants, in declaration order, and the tally of a parsed model's instances.
[[nodiscard]] std::span<const DeclaredInvariant> semantic_invariants();
void tally_semantics(const std::string& file, const mod::Model& model, InvariantRecorder& into);

}  // namespace meshgate::mod_row
