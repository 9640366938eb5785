// One edit of a container's member list (meshgate replace / add / remove),
// as every container writer takes it: which member, and its new bytes. The
// writers keep everything the edit does not touch where it can be kept
// (docs/spec/: each container's rule), so the members after an edited one
// move but stay byte-identical and keep their offset modulo the container's
// alignment.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

enum class MemberEditKind : uint8_t { replace, add, remove };

struct MemberEdit {
  MemberEditKind kind = MemberEditKind::replace;
  size_t member = 0;  // replace, remove: its index in the container's member list
  Bytes bytes = {};   // replace, add: the member's new bytes
  std::string name = {};  // add: its name, where the container names members (an NRes entry)
  uint32_t nres_type_id = 0;  // add to an NRes archive: the entry's type
};

struct EditedContainer {
  std::vector<std::byte> bytes;
  std::string added_name;            // add: the new member's name in the written container
  std::optional<std::string> error;  // why the container cannot take the edit (nothing written)
  bool unsupported = false;          // the container's kind is not written yet (a usage error, exit 2)
};

// The zero bytes to put after a member of `new_size` bytes that replaces a
// region of `old_size` so that whatever follows moves by a multiple of
// `alignment` (and keeps its offset modulo it): a replacement of the same
// size needs none, so an unchanged member gives the unchanged file.
[[nodiscard]] inline uint64_t padding_keeping_phase(uint64_t old_size, uint64_t new_size, uint64_t alignment) {
  return (alignment - (new_size % alignment) + (old_size % alignment)) % alignment;
}

}  // namespace meshgate
