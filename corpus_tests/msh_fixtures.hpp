// A hand-built MSH model, LLVM style: every stream payload written byte by
// byte with a comment per field, independent of the field tables, so a table
// with a wrong offset fails the tests instead of agreeing with itself. The
// container around it comes from nres::build_nres (tested on its own).
#pragma once

#include <vector>

#include "corpus_tests/fixtures.hpp"
#include "parser/msh/msh_streams.hpp"
#include "synth/nres/nres_synth.hpp"

namespace meshgate::testing {

struct Payload {
  std::vector<std::byte> b;
  Payload& u16(uint64_t v) { return push(v, 2); }
  Payload& u32(uint64_t v) { return push(v, 4); }
  Payload& u8(uint64_t v) { return push(v, 1); }
  Payload& f32(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return push(bits, 4);
  }
  Payload& push(uint64_t v, size_t width) {
    for (size_t i = 0; i < width; ++i) b.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xFF));
    return *this;
  }
};

// One node, one slot, one batch, three vertices, one triangle, one key.
inline nres::ArchiveDescription hand_built_model() {
  Payload nodes;  // Res1: 38 bytes
  nodes.u16(0x0040).u16(0xFFFF).u16(0xFFFF).u16(0);  // flags no-shadow, root, not animated, fallback key 0
  nodes.u16(0);                                      // slot word 0 (block 0, column 0) -> slot 0
  for (int k = 1; k < 15; ++k) nodes.u16(0xFFFF);    // no other slot

  Payload slots;  // Res2: 0x8C header + one 68-byte slot
  for (int c = 0; c < 8; ++c) slots.f32(c & 1 ? 1.f : 0.f).f32(c & 2 ? 1.f : 0.f).f32(0.f);  // corners
  slots.f32(0.5f).f32(0.5f).f32(0.f).f32(0.75f);                                             // sphere
  slots.f32(0.5f).f32(0.5f).f32(0.f).f32(0.5f).f32(0.5f).f32(0.f).f32(0.7f);                 // capsule
  slots.u16(0).u16(1).u16(0).u16(1);                    // tri_start 0, tri_count 1, batch_start 0, batch_count 1
  slots.f32(0).f32(0).f32(0).f32(1).f32(1).f32(0);      // AABB
  slots.f32(0.5f).f32(0.5f).f32(0).f32(0.75f);          // sphere
  slots.f32(1.f).f32(0.f);                              // +0x30 area, +0x34 volume
  slots.u32(0x11111111).u32(0x22222222).u32(0x33333333);  // +0x38 unknown words: kept exactly

  Payload positions;  // Res3
  positions.f32(0).f32(0).f32(0).f32(1).f32(0).f32(0).f32(0).f32(1).f32(0);
  Payload normals;  // Res4: s8 x, y, z and byte 3 (kept)
  for (int v = 0; v < 3; ++v) normals.u8(0).u8(0).u8(127).u8(0x55);
  Payload uv;  // Res5: 16-bit u, v
  uv.u16(0).u16(0).u16(1024).u16(0).u16(0).u16(0xFC00);
  Payload indices;  // Res6
  indices.u16(0).u16(1).u16(2);
  Payload triangles;  // Res7
  triangles.u16(2).u16(0xFFFF).u16(0xFFFF).u16(0xFFFF).u16(0).u16(0).u16(32767).u16(0x3F);
  Payload keys;  // Res8
  keys.f32(0).f32(0).f32(0).f32(0).u16(0).u16(0).u16(0).u16(32767);
  Payload batches;  // Res13
  batches.u16(0).u16(0).u8(3).u8(0xFF).u16(0xFFFF).u16(3).u32(0).u16(3).u32(0);
  Payload strings;  // Res10: len 4, "root", NUL
  strings.u32(4).u8('r').u8('o').u8('o').u8('t').u8(0);

  nres::ArchiveDescription d;
  auto add = [&](uint32_t type, uint32_t attr1, uint32_t attr2, uint32_t attr3, const char* name, Payload& p) {
    d.entries.push_back({type, attr1, attr2, attr3, name, {}, std::move(p.b)});
  };
  add(msh::stream_type::nodes, 1, 0, 38, "fix.nodes", nodes);
  add(msh::stream_type::header_slots, 1, 0, 68, "fix.slots", slots);
  add(msh::stream_type::positions, 3, 0, 12, "fix.positions", positions);
  add(msh::stream_type::normals, 3, 0, 4, "fix.normals", normals);
  add(msh::stream_type::uv0, 3, 0, 4, "fix.uv0", uv);
  add(msh::stream_type::batches, 1, 0, 20, "fix.batches", batches);
  add(msh::stream_type::indices, 3, 0, 2, "fix.indices", indices);
  add(msh::stream_type::triangles, 1, 0, 16, "fix.triangles", triangles);
  add(msh::stream_type::keys, 1, 0, 4, "fix.keys", keys);
  Payload empty;
  add(msh::stream_type::frame_map, 0, 0, 2, "fix.frame_map", empty);
  add(msh::stream_type::strings, 1, 0, 0, "fix.strings", strings);
  return d;
}

}  // namespace meshgate::testing
