// DMC3 PAC/PNST containers as a Kaitai Struct spec (`meshgate spec dmc3-pac
// --kaitai`; PNST shares it): the header and slot table of pac_fields.hpp.
// A member's extent is derived, which Kaitai cannot say: the .ksy stops at
// the table (docs/spec/dmc3-containers.md §1).
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::pac {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::pac
