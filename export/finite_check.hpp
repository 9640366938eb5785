// Numbers a glTF asset cannot hold. A glTF number is a JSON number or an
// IEEE float a client computes with: a NaN or an infinity in a position, a
// node transform or an animation output cannot be shown, and tinygltf writes
// a NaN matrix entry as `null`, which is not glTF at all. So an export
// refuses a model whose exported numbers are not all finite, naming the
// field path of the first (docs/USAGE.md, "export"): each exporter checks
// the fields it reads as floats by their source paths before it builds, and
// the finished asset is checked once more, whatever produced it (a finite
// transform whose product overflows), naming the glTF path.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>

#include <tiny_gltf.h>

#include "export/gltf_export.hpp"
#include "parser/core/byte_reader.hpp"

namespace meshgate::gltf {

// "PATH[v]" of the first f32x3 (as bit patterns) with a component that is
// not finite, or "".
template <typename Range>
[[nodiscard]] std::string first_non_finite_vec3(const Range& values, const std::string& path) {
  uint64_t v = 0;
  for (const std::array<uint32_t, 3>& bits : values) {
    for (uint32_t b : bits)
      if (!std::isfinite(f32_from_bits(b))) return path + "[" + std::to_string(v) + "]";
    ++v;
  }
  return "";
}

// "PATH.NAME" of the first of `fields` (f32 fields of the record) that is
// not finite, or "".
template <typename Record>
[[nodiscard]] std::string first_non_finite_field(const Record& record, const std::string& path,
                                                 std::initializer_list<size_t> fields) {
  for (size_t f : fields)
    if (!std::isfinite(record.get_f32(f))) return path + "." + std::string(record.spec(f).name);
  return "";
}

// The glTF path of the first number of the asset that is not finite (a node's
// matrix or TRS, an accessor's float or bound, a material factor), or "".
[[nodiscard]] std::string first_non_finite_number(const tinygltf::Model& asset);

// Why a model with a number that is not finite at `path` is not exported.
[[nodiscard]] std::string non_finite_refusal(const std::string& path);

// The export, or its refusal when the asset holds a number that is not finite.
[[nodiscard]] Exported refuse_non_finite(Exported exported);

}  // namespace meshgate::gltf
