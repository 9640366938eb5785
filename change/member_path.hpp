// The files on an address's way, each a container's member (extract,
// replace, add, remove): unlike find_nested, which walks the files the tree
// descends into, this asks each container's row for every member it holds
// (FormatRow::members), so an opaque member, a MOT in a PAC or a PTX entry
// has an address too. Each level is a copy of its bytes, so an edit can be
// written back into the level above it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parser/zip/zip_directory.hpp"
#include "pipeline/format_rows.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

struct AddressLevel {
  std::string display;           // its report path, "em000.pac!slot_0003"
  std::vector<std::byte> bytes;  // its bytes (a volume member's inflated); none for an OuterVolume
  Origin origin;                 // what its container says of it
  Format format = Format::unknown;
  size_t member = 0;             // in the level above: ContainerMember::index
  bool inflated = false;         // its bytes were inflated from a volume
};

// The outer file when it is an NBZ/ZIP volume read from its file, never
// whole (replace / add / remove of a volume of any size): positioned reads,
// and the volume as libzip lists it over them. Its level holds no bytes; its
// edit is planned and streamed by the volume writer (writer/zip/), and its
// proof reads the written file back the same way (change/member_proof.hpp).
struct OuterVolume {
  std::shared_ptr<ByteSource> source;
  ParsedFile parsed;  // its row opened it in place (FormatRow::open_in_place), no data: members read through `source`
};

struct AddressPath {
  std::vector<AddressLevel> levels;  // the outer file first; the last is the file the address names
  std::string error;                 // why the address names no file
  bool limited = false;              // a budget (--max-nested, --max-inflated, --max-size) stopped the walk
  std::shared_ptr<const OuterVolume> outer_volume;  // set: levels[0] is this volume, read from its file
};

// A member's name as an address spells it: the component its report path
// has (escape_path_component: "!" is "\x21", "\" is "\\", a byte that is
// not UTF-8 "\xNN"), as roundtrip prints it and inspect and texture take it.
[[nodiscard]] std::string address_name(const ContainerMember& m);

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

// The container of `row`'s format read through `source` by the row's
// open_in_place, as a parsed level (no bytes held), or why it cannot be.
[[nodiscard]] std::shared_ptr<const OuterVolume> open_outer_volume(const std::string& display, const FormatRow& row,
                                                                    std::shared_ptr<ByteSource> source,
                                                                    const ParseTreeOptions& options, std::string& error);

// The same walk from a volume read from its file: no level holds the volume.
[[nodiscard]] AddressPath walk_address(const std::string& outer_display, std::shared_ptr<const OuterVolume> outer,
                                       const std::vector<std::string>& names, const ParseTreeOptions& options);

// Level `j` of `path` parsed: the outer volume as opened, any other level from its bytes.
[[nodiscard]] ParsedFile parse_path_level(const AddressPath& path, size_t j, const ParseTreeOptions& options);

}  // namespace meshgate
