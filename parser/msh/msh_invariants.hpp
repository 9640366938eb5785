// The cross-resource invariants of docs/spec/nres-msh.md §4 (items 3, 4
// and 7-22; items 1, 2, 5 and 6 are checked while the streams are decoded, 23
// by the NRes parser). Errors stop at the first; each warning code is reported
// once per model with the number of places it holds for.
#pragma once

#include "parser/core/diagnostics.hpp"
#include "parser/msh/msh_model.hpp"

namespace meshgate::msh {

// False once an error has been reported.
[[nodiscard]] bool check_invariants(const Model& model, Diagnostics& diagnostics);

}  // namespace meshgate::msh
