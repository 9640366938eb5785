// `meshgate rebuild --canonical` for an MSH model: its container laid out
// afresh by the archive builder (nres_canonical.hpp), each stream's payload
// encoded from its typed records and element arrays (msh_writer.hpp).
// Offsets, payload sizes, the sort table and padding are recomputed; the
// streams' content is carried over exactly. The tables the format derives
// (Res7 descriptors, slot and model bounds, the frame map, fallback keys) are
// also recomputed by the canonical exporter from the model's description
// (msh_describe.hpp) and compared with the file's: the rebuild says whether
// they agree, and where they do not it keeps the file's (a rebuild never
// changes what a model holds) and names the streams that differ.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "parser/msh/msh_model.hpp"

namespace meshgate::msh {

struct CanonicalMsh {
  std::vector<std::byte> bytes;
  std::vector<std::string> not_placed;  // what the fresh layout could not carry, one line each
  std::vector<std::string> notes;       // what the recomputed derived tables showed, one line each
};

[[nodiscard]] CanonicalMsh rebuild_canonical(const Model& model);

}  // namespace meshgate::msh
