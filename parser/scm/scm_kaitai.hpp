// DMC3 SCM as a Kaitai Struct spec (`meshgate spec dmc3-scm --kaitai`): the
// header, object and mesh records, each mesh's four streams and workspace
// where its record places them, and the scene-node block (docs/spec/dmc3-scm.md
// §2-§7). The records are scm_fields.hpp's tables; this file says how they join.
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::scm {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::scm
