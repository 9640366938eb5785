// The asset extras every export carries: which meshgate, which source bytes,
// the axis convention, and for each decoded meaning the field path and its
// provenance status (and the reading chosen where the spec has a conflict).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "parser/core/byte_reader.hpp"
#include "parser/core/provenance.hpp"

namespace meshgate::gltf {

[[nodiscard]] nlohmann::json decode(std::string_view meaning, std::string_view field, StatusSet status,
                                    std::string_view reading);
[[nodiscard]] nlohmann::json asset_extras(std::string_view format, Bytes source, const std::string& source_name,
                                          const nlohmann::json& decodes);

}  // namespace meshgate::gltf
