// DMC3 MOT as a Kaitai Struct spec (`meshgate spec dmc3-mot --kaitai`): the
// records are the field tables of mot_fields.hpp; this file says how they
// join (docs/spec/dmc3-mot.md §2-§4) and what Kaitai leaves to meshgate.
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::mot {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::mot
