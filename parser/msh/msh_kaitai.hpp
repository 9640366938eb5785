// The MSH (AniMesh) model as a Kaitai Struct spec (`meshgate spec nres-msh
// --kaitai`): the NRes container of nres_kaitai.cpp, each directory entry's
// payload read as the stream its type_id names (a switch over Res1..Res20),
// each stream's records from msh_fields.hpp and its stride from the stream
// catalogue (docs/spec/nres-msh.md §2, §3). Each stream type carries its
// meshgate path ("res13"), since inspect names streams by type, not entry.
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::msh {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::msh
