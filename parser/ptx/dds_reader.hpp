// Reads the DDS embedded in a PTX entry (docs/spec/dmc3-textures.md §4):
// the loader's checks are errors, the V6 profile's are warnings; the header
// becomes a record and the payload is kept whole.
#pragma once

#include <optional>
#include <string>

#include "parser/core/byte_reader.hpp"
#include "parser/core/coverage_map.hpp"
#include "parser/core/diagnostics.hpp"
#include "parser/ptx/ptx_model.hpp"

namespace meshgate::ptx {

// The DDS of `size` bytes at `at` (inside `in`, checked by the caller), named
// `path` ("entries[3].dds"). nullopt once an error (or an escalated warning)
// is reported.
[[nodiscard]] std::optional<Dds> read_dds(const ByteReader& in, uint64_t at, uint64_t size, const std::string& path,
                                          Diagnostics& diags, CoverageMap& coverage);

// The bytes the stored mip chain of `header` needs after the header, for the
// layouts meshgate sizes (DXT1, DXT5, uncompressed); nullopt for others.
[[nodiscard]] std::optional<uint64_t> mip_chain_bytes(const DdsHeaderRecord& header);

}  // namespace meshgate::ptx
