#include "reports/format_detect.hpp"

#include "parser/mod/mod_parser.hpp"

namespace meshgate {

Format detect_format(Bytes prefix) {
  if (mod::looks_like_mod(prefix)) return Format::dmc3_mod;
  return Format::unknown;
}

std::string_view format_name(Format f) {
  switch (f) {
    case Format::dmc3_mod: return mod::kFormatName;
    case Format::unknown: return "unknown";
  }
  return "unknown";
}

}  // namespace meshgate
