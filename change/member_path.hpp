// The files on an address's way, each a container's member (extract,
// replace, add, remove): unlike find_nested, which walks the files the tree
// descends into, this asks each container's row for every member it holds
// (FormatRow::members), so an opaque member, a MOT in a PAC or a PTX entry
// has an address too. Each level is a copy of its bytes, so an edit can be
// written back into the level above it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

struct AddressLevel {
  std::string display;           // its report path, "em000.pac!slot_0003"
  std::vector<std::byte> bytes;  // its bytes (a volume member's inflated)
  Origin origin;                 // what its container says of it
  Format format = Format::unknown;
  size_t member = 0;             // in the level above: ContainerMember::index
  bool inflated = false;         // its bytes were inflated from a volume
};

struct AddressPath {
  std::vector<AddressLevel> levels;  // the outer file first; the last is the file the address names
  std::string error;                 // why the address names no file
  bool limited = false;              // a budget (--max-nested, --max-inflated, --max-size) stopped the walk
};

// The address's names split at '!' ("GData.afs/em000.pac!slot_0000" -> two).
[[nodiscard]] std::vector<std::string> address_names(const std::string& nested);

// A file parsed as a level of an address is: on its own, with its origin, not descended into.
[[nodiscard]] ParsedFile parse_level(const AddressLevel& level, const ParseTreeOptions& options);

// The members a parsed container holds, or why none (it did not parse; its format holds none).
struct LevelMembers {
  std::vector<ContainerMember> members;
  std::string error;
};
[[nodiscard]] LevelMembers members_of(const ParsedFile& f);

// A member's bytes: where they lie, or inflated from a volume within `limit`.
struct MemberBytes {
  std::vector<std::byte> bytes;
  std::string error;
};
[[nodiscard]] MemberBytes member_bytes(const ParsedFile& container, const ContainerMember& m, uint64_t limit);

// The member `asked` names: exactly, or (an NRes entry) the one entry it
// names in another case; nullptr after writing why into `error` (the
// members nearest to the name, or the several it folds to).
[[nodiscard]] const ContainerMember* find_member(const std::vector<ContainerMember>& members, const std::string& asked,
                                                 const std::string& container, std::string& error);

// Walks `names` down from the outer file, under the options' limits: each
// level's size within its format's limit, at most `nested_files` levels
// below the outer file, at most `inflated_bytes` inflated on the way.
[[nodiscard]] AddressPath walk_address(const std::string& outer_display, Bytes outer, const std::vector<std::string>& names,
                                       const ParseTreeOptions& options);

}  // namespace meshgate
