// A PNG encoded into a DMC3 PTX entry (writer/image/texture_encode.hpp; the
// rules are docs/spec/dmc3-textures.md §10): the §3.1 texture object and its
// DDS, DXT1/DXT5 through libsquish's encoder, uncompressed DDS layouts by
// exact packing through their masks; the DDS header and the object's lanes
// follow the new size and mips.
#pragma once

#include <cstddef>
#include <optional>

#include "parser/ptx/ptx_model.hpp"
#include "writer/image/texture_encode.hpp"

namespace meshgate {

// The PTX entry `member` re-encoded from `picture` (an entry with no block
// padding: ptx_with_entry adds it), with the report.
struct PtxEntryEncoding {
  std::optional<ptx::Entry> entry;
  EncodedTexture report;
};
[[nodiscard]] PtxEntryEncoding encode_ptx_entry(const ptx::Entry& member, const RgbaPicture& picture);

// `companion` with entry `index` replaced by `entry`: the entry takes whole
// 0x800-byte blocks (its bytes, then zeros) and its block count follows; a
// final count of 0 (the entry runs to the end) stays 0 with no padding.
// Every other entry, the header rest and the trailing bytes are kept.
[[nodiscard]] ptx::Companion ptx_with_entry(const ptx::Companion& companion, size_t index, ptx::Entry entry);

// From bytes, as a container level holds them: entry `index` of the PTX
// `ptx` re-encoded from the PNG file `png`.
[[nodiscard]] EncodedTexture encode_png_as_ptx_entry(Bytes ptx, size_t index, Bytes png,
                                                     const TextureEncodeOptions& options = {});

}  // namespace meshgate
