// One entry of a parsed RsLi library replaced, added or removed (meshgate
// replace / add / remove), under docs/spec/nikita-rsli.md §7.3's rebuild rule:
// untouched entries keep their packed bytes (re-keyed only where an XOR
// method's key moves), their name tails, service bytes and extra flag bits;
// offsets, sizes, counts, the total, the sort field and (reading M) the seed
// are recomputed; an AO trailer stays. The written library is parsed back and
// every entry must decode to what it should hold, or nothing is written.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parser/rsli/rsli_codecs.hpp"
#include "parser/rsli/rsli_model.hpp"
#include "writer/core/member_edit.hpp"

namespace meshgate::rsli {

// The method a new entry is packed with: a replaced entry's own; an added
// one the method most rows use (the first such in table order), Deflate in
// an empty library (the best ratio of meshgate's encoders, §7.3's figures).
[[nodiscard]] Method method_for_edit(const Library& library, const MemberEdit& edit);

// `edit.member` indexes library.entries; an added entry's name is 1 to 12
// bytes without NUL, not already a row's.
[[nodiscard]] EditedContainer edit_rsli(const Library& library, const MemberEdit& edit);

// New plain bytes for the entry at `entry` (its index in the table).
struct PlainBytes {
  size_t entry = 0;
  Bytes plain;
};
struct Rebuilt {
  std::vector<std::byte> bytes;
  std::optional<std::string> error;
};
// rebuild --canonical: the same rule with no edit, each entry of `replaced`
// packed again with its own method when its bytes changed.
[[nodiscard]] Rebuilt rebuild_rsli(const Library& library, std::span<const PlainBytes> replaced);

}  // namespace meshgate::rsli
