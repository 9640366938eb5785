// A PTX companion with one entry's raw bytes replaced, an entry added at the
// end or one removed (docs/spec/dmc3-textures.md §2.1, the rule): the entry
// takes whole 0x800-byte blocks (its bytes, then zeros), the block-count
// table follows, and every other entry, the header rest and the trailing
// bytes are copied. Entries are raw bytes here: encoding an image into an
// entry is the texture encoder's (a PNG put into `x.ptx!N`).
#pragma once

#include "parser/ptx/ptx_model.hpp"
#include "writer/core/member_edit.hpp"

namespace meshgate::ptx {

// `data`: the bytes `companion` was parsed from; `edit.member` is the entry's index.
[[nodiscard]] EditedContainer edit_ptx(Bytes data, const Companion& companion, const MemberEdit& edit);

}  // namespace meshgate::ptx
