// Nikita Texm textures as a Kaitai Struct spec (`meshgate spec nikita-texm
// --kaitai`): the header, the palette of format 0, the mip chain sized by
// level_size and bytes_per_pixel, and the optional Page chunk
// (docs/spec/nikita-materials-textures.md).
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::texm {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::texm
