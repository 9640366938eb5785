// The self-contained model viewer page (`meshgate view`): three.js r111 from
// Debian's libjs-three, read when the page is made and embedded with the
// model's glTF (one .glb per LOD), each texture's PNG once (the LODs name
// them), its summary and its fields with their provenance. Nothing is
// fetched when the page is viewed.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <functional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "pipeline/field_listing_groups.hpp"

namespace meshgate {

struct ViewLod {
  std::string label;                // "LOD 0", "model"
  std::vector<unsigned char> glb;   // the binary glTF
};

// A texture's PNG, in the page once: every LOD's glTF names it by `uri`
// (textures/N.png), which the page's loader resolves to these bytes.
struct ViewImage {
  std::string uri;
  std::shared_ptr<const std::vector<std::byte>> png;  // shared with the run's texture cache, not copied
};

struct ViewPage {
  std::string title;    // the report path of the model
  std::string summary;  // one line: meshes, primitives, triangles, ...
  std::vector<ViewLod> lods;
  FieldListing fields;  // inspect --json's fields: [{path, value, status, ...}], made a group at a time
  std::vector<ViewImage> images = {};  // the PNGs the LODs name (a textured MSH, --game-dir)
};

// The three.js sources the page embeds.
struct ThreeJs {
  std::string three, gltf_loader, orbit_controls;
};

// Where three.js is read from: $MESHGATE_THREE_DIR, else the libjs-three
// directory found when meshgate was configured.
[[nodiscard]] std::string three_js_directory();

// three.js from three_js_directory(), or nullopt with `error` set when it cannot be read.
[[nodiscard]] std::optional<ThreeJs> read_three_js(std::string& error);

// The page, handed to `emit` in pieces: the fields are written a group at a
// time, so a 20,000-node model's page is never held whole.
void write_model_view(const ViewPage& page, const ThreeJs& three, const std::function<void(std::string_view text)>& emit);

// The page as one string, or nullopt with `error` set when three.js cannot be read.
[[nodiscard]] std::optional<std::string> model_view_html(const ViewPage& page, std::string& error);

}  // namespace meshgate
