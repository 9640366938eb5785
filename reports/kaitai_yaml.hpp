// A Kaitai Struct spec (parser/core/kaitai_spec.hpp) as a .ksy file: YAML in
// a fixed order, every string double-quoted (JSON's escapes are YAML's), so
// the same spec gives the same bytes. The meshgate version and format name go
// in `meta` as -meshgate-* keys, which Kaitai ignores.
#pragma once

#include <string>
#include <string_view>

#include "parser/core/kaitai_spec.hpp"

namespace meshgate {

[[nodiscard]] std::string kaitai_yaml(const ksy::Spec& spec, std::string_view meshgate_version);

}  // namespace meshgate
