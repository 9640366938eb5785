// An NRes archive with one entry's payload replaced, an entry added or one
// removed (docs/spec/nres-msh.md §1.9, the rule): the directory's sizes and
// offsets and the header's entry count and total_size are recomputed, the
// sort table is rebuilt under the archive's own fold when the names change,
// and every untouched payload and the bytes after it (padding, unindexed
// regions) are copied; payloads after the edited one keep their offset
// modulo 8.
#pragma once

#include "parser/nres/nres_model.hpp"
#include "writer/core/member_edit.hpp"

namespace meshgate::nres {

// `data`: the bytes `archive` was parsed from; `edit.member` indexes
// archive.entries (directory order). An added entry is the directory's last,
// its payload after every other, at an offset that is a multiple of 8.
[[nodiscard]] EditedContainer edit_nres(Bytes data, const Archive& archive, const MemberEdit& edit);

}  // namespace meshgate::nres
