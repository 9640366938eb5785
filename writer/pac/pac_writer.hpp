// Serialises a parsed PAC/PNST container from the model only: header, slot
// table, every member at its offset, gaps. A member that is a MOD is rebuilt
// by the MOD writer from its own parse (so a MOD inside a container is proven
// the way a loose MOD is); any other member, or a MOD that does not parse, is
// its extent's exact bytes. The OutputImage fails on any byte the model does
// not produce.
#pragma once

#include "parser/pac/pac_model.hpp"
#include "writer/core/write_result.hpp"

namespace meshgate::pac {

// The members' bytes must be attached (ParseOptions::copy_members or attach_members()).
[[nodiscard]] WriteResult write_pac(const Container& container, const PartObserver* observer = nullptr);

}  // namespace meshgate::pac
