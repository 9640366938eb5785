// The two kinds of part a table-driven writer emits: a record, encoded
// through its field table, and an array of little-endian elements (a
// stream), emitted as the model's own bytes on a little-endian host (so a
// round trip without an image compares the model's memory).
#pragma once

#include <bit>
#include <span>

#include "parser/core/field_table.hpp"
#include "writer/core/output_image.hpp"

namespace meshgate {

// `path` is a string or a callable producing one on error (see OutputImage::emit).
template <const auto& Spec, typename Path>
bool emit_record(OutputImage& out, uint64_t offset, const Record<Spec>& record, const Path& path) {
  return out.emit(offset, Spec.size, path, [&](std::span<std::byte> dst) { record.encode(dst); });
}

template <typename Elements, typename Path>
bool emit_array(OutputImage& out, uint64_t offset, const Elements& elements, const Path& path) {
  using Element = typename Elements::value_type;
  const std::span<const Element> view(elements);
  if constexpr (std::endian::native == std::endian::little) {
    return out.emit_bytes(offset, std::as_bytes(view), path);
  } else {
    return out.emit(offset, view.size_bytes(), path, [&](std::span<std::byte> dst) { store_le_elements(view, dst); });
  }
}

}  // namespace meshgate
