// The DMC3 HD texture companion (PTX) as a Kaitai Struct spec (`meshgate spec
// dmc3-ptx --kaitai`): the texture count, the block-count table and the header
// rest up to 0x800, then each entry over its blocks, framed as a texture object
// or a "TM2\0" head by its first word, with its DDS header and payload
// (docs/spec/dmc3-textures.md §2-§4). The records are ptx_fields.hpp's and
// dds_fields.hpp's tables; this file says how they join.
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::ptx {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::ptx
