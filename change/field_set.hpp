// `meshgate set`: typed edits of scalar fields, by the paths `inspect --json`
// prints (`objects[0].bounding_radius=0.625`, `MODEL.MSH!res1[3].parent_or_link=2`
// for a model nested in an archive). Only the field's own bytes change: the
// layout is kept. Values are checked against the field's type: integers in
// range (decimal or 0x hex), f32 as the nearest float to a decimal (a note
// says when that is not the decimal itself) or as 0x raw bits, byte fields as
// exactly 2 x width hex digits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"
#include "parser/core/parse_profile.hpp"
#include "pipeline/parse_tree.hpp"

namespace meshgate {

struct FieldAssignment {
  std::string path;   // as inspect --json prints it, optionally behind "ENTRY!" for nested models
  std::string value;  // as typed on the command line
};
// "PATH=VALUE" -> assignment; nullopt when there is no '='.
[[nodiscard]] std::optional<FieldAssignment> parse_assignment(const std::string& text);

struct FieldEdit {
  std::string path;
  uint64_t offset = 0, size = 0;  // the bytes written, file-relative
  std::string old_value, new_value;
};

struct SetResult {
  std::vector<std::byte> bytes;     // the edited file
  std::vector<FieldEdit> edits;
  std::vector<std::string> errors;  // usage errors: unknown path, a stream, a value the type cannot hold
  std::vector<std::string> notes;   // e.g. "0.1 is stored as the nearest f32, 0.100000001"
};

// A value typed as on the command line, as the little-endian bytes of a field
// of `type` ("u16", "f32", "bytes[4]") and `size`; nullopt with `error` set
// when the type cannot hold it (`note` names a rounded f32).
[[nodiscard]] std::optional<std::vector<std::byte>> encode_field_value(const std::string& type, uint64_t size,
                                                                       const std::string& value, std::string& error,
                                                                       std::string& note);

[[nodiscard]] SetResult apply_assignments(const std::string& name, Bytes data, ParseProfile profile,
                                          const std::vector<FieldAssignment>& assignments, const Origin& origin = {});

}  // namespace meshgate
