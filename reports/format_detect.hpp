// Format detection by magic bytes.
#pragma once

#include <string_view>

#include "parser/core/byte_reader.hpp"

namespace meshgate {

enum class Format { unknown, dmc3_mod, nres, rsli };

[[nodiscard]] Format detect_format(Bytes prefix);
[[nodiscard]] std::string_view format_name(Format f);
inline constexpr size_t kMagicProbeBytes = 4;

}  // namespace meshgate
