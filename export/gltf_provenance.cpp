#include "export/gltf_provenance.hpp"

#include "export/gltf_export.hpp"
#include "parser/core/hashing.hpp"

namespace meshgate::gltf {

nlohmann::json decode(std::string_view meaning, std::string_view field, StatusSet status, std::string_view reading) {
  return {{"meaning", meaning}, {"field", field}, {"status", status_string(status)}, {"reading", reading}};
}

nlohmann::json asset_extras(std::string_view format, Bytes source, const std::string& source_name,
                            const nlohmann::json& decodes) {
  return {{"meshgate",
           {{"version", MESHGATE_VERSION},
            {"git_commit", MESHGATE_GIT_COMMIT},
            {"format", format},
            {"source", source_name},
            {"source_xxh3_64", xxh3_64_hex(source)},
            {"axis_convention", kAxisConvention},
            {"decodes", decodes}}}};
}

}  // namespace meshgate::gltf
