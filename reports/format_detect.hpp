// Format detection by magic bytes.
#pragma once

#include <string_view>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

// nres_msh is never returned by detect_format (a model is an NRes archive whose
// streams are model types, known only after the container is parsed).
enum class Format { unknown, dmc3_mod, nres, nres_msh, rsli };

[[nodiscard]] Format detect_format(Bytes prefix);
[[nodiscard]] std::string_view format_name(Format f);
inline constexpr size_t kMagicProbeBytes = 4;

}  // namespace meshgate
