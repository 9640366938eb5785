// An MSH model's invariants (its row's `invariants`): the 23 items of spec §4
// (an item holds for a model when none of its codes fired) and two corpus
// observations of OP's in msh_invariant_tally.cpp; semantic ones (Res2's and
// each slot's bounds against the vertices the batches reach, unit normals) in
// msh_semantic_tally.cpp.
#pragma once

#include <span>
#include <string>

#include "parser/msh/msh_model.hpp"
#include "pipeline/format_rows.hpp"

namespace meshgate::msh_row {

extern const RowInvariants kInvariants;

// The semantic invariants, in declaration order, and the tally of a parsed model's instances.
[[nodiscard]] std::span<const DeclaredInvariant> semantic_invariants();
void tally_semantics(const std::string& file, const msh::Model& model, InvariantRecorder& into);

}  // namespace meshgate::msh_row
