// replace / add / remove at any depth: the edit is made in the innermost
// container by its row (FormatRow::edit_member), and each container above it
// is rewritten outward with its member replaced by the level below, up to
// the outer file. Nothing here writes a file: the command writes the outer
// bytes, reads them back and proves them (change/member_proof.hpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "change/member_path.hpp"
#include "pipeline/in_place_edit.hpp"

namespace meshgate {

// One file on the way, as the edit left it (the JSON's "levels").
struct LevelChange {
  std::string address;
  Format format = Format::unknown;
  uint64_t size_before = 0, size_after = 0;
};

struct MemberRewrite {
  std::vector<std::byte> bytes;  // the new outer file (none when the outer file is edited in place)
  // The outer file opened in place (AddressPath::outer_volume): its edit as
  // its row planned it (FormatRow::plan_in_place), to stream from its file.
  std::shared_ptr<const InPlacePlan> outer_plan;
  std::string changed;           // the address of the member replaced, added or removed
  std::vector<LevelChange> levels;  // the outer file first, then each level on the way, then the member
  std::string error;             // why not (nothing is written)
  bool unsupported = false;      // a container kind not written yet: a usage error (exit 2)
};

// `path`: for replace and remove the walk to the member (its last level),
// for add the walk to the container (its last level). `edit.member` is
// filled here from the path; `edit.bytes`, `edit.name` and `edit.nres_type_id`
// are the caller's. A walk that stopped (path.error), or a container level
// that holds no members (a MOD added to), is refused with the reason.
[[nodiscard]] MemberRewrite rewrite_member(const AddressPath& path, MemberEdit edit, const ParseTreeOptions& options);

// The index of the innermost container on `path` for an edit of `kind`.
[[nodiscard]] size_t container_level(const AddressPath& path, MemberEditKind kind);

}  // namespace meshgate
