// Nikita MAT0 materials as a Kaitai Struct spec (`meshgate spec nikita-mat0
// --kaitai`): an entry of Material.lib, read as its payload version 6 (the
// NRes entry's attr2; docs/spec/nikita-materials-textures.md §3).
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::mat0 {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::mat0
