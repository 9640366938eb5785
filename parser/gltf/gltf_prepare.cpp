#include "parser/gltf/gltf_prepare.hpp"

#include <algorithm>
#include <cstring>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

#include "parser/core/checked_math.hpp"

namespace meshgate::gltf {

namespace {

using nlohmann::json;

constexpr uint32_t kGlbMagic = 0x46546C67;     // "glTF"
constexpr uint32_t kChunkJson = 0x4E4F534A;    // "JSON"
constexpr uint32_t kChunkBin = 0x004E4942;     // "BIN\0"
constexpr size_t kGlbHeader = 12, kChunkHeader = 8;

uint32_t u32_at(Bytes b, size_t at) { return static_cast<uint32_t>(load_uint_le(b.subspan(at, 4), 4)); }

struct Container {
  std::string_view json;
  std::optional<Bytes> bin;  // a GLB's BIN chunk
};

// A GLB's JSON and BIN chunks, or the whole input as a .gltf's JSON.
std::optional<Container> split_container(Bytes bytes, std::string& error) {
  if (bytes.size() < 4 || u32_at(bytes, 0) != kGlbMagic)
    return Container{{reinterpret_cast<const char*>(bytes.data()), bytes.size()}, std::nullopt};
  if (bytes.size() < kGlbHeader + kChunkHeader) {
    error = "a GLB of " + std::to_string(bytes.size()) + " bytes: shorter than its header and a JSON chunk header (20)";
    return std::nullopt;
  }
  const uint32_t version = u32_at(bytes, 4);
  if (version == 1) {
    error = "GLB version 1: a glTF 1.0 file, another format (meshgate imports glTF 2.0)";
    return std::nullopt;
  }
  if (version != 2) {
    error = "GLB version " + std::to_string(version) + ": not glTF 2.0";
    return std::nullopt;
  }
  const uint32_t length = u32_at(bytes, 8);
  if (length > bytes.size()) {
    error = "the GLB header's length " + std::to_string(length) + " is past the file's " + std::to_string(bytes.size()) + " bytes";
    return std::nullopt;
  }
  const uint64_t json_length = u32_at(bytes, 12);
  if (u32_at(bytes, 16) != kChunkJson) {
    error = "the GLB's first chunk is not JSON";
    return std::nullopt;
  }
  const uint64_t json_end = kGlbHeader + kChunkHeader + json_length;  // < 2^33: no wrap
  if (json_end > length) {
    error = "the GLB's JSON chunk (" + std::to_string(json_length) + " bytes) is past the GLB's length " + std::to_string(length);
    return std::nullopt;
  }
  Container c{{reinterpret_cast<const char*>(bytes.data()) + kGlbHeader + kChunkHeader, static_cast<size_t>(json_length)},
              std::nullopt};
  const uint64_t bin_at = align_up(json_end, 4);
  if (bin_at + kChunkHeader <= length && u32_at(bytes, static_cast<size_t>(bin_at) + 4) == kChunkBin) {
    const uint64_t bin_length = u32_at(bytes, static_cast<size_t>(bin_at));
    if (!range_fits(bin_at + kChunkHeader, bin_length, length)) {
      error = "the GLB's BIN chunk (" + std::to_string(bin_length) + " bytes at " + std::to_string(bin_at) +
              ") is past the GLB's length " + std::to_string(length);
      return std::nullopt;
    }
    c.bin = bytes.subspan(static_cast<size_t>(bin_at + kChunkHeader), static_cast<size_t>(bin_length));
  }
  return c;
}

// The deepest nesting of arrays and objects in JSON text (strings skipped),
// measured before parsing: nlohmann's callback parser, which could stop at a
// depth, copies every string value once more (a 200 MB data: URI cost 860 MB).
size_t nesting_depth(std::string_view text) {
  size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

// glTF 2.0 says JSON object keys must be unique; nlohmann keeps the last of
// two and tinygltf would act on one of them silently (a forged "byteLength"
// before the real one). A SAX pass over the text keeps only the keys of the
// objects being read (depth is bounded first), never a copy of a value.
class DuplicateKeys final : public nlohmann::json_sax<json> {
 public:
  std::string found;  // "nodes[3].name" style path of the first duplicate, or ""
  bool null() override { return next(); }
  bool boolean(bool) override { return next(); }
  bool number_integer(number_integer_t) override { return next(); }
  bool number_unsigned(number_unsigned_t) override { return next(); }
  bool number_float(number_float_t, const string_t&) override { return next(); }
  bool string(string_t&) override { return next(); }
  bool binary(binary_t&) override { return next(); }
  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& key) override {
    Level& level = levels_.back();
    level.name = key;
    if (level.keys.insert(key).second) return true;
    found = path();
    return false;  // stops the parse
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  struct Level {
    bool object = false;
    std::set<std::string> keys = {};
    std::string name = {};  // the object's current key
    size_t index = 0;    // the array's current element
  };
  bool open(bool object) {
    levels_.push_back({.object = object});
    return true;
  }
  bool close() {
    levels_.pop_back();
    return next();
  }
  bool next() {  // one value done: an array moves to its next element
    if (!levels_.empty() && !levels_.back().object) ++levels_.back().index;
    return true;
  }
  [[nodiscard]] std::string path() const {
    // Appended piece by piece: GCC 12 misreads the temporaries of
    // "[" + std::to_string(i) + "]" as an overflowing copy (-Wstringop-overflow).
    std::string out;
    for (const Level& l : levels_) {
      if (l.object) {
        if (!out.empty()) out += '.';
        out += l.name;
      } else {
        out += '[';
        out += std::to_string(l.index);
        out += ']';
      }
    }
    return out;
  }
  std::vector<Level> levels_;
};

std::optional<json> parse_json(std::string_view text, std::string& error) {
  if (nesting_depth(text) > kMaxJsonDepth) {
    error = "its JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    return std::nullopt;
  }
  try {
    DuplicateKeys keys;
    (void)json::sax_parse(text.begin(), text.end(), &keys);
    if (!keys.found.empty()) {
      error = "duplicate key " + keys.found + " (glTF object keys are unique)";
      return std::nullopt;
    }
    return json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    error = std::string("not JSON: ") + e.what();
  }
  return std::nullopt;
}

// Top-level arrays and, over all their entries, the arrays each holds.
std::optional<std::string> check_counts(const json& root) {
  static constexpr const char* kArrays[] = {"accessors", "animations", "buffers", "bufferViews", "cameras", "images",
                                            "materials", "meshes", "nodes", "samplers", "scenes", "skins", "textures"};
  for (const char* name : kArrays) {
    const auto it = root.find(name);
    if (it == root.end()) continue;
    if (!it->is_array()) return std::string(name) + ": not an array";
    if (it->size() > kMaxEntries)
      return std::string(name) + ": " + std::to_string(it->size()) + " entries, more than the " + std::to_string(kMaxEntries) +
             " import reads";
  }
  static constexpr std::pair<const char*, const char*> kNested[] = {
      {"meshes", "primitives"}, {"animations", "channels"}, {"animations", "samplers"}};
  for (const auto& [outer, inner] : kNested) {
    const auto it = root.find(outer);
    if (it == root.end()) continue;
    uint64_t total = 0;
    for (const json& entry : *it)
      if (entry.is_object())
        if (const auto in = entry.find(inner); in != entry.end() && in->is_array()) total += in->size();
    if (total > kMaxEntries)
      return std::string(outer) + "[*]." + inner + ": " + std::to_string(total) + " entries, more than the " +
             std::to_string(kMaxEntries) + " import reads";
  }
  return std::nullopt;
}

std::optional<std::string> check_version(const json& root) {
  const auto asset = root.find("asset");
  if (asset == root.end() || !asset->is_object() || !asset->contains("version") || !(*asset)["version"].is_string())
    return std::string("no asset.version: not a glTF 2.0 file");
  const std::string& version = (*asset)["version"].get_ref<const std::string&>();
  if (version.rfind("2.", 0) != 0)
    return "asset.version " + uri_for_message(version) + ": " + (version.rfind("1.", 0) == 0 ? "glTF 1.0 is another format; " : "") +
           "meshgate imports glTF 2.0";
  return std::nullopt;
}

// Buffer `i`'s bytes: its byteLength of the GLB's BIN chunk (no uri), of a
// data: URI, or of the file `uris` reads; its uri becomes the sentinel.
// `out.buffer_bytes` counts them against `max_bytes`. An error names the buffer.
std::optional<std::string> read_buffer(json& b, size_t i, const Container& container, UriSource* uris, uint64_t max_bytes,
                                       PreparedAsset& out) {
  const std::string where = "buffers[" + std::to_string(i) + "]";
  if (!b.is_object()) return where + ": not an object";
  const auto length_it = b.find("byteLength");
  if (length_it == b.end() || !length_it->is_number_unsigned() || length_it->get<uint64_t>() == 0)
    return where + ".byteLength: not a positive integer";
  const uint64_t length = length_it->get<uint64_t>();
  const std::optional<uint64_t> total = checked_add(out.buffer_bytes, length);
  if (!total || *total > max_bytes)
    return where + ".byteLength " + std::to_string(length) + ": the buffers together would pass the " +
           std::to_string(max_bytes) + "-byte limit (--max-size)";
  out.buffer_bytes = *total;
  std::vector<unsigned char> data;
  const auto uri_it = b.find("uri");
  if (uri_it == b.end()) {
    if (i != 0 || !container.bin) return where + ": no uri (only a GLB's first buffer, its BIN chunk, may have none)";
    if (length > container.bin->size())
      return where + ".byteLength " + std::to_string(length) + " is past the GLB's BIN chunk (" +
             std::to_string(container.bin->size()) + " bytes)";
    const auto* bin = reinterpret_cast<const unsigned char*>(container.bin->data());
    data.assign(bin, bin + length);
  } else {
    if (!uri_it->is_string()) return where + ".uri: not a string";
    const std::string& uri = uri_it->get_ref<const std::string&>();
    const std::string named = where + ".uri " + uri_for_message(uri) + ": ";
    const ParsedUri parsed = parse_uri(uri);
    std::string why;
    std::optional<std::vector<unsigned char>> read;
    if (parsed.kind == ParsedUri::Kind::refused) return named + parsed.reason;
    if (parsed.kind == ParsedUri::Kind::data) read = decode_data_uri(uri, length, why);
    else if (!uris) why = "a file, and this glTF was given without its folder";
    else read = uris->read(parsed.path, length, why);
    if (!read) return named + why;
    data = std::move(*read);
  }
  b["uri"] = buffer_sentinel(i);  // frees a data: URI's text now
  out.buffers.push_back(std::move(data));
  return std::nullopt;
}

// Every image's uri checked (a file below the folder, or data:) and then
// replaced by a name nothing answers: tinygltf keeps the image's name and
// reads, decodes and copies nothing. An error names the image.
std::optional<std::string> neutralise_images(json& images, UriSource* uris) {
  for (size_t i = 0; i < images.size(); ++i) {
    json& image = images[i];
    const std::string where = "images[" + std::to_string(i) + "]";
    if (!image.is_object()) return where + ": not an object";
    if (const auto uri_it = image.find("uri"); uri_it != image.end()) {
      if (!uri_it->is_string()) return where + ".uri: not a string";
      const std::string& uri = uri_it->get_ref<const std::string&>();
      const ParsedUri parsed = parse_uri(uri);
      std::string why;
      if (parsed.kind == ParsedUri::Kind::refused) return where + ".uri " + uri_for_message(uri) + ": " + parsed.reason;
      if (parsed.kind == ParsedUri::Kind::path && uris && !uris->check(parsed.path, why))
        return where + ".uri " + uri_for_message(uri) + ": " + why;
    }
    image.erase("bufferView");
    image.erase("mimeType");
    image["uri"] = "meshgate_image_" + std::to_string(i);
  }
  return std::nullopt;
}

}  // namespace

std::string buffer_sentinel(size_t index) { return "meshgate_buffer_" + std::to_string(index); }

std::optional<PreparedAsset> prepare_asset(Bytes bytes, UriSource* uris, uint64_t max_bytes, std::string& error) {
  const std::optional<Container> container = split_container(bytes, error);
  if (!container) return std::nullopt;
  std::optional<json> root = parse_json(container->json, error);
  if (!root) return std::nullopt;
  if (!root->is_object()) {
    error = "its JSON is not an object";
    return std::nullopt;
  }
  if (auto e = check_version(*root)) return error = *e, std::nullopt;
  if (auto e = check_counts(*root)) return error = *e, std::nullopt;
  PreparedAsset out;
  if (auto buffers = root->find("buffers"); buffers != root->end())
    for (size_t i = 0; i < buffers->size(); ++i)
      if (auto e = read_buffer((*buffers)[i], i, *container, uris, max_bytes, out)) return error = *e, std::nullopt;
  if (auto images = root->find("images"); images != root->end())
    if (auto e = neutralise_images(*images, uris)) return error = *e, std::nullopt;
  out.json = root->dump(-1, ' ', false, json::error_handler_t::replace);
  return out;
}

}  // namespace meshgate::gltf
