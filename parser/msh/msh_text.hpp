// Res10 strings are Windows-1251 bytes (FP decodes them so, spec §3.8). The raw
// bytes stay authoritative in the model; this is the UTF-8 view for reports.
#pragma once

#include <string>

#include "parser/core/byte_reader.hpp"

namespace meshgate::msh {

// Decodes up to the first NUL. Bytes 0x98, which 1251 leaves undefined, become U+FFFD.
[[nodiscard]] std::string cp1251_to_utf8(Bytes text);

}  // namespace meshgate::msh
