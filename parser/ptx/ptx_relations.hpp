// The §3.1 texture object's pointers and the relations every V6 head holds
// with its DDS (docs/spec/dmc3-textures.md §3.1, DR pass 80).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "parser/core/diagnostics.hpp"
#include "parser/ptx/ptx_model.hpp"

namespace meshgate::ptx {

// Where the head's descriptor puts the DDS, relative to the entry.
struct ObjectPlacement {
  uint64_t dds_at = 0;
  uint64_t dds_size = 0;
};

// The descriptor (+0x20 delta) and the DDS (+0x68 delta, +0x64 size) inside a
// `span`-byte entry at `entry_at`; errors for a pointer or a DDS outside it, a
// warning for a non-canonical delta. nullopt once an error is reported.
[[nodiscard]] std::optional<ObjectPlacement> place_object_dds(const ObjectHeadRecord& head, uint64_t span,
                                                              uint64_t entry_at, const std::string& path,
                                                              Diagnostics& diags);

// The head's lanes that break a V6 relation with the entry's DDS (by field).
[[nodiscard]] std::vector<size_t> object_relation_failures(const Entry& entry);
// One ptx.descriptor-mismatch warning naming them; false once escalated.
[[nodiscard]] bool check_object_relations(const Entry& entry, uint64_t entry_at, const std::string& path,
                                          Diagnostics& diags);

// The §3.1 format code for a DDS layout (0x86 DXT1, 0x88 DXT5); 0: none known.
[[nodiscard]] uint32_t object_format_code(PixelLayout layout);

}  // namespace meshgate::ptx
