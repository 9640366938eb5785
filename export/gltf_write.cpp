// Writing an asset: its JSON made an element at a time (export/gltf_json.hpp),
// the binary buffer written from the asset without a copy, meshgate's atomic
// writer putting the bytes in place and checking every write (tinygltf's own
// file writer ignores write errors: a full disk left an empty .gltf and a cut
// .bin; its serialiser held the whole document as a DOM and copied the buffer).
#include <filesystem>

#include "platform/utf8_path.hpp"
#include "export/gltf_export.hpp"
#include "export/gltf_json.hpp"
#include "writer/core/atomic_file.hpp"

namespace meshgate::gltf {

namespace glb_write {

std::string u32_bytes(uint64_t v) {
  std::string out(4, '\0');
  for (size_t k = 0; k < 4; ++k) out[k] = static_cast<char>((v >> (8 * k)) & 0xFF);
  return out;
}

// A GLB in the order it is written (tinygltf's layout, byte for byte): the
// header and the JSON chunk's, the JSON in pieces padded with spaces to 4
// bytes, then, when buffer 0 has bytes, the BIN chunk's header, the buffer
// (the asset's own, never copied here) and zeros to 4 bytes. The JSON is
// made twice, once to size the header and once as it is written, and never
// held whole: for 65,025 tiny meshes it is 69 MB, which export held beside
// the asset and view beside the GLB it was copied into.
struct GlbFrame {
  std::string header;
  std::string json_padding;
  std::string bin_header;
  size_t bin_padding = 0;
  uint64_t total = 0;
  [[nodiscard]] bool fits() const { return total <= 0xFFFFFFFFu; }  // a GLB's length is 32 bits
};

GlbFrame glb_frame(const tinygltf::Model& asset) {
  GlbFrame frame;
  uint64_t json = gltf_json_size(asset, {});
  frame.json_padding.assign((4 - json % 4) % 4, ' ');
  json += frame.json_padding.size();
  const size_t bin = asset.buffers.empty() ? 0 : asset.buffers[0].data.size();
  frame.bin_padding = (4 - bin % 4) % 4;
  frame.total = 20 + json + (bin ? 8 + bin + frame.bin_padding : 0);
  frame.header = "glTF" + u32_bytes(2) + u32_bytes(frame.total) + u32_bytes(json) + "JSON";
  if (bin) frame.bin_header = u32_bytes(bin + frame.bin_padding) + std::string("BIN\0", 4);
  return frame;
}

// The GLB into `out` (a string, a byte vector, a stream), piece by piece.
template <typename Append>
void emit(const GlbFrame& frame, const tinygltf::Model& asset, Append append) {
  append(frame.header.data(), frame.header.size());
  write_gltf_json(asset, {}, [&append](const std::string& piece) { append(piece.data(), piece.size()); });
  append(frame.json_padding.data(), frame.json_padding.size());
  if (frame.bin_header.empty()) return;
  append(frame.bin_header.data(), frame.bin_header.size());
  const std::vector<unsigned char>& data = asset.buffers[0].data;
  append(reinterpret_cast<const char*>(data.data()), data.size());
  append("\0\0\0", frame.bin_padding);
}

template <typename Bytes>
Bytes glb_as(const tinygltf::Model& asset) {
  if (!unwritable_part(asset).empty()) return {};
  const GlbFrame frame = glb_frame(asset);
  if (!frame.fits()) return {};
  Bytes out;
  out.reserve(static_cast<size_t>(frame.total));
  emit(frame, asset, [&out](const char* p, size_t n) { out.insert(out.end(), p, p + n); });
  return out;
}

}  // namespace glb_write

nlohmann::json ExportSummary::to_json() const {
  nlohmann::json out = {{"meshes", meshes},
          {"primitives", primitives},
          {"triangles", triangles},
          {"vertices", vertices},
          {"joints", joints},
          {"animations", animations},
          {"dropped_degenerates", dropped_degenerates},
          {"renormalised_normals", renormalised_normals},
          {"skin_fallbacks", skin_fallbacks},
          {"winding", winding},
          {"strips", strips},
          {"flipped_triangles", flipped_triangles},
          {"reversed_strips", reversed_strips},
          {"inconsistent_strips", inconsistent_strips},
          {"undecided_triangles", undecided_triangles},
          {"against_normals", against_normals},
          {"scale", scale},
          {"y_up", y_up}};
  if (motions) {
    out["motion_curve_max_error"] = motion_curve_max_error;
    out["motion_rotation_max_error_deg"] = motion_rotation_max_error_deg;
    out["motion_jumps"] = motion_jumps;
  }
  if (textured) {
    out["materials_resolved"] = materials_resolved;
    out["materials_fallback"] = materials_fallback;
    out["textures_missing"] = textures_missing;
    out["textures"] = textures;
  }
  return out;
}

std::string glb_bytes(const tinygltf::Model& asset) { return glb_write::glb_as<std::string>(asset); }

std::vector<unsigned char> glb_byte_vector(const tinygltf::Model& asset) {
  return glb_write::glb_as<std::vector<unsigned char>>(asset);
}

std::vector<std::string> asset_files(const std::string& path, FileKind kind) {
  if (kind == FileKind::glb) return {path};
  std::filesystem::path bin = platform::path_from_utf8(path);
  bin.replace_extension(".bin");
  return {platform::utf8_of(bin), path};
}

std::string write_asset(const tinygltf::Model& asset, const std::string& path, FileKind kind, Overwrite overwrite,
                        Symlink symlink) {
  if (const std::string part = unwritable_part(asset); !part.empty())
    return path + ": the asset holds " + part + ", which meshgate's glTF writer does not write";
  const std::vector<unsigned char>* data = asset.buffers.empty() ? nullptr : &asset.buffers[0].data;
  const auto write_data = [data](std::ostream& out) {
    out.write(reinterpret_cast<const char*>(data->data()), static_cast<std::streamsize>(data->size()));
  };
  if (kind == FileKind::glb) {
    const glb_write::GlbFrame frame = glb_write::glb_frame(asset);
    if (!frame.fits()) return path + ": the asset is larger than a .glb can hold (4 GiB)";
    const AtomicWrite w = write_file_atomically(path, [&](std::ostream& out) {
      glb_write::emit(frame, asset, [&out](const char* p, size_t n) { out.write(p, static_cast<std::streamsize>(n)); });
    }, overwrite, symlink);
    return w.ok ? std::string() : w.error;
  }
  // .gltf + .bin: buffer 0 names the .bin, which holds the buffer's bytes.
  const std::vector<std::string> files = asset_files(path, kind);
  JsonLayout layout{platform::utf8_of(platform::path_from_utf8(files[0]).filename()), 2};
  std::vector<OutputFile> outputs;
  if (data) outputs.push_back({files[0], write_data});
  outputs.push_back({path, [&](std::ostream& out) {
                       write_gltf_json(asset, layout, [&out](const std::string& piece) { out << piece; });
                       out << "\n";
                     }});
  const AtomicWrite w = write_files_atomically(outputs, overwrite, symlink);
  return w.ok ? std::string() : w.error;
}

}  // namespace meshgate::gltf
