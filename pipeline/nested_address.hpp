// One address for every file: "FILE!NESTED[!NESTED...]", the report path a
// file has in its tree (`roundtrip` and `sweep` print it). A command that
// takes a file takes such an address; this finds the nested file by walking
// only the branch that leads to it, and hands it over as a file of its own,
// with the origin it has in its tree (so it parses as it does there) and
// where its bytes lie in the outer file (so an edit can be written back).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/parse_tree.hpp"

namespace meshgate {

struct NestedFile {
  std::string display;          // its report path, "outer.pac!slot_0001"
  std::vector<std::byte> bytes;  // a copy: a volume member's inflated bytes end with the walk
  Origin origin;
  // Where its bytes lie in the outer file; none for a file inside a volume
  // (its bytes were inflated: a volume is read-only).
  std::optional<uint64_t> offset_in_outer;
};

struct NestedLookup {
  std::optional<NestedFile> file;
  std::string error;  // when no file has that path: what the outer file holds instead
};

// The file of report path `outer_display + "!" + nested` in the tree of
// `outer` (names compared exactly, else in any case, as the engine's
// _strcmpi compares NRes names). Only the files on the way are parsed.
[[nodiscard]] NestedLookup find_nested(const std::string& outer_display, Bytes outer, const std::string& nested,
                                       const ParseTreeOptions& options);

// The outer file with the nested file's bytes replaced by `edited` (of the
// same size): what `set -o` writes for an address inside a container.
[[nodiscard]] std::vector<std::byte> splice_nested(Bytes outer, uint64_t offset, Bytes edited);

}  // namespace meshgate
