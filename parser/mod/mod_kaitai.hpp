// DMC3 MOD as a Kaitai Struct spec (`meshgate spec dmc3-mod --kaitai`): the
// header, object and mesh records, each mesh's five streams and workspace
// where its record places them, and the node block (docs/spec/dmc3-mod.md
// §1-§5). The records are mod_fields.hpp's tables; this file says how they join.
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::mod {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::mod
