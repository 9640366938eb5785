// The rows formats.def names, each defined in its own file of this folder
// (the unknown format's in pipeline/format_rows.cpp).
#pragma once

#include "pipeline/format_rows.hpp"

namespace meshgate {

#define FORMAT(id, name, magics, claims, frames, max_input_bytes, nres_type_id, row) extern const FormatRow row;
#include "parser/detect/formats.def"

}  // namespace meshgate
