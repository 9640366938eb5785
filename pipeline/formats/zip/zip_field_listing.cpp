// `inspect` of an NBZ/ZIP volume: its members as the central directory
// declares them. A volume is read, not described byte by byte, so it has no
// fields and no coverage; the members that are models or containers are
// files of their own under "PATH!NAME" (roundtrip, sweep, gate).
#include "pipeline/formats/zip/zip_field_listing.hpp"

#include "parser/core/hashing.hpp"
#include "parser/core/utf8_text.hpp"
#include "parser/detect/format_detect.hpp"
#include "pipeline/field_listing.hpp"
#include "pipeline/input_scan.hpp"

namespace meshgate {

using json = nlohmann::json;

json volume_inspect_json(Bytes data, const zip::ParseResult& result, const std::vector<Diagnostic>& findings) {
  json out = inspect_envelope(zip::kFormatName, data, result.ok(), findings);
  if (!result.ok()) return out;
  const zip::Volume& v = *result.volume;
  json members = json::array();
  uint64_t declared = 0, models = 0;
  for (const zip::Member& m : v.members) {
    std::string kind = "directory";
    if (!m.directory) {
      const std::vector<std::byte> prefix = v.peek(m, kMagicProbeBytes);
      const Format format = detect_format(prefix);
      kind = m.encrypted ? "encrypted" : format == Format::unknown ? "opaque" : std::string(format_name(format));
      models += format != Format::unknown;
    }
    declared += m.size;
    members.push_back({{"name", escape_path_component(m.name)},
                       {"size", m.size},
                       {"compressed_size", m.compressed_size},
                       {"method", m.method == 0 ? "stored" : m.method == 8 ? "deflate" : std::to_string(m.method)},
                       {"crc32", crc32_hex(m.crc32)},
                       {"kind", kind}});
  }
  out["summary"] = {{"members", v.members.size()},
                    {"read_members", models},
                    {"declared_bytes", declared},
                    {"read_only", true},
                    {"list", std::move(members)}};
  return out;
}

}  // namespace meshgate
