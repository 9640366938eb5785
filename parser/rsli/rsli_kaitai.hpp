// Nikita RsLi libraries as a Kaitai Struct spec (`meshgate spec rsli
// --kaitai`): the 32-byte header only. The table after it is encrypted with a
// rolling cipher Kaitai has no process for, so the rows and the packed
// streams they place are left to meshgate (not_expressed says why).
#pragma once

#include "parser/core/kaitai_spec.hpp"

namespace meshgate::rsli {

[[nodiscard]] ksy::Spec kaitai_spec();

}  // namespace meshgate::rsli
