// A PAC/PNST container's sweep observations: counts (containers, slots,
// populated/empty, members), the member kinds per slot position
// ("kind_at_slot[3].mod"; positions 32 and above together as
// "kind_at_slot[32+].mod") and the members' offsets mod 16
// ("offset_mod_16=8"), under the container's format.
#pragma once

#include "pipeline/formats/observing.hpp"

namespace meshgate::pac_row {

void observe(const ParsedView& v, FileObservation& into);

}  // namespace meshgate::pac_row
