// Nikita NRes archives as a Kaitai Struct spec (`meshgate spec nres
// --kaitai`): the header and directory of nres_fields.hpp, the directory
// read at the end of the file and each payload where its entry places it
// (docs/spec/nres.md).
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::nres {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::nres
