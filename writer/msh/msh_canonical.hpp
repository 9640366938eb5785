// `meshgate rebuild --canonical` for an MSH model: its container laid out
// afresh by the archive builder (nres_canonical.hpp), each stream's payload
// encoded from its typed records and element arrays (msh_writer.hpp).
// Offsets, payload sizes, the sort table and padding are recomputed; the
// streams' content, including the tables the format derives (Res7
// descriptors, bounds, the frame map), is carried over exactly: the exporter
// that recomputes those takes a plain triangle mesh, which `import` builds.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "parser/msh/msh_model.hpp"

namespace meshgate::msh {

struct CanonicalMsh {
  std::vector<std::byte> bytes;
  std::vector<std::string> not_placed;  // what the fresh layout could not carry, one line each
};

[[nodiscard]] CanonicalMsh rebuild_canonical(const Model& model);

}  // namespace meshgate::msh
