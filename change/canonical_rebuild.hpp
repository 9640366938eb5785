// `meshgate rebuild FILE --canonical`: a file laid out afresh from its parsed
// content, whatever its format: a MOD through the layout builder
// (writer/mod/mod_canonical.hpp), an MSH model and an NRes archive through
// the archive builder (writer/msh/msh_canonical.hpp,
// writer/nres/nres_canonical.hpp), nested models rebuilt in turn. The result
// holds the same model as the input: `diff --semantic` finds them equal.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/parse_profile.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

struct RebuildResult {
  std::vector<std::byte> bytes;
  // What the fresh layout could not carry, "path: what" (gap bytes that are
  // neither padding fill nor zero, a nested model left as bytes).
  std::vector<std::string> not_placed;
  // What the rebuild found on the way, "path: what" (MSH: whether the derived
  // tables the exporter recomputes agree with the file's).
  std::vector<std::string> notes;
  std::optional<std::string> error;  // the input does not parse: nothing to rebuild
  [[nodiscard]] bool ok() const { return !error; }
};

[[nodiscard]] RebuildResult rebuild_canonical(const std::string& display, Bytes data, ParseProfile profile,
                                              const Origin& origin = {});

}  // namespace meshgate
