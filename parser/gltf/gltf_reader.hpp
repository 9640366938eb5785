// Reading glTF 2.0 (through tinygltf): the asset, and its accessors as plain
// arrays. The export's tests read their own output back with it; `import`
// starts here.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "parser/core/byte_reader.hpp"
#include "parser/gltf/gltf_uri.hpp"

namespace meshgate::gltf {

struct ReadOptions {
  UriSource* uris = nullptr;                 // the files a .gltf's uris name; none: a file uri is refused
  uint64_t max_bytes = uint64_t{256} << 20;  // the buffers together (import --max-size)
};

// A .glb (binary) or .gltf (JSON) from memory through gltf_prepare.hpp's
// checks (URIs, GLB version, depth, counts, byteLengths) and then tinygltf,
// which opens no file and decodes no image; nullopt with `error` naming the
// field or uri when either refuses it.
[[nodiscard]] std::optional<tinygltf::Model> read_asset(Bytes bytes, std::string& error, const ReadOptions& options = {});

// One line per accessor that does not fit its bufferView, or a view that does
// not fit its buffer ("accessors[3]: ..."), all arithmetic checked: what the
// importers refuse before reading an element.
[[nodiscard]] std::vector<std::string> accessor_errors(const tinygltf::Model& model);

// The bytes the importers may materialise from accessors: kReadExpansion
// times the asset's buffers plus kReadAllowance. A mesh used by 60,000 nodes,
// or one accessor named by every primitive, is read again each time; this is
// what keeps a small file from building gigabytes.
inline constexpr uint64_t kReadExpansion = 8;
inline constexpr uint64_t kReadAllowance = uint64_t{16} << 20;
class ReadBudget {
 public:
  explicit ReadBudget(uint64_t limit) : left_(limit), limit_(limit) {}
  [[nodiscard]] bool take(uint64_t bytes) {
    if (bytes > left_) return exhausted_ = true, false;
    left_ -= bytes;
    return true;
  }
  [[nodiscard]] bool exhausted() const { return exhausted_; }
  [[nodiscard]] uint64_t limit() const { return limit_; }

 private:
  uint64_t left_, limit_;
  bool exhausted_ = false;
};
[[nodiscard]] ReadBudget import_budget(const tinygltf::Model& model);

// An accessor's elements as floats (FLOAT components, no sparse storage),
// components interleaved; nullopt when it is not such an accessor, or when
// reading it would pass `budget`.
[[nodiscard]] std::optional<std::vector<float>> accessor_floats(const tinygltf::Model& model, int accessor,
                                                                ReadBudget* budget = nullptr);
// An accessor of unsigned integers (UNSIGNED_BYTE/SHORT/INT) widened to u32.
[[nodiscard]] std::optional<std::vector<uint32_t>> accessor_uints(const tinygltf::Model& model, int accessor,
                                                                  ReadBudget* budget = nullptr);

// Weights or other unit values: FLOAT, or normalized UNSIGNED_BYTE/SHORT
// divided by 255/65535 (what Blender writes for WEIGHTS_0).
[[nodiscard]] std::optional<std::vector<float>> accessor_unit_floats(const tinygltf::Model& model, int accessor,
                                                                     ReadBudget* budget = nullptr);

// A number in an object's extras (meshgate's export names decoded fields
// there: `alpha_control`, `material_4`, ...); nullopt when absent or not a number.
[[nodiscard]] std::optional<double> extra_number(const tinygltf::Value& extras, const char* key);

// `value[key]`, or a null Value when `value` is not an object or has no such
// key. tinygltf's own Value::Get(key) asserts IsObject(): on a hostile glTF
// whose extras hold a string or an array that assertion is the crash.
[[nodiscard]] const tinygltf::Value& member(const tinygltf::Value& value, const char* key);

// A node's local matrix as glTF stores it (column-major, column vectors):
// its `matrix`, or translation * rotation * scale.
[[nodiscard]] std::array<double, 16> node_local_matrix(const tinygltf::Node& node);

// A primitive's triangles as vertex index triples (TRIANGLES, TRIANGLE_STRIP
// and TRIANGLE_FAN, indexed or not); nullopt for another mode or bad indices.
[[nodiscard]] std::optional<std::vector<std::array<uint32_t, 3>>> primitive_triangles(const tinygltf::Model& model,
                                                                                      const tinygltf::Primitive& p,
                                                                                      size_t vertex_count,
                                                                                      ReadBudget* budget = nullptr);

}  // namespace meshgate::gltf
