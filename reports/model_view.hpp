// The self-contained model viewer page (`meshgate view`): three.js r111 from
// Debian's libjs-three, read when the page is made and embedded with the
// model's glTF (one .glb per LOD), its summary and its fields with their
// provenance. Nothing is fetched when the page is viewed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshgate {

struct ViewLod {
  std::string label;                // "LOD 0", "model"
  std::vector<unsigned char> glb;   // the binary glTF
};

struct ViewPage {
  std::string title;    // the report path of the model
  std::string summary;  // one line: meshes, primitives, triangles, ...
  std::vector<ViewLod> lods;
  nlohmann::json fields;  // inspect --json's fields: [{path, value, status, ...}]
};

// Where three.js is read from: $MESHGATE_THREE_DIR, else the libjs-three
// directory found when meshgate was configured.
[[nodiscard]] std::string three_js_directory();

// The page, or nullopt with `error` set when three.js cannot be read.
[[nodiscard]] std::optional<std::string> model_view_html(const ViewPage& page, std::string& error);

}  // namespace meshgate
